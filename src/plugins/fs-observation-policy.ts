import { logged, type ErrorCode, type HarnessEvent, type Plugin } from '../harness';
import {
  editIntent,
  writeIntent,
  type Conflict,
  type EditDecision,
  type IntentInput,
  type WriteDecision,
} from '../contracts/fs-intents';

/** What one session knows of one path. No entry at all means "unseen". */
export type LedgerEntry =
  { state: 'present'; version: string; lines?: readonly [number, number][] } | { state: 'absent' };

/** Path → entry, for one session. */
export type Ledger = ReadonlyMap<string, LedgerEntry>;
/** Session → ledger. */
export type Ledgers = ReadonlyMap<string, Ledger>;

type Observed = Extract<HarnessEvent, { type: 'fs/observed' }>;

/** Sorts and merges 1-based inclusive line ranges. */
export function mergeRanges(ranges: readonly [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

function next(prev: LedgerEntry | undefined, e: Observed): LedgerEntry {
  if (e.state === 'absent' || !e.version) return { state: 'absent' };
  if (!e.lines) return { state: 'present', version: e.version };
  // A window adds to what was seen of the same version; the agent's own edit keeps what it had seen.
  const builds = prev?.state === 'present' && (prev.version === e.version || e.via === 'edit');
  if (!builds) return { state: 'present', version: e.version, lines: [e.lines] };
  if (!prev.lines) return { state: 'present', version: e.version };
  return { state: 'present', version: e.version, lines: mergeRanges([...prev.lines, e.lines]) };
}

/** Folds one event into the ledgers. Only `fs/observed` events count. */
export function updateLedgers(ledgers: Ledgers, event: HarnessEvent): Ledgers {
  if (event.type !== 'fs/observed') return ledgers;
  const ledger = new Map(ledgers.get(event.session));
  ledger.set(event.path, next(ledger.get(event.path), event));
  return new Map(ledgers).set(event.session, ledger);
}

const reread = 're-read the file, then retry';

/** What the model is told in each situation: the code, what happened to the path, and the remedy. */
const say = {
  unread: ['FS_NOT_OBSERVED', 'exists and this session has not read it', 'read the file, then write it'],
  createdSince: [
    'FS_STALE_VERSION',
    'was absent when this session looked and has been created since',
    reread,
  ],
  deletedSince: ['FS_STALE_VERSION', 'was deleted after this session read it', reread],
  neverRead: ['FS_NOT_OBSERVED', 'has not been read in this session', 'read the file, then retry the edit'],
  absent: [
    'FS_NOT_FOUND',
    'did not exist when this session last looked',
    'create it with write, or check ls',
  ],
  outside: [
    'FS_NOT_OBSERVED',
    'has lines this edit touches that were not read',
    'read those lines, then retry',
  ],
} as const satisfies Record<string, readonly [ErrorCode, string, string]>;

const conflict = (when: string, what: keyof typeof say, path: string): Conflict => {
  const [code, message, remedy] = say[what];
  return { when, code, message: `${path} ${message}`, remedy };
};
const refuse = (what: keyof typeof say, path: string): EditDecision => {
  const { code, message, remedy } = conflict('', what, path);
  return { verdict: 'refuse', code, message, remedy };
};

function writeDecision(entry: LedgerEntry | undefined, path: string): WriteDecision {
  if (entry?.state === 'present') {
    const guard = { kind: 'replaceIfVersion', version: entry.version } as const;
    return { verdict: 'proceed', guard, conflicts: [conflict('FS_NOT_FOUND', 'deletedSince', path)] };
  }
  // Unseen or absent: creating needs no read; finding the file there is "not read" or "changed since".
  const taken = conflict('FS_EXISTS', entry ? 'createdSince' : 'unread', path);
  return { verdict: 'proceed', guard: { kind: 'createIfAbsent' }, conflicts: [taken] };
}

function editDecision(entry: LedgerEntry | undefined, path: string, onlyRead: boolean): EditDecision {
  if (!entry) return refuse('neverRead', path);
  if (entry.state === 'absent') return refuse('absent', path);
  const lines =
    onlyRead && entry.lines ? { withinLines: entry.lines.map((r): [number, number] => [...r]) } : {};
  const guard = { kind: 'ifVersion', version: entry.version, ...lines } as const;
  const conflicts = [
    conflict('FS_NOT_FOUND', 'deletedSince', path),
    conflict('FS_OUTSIDE_LINES', 'outside', path),
  ];
  return { verdict: 'proceed', guard, conflicts };
}

/** Options of the policy. */
export interface PolicySpec {
  /** Refuse an edit whose match lies outside the lines the session's reads showed. Off by default. */
  onlyEditWhatWasRead?: boolean;
}

/** The policy as installed: a plugin, plus its state for the UI and for reloads. */
export interface ObservationPolicy extends Plugin {
  ledger(session: string): Ledger;
  /** Rebuilds every ledger from a log (after a page reload). */
  restore(events: readonly HarnessEvent[]): void;
}

/**
 * The fs-observation-policy: keeps, per session, what the agent has seen of each path (fed only by
 * `fs/observed`), and answers the write and edit intents with the guard the backend must check.
 * Creating a new file needs no read; overwriting or editing an existing one does.
 */
export function fsObservationPolicy(spec: PolicySpec = {}): ObservationPolicy {
  let ledgers: Ledgers = new Map();
  const entry = (i: IntentInput) => ledgers.get(i.session)?.get(i.path);
  return {
    name: 'fs-observation-policy',
    contributions: [
      logged.of((event) => void (ledgers = updateLedgers(ledgers, event))),
      writeIntent.of((i) => writeDecision(entry(i), i.path)),
      editIntent.of((i) => editDecision(entry(i), i.path, spec.onlyEditWhatWasRead ?? false)),
    ],
    ledger: (session) => ledgers.get(session) ?? new Map(),
    restore: (events) => void (ledgers = events.reduce(updateLedgers, new Map() as Ledgers)),
  };
}
