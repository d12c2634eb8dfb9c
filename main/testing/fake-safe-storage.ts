import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Encryption } from '../vault/keyring-policy';

type Backend = ReturnType<Encryption['getSelectedStorageBackend']>;

/**
 * A stand-in for Electron's safeStorage in tests (the real one needs the Electron binary): real
 * AES-256-GCM under a key that lives only in this object, like the OS keyring's key. Two fakes
 * have two keys, so "another user's entry" can be simulated; `rotate()` makes the next decrypt
 * ask for re-encryption, like an OS key rotation.
 */
export function createFakeSafeStorage(
  options: { available?: boolean; backend?: Backend } = {},
): Encryption & {
  calls: { encrypt: number; decrypt: number };
  rotate(): void;
} {
  const key = randomBytes(32);
  const calls = { encrypt: 0, decrypt: 0 };
  let rotated = false;
  return {
    calls,
    rotate() {
      rotated = true;
    },
    isAsyncEncryptionAvailable: () => Promise.resolve(options.available ?? true),
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptStringAsync(plainText) {
      calls.encrypt += 1;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Promise.resolve(Buffer.concat([iv, cipher.getAuthTag(), body]));
    },
    decryptStringAsync(encrypted) {
      calls.decrypt += 1;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
        decipher.setAuthTag(encrypted.subarray(12, 28));
        const result = Buffer.concat([
          decipher.update(encrypted.subarray(28)),
          decipher.final(),
        ]).toString('utf8');
        const shouldReEncrypt = rotated;
        rotated = false;
        return Promise.resolve({ result, shouldReEncrypt });
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}
