import { HarnessEvent, type NewEvent } from './events';
import type { PluginError } from './errors';
import { type Hooks, Notice, notify } from './hooks';
import { copyJson, toJson, type JsonProblem } from './json';
import { impureProjections } from './purity';
import type { Approve } from './call-hooks';
import type { CallOutcome, Registry } from './registry';
import {
  type CallEntry,
  type DecisionView,
  type ResultView,
  type TranscriptEntry,
  externalAt,
  externalEntry,
  replay,
  viewResult,
} from './replay';
import { type Presented, presentCall } from './present';

/** Fired for every event appended to any session's log. The way plugins (and the UI) follow a session. */
export const logged = Notice.define<HarnessEvent>('log');

/** A clock that returns milliseconds. Sessions in the playground use a fake one, so replays match. */
export type Clock = () => number;

/** A clock that starts at `start` and moves `step` ms each time it is read. */
export function fakeClock(start = 0, step = 1000): Clock {
  let now = start - step;
  return () => (now += step);
}

/** Options of a session. */
export interface SessionSpec {
  id: string;
  registry: Registry;
  hooks: Hooks;
  clock?: Clock;
  approve?: Approve;
  scenario?: string;
  /** Run the purity check after every successful call (costs two more runs of the projections). */
  checkPurity?: boolean;
  /**
   * A log to carry on instead of starting a new one (after a page reload). It must open with this
   * session's `session/start`; nothing is emitted for it, and seq numbers, call ids and the transcript
   * continue from it. Pass a `clock` that continues the old one, or the times will not.
   */
  log?: readonly HarnessEvent[];
}

/** A call as it happened live: its transcript entry, plus what only a live run has. */
export interface LiveCall {
  entry: CallEntry;
  /** The canonical value. Never persisted: a replay cannot have it. */
  value?: unknown;
  /** Projections that gave different outputs under another clock or random source. */
  impure: string[];
  outcome: CallOutcome;
}

/** Options of one call. */
export interface CallOptions {
  /**
   * Stops the call: it ends at once with `ABORTED` (or `ABORTED_BEFORE_DISPATCH` when its tool had not
   * started), still with its `tool/result` event. The tool gets it as `ctx.signal`.
   */
  signal?: AbortSignal;
  /**
   * The arguments arrived as text that does not parse as JSON (a real model can send that): `args` is
   * that text, logged as it came, and the call ends with `INVALID_ARGS` giving this reason. The tool never
   * runs, and the model gets the error for this call like any other result.
   */
  unparsed?: JsonProblem;
}

/** One agent session: its log, and the calls and messages that write it. */
export class Session {
  private log: HarnessEvent[] = [];
  private calls = 0;
  private readonly clock: Clock;
  // The transcript grows in place; `live` hands out a copy that stays the same until the next change.
  private entries: TranscriptEntry[] = [];
  private readonly callAt = new Map<string, number>();
  private snapshot: readonly TranscriptEntry[] | null = null;

  constructor(readonly spec: SessionSpec) {
    this.clock = spec.clock ?? fakeClock();
    if (spec.log) {
      this.carryOn(spec.log);
      return;
    }
    const tools = spec.registry.list().map((t) => t.name);
    this.emit({
      type: 'session/start',
      session: spec.id,
      tools,
      ...(spec.scenario ? { scenario: spec.scenario } : {}),
    });
  }

  // Values were never logged, so the transcript of the old part is the replay of its log.
  private carryOn(log: readonly HarnessEvent[]): void {
    const first = log[0];
    if (first?.type !== 'session/start' || first.session !== this.spec.id) {
      throw new RangeError(
        `A log to carry on must open with the session/start of "${this.spec.id}", not ${JSON.stringify(first)}`,
      );
    }
    this.log = log.map((event, seq) => {
      if (event.seq !== seq) throw new RangeError(`Event ${seq} of the log to carry on has seq ${event.seq}`);
      return HarnessEvent.parse(event);
    });
    this.calls = log.filter((e) => e.type === 'tool/call').length;
    replay(this.log, (name) => this.spec.registry.get(name)).forEach((entry) => this.append(entry));
  }

  /** The transcript as it was built live, from the calls themselves rather than from the log. */
  get live(): readonly TranscriptEntry[] {
    return (this.snapshot ??= this.entries.slice());
  }

  private append(entry: TranscriptEntry): void {
    if (entry.kind === 'call') this.callAt.set(entry.callId, this.entries.length);
    // An external edit made during a call goes before it, as on replay (see externalAt).
    const at = entry.kind === 'external' ? externalAt(this.entries) : this.entries.length;
    this.entries.splice(at, 0, entry);
    const moved = this.entries[at + 1];
    if (moved?.kind === 'call') this.callAt.set(moved.callId, at + 1);
    this.snapshot = null;
  }

  private settle(entry: CallEntry): void {
    const at = this.callAt.get(entry.callId);
    if (at === undefined) return;
    this.entries[at] = entry;
    this.snapshot = null;
  }

  get id(): string {
    return this.spec.id;
  }

  /** The log so far. */
  get events(): readonly HarnessEvent[] {
    return this.log;
  }

  /**
   * Stamps and appends an event, then tells every listener of `logged`. The types already fix the shape;
   * development builds and tests check it against the schema as well, and so does every export.
   */
  emit(event: NewEvent): HarnessEvent {
    const stamped = { ...event, seq: this.log.length, at: this.clock() } as HarnessEvent;
    if (import.meta.env.DEV) HarnessEvent.parse(stamped);
    this.log.push(stamped);
    // A listener failing on the report of a failure is not reported again: that could never end.
    notify(this.spec.hooks, logged, stamped, stamped.type === 'plugin/error' ? ignore : this.noticeFailed);
    // An edit behind the agent's back has a place in the transcript, where it happened.
    if (stamped.type === 'external/edit' && stamped.who !== 'reset') this.append(externalEntry(stamped));
    return stamped;
  }

  /** A notification listener failed: the log says which plugin, in which hook, and why. */
  private readonly noticeFailed = (error: PluginError): void => {
    this.emit({ type: 'plugin/error', plugin: error.plugin, hook: error.hook, message: error.detail });
  };

  /** The model says something. */
  say(text: string): void {
    const event = this.emit({ type: 'model/message', text });
    this.append({ kind: 'message', seq: event.seq, text });
  }

  /**
   * The model calls a tool. Resolves when the result is in the log; never rejects for the tool's faults.
   * A stopped call (`options.signal`) resolves at once, with its result logged like any other.
   */
  async call(tool: string, args: unknown, options: CallOptions = {}): Promise<LiveCall> {
    const { registry, hooks, approve } = this.spec;
    const callId = `${this.spec.id}:${++this.calls}`;
    // Arguments are logged as JSON; ones that are not JSON are logged as the reason, and the call fails
    // with INVALID_ARGS saying which argument and why.
    const checked = copyJson(args);
    const loggedArgs = checked.ok ? checked.value : `${checked.error.at}: ${checked.error.message}`;
    const callEvent = this.emit({ type: 'tool/call', callId, tool, args: loggedArgs });
    const notJson = options.unparsed ?? (checked.ok ? undefined : checked.error);
    // Parsed once, here: the registry runs this very parse, and the cards and the purity check use it.
    const prepared = registry.prepare({ callId, tool, args: loggedArgs, ...(notJson ? { notJson } : {}) });
    const { tool: def, parsed } = prepared;
    // The entry takes its place when the call is made, as on replay, and gets its result when it ends.
    // Its cards are made the first time someone reads them: a run nobody watches never pays for them.
    const base = { kind: 'call', seq: callEvent.seq, callId, tool, args: loggedArgs } as const;
    const card = once(() => presentCall(def, tool, loggedArgs, parsed));
    this.append(callEntry(base, card, []));
    const outcome = await registry.call(prepared, {
      session: this.spec.id,
      hooks,
      emit: (e) => this.emit(e),
      ...(approve ? { approve } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const a of outcome.approvals) this.emit({ type: 'approval', callId, ...a });
    const decisions = outcome.decisions.map((d) => ({
      hook: d.hook,
      plugin: d.plugin,
      decision: toJsonOrNull(withoutValue(d.decision)),
    }));
    for (const d of decisions) this.emit({ type: 'plugin/decision', callId, ...d });
    const { result } = outcome;
    this.emit({ type: 'tool/result', callId, tool, content: result.content, ...pick(result) });
    // A card that fell back may be the tool's own now that it ran (a sandboxed tool makes its cards then).
    const settledCard = once(() => {
      const first = card();
      return first.fallback ? presentCall(def, tool, loggedArgs, parsed) : first;
    });
    const entry = callEntry(
      base,
      settledCard,
      decisions,
      once(() => viewResult(def, tool, loggedArgs, result, parsed)),
    );
    this.settle(entry);
    const impure =
      this.spec.checkPurity && def && !result.error
        ? impureProjections(def, outcome.args, outcome.value, result)
        : [];
    return { entry, value: outcome.value, impure, outcome };
  }
}

/**
 * A transcript entry whose call card, and result view when there is one, are made when first read. The
 * getters are own enumerable properties, so the entry reads, spreads and compares like plain data.
 */
function callEntry(
  base: Pick<CallEntry, 'kind' | 'seq' | 'callId' | 'tool' | 'args'>,
  card: () => Presented,
  decisions: DecisionView[],
  view?: () => ResultView,
): CallEntry {
  const { kind, seq, callId, tool, args } = base;
  // Two literals rather than a property defined later: an object keeps its fast shape.
  if (!view) {
    return {
      kind,
      seq,
      callId,
      tool,
      args,
      get call() {
        return card();
      },
      decisions,
    };
  }
  return {
    kind,
    seq,
    callId,
    tool,
    args,
    get call() {
      return card();
    },
    decisions,
    get result() {
      return view();
    },
  };
}

const ignore = (): void => {};

/** `make()`, called at most once: later calls give the first answer. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

function pick(result: CallOutcome['result']) {
  return {
    ...(result.error ? { error: result.error } : {}),
    ...(result.meta !== undefined ? { meta: result.meta } : {}),
  };
}

// A plugin's replacement value becomes the call's canonical value, and values are never logged.
function withoutValue(decision: unknown): unknown {
  if (typeof decision !== 'object' || decision === null || !('value' in decision)) return decision;
  const { value: _value, ...rest } = decision;
  return { ...rest, replaced: 'value' };
}

function toJsonOrNull(value: unknown) {
  const json = toJson(value);
  return json.ok ? json.value : null;
}
