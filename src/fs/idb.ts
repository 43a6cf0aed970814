import { type UseStore, promisifyRequest } from 'idb-keyval';
import { FsError } from './errors';
import { FLOOR_KEY, fileKey, isObject, journalKeys, tombstoneKey } from './layout';
import {
  type Commit,
  decideDelete,
  decideEdit,
  decideWrite,
  type FsState,
  isTombstone,
  unlessAborted,
} from './mutate';
import { normalizeFilePath } from './paths';
import { BadRecord, StorageProblems, checkFile, setAsideIn } from './quarantine';
import { MutationRecord, fileInfo, versionAfter, versionNumber } from './records';
import { isDomError } from './store';
import { TAKEN, commitIn, prefixRange, resetIn, settled } from './idb-commit';
import { KnownFiles } from './known-files';
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
  StorageProblem,
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

/** What a storage failure says: a `DOMException`'s name and message, or the thrown value as text. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  try {
    return String(error);
  } catch {
    return 'an error that cannot be described';
  }
}
