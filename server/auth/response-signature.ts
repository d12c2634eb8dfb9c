import { createHash, randomBytes } from 'node:crypto';
import { SIGNATURE_SEPARATOR } from '../../contract/signature';

const PAYLOAD_BYTES = 18;
const POOL_PAYLOADS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** A fresh random payload (24 base64url characters), drawn from a pool refilled in bulk. */
function randomPayload(): string {
  if (offset + PAYLOAD_BYTES > pool.length) {
    pool = randomBytes(PAYLOAD_BYTES * POOL_PAYLOADS);
    offset = 0;
  }
  const payload = pool.toString('base64url', offset, offset + PAYLOAD_BYTES);
  offset += PAYLOAD_BYTES;
  return payload;
}

/**
 * The `signature` header of a signed response (spec §5, contract/signature.ts):
 * `payload$sha256hex(payload + nonce)`. The payload is fresh randomness each time (base64url,
 * so never a '$'), so no two answers carry the same header. Same result as the contract's
 * `signPayload`, computed synchronously with node:crypto because WebCrypto's asynchronous digest
 * costs more than the rest of the current-user call.
 */
export function signResponse(nonce: string, payload: string = randomPayload()): string {
  const hash = createHash('sha256')
    .update(payload + nonce, 'utf8')
    .digest('hex');
  return `${payload}${SIGNATURE_SEPARATOR}${hash}`;
}
