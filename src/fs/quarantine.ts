// Records of a workspace that do not parse are set aside, never trusted, and never deleted without a word.
// Any page of the same origin can write into the database, and so could a bug of a future release: one bad
// record must cost the visitor that record, not the workspace. A bad file or tombstone is moved, in one
// readwrite transaction, from its key to a `quarantine:<stamp>:<key>` key holding the original value
// untouched (as deep as it was: a wrapper would add levels, and a value stored at the browser's depth limit
// could then not be stored again), so the path is free again; what the journal's claims index says of the
// path is kept as a tombstone, so a version the journal issued is never issued again. A value the browser
// cannot store a second time is removed, and the problem says so: left in place, it would block its path
// (a reset included) for ever. A bad journal entry stays where it is (its claim still reserves the version
// it issued) and is skipped when the journal is read.
import type { z } from 'zod';
import { CLAIMS_INDEX, FLOOR_KEY } from './layout';
import { normalizeFilePath } from './paths';
import { FileRecord, Tombstone, VersionFloor, versionNumber } from './records';
import type { StorageProblem } from './types';

/** The prefix of every key that holds a record set aside. */
export const QUARANTINE_PREFIX = 'quarantine:';

/** A record read inside a mutation did not parse: the mutation sets it aside and runs again. */
export class BadRecord extends Error {
  override readonly name = 'BadRecord';
  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`the record at ${key} is not valid: ${reason}`);
  }
}

/** The problems a backend has met, one per key, in the order met. */
export class StorageProblems {
  private readonly byKey = new Map<string, StorageProblem>();

  add(problem: StorageProblem): void {
    this.byKey.delete(problem.key);
    this.byKey.set(problem.key, problem);
  }

  list(): StorageProblem[] {
    return [...this.byKey.values()];
  }
}

/** A record that parses, or why not. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

const issue = (error: z.ZodError): string => {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'the record'}: ${first.message}` : 'invalid';
};

function check<T>(schema: z.ZodType<T>, stored: unknown): Checked<T> {
  const parsed = schema.safeParse(stored);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: issue(parsed.error) };
}

/** A file record as stored at `key`: it parses, and its path is normalized and the key's own. */
export function checkFile(stored: unknown, key: string): Checked<FileRecord> {
  const file = check(FileRecord, stored);
  if (!file.ok) return file;
  const { path } = file.value;
  if (key !== `file:${path}` || !isNormal(path)) {
    return { ok: false, reason: `the record names the path ${JSON.stringify(path.slice(0, 200))}` };
  }
  return file;
}

/** A tombstone as stored at `key`, with the same checks as a file's. */
export function checkTombstone(stored: unknown, key: string): Checked<Tombstone> {
  const gone = check(Tombstone, stored);
  if (!gone.ok) return gone;
  const { path } = gone.value;
  if (key !== `gone:${path}` || !isNormal(path)) {
    return { ok: false, reason: `the tombstone names the path ${JSON.stringify(path.slice(0, 200))}` };
  }
  return gone;
}

/** The version floor as stored. */
export function checkFloor(stored: unknown): Checked<VersionFloor> {
  return check(VersionFloor, stored);
}

function isNormal(path: string): boolean {
  try {
    return normalizeFilePath(path) === path;
  } catch {
    return false;
  }
}

/** The check of whatever a key holds, or null for a key this module never sets aside. */
function checkerFor(key: string): ((stored: unknown) => Checked<unknown>) | null {
  if (key.startsWith('file:')) return (stored) => checkFile(stored, key);
  if (key.startsWith('gone:')) return (stored) => checkTombstone(stored, key);
  if (key === FLOOR_KEY) return checkFloor;
  return null;
}

/** The path a file or tombstone key is for, or null. */
function pathOf(key: string): string | null {
  return key.startsWith('file:') || key.startsWith('gone:') ? key.slice('file:'.length) : null;
}

let made = 0;

/** A fresh `quarantine:` key for the record at `key`: a stamp (time and a counter), then the key. */
export function quarantineKey(now: number, key: string): string {
  return `${QUARANTINE_PREFIX}${now.toString(36)}.${(made++).toString(36)}:${key}`;
}

/** The original key a `quarantine:` key was made for. */
export function quarantinedKey(at: string): string {
  return at.slice(at.indexOf(':', QUARANTINE_PREFIX.length) + 1);
}

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Sets aside, in the transaction of `store`, each of `keys` whose record still does not parse: moves it
 * under a new `quarantine:` key and deletes the original. For a file or tombstone, the highest version
 * the journal's claims index holds for its path goes into the path's tombstone, so no version is issued
 * twice. Settles, once the transaction has committed, with a problem for each record moved.
 */
export function setAsideIn(store: IDBObjectStore, keys: readonly string[]): Promise<StorageProblem[]> {
  return new Promise((resolve, reject) => {
    const tx = store.transaction;
    const moved: StorageProblem[] = [];
    const now = Date.now();
    let failure: unknown = null;
    // Thrown in a request's handler, an error would abort the transaction with no word of why.
    const guarded = (step: () => void) => () => {
      try {
        step();
      } catch (error) {
        failure = error;
        tx.abort();
      }
    };
    const move = (key: string, value: unknown, reason: string): void => {
      const at = quarantineKey(now, key);
      try {
        store.put(value, at);
      } catch (error) {
        // It was stored once, but this browser will not store it again (too deep to clone here, say).
        store.delete(key);
        const why = `${reason}; it could not be stored again (${describe(error)}), so it was removed`;
        moved.push({ code: 'STORAGE_BAD_RECORD', key, reason: why, setAsideAs: null });
        return;
      }
      store.delete(key);
      moved.push({ code: 'STORAGE_BAD_RECORD', key, reason, setAsideAs: at });
    };
    for (const key of new Set(keys)) {
      const checker = checkerFor(key);
      if (!checker) continue;
      // A cursor, not `get`: a record whose value is `undefined` is still a record to set aside.
      const request = store.openCursor(key);
      request.onsuccess = guarded(() => {
        if (request.result === null) return;
        const stored: unknown = request.result.value;
        const checked = checker(stored);
        if (checked.ok) return;
        move(key, stored, checked.reason);
        const path = pathOf(key);
        if (path !== null) keepClaimedVersion(store, path, move, guarded);
      });
    }
    tx.oncomplete = () => resolve(moved);
    tx.onabort = () =>
      reject(failure ?? tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });
}

/**
 * Makes the tombstone of `path` (after a bad record of the path was set aside) say at least the highest
 * version the journal has claimed for the path, so the next version of a file created there is new. A
 * bad tombstone met on the way is set aside with `move` first.
 */
function keepClaimedVersion(
  store: IDBObjectStore,
  path: string,
  move: (key: string, value: unknown, reason: string) => void,
  guarded: (step: () => void) => () => void,
): void {
  const range = IDBKeyRange.bound([path, -Infinity], [path, Infinity]);
  const claims = store.index(CLAIMS_INDEX).openKeyCursor(range, 'prev');
  const key = `gone:${path}`;
  const gone = store.get(key);
  // Requests succeed in the order they were made: the cursor has its answer by now.
  gone.onsuccess = guarded(() => {
    const last = claims.result?.key;
    const claimed = Array.isArray(last) && typeof last[1] === 'number' ? last[1] : 0;
    let kept = 0;
    if (gone.result !== undefined) {
      const tombstone = checkTombstone(gone.result, key);
      if (tombstone.ok) kept = versionNumber(tombstone.value.version);
      else move(key, gone.result, tombstone.reason);
    }
    // A claim past what a stored version can say (15 digits) was never issued by this code: ignored.
    if (Number.isSafeInteger(claimed) && claimed < 1e15 && claimed > kept) {
      const replacement: Tombstone = { path, version: `v${claimed}`, deleted: true };
      store.put(replacement, key);
    }
  });
}
