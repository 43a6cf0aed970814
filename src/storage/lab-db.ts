import { createStore, type UseStore } from 'idb-keyval';

/** The database the lab keeps its plugins in, apart from sessions and workspaces. */
export const LAB_DB = 'harness-playground-lab';
const LAB_STORE = 'lab';

let store: UseStore | null = null;
/**
 * Where this browser keeps the lab's plugins (nothing opens until first use); the lab's record and its
 * reading and writing are the lab's own (`src/ui/lab/kept.ts`).
 */
export const keptStore = (): UseStore => (store ??= createStore(LAB_DB, LAB_STORE));
