import type { UseStore } from 'idb-keyval';
import { FsError } from './errors';
import { STORE_NAME, hasLayout, upgrade } from './layout';

/**
 * The storage capability of the IndexedDB backend, in idb-keyval's `UseStore` shape: `(mode, body)` runs
 * `body` on the workspace's object store (layout.ts) inside one fresh transaction. It opens `dbName` on first use, upgrading a database
 * of an older layout, and reopens it when the browser closes the connection (`close`, or another tab's
 * `versionchange`, or an `InvalidStateError` from `transaction()`); an operation whose transaction was
 * lost with the connection is run once more. Errors reach the caller unchanged, as `DOMException`s or the
 * body's own errors.
 */
export function connect(dbName: string, factory: IDBFactory): UseStore {
  let pending: Promise<IDBDatabase> | null = null;
  let live: IDBDatabase | null = null;
  const lost = new WeakSet<IDBDatabase>();

  // Closing is a no-op on a closed connection, and spares one that merely lost a transaction.
  const forget = (db: IDBDatabase): void => {
    db.close();
    lost.add(db);
    if (live === db) {
      live = null;
      pending = null;
    }
  };
  const database = (): Promise<IDBDatabase> => {
    pending ??= openDatabase(dbName, factory).then(
      (db) => {
        live = db;
        db.addEventListener('close', () => forget(db));
        // Another tab wants to delete or upgrade the database: step aside instead of blocking it.
        db.addEventListener('versionchange', () => forget(db));
        return db;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const storeFor = async (mode: IDBTransactionMode): Promise<IDBObjectStore> => {
    const db = await database();
    try {
      return db.transaction(STORE_NAME, mode).objectStore(STORE_NAME);
    } catch (error) {
      // The connection closed without (yet) telling us: open a new one.
      if (!isDomError(error, 'InvalidStateError')) throw error;
      forget(db);
      return (await database()).transaction(STORE_NAME, mode).objectStore(STORE_NAME);
    }
  };
  const run = async <T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore) => T | PromiseLike<T>,
    retry: boolean,
  ): Promise<T> => {
    const store = await storeFor(mode);
    try {
      return await body(store);
    } catch (error) {
      // An aborted transaction stored nothing, so running the operation again is safe.
      if (!retry || !connectionLost(error, store.transaction.db, lost)) throw error;
      forget(store.transaction.db);
      return run(mode, body, false);
    }
  };
  return (mode, body) => run(mode, body, true);
}

/** True when `error` is a `DOMException` (or look-alike) with this `name`. */
export function isDomError(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name;
}

function connectionLost(error: unknown, db: IDBDatabase, lost: WeakSet<IDBDatabase>): boolean {
  if (error instanceof FsError) return false;
  return lost.has(db) || isDomError(error, 'AbortError') || isDomError(error, 'UnknownError');
}

// Opens at whatever version the database has, so that no version number is hard-coded: a database that
// lacks the current layout (new, of the first layout, or made by someone else) is upgraded to the next one.
function openDatabase(name: string, factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = version === undefined ? factory.open(name) : factory.open(name, version);
    request.onupgradeneeded = () => upgrade(request.result, request.transaction!);
    request.onsuccess = () => {
      const db = request.result;
      if (hasLayout(db)) return resolve(db);
      db.close();
      openDatabase(name, factory, db.version + 1).then(resolve, reject);
    };
    request.onerror = () => reject(request.error);
  });
}
