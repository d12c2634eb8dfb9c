import { randomUuid } from '../../../core/random-uuid';
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
