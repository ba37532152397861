/**
 * An IndexedDB database holding one object store (made when the database is
 * first opened), opened for each operation and closed after it. `what`
 * names the data in an error: what could not be opened or written.
 */
export function objectStore(database: { name: string; store: string; keyPath?: string; what: string }) {
  function open(): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(database.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(database.store, { keyPath: database.keyPath });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error(`The ${database.what} could not be opened.`));
    });
  }

  /** Runs one request on the store in a transaction of `mode`; answers its result once the transaction is done. */
  return async function withStore<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await open();
    try {
      return await new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(database.store, mode);
        const request = operate(transaction.objectStore(database.store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error(`The ${database.what} could not be written.`));
        transaction.onabort = transaction.onerror;
      });
    } finally {
      db.close();
    }
  };
}
