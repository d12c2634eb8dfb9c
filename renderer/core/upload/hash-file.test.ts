// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MD5_BLOCK_SIZE } from '../../../contract/upload';
import { hashFile, hashInPage } from './hash-file';
import { createMd5Hasher } from './md5-engine';

function content(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + (index >> 8)) & 0xff;
  return bytes;
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('MD5 of a file (spec §4 checksum, §9 2 MB blocks)', () => {
  it.each([0, 1, MD5_BLOCK_SIZE, MD5_BLOCK_SIZE + 1, 5 * 1024 * 1024 + 3])(
    'matches the reference MD5 for %i bytes with both engines',
    async (size) => {
      const bytes = content(size);
      const blob = new Blob([bytes]);
      const expected = md5(bytes);
      const wasm = await hashInPage(blob, { engine: 'wasm' });
      const spark = await hashInPage(blob, { engine: 'spark' });
      expect(wasm).toEqual({
        md5: expected,
        engine: 'wasm',
        inWorker: false,
        reading: 'byob',
      });
      expect(spark).toEqual({
        md5: expected,
        engine: 'spark',
        inWorker: false,
        reading: 'byob',
      });
    },
  );

  it('reports progress per block up to the size, with small blocks too', async () => {
    const bytes = content(10_000);
    const seen: number[] = [];
    const result = await hashInPage(new Blob([bytes]), {
      blockSize: 4096,
      onProgress: (loaded, total) => {
        expect(total).toBe(10_000);
        seen.push(loaded);
      },
    });
    expect(seen).toEqual([4096, 8192, 10_000]);
    expect(result.md5).toBe(md5(bytes));
  });

  it('reads slice by slice where a Blob has no stream (old engines)', async () => {
    const bytes = content(5 * 1024 * 1024 + 3);
    const legacy = new Blob([bytes]);
    Object.defineProperty(legacy, 'stream', { value: undefined });
    const seen: number[] = [];
    const result = await hashInPage(legacy, {
      onProgress: (loaded) => seen.push(loaded),
    });
    expect(result.md5).toBe(md5(bytes));
    expect(seen).toEqual([MD5_BLOCK_SIZE, 2 * MD5_BLOCK_SIZE, 5 * 1024 * 1024 + 3]);
  });

  it('prefers WebAssembly and falls back to spark-md5 where it is missing', async () => {
    expect((await createMd5Hasher('auto')).engine).toBe('wasm');
    const saved = globalThis.WebAssembly;
    try {
      // An engine without WebAssembly (or a CSP refusing it).
      Reflect.deleteProperty(globalThis, 'WebAssembly');
      expect((await createMd5Hasher('auto')).engine).toBe('spark');
      await expect(createMd5Hasher('wasm')).rejects.toThrow();
    } finally {
      globalThis.WebAssembly = saved;
    }
  });

  it('stops when aborted and leaves a User Timing entry when done', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      hashFile(new Blob([content(10)]), { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    const running = new AbortController();
    const pending = hashInPage(new Blob([content(3 * 1024 * 1024)]), {
      blockSize: 1024,
      signal: running.signal,
    });
    running.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const done = await hashFile(new Blob([content(100)]));
    expect(done.md5).toBe(md5(content(100)));
    expect(performance.getEntriesByName('edudesk-upload-md5').length).toBeGreaterThan(0);
  });
});
