// The layout of a workspace database, and the upgrade that brings an older one to it.
//
// One object store, `workspace`, with a key generator (`autoIncrement`) and five kinds of key:
//   `file:<path>` → FileRecord: a file, with its own version count;
//   `gone:<path>` → Tombstone: the version a delete gave the path, so that a file created there later
//                   continues after it (tombstones sit under their own prefix so that listings and
//                   path-clash lookups, which read `file:` keys only, never have to skip them);
//   `floor`       → VersionFloor: only in a workspace migrated from the first layout (below);
//   a number      → a journal entry (a MutationRecord without its seq): the key is the seq, issued by the
//                   store's key generator when the entry is added without a key. Numbers sort before
//                   strings, so the journal is one key range, in order; string keys never move the
//                   generator;
//   ['claim', <path>, n] → null: version n of the path has been issued. The mutation that issues a
//                   version adds its claim (`add`, which fails when the key exists) in the same
//                   transaction, so a mutation that already knows the file's current version can check
//                   it without reading: it claims the next one, and the claim fails if anyone got there
//                   first. Array keys sort after strings and numbers, outside every range read here.
// So appending to the journal needs no counter of ours, and every transaction has one store in scope
// (in Chromium, a second store in scope costs each transaction more than the entry itself does).
//
// The first layout kept everything in one store `fs` without a key generator: `file:<path>`, a global
// counter record `meta` ({version, seq}) and `log:<seq, 12 digits>`. Every mutation had to read and
// rewrite `meta`; now a mutation of an existing file reads that file, writes it and adds one entry.

/** The one object store of a workspace. */
export const STORE_NAME = 'workspace';
/** The one store of the first layout; moved into the current one by the upgrade, then deleted. */
const FIRST_LAYOUT_STORE = 'fs';

/** The key of the file at `path`. */
export const fileKey = (path: string): string => 'file:' + path;
/** The key of the tombstone of `path`. */
export const tombstoneKey = (path: string): string => 'gone:' + path;
/** The key of the claim on version number `n` of `path`. */
export const claimKey = (path: string, n: number): [string, string, number] => ['claim', path, n];
/** The key of the version floor. */
export const FLOOR_KEY = 'floor';
/** Every journal entry's key: all numbers. Relies on the global `IDBKeyRange`. */
export const journalKeys = (): IDBKeyRange => IDBKeyRange.bound(-Infinity, Infinity);

/** True when `db` has the store a workspace needs. */
export function hasLayout(db: IDBDatabase): boolean {
  return db.objectStoreNames.contains(STORE_NAME);
}

/**
 * Runs in the `versionchange` transaction of an upgrade: creates the workspace store when `db` lacks it
 * and, when `db` is a workspace of the first layout, moves its records into it (requests on the upgrade's
 * transaction, which commits them all or nothing with the new version).
 */
export function upgrade(db: IDBDatabase, tx: IDBTransaction): void {
  if (db.objectStoreNames.contains(STORE_NAME)) return;
  const store = db.createObjectStore(STORE_NAME, { autoIncrement: true });
  if (db.objectStoreNames.contains(FIRST_LAYOUT_STORE)) {
    moveFirstLayout(tx.objectStore(FIRST_LAYOUT_STORE), store, () =>
      db.deleteObjectStore(FIRST_LAYOUT_STORE),
    );
  }
}

/**
 * Files keep their keys and versions; journal entries keep their seq as their key (the key generator
 * then continues after the highest); the global version counter becomes the floor, because any path
 * without a record may have had any version up to it. Records are moved as they are and checked when read.
 */
function moveFirstLayout(old: IDBObjectStore, store: IDBObjectStore, done: () => void): void {
  const cursor = old.openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at === null) return done();
    const key = String(at.key);
    const value: unknown = at.value;
    if (key.startsWith('file:')) store.put(value, key);
    else if (key.startsWith('log:') && isObject(value)) {
      const { seq: _seq, ...entry } = value;
      store.add(entry, Number(key.slice('log:'.length)));
    } else if (key === 'meta' && isObject(value)) store.put({ version: value.version }, FLOOR_KEY);
    at.continue();
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
