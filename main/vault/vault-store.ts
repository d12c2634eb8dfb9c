import Store from 'electron-store';
import type { VaultStore } from './vault';

export const VAULT_FILE_NAME = 'vault';

interface VaultFile {
  entries: Record<string, string>;
}

function isEntries(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/**
 * The vault's file: `vault.json` in the user-data folder (electron-store), readable by the user
 * only. It holds origins and sealed base64 blobs, never a password. Origins contain dots, so
 * dot-notation paths are off.
 */
export function createVaultFileStore(folder: string): VaultStore {
  const store = new Store<VaultFile>({
    name: VAULT_FILE_NAME,
    cwd: folder,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
    configFileMode: 0o600,
    defaults: { entries: {} },
  });
  return {
    read() {
      const entries: unknown = store.get('entries');
      return isEntries(entries) ? { ...entries } : {};
    },
    write(entries) {
      store.set('entries', entries);
    },
  };
}
