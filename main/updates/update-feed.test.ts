import { describe, expect, it } from 'vitest';
import { parseFeed, readFeed } from './update-feed';

const LATEST = `version: 1.2.0
files:
  - url: EduDesk-Setup-1.2.0.exe
    sha512: bm90IGEgcmVhbCBoYXNo
    size: 81234567
path: EduDesk-Setup-1.2.0.exe
sha512: bm90IGEgcmVhbCBoYXNo
releaseDate: '2026-11-20T08:00:00.000Z'
stagingPercentage: 25
`;

describe('parseFeed', () => {
  it('reads the version, the staging percentage and the files of an electron-builder latest.yml', () => {
    expect(parseFeed(LATEST)).toEqual({
      version: '1.2.0',
      stagingPercentage: 25,
      files: ['EduDesk-Setup-1.2.0.exe'],
    });
  });

  it('falls back to the legacy path and leaves the percentage out when absent', () => {
    expect(parseFeed("version: '1.3.0'\npath: EduDesk-Setup-1.3.0.exe\n")).toEqual({
      version: '1.3.0',
      files: ['EduDesk-Setup-1.3.0.exe'],
    });
  });

  it('refuses a feed without a version or with a percentage out of range', () => {
    expect(parseFeed('path: x.exe\n')).toBeNull();
    expect(parseFeed('<html>not found</html>')).toBeNull();
    expect(parseFeed('version: 1.2.0\nstagingPercentage: 150\n')).toBeNull();
    expect(parseFeed('version: 1.2.0\nstagingPercentage: lots\n')).toBeNull();
  });
});

describe('readFeed', () => {
  it('logs and answers null when the fetch fails, never throwing', async () => {
    const logged: string[] = [];
    const info = await readFeed(
      'https://updates.example.org/win/',
      () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ENOTFOUND') })),
      (message) => logged.push(message),
    );
    expect(info).toBeNull();
    expect(logged).toEqual([
      'Update check: https://updates.example.org/win/latest.yml failed: fetch failed (ENOTFOUND)',
    ]);
  });
});
