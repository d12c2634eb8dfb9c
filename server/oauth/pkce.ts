import { createHash } from 'node:crypto';
import { sameSecret } from '../auth/tokens';

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** RFC 7636 §4.2: BASE64URL(SHA-256(verifier)), 32 bytes without padding = 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Only S256: `plain` exposes the verifier to whoever sees the authorisation request. */
export const PKCE_METHOD = 'S256';

export function isS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** True when `verifier` is well formed and hashes to `challenge` (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  return sameSecret(challenge, s256Challenge(verifier), 'ascii');
}
