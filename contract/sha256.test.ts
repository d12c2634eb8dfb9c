import { describe, expect, it } from 'vitest';
import { sha256HexSync } from './sha256';

describe('sha256HexSync', () => {
  it('equals WebCrypto on empty, short, block-edge, long and non-ASCII texts', async () => {
    const texts = [
      '',
      'abc',
      'a'.repeat(55),
      'a'.repeat(56),
      'a'.repeat(64),
      'x'.repeat(1000),
      '登录成功！|||Login succeeded {"status":200}',
    ];
    for (const text of texts) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
      const expected = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0'));
      expect(sha256HexSync(text)).toBe(expected.join(''));
    }
  });

  it('gives the FIPS 180-4 example digest', () => {
    expect(sha256HexSync('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
