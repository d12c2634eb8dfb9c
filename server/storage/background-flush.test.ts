import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundFlush } from './background-flush';

describe('BackgroundFlush', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('flushes while writes go on, then settles so the file can be moved', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-flush-'));
    dirs.push(dir);
    const file = path.join(dir, 'data');
    fs.writeFileSync(file, Buffer.alloc(1024, 1));
    const flushes = new BackgroundFlush();
    for (let round = 0; round < 5; round += 1) {
      fs.appendFileSync(file, Buffer.alloc(1024, round));
      flushes.request(file);
    }
    await flushes.settle(file);
    fs.renameSync(file, path.join(dir, 'moved'));
    expect(fs.statSync(path.join(dir, 'moved')).size).toBe(6 * 1024);
    // Nothing running: settles at once, also for a file it never saw.
    await flushes.settle(file);
    await flushes.settle(path.join(dir, 'unknown'));
  });

  it('ignores a file that went away (the merge reports its own flush)', async () => {
    const flushes = new BackgroundFlush();
    flushes.request(path.join(os.tmpdir(), 'edudesk-flush-missing', 'data'));
    await expect(
      flushes.settle(path.join(os.tmpdir(), 'edudesk-flush-missing', 'data')),
    ).resolves.toBeUndefined();
  });
});
