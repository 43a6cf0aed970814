import { type UseStore, promisifyRequest } from 'idb-keyval';
import type { z } from 'zod';
import { ToolError, describeThrown } from '../harness/errors';
import { type Commit, decideDelete, decideEdit, decideWrite, type FsState, type PathClash } from './mutate';
import { normalizeFilePath, parentDirs } from './paths';
import { Counters, FRESH_COUNTERS, FileRecord, MutationRecord, fileInfo } from './records';
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
  WriteGuard,
  WriteOutcome,
} from './types';

// One object store, three kinds of key: `file:<path>` → FileRecord, `meta` → Counters,
// `log:<seq, 12 digits>` → MutationRecord. Padding keeps the journal in order under string comparison.
const FILE = 'file:';
const LOG = 'log:';
const META = 'meta';
const fileKey = (path: string): string => FILE + path;
const logKey = (seq: number): string => LOG + String(seq).padStart(12, '0');

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
 * A workspace kept in IndexedDB. Every mutation is one readwrite transaction whose synchronous callbacks
 * read the file and the counters, decide (guard, match, replace), and store the file, the counters and
 * the journal entry, or abort so that nothing lands. Relies on the global `IDBKeyRange` for listings.
 */
export class IdbBackend implements FsBackend {
  readonly persistent = true;
  private readonly subscribers = new Subscribers<Mutation>();
  private readonly useStore: UseStore;
  private readonly channel: MutationChannel | undefined;
  private readonly hear = (event: Event): void => this.heard(event);

  constructor(spec: IdbBackendSpec) {
    this.useStore = spec.useStore;
    this.channel = spec.channel;
    this.channel?.addEventListener('message', this.hear);
  }

  /** The file at `path` with its version, from one transaction; null when there is none. */
  async read(path: string): Promise<FileSnapshot | null> {
    const key = fileKey(normalizeFilePath(path));
    const stored = await this.storage('readonly', (store) => promisifyRequest(store.get(key)));
    return stored === undefined ? null : parse(FileRecord, stored, key);
  }

  /** Writes a whole file under `guard`; see `decideWrite`. */
  async write(path: string, content: string, guard: WriteGuard, by: Actor): Promise<WriteOutcome> {
    return this.mutate(path, (state) => decideWrite(state, content, guard, by));
  }

  /** Replaces text in a file under `guard`; see `decideEdit`. */
  async edit(path: string, spec: EditSpec, guard: EditGuard, by: Actor): Promise<EditOutcome> {
    return this.mutate(path, (state) => decideEdit(state, spec, guard, by));
  }

  /** Deletes a file (`FS_NOT_FOUND` when there is none). */
  async delete(path: string, by: Actor): Promise<void> {
    return this.mutate(path, (state) => decideDelete(state, by));
  }

  /** Every file, sorted by path. */
  async list(): Promise<FileInfo[]> {
    const stored = await this.storage('readonly', (store) =>
      promisifyRequest(store.getAll(prefixRange(FILE))),
    );
    return stored.map((record) => fileInfo(parse(FileRecord, record, 'a file')));
  }

  /** The committed mutations, oldest first. */
  async journal(): Promise<Mutation[]> {
    const stored = await this.storage('readonly', (store) =>
      promisifyRequest(store.getAll(prefixRange(LOG))),
    );
    return stored.map((record) => parse(MutationRecord, record, 'a journal entry'));
  }

  /**
   * Hears every mutation committed through this backend and, over the channel, by other tabs. A mutation
   * from another tab arrives with `by: {kind: 'external', who: 'other-tab'}`: from here, that is who
   * made it (the journal keeps the original actor). Returns the unsubscribe function.
   */
  subscribe(listener: (mutation: Mutation) => void): () => void {
    return this.subscribers.add(listener);
  }

  /** Stops hearing other tabs and closes the channel. The backend still works for this tab. */
  close(): void {
    this.channel?.removeEventListener('message', this.hear);
    this.channel?.close();
  }

  private async mutate<O>(raw: string, decide: (state: FsState) => Commit<O>): Promise<O> {
    const path = normalizeFilePath(raw);
    const commit = await this.storage('readwrite', (store) => commitIn(store, path, decide));
    if (commit.mutation !== null) this.announce(commit.mutation);
    return commit.outcome;
  }

  private async storage<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.useStore(mode, body);
    } catch (error) {
      throw storageError(error);
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
    if (parsed.success) this.subscribers.emit({ ...parsed.data, by: OTHER_TAB });
  }
}

/**
 * Runs one mutation inside the transaction of `store`, entirely in synchronous request callbacks, and
 * settles when the transaction does: with the commit once it is durable, or with the error that aborted it.
 */
function commitIn<O>(
  store: IDBObjectStore,
  path: string,
  decide: (state: FsState) => Commit<O>,
): Promise<Commit<O>> {
  return new Promise((resolve, reject) => {
    const tx = store.transaction;
    let commit: Commit<O> | null = null;
    let failure: unknown = null;
    const file = store.get(fileKey(path));
    const meta = store.get(META);
    const decideWith = (clash: PathClash | null, current: FileRecord | null, counters: Counters): void => {
      commit = decide({ path, current, counters, clash });
      if (commit.mutation === null) return;
      store.put(commit.counters, META);
      if (commit.file === null) store.delete(fileKey(path));
      else store.put(commit.file, fileKey(path));
      store.put(commit.mutation, logKey(commit.mutation.seq));
    };
    const failed = (error: unknown): void => {
      failure = error;
      tx.abort();
    };
    // Requests succeed in the order they were made: when the last one does, every result is in.
    meta.onsuccess = () => {
      try {
        const current = file.result === undefined ? null : parse(FileRecord, file.result, fileKey(path));
        const counters = meta.result === undefined ? FRESH_COUNTERS : parse(Counters, meta.result, META);
        // Only a file that does not exist yet can clash with another path; an edit never needs to look.
        if (current !== null) return decideWith(null, current, counters);
        const ancestors = parentDirs(path)
          .slice(1)
          .map((dir) => ({ dir, request: store.getKey(fileKey(dir)) }));
        const inside = store.getKey(prefixRange(fileKey(path + '/')));
        inside.onsuccess = () => {
          try {
            const ancestor = ancestors.find(({ request }) => request.result !== undefined);
            const clash: PathClash | null =
              ancestor !== undefined
                ? { file: ancestor.dir, relation: 'ancestor' }
                : inside.result !== undefined
                  ? { file: String(inside.result).slice(FILE.length), relation: 'inside' }
                  : null;
            decideWith(clash, null, counters);
          } catch (error) {
            failed(error);
          }
        };
      } catch (error) {
        failed(error);
      }
    };
    tx.oncomplete = () =>
      commit === null ? reject(new Error('committed without a decision')) : resolve(commit);
    tx.onabort = () =>
      reject(failure ?? tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });
}

/** Every key that starts with `prefix`. */
function prefixRange(prefix: string): IDBKeyRange {
  const last = prefix.charCodeAt(prefix.length - 1);
  return IDBKeyRange.bound(prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1), false, true);
}

/** Parses a record read from IndexedDB; a record of another shape means storage this code cannot trust. */
function parse<T>(schema: z.ZodType<T>, stored: unknown, what: string): T {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  throw new ToolError(
    'FS_UNAVAILABLE',
    `The workspace storage holds ${what} in an unexpected shape: ${parsed.error.message}`,
    'The stored workspace is damaged; reset the workspace to start again.',
  );
}

/** Turns what storage threw into a `ToolError`: the guard's own, `FS_QUOTA`, or `FS_UNAVAILABLE`. */
export function storageError(error: unknown): ToolError {
  if (error instanceof ToolError) return error;
  if (isDomError(error, 'QuotaExceededError')) {
    return new ToolError(
      'FS_QUOTA',
      'The browser refused to store more for this site (storage quota exceeded); nothing was changed.',
      'Delete files that are no longer needed, or write less, then retry.',
    );
  }
  return new ToolError(
    'FS_UNAVAILABLE',
    `The workspace storage failed: ${describeThrown(error)}; nothing was changed.`,
    'Retry once; if it fails again, reload the page.',
  );
}
