// The layout of a workspace database, and the upgrade that brings an older one to it.
//
// One object store, `workspace`, with a key generator (`autoIncrement`), four kinds of key and one index:
//   `file:<path>` → FileRecord: a file, with its own version count;
//   `gone:<path>` → Tombstone: the version a delete gave the path, so that a file created there later
//                   continues after it (tombstones sit under their own prefix so that listings and
//                   path-clash lookups, which read `file:` keys only, never have to skip them);
//   `floor`       → VersionFloor: only in a workspace migrated from the first layout (below);
//   a number      → a journal entry (a MutationRecord without its seq, with its claim): the key is the
//                   seq, issued by the store's key generator when the entry is added without a key.
//                   Numbers sort before strings, so the journal is one key range, in order; string keys
//                   never move the generator.
// The unique index `claims` holds each journal entry's `claim`, [path, n]: the version number n the
// mutation gave the path (a delete's is its tombstone's). Versions are issued by journal entries, so the
// index refuses a second entry for the same version of a path, and a mutation that already knows a file's
// current version can check it without reading: its entry claims the next one, and the add fails if
// anyone got there first. Records without a `claim` (files, tombstones, the floor, entries from before
// the index) are not in it.
// So appending to the journal needs no counter of ours, and every transaction has one store in scope
// (in Chromium, a second store in scope costs each transaction more than the entry itself does).
//
// The first layout kept everything in one store `fs` without a key generator: `file:<path>`, a global
// counter record `meta` ({version, seq}) and `log:<seq, 12 digits>`. Every mutation had to read and
// rewrite `meta`; now a mutation of an existing file reads that file, writes it and adds one entry.

import type { Mutation } from './types';

/** The one object store of a workspace. */
export const STORE_NAME = 'workspace';
/** The one store of the first layout; moved into the current one by the upgrade, then deleted. */
const FIRST_LAYOUT_STORE = 'fs';

/** The key of the file at `path`. */
export const fileKey = (path: string): string => 'file:' + path;
/** The key of the tombstone of `path`. */
export const tombstoneKey = (path: string): string => 'gone:' + path;
/** The unique index of the versions journal entries have claimed, and the entries' field it reads. */
export const CLAIMS_INDEX = 'claims';
const CLAIM_FIELD = 'claim';
/** A journal entry as stored: the mutation without its seq (the key), and its claim. */
type JournalRecord = Omit<Mutation, 'seq'> & { [CLAIM_FIELD]: [string, number] };
/** The journal entry of `change`, claiming the version number `n` it gave the path. */
export function journalRecord({ op, path, version, by }: Omit<Mutation, 'seq'>, n: number): JournalRecord {
  // A plain literal (no spread, no computed key): one is made for every mutation.
  return { op, path, version, by, claim: [path, n] };
}
/** The key of the version floor. */
export const FLOOR_KEY = 'floor';
/** Every journal entry's key: all numbers. Relies on the global `IDBKeyRange`. */
export const journalKeys = (): IDBKeyRange => IDBKeyRange.bound(-Infinity, Infinity);

/** True when `db` has the store and index a workspace needs. */
export function hasLayout(db: IDBDatabase): boolean {
  if (!db.objectStoreNames.contains(STORE_NAME)) return false;
  return db.transaction(STORE_NAME).objectStore(STORE_NAME).indexNames.contains(CLAIMS_INDEX);
}

/**
 * Runs in the `versionchange` transaction of an upgrade: creates the workspace store when `db` lacks it,
 * and its claims index when the store lacks that (a workspace from before the index keeps its records:
 * their versions were issued without claims, which only the next version of each file needs), and, when
 * `db` is a workspace of the first layout, moves its records into the store (requests on the upgrade's
 * transaction, which commits them all or nothing with the new version).
 */
export function upgrade(db: IDBDatabase, tx: IDBTransaction): void {
  const store = db.objectStoreNames.contains(STORE_NAME)
    ? tx.objectStore(STORE_NAME)
    : db.createObjectStore(STORE_NAME, { autoIncrement: true });
  if (!store.indexNames.contains(CLAIMS_INDEX)) {
    store.createIndex(CLAIMS_INDEX, CLAIM_FIELD, { unique: true });
  }
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

/** True for any object (not null): a record read from storage before its shape is checked. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
