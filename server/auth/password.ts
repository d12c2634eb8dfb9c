import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (RFC 7914). The stored form carries its parameters,
 * `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking
 * existing hashes: a sign-in whose hash is cheaper than today's cost stores a new one
 * (`needsRehash`, server/uaa/password-attempt.ts).
 */
const SCHEME = 'scrypt';
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/**
 * N = 2^17 with r = 8, p = 1: OWASP's minimum for scrypt (Password Storage Cheat Sheet:
 * N·p ≥ 2^17 at r = 8), 128 MiB and about 0.35 s of one core per hash on this project's machines
 * (`npm run bench` prints sign-ins per second per core).
 */
export const DEFAULT_SCRYPT_COST = 1 << 17;
/** Refuse stored parameters that would make verification a denial of service. */
const MAX_COST = 1 << 20;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const cost = options.N ?? DEFAULT_SCRYPT_COST;
  const blockSize = options.r ?? BLOCK_SIZE;
  // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default.
  const maxmem = 256 * cost * blockSize;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(
  password: string,
  cost: number = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return [
    SCHEME,
    String(cost),
    String(BLOCK_SIZE),
    String(PARALLELISM),
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when a stored hash was made with a lower cost than `cost` (or is not ours at all). */
export function needsRehash(stored: string, cost: number = DEFAULT_SCRYPT_COST): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return (
    scheme !== SCHEME || Number(n) < cost || Number(r) !== BLOCK_SIZE || Number(p) !== PARALLELISM
  );
}

/** True when the password matches the stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const cost = Number(n);
  const blockSize = Number(r);
  const parallelism = Number(p);
  const valid =
    Number.isInteger(cost) &&
    cost > 1 &&
    cost <= MAX_COST &&
    (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) &&
    blockSize >= 1 &&
    blockSize <= 32 &&
    Number.isInteger(parallelism) &&
    parallelism >= 1 &&
    parallelism <= 16;
  if (!valid) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, Buffer.from(saltText, 'base64url'), {
    N: cost,
    r: blockSize,
    p: parallelism,
  });
  return timingSafeEqual(key, expected);
}
