import { scryptSync, timingSafeEqual } from 'node:crypto';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (RFC 9106) through @node-rs/argon2, stored in the PHC string
 * format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`): the parameters travel with each hash, so
 * the cost can change later without breaking the hashes already stored. A sign-in whose hash is
 * cheaper than today's cost, or still scrypt (`scrypt$N$r$p$salt$hash`, before argon2id), stores
 * a new one (`needsRehash`, server/uaa/password-attempt.ts).
 *
 * These functions block the calling thread for the hash's time (about 13–16 ms at the default
 * cost): the server runs them in its own pool of threads (server/auth/password-hasher.ts); the
 * admin tools and the seed call them directly.
 */
export interface PasswordCost {
  /** Memory per hash, KiB. */
  memoryKiB: number;
  /** Passes over that memory. */
  iterations: number;
}

/** OWASP Password Storage Cheat Sheet's first argon2id setting: m = 19 MiB, t = 2, p = 1. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKiB: 19 * 1024, iterations: 2 };

/** Stored parameters above these would make one verification a denial of service. */
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_ITERATIONS = 16;
const MAX_PARALLELISM = 4;

const ARGON2ID =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

export function hashPasswordSync(password: string, cost: PasswordCost): string {
  // @node-rs/argon2 hashes with argon2id unless told otherwise (its Algorithm is an ambient
  // const enum, which this project's module settings cannot name); the test checks the prefix.
  return hashSync(password, {
    memoryCost: cost.memoryKiB,
    timeCost: cost.iterations,
    parallelism: 1,
  });
}

/** The parameters of a stored argon2id hash; undefined for anything else or out-of-bounds ones. */
function argon2Parameters(
  stored: string,
): { memoryKiB: number; iterations: number; parallelism: number } | undefined {
  const match = ARGON2ID.exec(stored);
  if (!match) return undefined;
  const [memoryKiB, iterations, parallelism] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  const valid =
    memoryKiB >= 8 &&
    memoryKiB <= MAX_MEMORY_KIB &&
    iterations >= 1 &&
    iterations <= MAX_ITERATIONS &&
    parallelism >= 1 &&
    parallelism <= MAX_PARALLELISM;
  return valid ? { memoryKiB, iterations, parallelism } : undefined;
}

/** True when a stored hash is not argon2id at `cost` or more (scrypt, cheaper, or not ours). */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  const parameters = argon2Parameters(stored);
  return (
    parameters === undefined ||
    parameters.memoryKiB < cost.memoryKiB ||
    parameters.iterations < cost.iterations
  );
}

/** True when the password matches the stored hash (argon2id or scrypt); false for any malformed one. */
export function verifyPasswordSync(password: string, stored: string): boolean {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!argon2Parameters(stored)) return false;
  try {
    return verifySync(stored, password);
  } catch {
    return false;
  }
}

/** scrypt's stored form, `scrypt$N$r$p$salt$hash` (base64url), from before argon2id. */
const SCRYPT_KEY_LENGTH = 64;
const SCRYPT_MAX_COST = 1 << 20;

function verifyScrypt(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const cost = Number(n);
  const blockSize = Number(r);
  const parallelism = Number(p);
  const valid =
    Number.isInteger(cost) &&
    cost > 1 &&
    cost <= SCRYPT_MAX_COST &&
    (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) &&
    blockSize >= 1 &&
    blockSize <= 32 &&
    Number.isInteger(parallelism) &&
    parallelism >= 1 &&
    parallelism <= 16;
  if (!valid) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length !== SCRYPT_KEY_LENGTH) return false;
  const key = scryptSync(password, Buffer.from(saltText, 'base64url'), SCRYPT_KEY_LENGTH, {
    N: cost,
    r: blockSize,
    p: parallelism,
    // scrypt needs 128 * N * r bytes; leave headroom over Node's 32 MiB default.
    maxmem: 256 * cost * blockSize,
  });
  return timingSafeEqual(key, expected);
}
