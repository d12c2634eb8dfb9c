import { createHash, randomBytes } from 'node:crypto';

/** A fresh bearer token: 256 random bits, base64url (cookie- and URL-safe, no '$'). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The form in which a token is stored and looked up; the token itself is never stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
