import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunningHashes, type HashedUpload } from './running-hash';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-running-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const EACH = 1000;

/** A partial file that chunks are written into in place, and which of them are whole. */
function partial(name: string): HashedUpload & { write: (chunk: number, fill: number) => Buffer } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '');
  const whole = new Set<number>();
  return {
    file,
    isWhole: (chunk) => whole.has(chunk),
    rangeOf: (chunk) => ({ start: (chunk - 1) * EACH, length: EACH }),
    write(chunk, fill) {
      const data = Buffer.alloc(EACH, fill);
      const fd = fs.openSync(file, 'r+');
      fs.writeSync(fd, data, 0, EACH, (chunk - 1) * EACH);
      fs.closeSync(fd);
      whole.add(chunk);
      return data;
    },
  };
}

describe('RunningHashes', () => {
  it('hashes chunks in order as they become whole, whatever order they land in', async () => {
    const hashes = new RunningHashes();
    const upload = partial('a');
    const parts = [upload.write(2, 2), upload.write(3, 3)];
    hashes.advance('a', upload);
    expect(await hashes.digest('a', 3)).toBeUndefined();
    parts.unshift(upload.write(1, 1));
    hashes.advance('a', upload);
    const expected = createHash('md5').update(Buffer.concat(parts)).digest('hex');
    expect(await hashes.digest('a', 3)).toBe(expected);
    // Not complete for a file of more chunks.
    expect(await hashes.digest('a', 4)).toBeUndefined();
  });

  it('gives nothing when the file was cut short under it', async () => {
    const hashes = new RunningHashes();
    const upload = partial('b');
    upload.write(1, 1);
    upload.write(2, 2);
    fs.truncateSync(upload.file, EACH + 10);
    hashes.advance('b', upload);
    expect(await hashes.digest('b', 2)).toBeUndefined();
  });

  it('forgets an upload, and every chunk size of a content', () => {
    const hashes = new RunningHashes();
    const upload = partial('c');
    upload.write(1, 1);
    hashes.advance('c/10', upload);
    hashes.advance('c/20', upload);
    hashes.advance('cc/20', upload);
    expect(hashes.size).toBe(3);
    hashes.forget('c');
    expect(hashes.size).toBe(1);
  });
});
