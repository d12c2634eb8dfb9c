import type { SafeStorage } from 'electron';

/** The part of Electron's `safeStorage` the vault uses (a fake in tests). */
export type Encryption = Pick<
  SafeStorage,
  | 'isAsyncEncryptionAvailable'
  | 'encryptStringAsync'
  | 'decryptStringAsync'
  | 'getSelectedStorageBackend'
>;

export type VaultStatus =
  | { available: true; backend: string }
  | {
      available: false;
      /** No OS encryption at all, or (Linux) no keyring: Electron would fall back to a fixed key. */
      reason: 'encryption-unavailable' | 'no-keyring';
    };

/**
 * The keyring policy. On Windows safeStorage uses DPAPI and on macOS the Keychain; on Linux it
 * needs a secret service (GNOME libsecret, KWallet). Without one Electron reports `basic_text`:
 * "encryption" with a key hard-coded in Chromium, which is plain text in all but name. Then the
 * vault is unavailable: it stores nothing (an earlier entry for the origin is removed rather than
 * left stale), answers nothing, and says so once in the log. The user types the password; nothing
 * falls back to plain text silently, and Electron's plain-text mode is never switched on.
 */
export async function decideVaultStatus(
  platform: NodeJS.Platform,
  encryption: Encryption,
): Promise<VaultStatus> {
  let available: boolean;
  try {
    available = await encryption.isAsyncEncryptionAvailable();
  } catch {
    available = false;
  }
  if (!available) return { available: false, reason: 'encryption-unavailable' };
  if (platform !== 'linux') return { available: true, backend: platform };
  const backend = encryption.getSelectedStorageBackend();
  if (backend === 'basic_text' || backend === 'unknown') {
    return { available: false, reason: 'no-keyring' };
  }
  return { available: true, backend };
}
