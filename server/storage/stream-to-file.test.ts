import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { StorageError, writeFailure } from './storage-errors';
import { discardStream, streamIntoFile, streamToNewFile } from './stream-to-file';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-stream-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function blocks(count: number, size: number): Readable {
  return Readable.from(
    (function* () {
      for (let index = 0; index < count; index += 1) yield Buffer.alloc(size, index % 251);
    })(),
  );
}

describe('streamToNewFile', () => {
  it('writes, counts and hashes as the bytes pass', async () => {
    const target = path.join(dir, 'a');
    const written = await streamToNewFile(blocks(10, 1000), target, { maxBytes: 10_000 });
    const content = fs.readFileSync(target);
    expect(written).toEqual({
      bytes: 10_000,
      md5: createHash('md5').update(content).digest('hex'),
    });
  });

  it('refuses more than the limit with 413 and removes the partial file', async () => {
    const target = path.join(dir, 'b');
    const error: unknown = await streamToNewFile(blocks(11, 1000), target, {
      maxBytes: 10_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ httpStatus: 413, code: 'payload_too_large' });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('never writes over an existing file', async () => {
    const target = path.join(dir, 'c');
    fs.writeFileSync(target, 'keep');
    await expect(streamToNewFile(blocks(1, 10), target, { maxBytes: 100 })).rejects.toMatchObject({
      httpStatus: 500,
      code: 'write_error',
    });
  });

  it('settles only once the file is closed, so a failed write leaves no file', async () => {
    // A body cut short: busboy fails (or destroys) the part at once, while the file may still
    // be opening; the file stream creates the file only once open. Settling before it closed,
    // the write would let its file be removed too early, and be created after its removal. The
    // files' opens are slowed down here, so the file is always still opening.
    const create = fs.createWriteStream.bind(fs);
    const slowOpen = (...args: Parameters<typeof fs.open>) => {
      setTimeout(() => {
        fs.open(...args);
      }, 30);
    };
    // Node also asks for fsync (the `flush` option), which its types leave out.
    const slowFs = {
      open: slowOpen,
      write: fs.write,
      writev: fs.writev,
      fsync: fs.fsync,
      close: fs.close,
    };
    const spy = vi
      .spyOn(fs, 'createWriteStream')
      .mockImplementation((file, options) =>
        create(file, { ...(typeof options === 'object' ? options : {}), fs: slowFs }),
      );
    const failing = (when: 'before the write' | 'once piped'): Readable => {
      const source = new Readable({ read: () => undefined });
      // busboy's part streams always have an error listener.
      source.on('error', () => undefined);
      const fail = () => source.destroy(new Error('Part terminated early'));
      if (when === 'before the write') fail();
      else setImmediate(fail);
      return source;
    };
    try {
      for (const when of ['before the write', 'once piped'] as const) {
        const target = path.join(dir, `early-${when.replaceAll(' ', '-')}`);
        await expect(streamToNewFile(failing(when), target, { maxBytes: 100 })).rejects.toThrow(
          /Part terminated early|Premature close/,
        );
        // Whatever was under way has landed by now.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(fs.existsSync(target), when).toBe(false);
      }
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it.runIf(fs.existsSync('/dev/full'))(
    'answers a full disk (a real ENOSPC from /dev/full) with 507 disk_full',
    () => {
      // /dev/full fails every write with ENOSPC, exactly as a full disk does.
      const fd = fs.openSync('/dev/full', 'w');
      let failure: unknown;
      try {
        fs.writeSync(fd, Buffer.alloc(1024));
      } catch (error) {
        failure = error;
      } finally {
        fs.closeSync(fd);
      }
      expect(failure).toMatchObject({ code: 'ENOSPC' });
      expect(writeFailure(failure)).toMatchObject({
        httpStatus: 507,
        code: 'disk_full',
        message: '服务器存储空间不足|||The server is out of storage space',
      });
      expect(writeFailure(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toMatchObject({
        httpStatus: 507,
      });
    },
  );
});

describe('a request cut off while its part waited', () => {
  /** What busboy leaves when the client goes away: every byte arrived, then destroyed unread. */
  function cutOff(): Readable {
    const source = new Readable({ read: () => undefined });
    source.push(Buffer.alloc(16_384, 1));
    source.push(null);
    source.destroy();
    return source;
  }

  it('fails the write at once instead of never settling, and leaves no file', async () => {
    const target = path.join(dir, 'cut');
    await expect(streamToNewFile(cutOff(), target, { maxBytes: 100_000 })).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    expect(fs.existsSync(target)).toBe(false);
    await expect(
      streamIntoFile(cutOff(), path.join(dir, 'cut-in-place'), 0, { maxBytes: 100_000 }),
    ).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    await expect(discardStream(cutOff())).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
  });
});
