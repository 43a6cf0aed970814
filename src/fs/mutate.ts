import { ToolError } from '../harness/errors';
import { applyEdit } from './match';
import type { Counters, FileRecord } from './records';
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

/** What a backend read, inside the mutation's transaction, before deciding. */
export interface FsState {
  path: string;
  current: FileRecord | null;
  counters: Counters;
  /** Only consulted when a write would create the file. */
  clash: PathClash | null;
}

/**
 * What a backend stores when a mutation commits. `mutation: null` means nothing changed (an identical
 * write): the backend stores nothing and tells no one.
 */
export interface Commit<O> {
  /** The file afterwards; null after a delete. */
  file: FileRecord | null;
  counters: Counters;
  mutation: Mutation | null;
  outcome: O;
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
  const { path, current, counters } = state;
  if (guard.kind === 'createIfAbsent' && current !== null) {
    throw new ToolError(
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
      after: content,
      version: current.version,
      created: false,
      unchanged: true,
    };
    return { file: current, counters, mutation: null, outcome };
  }
  const { version, ...next } = bump(counters, 'write', path, by);
  return {
    ...next,
    file: { path, content, version },
    outcome: {
      path,
      before: current?.content ?? null,
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
  const { path, current, counters } = state;
  if (current === null) {
    throw new ToolError(
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
  const { version, ...next } = bump(counters, 'edit', path, by);
  return {
    ...next,
    file: { path, content: result.after, version },
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

/** Decides a delete: the file must exist (`FS_NOT_FOUND`). The version counter does not move. */
export function decideDelete(state: FsState, by: Actor): Commit<void> {
  const { path, current, counters } = state;
  if (current === null) {
    throw new ToolError(
      'FS_NOT_FOUND',
      `${path} does not exist, so it cannot be deleted.`,
      'Check the path (list or glob the directory).',
    );
  }
  const seq = counters.seq + 1;
  const mutation: Mutation = { seq, op: 'delete', path, version: null, by };
  return { file: null, counters: { ...counters, seq }, mutation, outcome: undefined };
}

function checkVersion(path: string, current: FileRecord | null, expected: Version): void {
  if (current === null) {
    throw new ToolError(
      'FS_NOT_FOUND',
      `${path} no longer exists (you expected version ${expected}); it was deleted after you read it.`,
      'List the directory or read the path again; write it as a new file if you still mean to.',
    );
  }
  if (current.version !== expected) {
    throw new ToolError(
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
  throw new ToolError(
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

function bump(counters: Counters, op: 'write' | 'edit', path: string, by: Actor) {
  const counted = { version: counters.version + 1, seq: counters.seq + 1 };
  const version = `v${counted.version}`;
  const mutation: Mutation = { seq: counted.seq, op, path, version, by };
  return { counters: counted, mutation, version };
}

function clashError(path: string, clash: PathClash): ToolError {
  const why =
    clash.relation === 'ancestor'
      ? `${clash.file} is a file, so it cannot hold ${path}`
      : `${path} is a directory (it holds ${clash.file}), not a file`;
  return new ToolError(
    'FS_INVALID_PATH',
    `Cannot create ${path}: ${why}.`,
    'Choose another path for the file.',
  );
}

/** Runs a matcher and names the file in any `ToolError` it throws. */
function withPath<T>(path: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ToolError)
      throw new ToolError(error.code, `${path}: ${error.message}`, error.remedy);
    throw error;
  }
}
