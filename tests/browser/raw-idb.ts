// Storage as another tab or an older release would leave it: a helper installed in the page, before it
// loads, that runs one readwrite transaction on an object store through the raw IndexedDB API (never the
// app's own modules).
import type { BrowserContext, Page } from '@playwright/test';

/** The page's window with the helper: `inStore(db, store, body)` gives `body`'s request's result. */
export type StoreWindow = Window & {
  inStore<T>(db: string, store: string, body: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T>;
};

/** Installs `inStore` in every page `target` loads from now on. */
export const installInStore = (target: Page | BrowserContext) =>
  target.addInitScript(() => {
    (window as unknown as StoreWindow).inStore = async <T>(
      db: string,
      store: string,
      body: (store: IDBObjectStore) => IDBRequest<T> | void,
    ) => {
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(db);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = opened.transaction(store, 'readwrite');
      const request = body(tx.objectStore(store));
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onabort = () => reject(tx.error);
      });
      opened.close();
      return (request ? request.result : undefined) as T;
    };
  });
