// A small, pure reference of what the workspace and the observation ledgers must do, written apart from
// src/ (it imports nothing from it) so that the two can disagree. The model-based test drives the real
// harness and this fold with the same commands and compares them after every step.
//
// Scope: LF-only text (no CR), no Unicode fallback, files short enough that a default read shows them
// whole. Versions are plain numbers here; the test maps each to the opaque token the backend issued.

/** The agent sessions of the model. */
export const SESSIONS = ['s1', 's2'] as const;
export type SessionId = (typeof SESSIONS)[number];

/**
 * When an agent's call is stopped: before it is made (`ticks` 0), or once `ticks` turns of the event
 * loop have passed after it was made (microtasks, or with `macro` whole tasks). The reference ignores
 * it: the test accepts the call's own outcome, or nothing at all, or its mutation whole without the
 * observation (see the model-based test).
 */
export interface Stop {
  ticks: number;
  macro: boolean;
}

/** One step of a run: an agent's tool call, a change behind the agents' backs, or a page reload. */
export type Command =
  | {
      kind: 'read';
      session: SessionId;
      path: string;
      via: 'read' | 'view';
      offset?: number;
      limit?: number;
      stop?: Stop;
    }
  | { kind: 'write'; session: SessionId; path: string; content: string; via: 'write' | 'create'; stop?: Stop }
  | {
      kind: 'edit';
      session: SessionId;
      path: string;
      oldString: string;
      newString: string;
      replaceAll: boolean;
      via: 'edit' | 'str_replace';
      stop?: Stop;
    }
  | { kind: 'insert'; session: SessionId; path: string; line: number; text: string; stop?: Stop }
  | { kind: 'external-write'; path: string; content: string }
  | { kind: 'external-edit'; path: string; oldString: string; newString: string }
  | { kind: 'delete'; path: string }
  | { kind: 'reload' };

/** A file: its content and the number of the version it has. */
export interface RefFile {
  content: string;
  version: number;
}

/** What one session knows of one path; no entry means unseen. */
export type RefEntry = { state: 'present'; version: number } | { state: 'absent' };

/** A committed mutation; `by` is the session, or `external`. */
export interface RefCommit {
  op: 'write' | 'edit' | 'delete';
  path: string;
  version: number | null;
  by: SessionId | 'external';
}

/** Everything the reference knows. Never mutated: `step` returns a new one. */
export interface RefState {
  files: ReadonlyMap<string, RefFile>;
  /** The last version number issued; numbers are never reused. */
  lastVersion: number;
  ledgers: ReadonlyMap<SessionId, ReadonlyMap<string, RefEntry>>;
  journal: readonly RefCommit[];
}

/** What a command must produce: the error code (null for success) and the version it reports, if any. */
export interface RefStep {
  state: RefState;
  code: string | null;
  version?: number;
}

/** The state before anything happened. */
export const initialState: RefState = {
  files: new Map(),
  lastVersion: 0,
  ledgers: new Map(SESSIONS.map((s) => [s, new Map()])),
  journal: [],
};

/** The canonical form of a path, or null when the path is invalid (blank, root, `..` above the root). */
export function canonical(raw: string): string | null {
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined) return null;
  }
  return segments.length === 0 ? null : '/' + segments.join('/');
}

/** Folds one command into the state. */
export function step(state: RefState, command: Command): RefStep {
  if (command.kind === 'reload') return { state, code: null };
  const path = canonical(command.path);
  if (path === null) return { state, code: 'FS_INVALID_PATH' };
  switch (command.kind) {
    case 'read':
      return read(state, command.session, path, command.offset ?? 1);
    case 'write':
      return agentWrite(state, command.session, path, command.content);
    case 'edit':
      return agentEdit(state, command.session, path, 'edit', (content) =>
        replace(content, command.oldString, command.newString, command.replaceAll),
      );
    case 'insert':
      // The editor computes the new content and stores it whole: the journal says `write`.
      return agentEdit(state, command.session, path, 'write', (content) =>
        insert(content, command.line, command.text),
      );
    case 'external-write':
      return write(state, path, command.content, 'external');
    case 'external-edit': {
      const file = state.files.get(path);
      if (!file) return { state, code: 'FS_NOT_FOUND' };
      const result = replace(file.content, command.oldString, command.newString, false);
      return 'code' in result
        ? { state, code: result.code }
        : commit(state, path, result.after, 'edit', 'external');
    }
    case 'delete':
      return remove(state, path);
  }
}

function read(state: RefState, session: SessionId, path: string, offset: number): RefStep {
  const file = state.files.get(path);
  if (!file) return { state: observe(state, session, path, { state: 'absent' }), code: 'FS_NOT_FOUND' };
  if (offset > Math.max(lines(file.content).length, 1)) return { state, code: 'FS_OFFSET_PAST_END' };
  const seen = observe(state, session, path, { state: 'present', version: file.version });
  return { state: seen, code: null, version: file.version };
}

// The DESIGN §4 table, write row: unseen and absent create only; present@v replaces only version v.
function agentWrite(state: RefState, session: SessionId, path: string, content: string): RefStep {
  const entry = state.ledgers.get(session)?.get(path);
  const file = state.files.get(path);
  if (entry?.state !== 'present' && file) {
    return { state, code: entry ? 'FS_STALE_VERSION' : 'FS_NOT_OBSERVED' };
  }
  if (entry?.state === 'present' && file?.version !== entry.version) {
    return { state, code: 'FS_STALE_VERSION' };
  }
  return observed(write(state, path, content, session), session, path);
}

// The edit row: unseen is refused, absent is refused, present@v edits only version v; then the match.
function agentEdit(
  state: RefState,
  session: SessionId,
  path: string,
  op: 'write' | 'edit',
  change: (content: string) => { after: string } | { code: string },
): RefStep {
  const entry = state.ledgers.get(session)?.get(path);
  if (!entry) return { state, code: 'FS_NOT_OBSERVED' };
  if (entry.state === 'absent') return { state, code: 'FS_NOT_FOUND' };
  const file = state.files.get(path);
  if (file?.version !== entry.version) return { state, code: 'FS_STALE_VERSION' };
  const result = change(file.content);
  if ('code' in result) return { state, code: result.code };
  const done =
    result.after === file.content
      ? { state, code: null, version: file.version }
      : commit(state, path, result.after, op, session);
  return observed(done, session, path);
}

/** An agent's successful change is also an observation of the version it produced. */
function observed(done: RefStep, session: SessionId, path: string): RefStep {
  if (done.code !== null || done.version === undefined) return done;
  const entry: RefEntry = { state: 'present', version: done.version };
  return { ...done, state: observe(done.state, session, path, entry) };
}

/** A write without a guard: refused only where the path clashes with another file. */
function write(state: RefState, path: string, content: string, by: RefCommit['by']): RefStep {
  const file = state.files.get(path);
  if (!file && clashes(state, path)) return { state, code: 'FS_INVALID_PATH' };
  if (file?.content === content) return { state, code: null, version: file.version };
  return commit(state, path, content, 'write', by);
}

function remove(state: RefState, path: string): RefStep {
  if (!state.files.has(path)) return { state, code: 'FS_NOT_FOUND' };
  const files = new Map(state.files);
  files.delete(path);
  const journal = [...state.journal, { op: 'delete' as const, path, version: null, by: 'external' as const }];
  return { state: { ...state, files, journal }, code: null };
}

function commit(state: RefState, path: string, content: string, op: 'write' | 'edit', by: RefCommit['by']) {
  const version = state.lastVersion + 1;
  const files = new Map(state.files).set(path, { content, version });
  const journal = [...state.journal, { op, path, version, by }];
  return { state: { ...state, files, lastVersion: version, journal }, code: null, version };
}

function observe(state: RefState, session: SessionId, path: string, entry: RefEntry): RefState {
  const ledger = new Map(state.ledgers.get(session)).set(path, entry);
  return { ...state, ledgers: new Map(state.ledgers).set(session, ledger) };
}

/** A file where a directory is implied, or a file inside the path. */
function clashes(state: RefState, path: string): boolean {
  return [...state.files.keys()].some(
    (other) => path.startsWith(other + '/') || other.startsWith(path + '/'),
  );
}

/** Literal replacement: exactly one occurrence (overlaps count) unless `all`; never a no-op. */
export function replace(
  content: string,
  oldString: string,
  newString: string,
  all: boolean,
): { after: string } | { code: string } {
  if (oldString === '') return { code: 'FS_EMPTY_OLD_STRING' };
  if (oldString === newString) return { code: 'FS_NO_CHANGE' };
  let count = 0;
  for (let at = content.indexOf(oldString); at !== -1; at = content.indexOf(oldString, at + 1)) count++;
  if (count === 0) return { code: 'FS_EDIT_NOT_FOUND' };
  if (count > 1 && !all) return { code: 'FS_AMBIGUOUS_EDIT' };
  const at = content.indexOf(oldString);
  const after = all
    ? content.split(oldString).join(newString)
    : content.slice(0, at) + newString + content.slice(at + oldString.length);
  return after === content ? { code: 'FS_NO_CHANGE' } : { after };
}

/** `text` as new lines after line `line` (0: at the top); the final newline, or its absence, stays. */
export function insert(content: string, line: number, text: string): { after: string } | { code: string } {
  const all = lines(content);
  if (line > all.length) return { code: 'FS_OFFSET_PAST_END' };
  const joined = [...all.slice(0, line), text, ...all.slice(line)].join('\n');
  return { after: joined + (content.endsWith('\n') ? '\n' : '') };
}

/** Lines as a person counts them: no empty last line for a final newline; none in an empty text. */
export function lines(content: string): string[] {
  if (content === '') return [];
  const split = content.split('\n');
  if (content.endsWith('\n')) split.pop();
  return split;
}
