import { describe, expect, it } from 'vitest';
import { scryptHash } from '../testing/scrypt-hash';
import {
  DEFAULT_PASSWORD_COST,
  hashPasswordSync,
  needsRehash,
  verifyPasswordSync,
  type PasswordCost,
} from './password';

const CHEAP: PasswordCost = { memoryKiB: 64, iterations: 1 };

describe('password hashing', () => {
  it('stores argon2id at OWASP cost with its parameters and a random salt', () => {
    const first = hashPasswordSync('Edu@2026', DEFAULT_PASSWORD_COST);
    const second = hashPasswordSync('Edu@2026', DEFAULT_PASSWORD_COST);
    // OWASP's first argon2id setting: m = 19 MiB, t = 2, p = 1.
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(first).not.toBe(second);
    expect(verifyPasswordSync('Edu@2026', first)).toBe(true);
  });

  it('verifies the right password only', () => {
    const stored = hashPasswordSync('Edu@2026', CHEAP);
    expect(verifyPasswordSync('Edu@2026', stored)).toBe(true);
    expect(verifyPasswordSync('edu@2026', stored)).toBe(false);
    expect(verifyPasswordSync('', stored)).toBe(false);
  });

  it('verifies the scrypt hashes stored before argon2id, and asks for them to be replaced', () => {
    const legacy = scryptHash('Edu@2026');
    expect(verifyPasswordSync('Edu@2026', legacy)).toBe(true);
    expect(verifyPasswordSync('wrong', legacy)).toBe(false);
    expect(needsRehash(legacy, CHEAP)).toBe(true);
  });

  it('asks for a new hash when the stored one is cheaper than the cost', () => {
    const cheap = hashPasswordSync('Edu@2026', CHEAP);
    expect(needsRehash(cheap, CHEAP)).toBe(false);
    expect(needsRehash(cheap, { memoryKiB: 128, iterations: 1 })).toBe(true);
    expect(needsRehash(cheap, { memoryKiB: 64, iterations: 2 })).toBe(true);
    expect(needsRehash('plain-text', CHEAP)).toBe(true);
  });

  it('rejects malformed or abusive stored hashes without throwing', () => {
    const stored = hashPasswordSync('Edu@2026', CHEAP);
    const legacy = scryptHash('Edu@2026').split('$');
    const abusive = stored.replace('m=64,', `m=${String(4 * 1024 * 1024)},`);
    expect(verifyPasswordSync('Edu@2026', 'plain-text')).toBe(false);
    expect(verifyPasswordSync('Edu@2026', stored.replace('argon2id', 'argon2i'))).toBe(false);
    expect(verifyPasswordSync('Edu@2026', abusive)).toBe(false);
    expect(verifyPasswordSync('Edu@2026', stored.replace(/\$[^$]+$/, '$c2hvcnQ'))).toBe(false);
    expect(
      verifyPasswordSync('Edu@2026', ['scrypt', String(1 << 30), ...legacy.slice(2)].join('$')),
    ).toBe(false);
    expect(verifyPasswordSync('Edu@2026', ['scrypt', '1000', ...legacy.slice(2)].join('$'))).toBe(
      false,
    );
    expect(verifyPasswordSync('Edu@2026', [...legacy.slice(0, 5), 'c2hvcnQ'].join('$'))).toBe(
      false,
    );
  });
});
