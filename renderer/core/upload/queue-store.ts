import { browserIndexedDb, openDatabase, requestResult, transactionDone } from '../indexed-db';

/**
 * The upload queue kept across reloads and restarts of the desktop client (IndexedDB). Only
 * what is needed to resume is kept: the file's identity (name, size, last change, folder path),
 * its MD5 once known and the upload's settings. The file itself is not: a browser gives it back
 * only when the user selects it again, and the server's chunk check then decides what is sent.
 */
export interface PersistedUpload {
  id: string;
  /** Whose upload it is (the signed-in user's id): another user never sees it. */
  owner: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  relativePath: string;
  md5: string | null;
  serverId: string;
  chunkSize: number;
  fileUpload: string | null;
  createdAt: number;
}

export interface QueueStore {
  list(owner: string): Promise<PersistedUpload[]>;
  put(record: PersistedUpload): Promise<void>;
  delete(id: string): Promise<void>;
}

export const UPLOAD_DB_NAME = 'edudesk-uploads';
const STORE = 'queue';

function isRecord(value: unknown): value is PersistedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<PersistedUpload>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.owner === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.size === 'number'
  );
}

/** The IndexedDB store; every call fails soft (a blocked IndexedDB only loses the resume). */
export function createIndexedDbQueueStore(
  dbName: string = UPLOAD_DB_NAME,
  factory: IDBFactory | undefined = browserIndexedDb(),
): QueueStore {
  let opening: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    if (!factory) return Promise.reject(new Error('No IndexedDB'));
    opening ??= openDatabase(
      dbName,
      (db) => {
        db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('owner', 'owner');
      },
      factory,
    );
    return opening;
  };

  return {
    async list(owner) {
      try {
        const db = await open();
        const index = db.transaction(STORE, 'readonly').objectStore(STORE).index('owner');
        const rows: unknown[] = await requestResult(index.getAll(owner));
        return rows.filter(isRecord).sort((a, b) => a.createdAt - b.createdAt);
      } catch {
        return [];
      }
    },
    async put(record) {
      try {
        const db = await open();
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).put(record);
        await transactionDone(transaction);
      } catch {
        // Resume after a reload is lost for this file; the upload itself goes on.
      }
    },
    async delete(id) {
      try {
        const db = await open();
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).delete(id);
        await transactionDone(transaction);
      } catch {
        // Nothing to clean up then.
      }
    },
  };
}
