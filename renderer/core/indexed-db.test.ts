// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, requestResult, transactionDone } from './indexed-db';

const createStore = (db: IDBDatabase) => {
  db.createObjectStore('things', { keyPath: 'id' });
};

describe('indexed-db', () => {
  it('creates the stores once, then writes and reads through promises', async () => {
    const factory = new IDBFactory();
    let created = 0;
    const create = (db: IDBDatabase) => {
      created += 1;
      createStore(db);
    };
    const db = await openDatabase('test', create, factory);
    const write = db.transaction('things', 'readwrite');
    write.objectStore('things').put({ id: 'a', value: 1 });
    await transactionDone(write);
    db.close();

    const again = await openDatabase('test', create, factory);
    const read = again.transaction('things', 'readonly').objectStore('things').get('a');
    await expect(requestResult(read)).resolves.toEqual({ id: 'a', value: 1 });
    expect(created).toBe(1);
    again.close();
  });

  it('rejects a failed request and an aborted transaction', async () => {
    const db = await openDatabase('test', createStore, new IDBFactory());
    const transaction = db.transaction('things', 'readwrite');
    const store = transaction.objectStore('things');
    store.add({ id: 'a' });
    const duplicate = requestResult(store.add({ id: 'a' }));
    const done = transactionDone(transaction);
    await expect(duplicate).rejects.toMatchObject({ name: 'ConstraintError' });
    await expect(done).rejects.toBeInstanceOf(Error);
    db.close();
  });

  it('rejects when the browser has no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      await expect(openDatabase('test', createStore)).rejects.toThrow('No IndexedDB');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
