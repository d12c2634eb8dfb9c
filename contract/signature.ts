/**
 * Signed responses (spec §5): the response carries a `signature` header of two parts joined by
 * `$`; the second part must equal the hash of the first part plus the request's `signature`
 * parameter. The reference hash is SHA-256, hex encoded, computed with WebCrypto where the page
 * has it (Node, secure origins) and in plain TypeScript where it does not (plain http). The
 * client sends a fresh random nonce as the `signature` parameter on every signed call, so a
 * replayed or forged answer does not verify.
 */
import { sha256HexSync } from './sha256';

export const SIGNATURE_SEPARATOR = '$';

/** WebCrypto where the page has it; plain TypeScript on an insecure origin (no crypto.subtle). */
export async function sha256Hex(text: string): Promise<string> {
  // crypto.subtle is undefined outside secure contexts, whatever the DOM types say.
  const subtle = globalThis.crypto.subtle as SubtleCrypto | undefined;
  if (subtle === undefined) return sha256HexSync(text);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random nonce for the request's `signature` parameter. */
export function createSignatureNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header value the server sends for a payload and the request's nonce. */
export async function signPayload(payload: string, nonce: string): Promise<string> {
  return `${payload}${SIGNATURE_SEPARATOR}${await sha256Hex(payload + nonce)}`;
}

/**
 * True when the header is two non-empty parts joined by `$` and the hash matches. Hashed in the
 * caller's task: the payload and the nonce are a single SHA-256 block, and WebCrypto's digest
 * would answer in a later task, behind whatever the page has queued (the current user's answer,
 * which the desktop waits on, would wait for a render).
 */
export function verifySignature(header: string | null | undefined, nonce: string): boolean {
  if (typeof header !== 'string' || nonce === '') return false;
  const parts = header.split(SIGNATURE_SEPARATOR);
  if (parts.length !== 2) return false;
  const [payload, hash] = parts as [string, string];
  if (payload === '' || hash === '') return false;
  return sha256HexSync(payload + nonce) === hash.toLowerCase();
}
