import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_PRECOMPRESS_BYTES, precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  const text = 'const value = "EduDesk";\n'.repeat(200);
  const file = (name: string) => path.join(dir, name);
  const write = (name: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(file(name)), { recursive: true });
    fs.writeFileSync(file(name), content);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-precompress-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes Brotli and gzip copies of the text files that decompress to them', async () => {
    write('assets/a-1.js', text);
    write('assets/a-1.css', text);
    write('modules/base/lang/en-desktop.json', JSON.stringify({ rows: text }));
    write('index.html', `<html>${text}</html>`);
    const result = await precompressDir(dir);
    expect(result.files).toBe(4);
    expect(result.written).toBe(8);
    expect(result.bytesBr).toBeLessThan(result.bytesIn / 10);
    expect(zlib.brotliDecompressSync(fs.readFileSync(file('assets/a-1.js.br'))).toString()).toBe(
      text,
    );
    expect(zlib.gunzipSync(fs.readFileSync(file('assets/a-1.css.gz'))).toString()).toBe(text);
    expect(fs.existsSync(file('modules/base/lang/en-desktop.json.br'))).toBe(true);
    expect(fs.existsSync(file('index.html.gz'))).toBe(true);
  });

  it('leaves small files, other types and incompressible content alone', async () => {
    write('tiny.js', 'x'.repeat(MIN_PRECOMPRESS_BYTES - 1));
    write('logo.png', text);
    write('random.js', randomBytes(4096));
    await precompressDir(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['logo.png', 'random.js', 'tiny.js']);
  });

  it('keeps copies newer than their file and redoes, or removes, stale ones', async () => {
    write('a.js', text);
    await precompressDir(dir);
    const again = await precompressDir(dir);
    expect(again.written).toBe(0);
    expect(again.bytesBr).toBe(fs.statSync(file('a.js.br')).size);

    const later = new Date(Date.now() + 60_000);
    write('a.js', `${text}// changed\n`);
    fs.utimesSync(file('a.js'), later, later);
    expect((await precompressDir(dir)).written).toBe(2);
    expect(zlib.brotliDecompressSync(fs.readFileSync(file('a.js.br'))).toString()).toBe(
      `${text}// changed\n`,
    );

    // Shrunk below the floor after the build: the old copies would be a stale version.
    const later2 = new Date(Date.now() + 120_000);
    write('a.js', 'tiny');
    fs.utimesSync(file('a.js'), later2, later2);
    await precompressDir(dir);
    expect(fs.readdirSync(dir)).toEqual(['a.js']);
  });
});
