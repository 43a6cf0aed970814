import { type UseStore, promisifyRequest } from 'idb-keyval';
import { FsError } from './errors';
import { FLOOR_KEY, fileKey, isObject, journalKeys, journalRecord, tombstoneKey } from './layout';
import {
  type Change,
  type Commit,
  decideDelete,
  decideEdit,
  decideWrite,
  type FsState,
  isTombstone,
  type PathClash,
  unlessAborted,
} from './mutate';
import { normalizeFilePath, parentDirs } from './paths';
import {
  BadRecord,
  type Checked,
  StorageProblems,
  type StorageProblem,
  checkFile,
  checkFloor,
  checkTombstone,
  setAsideIn,
} from './quarantine';
import {
  type FileRecord,
  MutationRecord,
  type Tombstone,
  fileInfo,
  versionAfter,
  versionNumber,
} from './records';
import { isDomError } from './store';
import { Subscribers } from './subscribers';
import type {
  Actor,
  EditGuard,
  EditOutcome,
  EditSpec,
  FileInfo,
  FileSnapshot,
  FsBackend,
  Mutation,
  MutationOptions,
  WriteGuard,
  WriteOutcome,
} from './types';

/** How the IndexedDB backend tells other tabs about commits and hears theirs: a `BroadcastChannel`. */
export type MutationChannel = Pick<
  BroadcastChannel,
  'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'
>;

/** What an `IdbBackend` is built from. */
export interface IdbBackendSpec {
  /** The storage capability, usually `connect(dbName, indexedDB)`; tests pass another. */
  useStore: UseStore;
  /** The channel shared by every tab of this workspace; without one, other tabs go unheard. */
  channel?: MutationChannel;
}

const OTHER_TAB: Actor = { kind: 'external', who: 'other-tab' };

/**
 * A workspace kept in IndexedDB (layout.ts). Every mutation commits in one readwrite transaction whose
 * synchronous callbacks read the file, decide (guard, match, replace), and store the file and append the
 * journal entry, which claims the new version, or abort so that nothing lands. A file this tab has just
 * read or written is not read again: the mutation decides against what the tab knows, and its entry's
 * claim fails when that version has been taken since; the mutation then reads and decides again in a
 * second transaction (see `commitIn`). Versions count per path and the journal numbers its own entries,
 * so no global counter is read or written. Every transaction is told to commit as soon as it has made its
 * last request (`commitNow`). Relies on the global `IDBKeyRange` for listings.
 */
export class IdbBackend implements FsBackend {
  readonly persistent = true;
  private readonly subscribers = new Subscribers<Mutation, FileSnapshot>();
  private readonly useStore: UseStore;
  private readonly channel: MutationChannel | undefined;
  private readonly hear = (event: Event): void => this.heard(event);
  private known: KnownFiles | null = null;
  private readonly problemsMet = new StorageProblems();

  constructor(spec: IdbBackendSpec) {
    this.useStore = spec.useStore;
    this.channel = spec.channel;
    this.channel?.addEventListener('message', this.hear);
  }

  /**
   * The file at `path` with its version, from one transaction; null when there is none. A stored record
   * that does not parse is set aside (see `problems`) and reads as no file.
   */
  async read(path: string): Promise<FileSnapshot | null> {
    const normal = normalizeFilePath(path);
    const key = fileKey(normal);
    let known: KnownFiles | null = null;
    const stored = await this.storage('readonly', (store) => {
      known = this.knownThrough(store);
      return settled(store, store.get(key));
    });
    const file = stored === undefined ? null : checkFile(stored, key);
    if (file !== null && !file.ok) await this.setAside([{ key, reason: file.reason }]);
    const found = file?.ok ? file.value : null;
    known!.learn(normal, found);
    return found;
  }

  /** Writes a whole file under `guard`; see `decideWrite`. */
  async write(
    path: string,
    content: string,
    guard: WriteGuard,
    by: Actor,
    options: MutationOptions = {},
  ): Promise<WriteOutcome> {
    return this.mutate(
      path,
      unlessAborted((state) => decideWrite(state, content, guard, by), options.signal),
    );
  }

  /** Replaces text in a file under `guard`; see `decideEdit`. */
  async edit(
    path: string,
    spec: EditSpec,
    guard: EditGuard,
    by: Actor,
    options: MutationOptions = {},
  ): Promise<EditOutcome> {
    return this.mutate(
      path,
      unlessAborted((state) => decideEdit(state, spec, guard, by), options.signal),
    );
  }

  /** Deletes a file (`FS_NOT_FOUND` when there is none). */
  async delete(path: string, by: Actor, options: MutationOptions = {}): Promise<void> {
    return this.mutate(
      path,
      unlessAborted((state) => decideDelete(state, by), options.signal),
    );
  }

  /** Starts afresh with `files` at v1, in one transaction; see `FsBackend.reset`. */
  async reset(files: Readonly<Record<string, string>>, by: Actor): Promise<void> {
    const next = Object.entries(files).map(([raw, content]) => {
      const path = normalizeFilePath(raw);
      return { path, content, version: versionAfter(0) };
    });
    // A record of any shape may sit there: the bad ones are set aside first (kept, never deleted unseen).
    const stored = await this.storage('readonly', (store) =>
      Promise.all([
        promisifyRequest(store.getAllKeys(prefixRange(fileKey('')))),
        promisifyRequest(store.getAllKeys(prefixRange(tombstoneKey('')))),
        settled(store, store.getAllKeys(FLOOR_KEY)),
      ]),
    );
    const keys = stored.flat().map(String);
    if (keys.length) await this.setAside(keys.map((key) => ({ key, reason: 'met by a reset' })));
    let known: KnownFiles | null = null;
    const mutations = await this.storage('readwrite', (store) => {
      known = this.knownThrough(store);
      return resetIn(store, next, by);
    });
    // What this tab knew is of the workspace before: forget it all, then learn the new files.
    known!.forget();
    for (const file of next) known!.learn(file.path, file);
    for (const mutation of mutations) this.announce(mutation);
  }

  /**
   * Every file, sorted by path. Records that do not parse are set aside before the listing is returned
   * (see `problems`); the others are all listed.
   */
  async list(): Promise<FileInfo[]> {
    const [keys, stored] = await this.storage('readonly', (store) => {
      const range = prefixRange(fileKey(''));
      return Promise.all([promisifyRequest(store.getAllKeys(range)), settled(store, store.getAll(range))]);
    });
    const files: FileInfo[] = [];
    const bad: { key: string; reason: string }[] = [];
    stored.forEach((record, i) => {
      const key = String(keys[i]);
      const file = checkFile(record, key);
      if (file.ok) files.push(fileInfo(file.value));
      else bad.push({ key, reason: file.reason });
    });
    if (bad.length > 0) await this.setAside(bad);
    return files;
  }

  /**
   * The committed mutations, oldest first. An entry that does not parse is skipped and reported (see
   * `problems`), and left where it is: its claim still reserves the version it issued.
   */
  async journal(): Promise<Mutation[]> {
    const [seqs, entries] = await this.storage('readonly', (store) =>
      Promise.all([
        promisifyRequest(store.getAllKeys(journalKeys())),
        settled(store, store.getAll(journalKeys())),
      ]),
    );
    return entries.flatMap((stored, i) => {
      // An entry's claim is for the index; the journal is the rest.
      const { claim: _claim, ...entry }: Record<string, unknown> = isObject(stored) ? stored : {};
      const parsed = MutationRecord.safeParse({ seq: seqs[i], ...entry });
      if (parsed.success) return [parsed.data];
      const reason = parsed.error.issues[0]?.message ?? 'invalid';
      const key = String(seqs[i]);
      this.problemsMet.add({ code: 'STORAGE_BAD_RECORD', key, reason, setAsideAs: null });
      return [];
    });
  }

  /**
   * Every stored record this backend has met that does not parse (`STORAGE_BAD_RECORD`), one per key, in
   * the order met: each was set aside under a `quarantine:` key (`setAsideAs`), or, for a journal entry
   * or a record that could not be moved, left where it is and skipped (`setAsideAs: null`). Nothing is
   * ever deleted for being bad. Reading and listing the other records is unaffected.
   */
  problems(): StorageProblem[] {
    return this.problemsMet.list();
  }

  /**
   * Hears every mutation committed through this backend and, over the channel, by other tabs. A mutation
   * from another tab arrives with `by: {kind: 'external', who: 'other-tab'}`: from here, that is who
   * made it (the journal keeps the original actor). Returns the unsubscribe function.
   */
  subscribe(listener: (mutation: Mutation, before?: FileSnapshot) => void): () => void {
    return this.subscribers.add(listener);
  }

  /** Stops hearing other tabs and closes the channel. The backend still works for this tab. */
  close(): void {
    this.channel?.removeEventListener('message', this.hear);
    this.channel?.close();
  }

  // A record met inside the mutation's transaction that does not parse aborts it: the record is set
  // aside in a transaction of its own (which commits even when the mutation is then refused), and the
  // mutation runs again. A path has at most three records that can be bad (file, tombstone, floor).
  private async mutate<O>(raw: string, decide: (state: FsState) => Commit<O>): Promise<O> {
    const path = normalizeFilePath(raw);
    for (let tries = 0; ; tries++) {
      try {
        return await this.mutateOnce(path, decide);
      } catch (error) {
        if (!(error instanceof BadRecord)) throw error;
        const moved = tries < 3 && (await this.setAside([{ key: error.key, reason: error.reason }]));
        if (!moved) throw storageError(new Error(error.message));
      }
    }
  }

  private async mutateOnce<O>(path: string, decide: (state: FsState) => Commit<O>): Promise<O> {
    let known: KnownFiles | null = null;
    const attempt = (trustKnown: boolean) =>
      this.storage('readwrite', (store) => {
        known = this.knownThrough(store);
        return commitIn(store, path, decide, trustKnown ? known.trusted(path) : null);
      });
    let done = await attempt(true);
    // Someone took the version after the one this tab knew: read the file and decide again.
    if (done === TAKEN) {
      known!.contended(path);
      done = await attempt(false);
    }
    if (done === TAKEN) throw new Error('a mutation that read the file found its version taken');
    const { outcome, mutation, after } = done;
    known!.learn(path, isTombstone(after) ? null : after);
    if (mutation !== null) this.announce(mutation);
    return outcome;
  }

  /**
   * What this tab knows of files through the connection `store` belongs to. A new connection may be to a
   * database deleted and made again, so what was known through another is dropped.
   */
  private knownThrough(store: IDBObjectStore): KnownFiles {
    const db = store.transaction.db;
    if (this.known?.db !== db) this.known = new KnownFiles(db);
    return this.known;
  }

  private async storage<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.useStore(mode, body);
    } catch (error) {
      if (error instanceof BadRecord) throw error;
      throw storageError(error);
    }
  }

  /**
   * Sets aside the records at `bad` that still do not parse (quarantine.ts), and notes each as a problem;
   * a record that could not be moved is noted as left in place. True when every one was moved.
   */
  private async setAside(bad: readonly { key: string; reason: string }[]): Promise<boolean> {
    try {
      const moved = await this.storage('readwrite', (store) =>
        setAsideIn(
          store,
          bad.map((b) => b.key),
        ),
      );
      for (const problem of moved) this.problemsMet.add(problem);
      return true;
    } catch (error) {
      for (const { key, reason } of bad) {
        const why = `${reason}; it could not be set aside (${messageOf(error)})`;
        this.problemsMet.add({ code: 'STORAGE_BAD_RECORD', key, reason: why, setAsideAs: null });
      }
      return false;
    }
  }

  private announce(mutation: Mutation): void {
    this.subscribers.emit(mutation);
    try {
      this.channel?.postMessage(mutation);
    } catch {
      // A closed channel only means other tabs learn of this change when they next read.
    }
  }

  private heard(event: Event): void {
    const parsed = MutationRecord.safeParse((event as MessageEvent).data);
    if (!parsed.success) return;
    const { path, version } = parsed.data;
    // What this tab knew of the file, when it is the version just before: the change can then be shown.
    const knew = this.known?.peek(path);
    const before =
      knew && version !== null && versionNumber(version) === versionNumber(knew.version) + 1
        ? knew
        : undefined;
    // Not needed for correctness (the claim would fail), but saves a transaction bound to abort.
    this.known?.learn(path, null);
    this.subscribers.emit({ ...parsed.data, by: OTHER_TAB }, before);
  }
}

/** What a committed mutation gives back: the outcome, the numbered journal entry, what the path holds. */
interface Committed<O> {
  outcome: O;
  /** Null when nothing changed (an identical write). */
  mutation: Mutation | null;
  after: FileRecord | Tombstone;
}

/** The answer of a mutation decided against a known file whose next version someone else has taken. */
const TAKEN = Symbol('version taken');

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
function commitIn<O>(
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
function settled<T>(store: IDBObjectStore, request: IDBRequest<T>): Promise<T> {
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
function resetIn(store: IDBObjectStore, files: readonly FileRecord[], by: Actor): Promise<Mutation[]> {
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
function prefixRange(prefix: string): IDBKeyRange {
  const last = prefix.charCodeAt(prefix.length - 1);
  return IDBKeyRange.bound(prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1), false, true);
}

/** The record a check found valid; else a `BadRecord`, which has the mutation set it aside and retry. */
function valid<T>(checked: Checked<T>, key: string): T {
  if (checked.ok) return checked.value;
  throw new BadRecord(key, checked.reason);
}

/** Turns what storage threw into an `FsError`: the guard's own, `FS_QUOTA`, or `FS_UNAVAILABLE`. */
export function storageError(error: unknown): FsError {
  if (error instanceof FsError) return error;
  if (isDomError(error, 'QuotaExceededError')) {
    return new FsError(
      'FS_QUOTA',
      'The browser refused to store more for this site (storage quota exceeded); nothing was changed.',
      'Delete files that are no longer needed, or write less, then retry.',
    );
  }
  return new FsError(
    'FS_UNAVAILABLE',
    `The workspace storage failed: ${messageOf(error)}; nothing was changed.`,
    'Retry once; if it fails again, reload the page.',
  );
}

/** How many mutations of a path read first after it lost a claim. */
const CONTENDED_WAIT = 8;

/** How much file content a tab keeps for deciding without reading: 16 M characters (about 32 MB). */
const KNOWN_CHARS = 16 * 2 ** 20;

/**
 * The files this tab last read or wrote through one connection, each at the version it then had, the
 * least recently used dropped beyond `KNOWN_CHARS`. A file here may since have changed; its version then
 * tells, because the next one is taken.
 */
class KnownFiles {
  private readonly files = new Map<string, FileRecord>();
  private chars = 0;
  /** Paths whose claim was lost lately, and how many more of their mutations read first. */
  private readonly waits = new Map<string, number>();

  constructor(readonly db: IDBDatabase) {}

  /**
   * The file to decide against without reading, if any. A path whose claim was lost lately is read
   * first for its next few mutations: while tabs race for a file, a claim is likely to be lost, and
   * losing one costs a transaction more than reading first would.
   */
  trusted(path: string): FileRecord | null {
    const wait = this.waits.get(path);
    if (wait === undefined) return this.files.get(path) ?? null;
    if (wait <= 1) this.waits.delete(path);
    else this.waits.set(path, wait - 1);
    return null;
  }

  /** The file as last known, whatever its claim: for showing a change, never for deciding one. */
  peek(path: string): FileRecord | undefined {
    return this.files.get(path);
  }

  /** Forgets every file (the workspace was started afresh). */
  forget(): void {
    this.files.clear();
    this.waits.clear();
    this.chars = 0;
  }

  /** Notes that a claim on `path` was lost. */
  contended(path: string): void {
    this.waits.set(path, CONTENDED_WAIT);
  }

  /**
   * Records what `path` holds: a file, or null for none (or unknown). A file older than the one known is
   * ignored: a read that started before this tab's own commit can finish after it, and a path's versions
   * only grow (through one connection, to one database).
   */
  learn(path: string, file: FileRecord | null): void {
    const old = this.files.get(path);
    if (old !== undefined && file !== null && versionNumber(file.version) < versionNumber(old.version))
      return;
    if (old !== undefined) {
      this.files.delete(path);
      this.chars -= old.content.length;
    }
    if (file === null || file.content.length > KNOWN_CHARS) return;
    this.files.set(path, file);
    this.chars += file.content.length;
    while (this.chars > KNOWN_CHARS) {
      const [oldest, record] = this.files.entries().next().value!;
      this.files.delete(oldest);
      this.chars -= record.content.length;
    }
  }
}

/** What a storage failure says: a `DOMException`'s name and message, or the thrown value as text. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  try {
    return String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
