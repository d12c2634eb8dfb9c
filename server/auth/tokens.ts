import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh bearer token: 256 random bits, base64url (cookie- and URL-safe, no '$'). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The form in which a token is stored and looked up; the token itself is never stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Compares two secrets' encodings (hashes, signatures, challenges) in constant time; texts of
 * different lengths are unequal (a length is no secret for these fixed-size values).
 */
export function sameSecret(a: string, b: string, encoding: BufferEncoding): boolean {
  const left = Buffer.from(a, encoding);
  const right = Buffer.from(b, encoding);
  return left.length === right.length && timingSafeEqual(left, right);
}
