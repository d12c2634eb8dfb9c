/**
 * IndexedDB's callbacks as promises, for the renderer's two small databases: the upload queue
 * kept for resuming (core/upload/queue-store.ts) and the web build's key for the remembered
 * password (core/web-vault.ts).
 */

/** The browser's IndexedDB, or undefined where there is none (Node without a fake). */
export function browserIndexedDb(): IDBFactory | undefined {
  return typeof indexedDB === 'undefined' ? undefined : indexedDB;
}

/** Resolves with the request's result; rejects with its error. */
export function requestResult<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result);
    };
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });
}

/** Resolves when the transaction commits; rejects when it fails or is aborted. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve();
    };
    transaction.onerror = () => {
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    };
    transaction.onabort = () => {
      reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    };
  });
}

/**
 * Opens version 1 of the database `name`; `create` makes its stores when it does not exist yet.
 * Rejects when there is no IndexedDB or it refuses (a private window may).
 */
export function openDatabase(
  name: string,
  create: (db: IDBDatabase) => void,
  factory: IDBFactory | undefined = browserIndexedDb(),
): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new Error('No IndexedDB'));
  const req = factory.open(name, 1);
  req.onupgradeneeded = () => {
    create(req.result);
  };
  return requestResult(req);
}
