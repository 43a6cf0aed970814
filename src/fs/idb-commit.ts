// The IndexedDB backend's transactions: one mutation or a reset, each run in a single transaction in
// synchronous request callbacks, and the requests they make.
import { promisifyRequest } from 'idb-keyval';
import { FLOOR_KEY, fileKey, journalKeys, journalRecord, tombstoneKey } from './layout';
import { type Change, type Commit, type FsState, isTombstone, type PathClash } from './mutate';
import { parentDirs } from './paths';
import { BadRecord, type Checked, checkFile, checkFloor, checkTombstone } from './quarantine';
import { type FileRecord, type Tombstone, versionNumber } from './records';
import { isDomError } from './store';
import type { Actor, Mutation } from './types';

/** What a committed mutation gives back: the outcome, the numbered journal entry, what the path holds. */
export interface Committed<O> {
  outcome: O;
  /** Null when nothing changed (an identical write). */
  mutation: Mutation | null;
  after: FileRecord | Tombstone;
}

/** The answer of a mutation decided against a known file whose next version someone else has taken. */
export const TAKEN = Symbol('version taken');

/**
 * Runs one mutation inside the transaction of `store`, entirely in synchronous request callbacks, and
 * settles when the transaction does: with what was committed, once it is durable, or with the error that
 * aborted it.
 *
 * With `known`, the file as this tab last saw it, the mutation is decided against it without reading, and
 * its requests claim the version after `known`'s: the claim is the check. It succeeds only when nobody
 * has issued that version, that is, when `known` is still the file (versions are never issued twice, so
 * the file at `known`'s version has `known`'s content). If the claim fails, the transaction aborts with
 * nothing stored and this settles with `TAKEN`. A decision against `known` that changes nothing, or
 * refuses, is not trusted: the mutation reads the file in the same transaction and decides again, so that
 * a refusal always names the file as it is (a stale version before a failed match).
 *
 * Otherwise it gets the file and decides; when the file exists, the transaction makes three requests: get
 * the file; add the journal entry (which claims the new version) and put the file.
 *
 * Either way the transaction is told to commit right after its last request. A claim that fails after
 * that still aborts it: the add's error event is not cancelled, and an uncancelled error aborts even a
 * committing transaction (the claims cases check this on Chromium's IndexedDB as well).
 */
export function commitIn<O>(
  store: IDBObjectStore,
  path: string,
  decide: (state: FsState) => Commit<O>,
  known: FileRecord | null,
): Promise<Committed<O> | typeof TAKEN> {
  return new Promise((resolve, reject) => {
    const tx = store.transaction;
    let done: Committed<O> | null = null;
    let failure: unknown = null;
    // The journal entry's request: its result is the seq, its error tells a lost claim.
    let entry: { request: IDBRequest; change: Change } | null = null;
    const failed = (error: unknown): void => {
      failure = error;
      tx.abort();
    };
    // Makes the last requests and commits at once: nothing more is asked of this transaction.
    const commit = (decided: Commit<O>, hadTombstone: boolean): void => {
      const { after, change, outcome } = decided;
      done = { outcome, mutation: null, after };
      if (change !== null) {
        // The entry claims the version it issues: the add fails if another entry has claimed it.
        entry = { request: store.add(journalRecord(change, versionNumber(after.version))), change };
        if (isTombstone(after)) {
          store.delete(fileKey(path));
          store.put(after, tombstoneKey(path));
        } else {
          store.put(after, fileKey(path));
          if (hadTombstone) store.delete(tombstoneKey(path));
        }
      }
      commitNow(tx);
    };
    const guarded = (step: () => void) => () => {
      try {
        step();
      } catch (error) {
        failed(error);
      }
    };
    const readAndCommit = (): void => {
      const file = store.get(fileKey(path));
      file.onsuccess = guarded(() => {
        const current =
          file.result === undefined ? null : valid(checkFile(file.result, fileKey(path)), fileKey(path));
        // An existing file is all a mutation needs: its version gives the next one, and it cannot clash.
        if (current !== null) return void commit(decide({ path, current, floor: 0, clash: null }), false);
        const around = lookAround(store, path);
        around.last.onsuccess = guarded(() => {
          const { floor, clash, tombstone } = around.results();
          commit(decide({ path, current: null, floor, clash }), tombstone);
        });
      });
    };
    tx.oncomplete = () => {
      if (done === null) return reject(new Error('committed without a decision'));
      // The store's key generator gave the seq; the entry is announced only now that it is durable.
      if (entry !== null) done.mutation = { seq: entry.request.result as number, ...entry.change };
      resolve(done);
    };
    tx.onabort = () => {
      // Only a claim made without reading can be lost; one made after reading holds (same transaction).
      if (trusted && failure === null && isDomError(entry?.request.error, 'ConstraintError')) {
        return resolve(TAKEN);
      }
      reject(failure ?? tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
    };
    let trusted = false;
    guarded(() => {
      const decided =
        known === null ? null : decideOrNull(decide, { path, current: known, floor: 0, clash: null });
      if (decided === null || decided.change === null) return readAndCommit();
      trusted = true;
      commit(decided, false);
    })();
  });
}

/**
 * Tells IndexedDB that `tx` will make no more requests, so that it commits as soon as they are done
 * instead of after their results have come back to this page (one round trip fewer; a readwrite
 * transaction waiting for the same store starts sooner too). Where `commit` is missing, the transaction
 * commits by itself once its requests are done.
 */
function commitNow(tx: IDBTransaction): void {
  tx.commit?.();
}

/** The result of `request`, the last one `store`'s transaction makes; the transaction commits at once. */
export function settled<T>(store: IDBObjectStore, request: IDBRequest<T>): Promise<T> {
  commitNow(store.transaction);
  return promisifyRequest(request);
}

/** A decision, or null where it refuses. */
function decideOrNull<O>(decide: (state: FsState) => Commit<O>, state: FsState): Commit<O> | null {
  try {
    return decide(state);
  } catch {
    return null;
  }
}

/**
 * For a path without a file: asks for its tombstone, the version floor and the files it would clash
 * with. Requests succeed in the order they were made, so once `last` has succeeded, `results()` has
 * every answer: the floor the next version must exceed, the clash, and whether there is a tombstone.
 */
function lookAround(store: IDBObjectStore, path: string) {
  const tombstone = store.get(tombstoneKey(path));
  const floor = store.get(FLOOR_KEY);
  const ancestors = parentDirs(path)
    .slice(1)
    .map((dir) => ({ dir, request: store.getKey(fileKey(dir)) }));
  const inside = store.getKey(prefixRange(fileKey(path + '/')));
  const results = (): { floor: number; clash: PathClash | null; tombstone: boolean } => {
    const goneKey = tombstoneKey(path);
    const gone =
      tombstone.result === undefined ? null : valid(checkTombstone(tombstone.result, goneKey), goneKey);
    const migrated = floor.result === undefined ? 0 : valid(checkFloor(floor.result), FLOOR_KEY).version;
    const ancestor = ancestors.find(({ request }) => request.result !== undefined);
    const clash: PathClash | null =
      ancestor !== undefined
        ? { file: ancestor.dir, relation: 'ancestor' }
        : inside.result !== undefined
          ? { file: String(inside.result).slice(fileKey('').length), relation: 'inside' }
          : null;
    return {
      floor: Math.max(gone === null ? 0 : versionNumber(gone.version), migrated),
      clash,
      tombstone: gone !== null,
    };
  };
  return { last: inside, results };
}

/**
 * Runs a reset inside the transaction of `store`: lists the files there, deletes every file, tombstone,
 * journal entry and the floor (records set aside as bad are kept), and writes `files` with their journal
 * entries (a delete for each file that went, a write for each new one). Deleting does not reset the
 * store's key generator, so journal numbers keep growing. Settles with the
 * numbered entries once the transaction is durable.
 */
export function resetIn(store: IDBObjectStore, files: readonly FileRecord[], by: Actor): Promise<Mutation[]> {
  return new Promise((resolve, reject) => {
    const tx = store.transaction;
    const entries: { request: IDBRequest<IDBValidKey>; change: Change }[] = [];
    const keys = store.getAllKeys(prefixRange(fileKey('')));
    keys.onsuccess = () => {
      const written = new Set(files.map((f) => f.path));
      const gone = keys.result.map((k) => String(k).slice(fileKey('').length)).filter((p) => !written.has(p));
      // Everything of the workspace before goes; records set aside as bad stay where they were put.
      store.delete(journalKeys());
      store.delete(prefixRange(fileKey('')));
      store.delete(prefixRange(tombstoneKey('')));
      store.delete(FLOOR_KEY);
      for (const path of gone) {
        const change: Change = { op: 'delete', path, version: null, by };
        entries.push({ request: store.add({ op: 'delete', path, version: null, by }), change });
      }
      for (const file of files) {
        const change: Change = { op: 'write', path: file.path, version: file.version, by };
        entries.push({ request: store.add(journalRecord(change, versionNumber(file.version))), change });
        store.put(file, fileKey(file.path));
      }
      commitNow(tx);
    };
    tx.oncomplete = () =>
      resolve(entries.map(({ request, change }) => ({ seq: request.result as number, ...change })));
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });
}

/** Every key that starts with `prefix`. */
export function prefixRange(prefix: string): IDBKeyRange {
  const last = prefix.charCodeAt(prefix.length - 1);
  return IDBKeyRange.bound(prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1), false, true);
}

/** The record a check found valid; else a `BadRecord`, which has the mutation set it aside and retry. */
function valid<T>(checked: Checked<T>, key: string): T {
  if (checked.ok) return checked.value;
  throw new BadRecord(key, checked.reason);
}
