// The layout of a workspace database, and the upgrade that brings an older one to it.
//
// Store `files`, three kinds of key:
//   `file:<path>` → FileRecord: a file, with its own version count;
//   `gone:<path>` → Tombstone: the last version of a deleted file, so that a file created there later
//                   continues after it (tombstones sit under their own prefix so that listings and
//                   path-clash lookups, which read `file:` keys only, never have to skip them);
//   `floor`       → VersionFloor: only in a workspace migrated from the first layout (below).
// Store `journal`: MutationRecords under an auto-incremented `seq`, so that appending needs no counter.
//
// The first layout kept everything in one store `fs`: `file:<path>`, a global counter record `meta`
// ({version, seq}) and `log:<seq, 12 digits>`. Every mutation had to read and rewrite `meta`; now a
// mutation of an existing file reads that file and writes it and one journal entry, nothing else.

/** The store of files, tombstones and the version floor. */
export const FILES_STORE = 'files';
/** The store of journal entries, keyed by their generated `seq`. */
export const JOURNAL_STORE = 'journal';
/** The one store of the first layout; moved into the two above by the upgrade, then deleted. */
const FIRST_LAYOUT_STORE = 'fs';

/** The key of the file at `path`. */
export const fileKey = (path: string): string => 'file:' + path;
/** The key of the tombstone of `path`. */
export const tombstoneKey = (path: string): string => 'gone:' + path;
/** The key of the version floor. */
export const FLOOR_KEY = 'floor';

/** True when `db` has every store a workspace needs. */
export function hasLayout(db: IDBDatabase): boolean {
  return db.objectStoreNames.contains(FILES_STORE) && db.objectStoreNames.contains(JOURNAL_STORE);
}

/**
 * Runs in the `versionchange` transaction `tx` of an upgrade: creates the stores a workspace needs that
 * `db` lacks and, when it is a workspace of the first layout, moves its records into them (requests on
 * `tx`, which commits them all or nothing with the new version).
 */
export function upgrade(db: IDBDatabase, tx: IDBTransaction): void {
  const names = db.objectStoreNames;
  const fresh = !names.contains(FILES_STORE);
  const files = fresh ? db.createObjectStore(FILES_STORE) : tx.objectStore(FILES_STORE);
  const journal = names.contains(JOURNAL_STORE)
    ? tx.objectStore(JOURNAL_STORE)
    : db.createObjectStore(JOURNAL_STORE, { keyPath: 'seq', autoIncrement: true });
  // Only into new stores: a first-layout store beside existing ones is a stray that an old page left.
  if (fresh && names.contains(FIRST_LAYOUT_STORE)) {
    moveFirstLayout(tx.objectStore(FIRST_LAYOUT_STORE), files, journal, () =>
      db.deleteObjectStore(FIRST_LAYOUT_STORE),
    );
  }
}

/**
 * Files keep their keys and versions; journal entries keep their seq (the key generator then continues
 * after the highest); the global version counter becomes the floor, because any path without a record
 * may have had any version up to it. Records are moved as they are: they are checked when read.
 */
function moveFirstLayout(
  old: IDBObjectStore,
  files: IDBObjectStore,
  journal: IDBObjectStore,
  done: () => void,
): void {
  const cursor = old.openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (at === null) return done();
    const key = String(at.key);
    const value: unknown = at.value;
    if (key.startsWith('file:')) files.put(value, key);
    else if (key.startsWith('log:') && isObject(value)) journal.add({ ...value, seq: Number(key.slice(4)) });
    else if (key === 'meta' && isObject(value)) files.put({ version: value.version }, FLOOR_KEY);
    at.continue();
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
