import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptedEncodings, compressedCopy, precompressedType } from './precompressed';

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['GZIP;Q=0.8, BR;Q=0.9', ['br', 'gzip']],
    ['gzip;q=1.0, br;q=0.5', ['gzip', 'br']],
    ['br;q=0, gzip', ['gzip']],
    ['br; q=0.000, gzip ; q=0', []],
    ['*', ['br', 'gzip']],
    ['*;q=0.5, gzip', ['gzip', 'br']],
    ['*, br;q=0', ['gzip']],
    ['br;q=2, gzip;q=bogus', ['br', 'gzip']],
    [' , ;q=1, br', ['br']],
  ] as const)('%j → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('precompressedType', () => {
  it('names the text files the build compresses, and only those', () => {
    expect(precompressedType('assets/a-1.js')).toBe('application/javascript; charset=utf-8');
    expect(precompressedType('index.html')).toBe('text/html; charset=utf-8');
    expect(precompressedType('common/plugins/common-ph/1.0.0/ph.d.ts')).toBe(
      'text/plain; charset=utf-8',
    );
    expect(precompressedType('icons/logo.png')).toBeUndefined();
    expect(precompressedType('assets/a-1.js.br')).toBeUndefined();
    expect(precompressedType('constructor')).toBeUndefined();
  });
});

describe('compressedCopy', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-copy-'));
    fs.writeFileSync(path.join(root, 'a.js'), 'a');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  const age = (file: string, seconds: number) => {
    const when = new Date(Date.now() + seconds * 1000);
    fs.utimesSync(path.join(root, file), when, when);
  };

  it('picks the best accepted copy that is not older than the file', async () => {
    fs.writeFileSync(path.join(root, 'a.js.br'), 'b');
    fs.writeFileSync(path.join(root, 'a.js.gz'), 'g');
    age('a.js', -10);
    expect(await compressedCopy(root, 'a.js', 'gzip, br')).toEqual({
      file: 'a.js.br',
      encoding: 'br',
    });
    expect(await compressedCopy(root, 'a.js', 'gzip')).toEqual({
      file: 'a.js.gz',
      encoding: 'gzip',
    });
    expect(await compressedCopy(root, 'a.js', undefined)).toBeUndefined();
    age('a.js.br', -20);
    expect(await compressedCopy(root, 'a.js', 'br, gzip')).toEqual({
      file: 'a.js.gz',
      encoding: 'gzip',
    });
  });

  it('has nothing without copies, for a missing file, or for a copy that is a link', async () => {
    expect(await compressedCopy(root, 'a.js', 'br, gzip')).toBeUndefined();
    expect(await compressedCopy(root, 'missing.js', 'br')).toBeUndefined();
    const outside = path.join(root, '..', `${path.basename(root)}-outside.br`);
    fs.writeFileSync(outside, 'x');
    try {
      fs.symlinkSync(outside, path.join(root, 'a.js.br'));
      expect(await compressedCopy(root, 'a.js', 'br')).toBeUndefined();
    } finally {
      fs.rmSync(outside, { force: true });
    }
  });
});
