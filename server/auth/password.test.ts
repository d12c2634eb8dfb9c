import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt parameters with a random salt', async () => {
    const first = await hashPassword('Edu@2026');
    const second = await hashPassword('Edu@2026');
    // OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1.
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Edu@2026');
    expect(await verifyPassword('Edu@2026', stored)).toBe(true);
    expect(await verifyPassword('edu@2026', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('verifies hashes made with another cost', async () => {
    const stored = await hashPassword('Edu@2026', 1024);
    expect(stored.startsWith('scrypt$1024$')).toBe(true);
    expect(await verifyPassword('Edu@2026', stored)).toBe(true);
  });

  it('rejects malformed or abusive stored hashes without throwing', async () => {
    const stored = await hashPassword('Edu@2026');
    const parts = stored.split('$');
    expect(await verifyPassword('Edu@2026', 'plain-text')).toBe(false);
    expect(await verifyPassword('Edu@2026', ['bcrypt', ...parts.slice(1)].join('$'))).toBe(false);
    expect(
      await verifyPassword('Edu@2026', ['scrypt', String(1 << 30), ...parts.slice(2)].join('$')),
    ).toBe(false);
    expect(await verifyPassword('Edu@2026', ['scrypt', '1000', ...parts.slice(2)].join('$'))).toBe(
      false,
    );
    expect(await verifyPassword('Edu@2026', [...parts.slice(0, 5), 'c2hvcnQ'].join('$'))).toBe(
      false,
    );
  });
});
