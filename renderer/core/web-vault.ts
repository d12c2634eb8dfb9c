/**
 * The web build's secret box for the remembered password (docs/choices.md): AES-GCM with a
 * non-extractable WebCrypto key kept in IndexedDB. The key never leaves the browser's crypto
 * engine (script can use it but not read it), so what sits in localStorage is useless when
 * copied elsewhere. The Electron client uses the OS vault instead (main/).
 */
import { openDatabase, requestResult } from './indexed-db';

export const VAULT_DB_NAME = 'edudesk-vault';
export const VAULT_STORE = 'keys';
export const VAULT_KEY_ID = 'remembered-login';
const IV_BYTES = 12;

export type OpenResult =
  | { ok: true; text: string }
  /** The vault cannot be reached now (no IndexedDB, blocked): the record may still be good. */
  | { ok: false; reason: 'unavailable' }
  /** The key is gone or the sealed text does not decrypt: the record can never be opened. */
  | { ok: false; reason: 'no-key' | 'corrupt' };

export interface WebVault {
  /** Encrypts `text`, bound to `context` (e.g. the username); base64 of IV then ciphertext. */
  seal(text: string, context: string): Promise<string>;
  open(sealed: string, context: string): Promise<OpenResult>;
}

function openVault(name: string): Promise<IDBDatabase> {
  return openDatabase(name, (db) => {
    db.createObjectStore(VAULT_STORE);
  });
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof CryptoKey !== 'undefined' && value instanceof CryptoKey;
}

async function readKey(db: IDBDatabase): Promise<CryptoKey | null> {
  const stored: unknown = await requestResult(
    db.transaction(VAULT_STORE, 'readonly').objectStore(VAULT_STORE).get(VAULT_KEY_ID),
  );
  return isCryptoKey(stored) ? stored : null;
}

/** Stores `candidate` unless another tab stored a key first; returns the key that won. */
async function storeKey(db: IDBDatabase, candidate: CryptoKey): Promise<CryptoKey> {
  const store = db.transaction(VAULT_STORE, 'readwrite').objectStore(VAULT_STORE);
  const existing: unknown = await requestResult(store.get(VAULT_KEY_ID));
  if (isCryptoKey(existing)) return existing;
  await requestResult(store.put(candidate, VAULT_KEY_ID));
  return candidate;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function createWebVault(dbName: string = VAULT_DB_NAME): WebVault {
  const encoder = new TextEncoder();

  async function withDatabase<T>(action: (db: IDBDatabase) => Promise<T>): Promise<T> {
    const db = await openVault(dbName);
    try {
      return await action(db);
    } finally {
      db.close();
    }
  }

  return {
    async seal(text, context) {
      const key = await withDatabase(async (db) => {
        const existing = await readKey(db);
        if (existing) return existing;
        // Generated before the write transaction: a transaction cannot wait on WebCrypto.
        const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
          'encrypt',
          'decrypt',
        ]);
        return storeKey(db, fresh);
      });
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipher = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(context) },
        key,
        encoder.encode(text),
      );
      const sealed = new Uint8Array(IV_BYTES + cipher.byteLength);
      sealed.set(iv);
      sealed.set(new Uint8Array(cipher), IV_BYTES);
      return toBase64(sealed);
    },

    async open(sealed, context) {
      let key: CryptoKey | null;
      try {
        key = await withDatabase(readKey);
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      if (!key) return { ok: false, reason: 'no-key' };
      try {
        const bytes = fromBase64(sealed);
        if (bytes.length <= IV_BYTES) return { ok: false, reason: 'corrupt' };
        const plain = await crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: bytes.slice(0, IV_BYTES),
            additionalData: encoder.encode(context),
          },
          key,
          bytes.slice(IV_BYTES),
        );
        return { ok: true, text: new TextDecoder().decode(plain) };
      } catch {
        return { ok: false, reason: 'corrupt' };
      }
    },
  };
}
