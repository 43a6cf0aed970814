import { FsError } from './errors';
import { applyEdit } from './match';
import { type FileRecord, type Tombstone, versionAfter, versionNumber } from './records';
import type {
  Actor,
  EditGuard,
  EditOutcome,
  EditSpec,
  Mutation,
  Version,
  WriteGuard,
  WriteOutcome,
} from './types';

/** A file that makes a path impossible: a file where a directory is implied, or one inside the path. */
export interface PathClash {
  file: string;
  relation: 'ancestor' | 'inside';
}

/**
 * What a backend read, inside the mutation's transaction, before deciding. Versions are counted per
 * path, so nothing global is read: a mutation of an existing file needs only that file.
 */
export interface FsState {
  path: string;
  current: FileRecord | null;
  /**
   * Only consulted when there is no file: the highest version number the path may have had, which the
   * next version must exceed — its tombstone's, or the floor of a workspace migrated from global
   * versions, whichever is higher; 0 when there is neither.
   */
  floor: number;
  /** Only consulted when a write would create the file. */
  clash: PathClash | null;
}

/** A journal entry before the backend numbers it: the sequence number is the journal's to give. */
export type Change = Omit<Mutation, 'seq'>;

/**
 * What a backend stores when a mutation commits. `change: null` means nothing changed (an identical
 * write): the backend stores nothing and tells no one.
 */
export interface Commit<O> {
  /** What the path holds afterwards: the file, or the tombstone a delete leaves. */
  after: FileRecord | Tombstone;
  change: Change | null;
  outcome: O;
}

/** True when `record` is a tombstone rather than a file. */
export function isTombstone(record: FileRecord | Tombstone): record is Tombstone {
  return 'deleted' in record;
}

/**
 * `decide`, refused with `FS_ABORTED` when `signal` has aborted. Backends call it inside the mutation's
 * transaction, right before storing, so that a stop either prevents the whole mutation or comes too late
 * for any of it.
 */
export function unlessAborted<S, C>(
  decide: (state: S) => C,
  signal: AbortSignal | undefined,
): (state: S) => C {
  if (signal === undefined) return decide;
  return (state) => {
    if (signal.aborted) {
      throw new FsError(
        'FS_ABORTED',
        'The change was stopped before it was made; nothing was changed.',
        'Make the change again if it is still wanted.',
      );
    }
    return decide(state);
  };
}

const STALE_REMEDY = 'Re-read the file, then retry the change against what it says now.';

/**
 * Decides a write: guard, then path clash, then compare bytes. Throws `FS_EXISTS`, `FS_NOT_FOUND`,
 * `FS_STALE_VERSION` or `FS_INVALID_PATH`; writing the current bytes keeps the version and journals nothing.
 */
export function decideWrite(
  state: FsState,
  content: string,
  guard: WriteGuard,
  by: Actor,
): Commit<WriteOutcome> {
  const { path, current } = state;
  if (guard.kind === 'createIfAbsent' && current !== null) {
    throw new FsError(
      'FS_EXISTS',
      `${path} already exists (version ${current.version}); a create never overwrites a file.`,
      'Read the file first; then write again to replace what you read, or edit it.',
    );
  }
  if (guard.kind === 'replaceIfVersion') checkVersion(path, current, guard.version);
  if (current === null && state.clash !== null) throw clashError(path, state.clash);
  if (current !== null && current.content === content) {
    const outcome = {
      path,
      before: content,
      previous: current.version,
      after: content,
      version: current.version,
      created: false,
      unchanged: true,
    };
    return { after: current, change: null, outcome };
  }
  const version = nextVersion(state);
  return {
    after: { path, content, version },
    change: { op: 'write', path, version, by },
    outcome: {
      path,
      before: current?.content ?? null,
      previous: current?.version ?? null,
      after: content,
      version,
      created: current === null,
      unchanged: false,
    },
  };
}

/**
 * Decides an edit in the order that keeps errors honest: the file exists, its version is the one
 * expected, `old_string` matches, the match lies within the allowed lines; only then a new version.
 */
export function decideEdit(state: FsState, spec: EditSpec, guard: EditGuard, by: Actor): Commit<EditOutcome> {
  const { path, current } = state;
  if (current === null) {
    throw new FsError(
      'FS_NOT_FOUND',
      `${path} does not exist, so it cannot be edited.`,
      'Check the path (list or glob the directory); to create a new file, use write.',
    );
  }
  if (guard.kind === 'ifVersion') checkVersion(path, current, guard.version);
  const result = withPath(path, () => applyEdit(current.content, spec));
  if (guard.kind === 'ifVersion' && guard.withinLines !== undefined) {
    checkLines(path, result.spans, guard.withinLines);
  }
  const version = nextVersion(state);
  return {
    after: { path, content: result.after, version },
    change: { op: 'edit', path, version, by },
    outcome: {
      path,
      before: current.content,
      after: result.after,
      version,
      replacements: result.replacements,
      normalized: result.normalized,
      lines: result.lines,
    },
  };
}

/**
 * Decides a delete: the file must exist (`FS_NOT_FOUND`). A delete is itself a new version of the path:
 * the tombstone it leaves holds that version, so a file created there later continues after it, and a
 * change decided against the deleted file's last version finds its successor taken.
 */
export function decideDelete(state: FsState, by: Actor): Commit<void> {
  const { path, current } = state;
  if (current === null) {
    throw new FsError(
      'FS_NOT_FOUND',
      `${path} does not exist, so it cannot be deleted.`,
      'Check the path (list or glob the directory).',
    );
  }
  return {
    after: { path, version: nextVersion(state), deleted: true },
    change: { op: 'delete', path, version: null, by },
    outcome: undefined,
  };
}

function checkVersion(path: string, current: FileRecord | null, expected: Version): void {
  if (current === null) {
    throw new FsError(
      'FS_NOT_FOUND',
      `${path} no longer exists (you expected version ${expected}); it was deleted after you read it.`,
      'List the directory or read the path again; write it as a new file if you still mean to.',
    );
  }
  if (current.version !== expected) {
    throw new FsError(
      'FS_STALE_VERSION',
      `${path} changed after you read it: you read version ${expected}, it is now ${current.version}.`,
      STALE_REMEDY,
    );
  }
}

function checkLines(path: string, spans: [number, number][], allowed: [number, number][]): void {
  const ranges = merge(allowed);
  const outside = spans.find(([from, to]) => !ranges.some(([a, b]) => a <= from && to <= b));
  if (outside === undefined) return;
  const seen = ranges.length === 0 ? 'no lines' : `only ${ranges.map(showRange).join(', ')}`;
  throw new FsError(
    'FS_OUTSIDE_LINES',
    `The match in ${path} spans ${showRange(outside)}, but you have seen ${seen} of this version.`,
    `Read ${showRange(outside)} of ${path} (or the whole file), then retry the edit.`,
  );
}

/** Sorts ranges and joins the ones that overlap or touch, so a match across two adjacent reads passes. */
function merge(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function showRange([from, to]: [number, number]): string {
  return from === to ? `line ${from}` : `lines ${from}–${to}`;
}

/** The version a change of the path issues: one past its current version, or past its floor. */
function nextVersion({ current, floor }: FsState): Version {
  return versionAfter(current === null ? floor : versionNumber(current.version));
}

function clashError(path: string, clash: PathClash): FsError {
  const why =
    clash.relation === 'ancestor'
      ? `${clash.file} is a file, so it cannot hold ${path}`
      : `${path} is a directory (it holds ${clash.file}), not a file`;
  return new FsError(
    'FS_INVALID_PATH',
    `Cannot create ${path}: ${why}.`,
    'Choose another path for the file.',
  );
}

/** Runs a matcher and names the file in any `FsError` it throws. */
function withPath<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof FsError) {
      throw new FsError(error.code, `${path}: ${error.message}`, error.remedy, error.detail);
    }
    throw error;
  }
}
