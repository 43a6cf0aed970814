import {
  type Commit,
  decideDelete,
  decideEdit,
  decideWrite,
  type FsState,
  isTombstone,
  type PathClash,
  unlessAborted,
} from './mutate';
import { byCodeUnits, normalizeFilePath, parentDirs } from './paths';
import { type FileRecord, type Tombstone, fileInfo, versionAfter, versionNumber } from './records';
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

/**
 * A workspace that lives only as long as the page: the fallback when IndexedDB is unavailable, and the
 * backend of Node tests. Each mutation reads, decides and stores without yielding, so it is atomic. It
 * keeps what `IdbBackend` keeps, the same way: files, the tombstones of deleted files (versions count on
 * per path) and a journal numbered from 1.
 */
export class MemoryBackend implements FsBackend {
  readonly persistent = false;
  private readonly files = new Map<string, FileRecord>();
  private readonly tombstones = new Map<string, Tombstone>();
  private log: Mutation[] = [];
  private seq = 0;
  private readonly subscribers = new Subscribers<Mutation>();

  /** The file at `path` with its version, or null when there is none. */
  async read(path: string): Promise<FileSnapshot | null> {
    const file = this.files.get(normalizeFilePath(path));
    return file === undefined ? null : { ...file };
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

  /** Starts afresh with `files` at v1; see `FsBackend.reset`. */
  async reset(files: Readonly<Record<string, string>>, by: Actor): Promise<void> {
    const next = new Map(
      Object.entries(files).map(([raw, content]) => {
        const path = normalizeFilePath(raw);
        return [path, { path, content, version: versionAfter(0) }] as const;
      }),
    );
    const gone = [...this.files.keys()].filter((path) => !next.has(path)).sort(byCodeUnits);
    const changes: Omit<Mutation, 'seq'>[] = [
      ...gone.map((path) => ({ op: 'delete' as const, path, version: null, by })),
      ...[...next.values()].map((f) => ({ op: 'write' as const, path: f.path, version: f.version, by })),
    ];
    this.files.clear();
    this.tombstones.clear();
    for (const [path, file] of next) this.files.set(path, file);
    this.log = changes.map((change) => ({ seq: ++this.seq, ...change }));
    for (const mutation of this.log) this.subscribers.emit(mutation);
  }

  /** Every file, sorted by path. */
  async list(): Promise<FileInfo[]> {
    return [...this.files.values()].sort((a, b) => byCodeUnits(a.path, b.path)).map(fileInfo);
  }

  /** The committed mutations, oldest first. */
  async journal(): Promise<Mutation[]> {
    return this.log.map((entry) => ({ ...entry }));
  }

  /** Nothing is read back from storage here, so nothing can be bad: always empty. */
  problems(): readonly StorageProblem[] {
    return [];
  }

  /** Hears every mutation committed on this backend; returns the unsubscribe function. */
  subscribe(listener: (mutation: Mutation) => void): () => void {
    return this.subscribers.add(listener);
  }

  // Synchronous from reading the state to storing the commit: no other call can interleave.
  private mutate<O>(raw: string, decide: (state: FsState) => Commit<O>): O {
    const path = normalizeFilePath(raw);
    const current = this.files.get(path) ?? null;
    const tombstone = this.tombstones.get(path);
    const floor = tombstone === undefined ? 0 : versionNumber(tombstone.version);
    const clash = current === null ? this.clashAt(path) : null;
    const commit = decide({ path, current, floor, clash });
    if (commit.change === null) return commit.outcome;
    const { after } = commit;
    if (isTombstone(after)) {
      this.files.delete(path);
      this.tombstones.set(path, after);
    } else {
      this.files.set(path, after);
      this.tombstones.delete(path);
    }
    const mutation: Mutation = { seq: ++this.seq, ...commit.change };
    this.log.push(mutation);
    this.subscribers.emit(mutation);
    return commit.outcome;
  }

  private clashAt(path: string): PathClash | null {
    const ancestor = parentDirs(path)
      .slice(1)
      .find((dir) => this.files.has(dir));
    if (ancestor !== undefined) return { file: ancestor, relation: 'ancestor' };
    const inside = [...this.files.keys()].find((other) => other.startsWith(path + '/'));
    return inside === undefined ? null : { file: inside, relation: 'inside' };
  }
}
