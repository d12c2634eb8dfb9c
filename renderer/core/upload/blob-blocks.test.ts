import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blobBlocks, type ReadMode } from './blob-blocks';

const BLOCK = 1024;

function bytes(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 251);
}

/** The same bytes as a Blob read each of the three ways. */
function blobReadAs(mode: ReadMode, content: Uint8Array<ArrayBuffer>): Blob {
  const blob = new Blob([content]);
  if (mode === 'byob') return blob;
  if (mode === 'slices') {
    // An engine whose Blobs have no stream().
    return { size: blob.size, slice: blob.slice.bind(blob) } as unknown as Blob;
  }
  // A stream that is not a byte stream, in uneven chunks of 700 bytes.
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < content.length; offset += 700) {
          controller.enqueue(content.slice(offset, offset + 700));
        }
        controller.close();
      },
    });
  return { size: blob.size, stream } as unknown as Blob;
}

/** Hashes each block as it comes (a block is only valid until the next one). */
async function read(blob: Blob) {
  const { mode, blocks } = blobBlocks(blob, BLOCK);
  const hash = createHash('md5');
  const sizes: number[] = [];
  for await (const block of blocks) {
    hash.update(block);
    sizes.push(block.length);
  }
  return { mode, md5: hash.digest('hex'), sizes };
}

describe('blobBlocks', () => {
  const modes: ReadMode[] = ['byob', 'copy', 'slices'];
  const lengths = [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 5.5 * BLOCK];
  it.each(modes.flatMap((mode) => lengths.map((length) => [mode, length] as const)))(
    'reads %s: %i bytes whole, in blocks of the block size (the last shorter)',
    async (mode, length) => {
      const content = bytes(length);
      const { mode: used, md5, sizes } = await read(blobReadAs(mode, content));
      expect(used).toBe(mode);
      expect(md5).toBe(createHash('md5').update(content).digest('hex'));
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(length);
      expect(sizes.every((size) => size > 0)).toBe(true);
      expect(sizes.slice(0, -1).every((size) => size === BLOCK)).toBe(true);
    },
  );

  it('never hands over a block bigger than a small file', async () => {
    const { sizes } = await read(new Blob([bytes(10)]));
    expect(sizes).toEqual([10]);
  });

  it('passes a read error on', async () => {
    const failing = {
      size: 10,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new Error('file changed'));
          },
        }),
    } as unknown as Blob;
    await expect(read(failing)).rejects.toThrow('file changed');
  });
});
