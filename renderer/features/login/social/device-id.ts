import { readLocal, STORAGE_KEYS, writeLocal } from '../../../core/storage-keys';

const DEVICE_ID = /^[0-9a-f-]{36}$/;

/**
 * This browser's (or desktop installation's) stable device id, sent with social logins (spec §7
 * social/{provider}: deviceId; §2 binding page query). A random UUID made once and kept; one
 * that storage cannot keep is still stable for the page's lifetime.
 */
let fallback: string | undefined;
export function deviceId(): string {
  const stored = readLocal(STORAGE_KEYS.deviceId);
  if (stored !== null && DEVICE_ID.test(stored)) return stored;
  const made = fallback ?? randomUuid();
  if (!writeLocal(STORAGE_KEYS.deviceId, made)) fallback = made;
  return made;
}

/**
 * A random UUID (version 4). Not crypto.randomUUID(): it exists only on secure origins, and
 * schools also serve the platform over plain http on their intranet.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
