import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RunningHashes } from './running-hash';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-running-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const EACH = 1000;
const pathOf = (key: string) => (chunk: number) => path.join(dir, key, String(chunk));
const lengthOf = () => EACH;

function write(key: string, chunk: number, fill: number): Buffer {
  fs.mkdirSync(path.join(dir, key), { recursive: true });
  const data = Buffer.alloc(EACH, fill);
  // Like a chunk commit: a new file renamed into place (a new inode).
  const temp = path.join(dir, `${key}-${String(chunk)}.tmp`);
  fs.writeFileSync(temp, data);
  fs.renameSync(temp, pathOf(key)(chunk));
  return data;
}

describe('RunningHashes', () => {
  it('hashes chunks in order as they arrive, whatever order they land in', async () => {
    const hashes = new RunningHashes();
    const parts = [write('a', 2, 2), write('a', 3, 3)];
    hashes.advance('a', pathOf('a'), lengthOf);
    expect(await hashes.digestIfUnchanged('a', 3, pathOf('a'))).toBeUndefined();
    parts.unshift(write('a', 1, 1));
    hashes.advance('a', pathOf('a'), lengthOf);
    const expected = createHash('md5').update(Buffer.concat(parts)).digest('hex');
    expect(await hashes.digestIfUnchanged('a', 3, pathOf('a'))).toBe(expected);
  });

  it('gives nothing when a hashed chunk was replaced afterwards', async () => {
    const hashes = new RunningHashes();
    write('b', 1, 1);
    write('b', 2, 2);
    hashes.advance('b', pathOf('b'), lengthOf);
    await hashes.digestIfUnchanged('b', 2, pathOf('b'));
    write('b', 1, 9);
    expect(await hashes.digestIfUnchanged('b', 2, pathOf('b'))).toBeUndefined();
    expect(await hashes.unchanged('b', pathOf('b'))).toBe(false);
  });

  it('forgets an upload, and every chunk size of a content', () => {
    const hashes = new RunningHashes();
    write('c/10', 1, 1);
    hashes.advance('c/10', pathOf('c/10'), lengthOf);
    hashes.advance('c/20', pathOf('c/20'), lengthOf);
    expect(hashes.size).toBe(2);
    hashes.forget('c');
    expect(hashes.size).toBe(0);
  });
});
