import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

const temp = () => mkdtempSync(path.join(tmpdir(), 'edudesk-log-'));
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('createLogger', () => {
  it('writes JSON lines with time, level, message and fields, from the chosen level up', () => {
    const dir = path.join(temp(), 'logs');
    const log = createLogger({ dir, now: () => new Date('2026-11-28T08:00:00Z') });
    log.debug('not written');
    log.info('started', { version: '1.0.0' });
    log.error('failed', { code: -2 });
    expect(log.dir).toBe(dir);
    expect(lines(path.join(dir, 'main.log'))).toEqual([
      { time: '2026-11-28T08:00:00.000Z', level: 'info', msg: 'started', version: '1.0.0' },
      { time: '2026-11-28T08:00:00.000Z', level: 'error', msg: 'failed', code: -2 },
    ]);
  });

  it('never writes a secret, in the message or in a field', () => {
    const dir = temp();
    const log = createLogger({ dir });
    log.warn('proxy sign-in password=hunter2', { authorization: 'Basic dXNlcjpodW50ZXIy' });
    const text = readFileSync(path.join(dir, 'main.log'), 'utf8');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('dXNlcjpodW50ZXIy');
  });

  it('rotates by size and keeps at most maxFiles files', () => {
    const dir = temp();
    const log = createLogger({ dir, maxBytes: 200, maxFiles: 3 });
    for (let index = 0; index < 20; index += 1) log.info(`line ${String(index)}`);
    expect(readdirSync(dir).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const file of readdirSync(dir)) {
      expect(readFileSync(path.join(dir, file)).length).toBeLessThanOrEqual(200);
    }
    // The newest line is in main.log, older ones moved along; the oldest were dropped.
    const newest = lines(path.join(dir, 'main.log')).map((line) => line.msg);
    expect(newest.at(-1)).toBe('line 19');
    const older = lines(path.join(dir, 'main.1.log')).map((line) => line.msg);
    expect(Number(String(older.at(-1)).split(' ')[1]) + 1).toBe(
      Number(String(newest[0]).split(' ')[1]),
    );
    const all = readdirSync(dir).flatMap((file) => lines(path.join(dir, file)));
    expect(all.some((line) => line.msg === 'line 0')).toBe(false);
  });

  it('does not throw when the folder cannot be written', () => {
    const file = path.join(temp(), 'a-file');
    writeFileSync(file, '');
    const log = createLogger({ dir: path.join(file, 'logs') });
    expect(() => {
      log.error('lost');
    }).not.toThrow();
  });
});
