/**
 * An opaque freshness token issued by a backend: never reused (not after delete and re-create), and
 * unchanged by a write of identical bytes. Compare tokens only for equality.
 */
export type Version = string;

/** A file as one read sees it: content and version from one transaction. */
export interface FileSnapshot {
  path: string;
  content: string;
  version: Version;
}

/** A file's entry in a listing. */
export interface FileInfo {
  path: string;
  version: Version;
  size: number;
}

/**
 * The condition a write must meet, checked by the backend inside the write's transaction.
 * - `none`: unconditional (no policy is loaded).
 * - `createIfAbsent`: create; refuse with `FS_EXISTS` when the path exists.
 * - `replaceIfVersion`: replace only if the current version is `version` (`FS_STALE_VERSION`); the file
 *   must exist (`FS_NOT_FOUND`).
 */
export type WriteGuard =
  { kind: 'none' } | { kind: 'createIfAbsent' } | { kind: 'replaceIfVersion'; version: Version };

/**
 * The condition an edit must meet. Inside one transaction the order is: version, then match, then
 * replace, so a stale edit reports `FS_STALE_VERSION` and never a misleading "not found".
 * `withinLines` (1-based, inclusive ranges of the current file) refuses a match that touches any other
 * line with `FS_OUTSIDE_LINES`.
 */
export type EditGuard =
  { kind: 'none' } | { kind: 'ifVersion'; version: Version; withinLines?: [number, number][] };

/** A literal replacement. */
export interface EditSpec {
  oldString: string;
  newString: string;
  replaceAll?: boolean;
  /** Allow the Unicode fallback (smart quotes, dashes, non-breaking spaces) when exact matching finds nothing. */
  unicodeFallback?: boolean;
}

/** Options of one mutation. */
export interface MutationOptions {
  /**
   * Stops the mutation. It is checked inside the mutation's transaction, at the last moment before
   * anything is stored: aborted by then, the mutation changes nothing and throws `FS_ABORTED`; aborted
   * later, it has committed whole. Never half of it.
   */
  signal?: AbortSignal;
}

/** Who changed a file: the agent of a session, or someone behind its back. */
export type Actor =
  | { kind: 'agent'; session: string }
  | { kind: 'external'; who: 'button' | 'editor' | 'other-tab' | 'scenario' | 'reset' };

/** A committed mutation, journaled in the same transaction as the change itself. */
export interface Mutation {
  seq: number;
  op: 'write' | 'edit' | 'delete';
  path: string;
  /** The version after the change; null after a delete. */
  version: Version | null;
  by: Actor;
}

/** What a write did. */
export interface WriteOutcome {
  path: string;
  before: string | null;
  /** The version before the write; null when the file did not exist. */
  previous: Version | null;
  after: string;
  version: Version;
  created: boolean;
  /** The bytes equalled the current bytes: nothing changed, the version stayed. */
  unchanged: boolean;
}

/** What an edit did. `lines` is the 1-based inclusive range of the original file the match spanned. */
export interface EditOutcome {
  path: string;
  before: string;
  after: string;
  version: Version;
  replacements: number;
  /** The match was found only by the Unicode fallback. */
  normalized: boolean;
  lines: [number, number];
}

/** The code of a stored record that was skipped because it does not parse. */
export type StorageProblemCode = 'STORAGE_BAD_RECORD';

/**
 * A stored record the backend could not use: its key, why, and where it now is (`setAsideAs`, the
 * `quarantine:` key holding it), or null when it was left in place and is only skipped (a journal entry,
 * or a record that could not be moved) or, as the reason then says, could not be kept at all.
 */
export interface StorageProblem {
  code: StorageProblemCode;
  key: string;
  reason: string;
  setAsideAs: string | null;
}

/**
 * A filesystem backend. Every mutation is one transaction (guard, match, replace, version bump,
 * journal entry); failures throw an `FsError` with an `FS_*` code and change nothing.
 */
export interface FsBackend {
  /** `persistent` is false for the in-memory backend: the app says nothing will be kept. */
  readonly persistent: boolean;
  read(path: string): Promise<FileSnapshot | null>;
  write(
    path: string,
    content: string,
    guard: WriteGuard,
    by: Actor,
    options?: MutationOptions,
  ): Promise<WriteOutcome>;
  edit(
    path: string,
    spec: EditSpec,
    guard: EditGuard,
    by: Actor,
    options?: MutationOptions,
  ): Promise<EditOutcome>;
  delete(path: string, by: Actor, options?: MutationOptions): Promise<void>;
  /**
   * Starts the workspace afresh, in one transaction: every file, tombstone and journal entry before it is
   * gone, and `files` are written at their first version (`v1`). The journal then holds a delete for each
   * file that went and a write for each file written, and every subscriber (other tabs too) hears them.
   */
  reset(files: Readonly<Record<string, string>>, by: Actor): Promise<void>;
  list(): Promise<FileInfo[]>;
  /** The journal of committed mutations, oldest first. */
  journal(): Promise<Mutation[]>;
  /**
   * Called after every committed mutation, from this page or (for IndexedDB) another tab. For another
   * tab's change, `before` is the file as this tab last knew it when that was the version just before the
   * change (so the change can be shown as a diff); it is absent when this tab did not know it.
   */
  subscribe(listener: (mutation: Mutation, before?: FileSnapshot) => void): () => void;
  /**
   * The stored records met so far that did not parse (`STORAGE_BAD_RECORD`): set aside or skipped, never
   * deleted, and never in the way of the other records. Always empty for the in-memory backend.
   */
  problems(): readonly StorageProblem[];
}
