import { randomBytes, scryptSync } from 'node:crypto';

/**
 * A password hash in the scrypt form the server stored before argon2id (`scrypt$N$r$p$salt$hash`,
 * base64url): what the tests and the sign-in bench plant to check that such hashes still verify
 * and are replaced (server/auth/password.ts).
 */
export function scryptHash(password: string, cost = 1024): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 });
  return [
    'scrypt',
    String(cost),
    '8',
    '1',
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}
