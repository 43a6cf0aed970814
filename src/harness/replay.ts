import type { Content } from './content';
import { modelText } from './content';
import type { ParsedArgs } from './call-input';
import type { ExternalDiff, HarnessEvent } from './events';
import type { Json } from './json';
import { type Presented, presentCall, presentResult } from './present';
import type { ResultError, Tool, ToolResult } from './tool';

/** A result as the transcript shows it: what the model read, and the card a person sees. */
export interface ResultView {
  content: Content;
  error?: ResultError;
  meta?: Json;
  modelText: string;
  card: Presented;
}

/** A plugin's non-pass decision on a call. */
export interface DecisionView {
  hook: string;
  plugin: string;
  decision: Json;
}

/** One line of the transcript: a model message, a call with its result once it has one, or an external edit. */
export type TranscriptEntry = { kind: 'message'; seq: number; text: string } | CallEntry | ExternalEntry;

/** A file changed behind the agent's back: by whom, from which version to which, and how. */
export interface ExternalEntry {
  kind: 'external';
  seq: number;
  path: string;
  who: Extract<HarnessEvent, { type: 'external/edit' }>['who'];
  /** The version before: null when the file did not exist; undefined when it is not known. */
  from?: string | null;
  /** The version after; null after a delete. */
  version: string | null;
  diff?: ExternalDiff;
  note?: string;
}

/** The transcript entry of an `external/edit` event; the same live and on replay. */
export function externalEntry(event: Extract<HarnessEvent, { type: 'external/edit' }>): ExternalEntry {
  const { seq, path, who, version, from, diff, note } = event;
  return {
    kind: 'external',
    seq,
    path,
    who,
    version,
    ...(from !== undefined ? { from } : {}),
    ...(diff ? { diff } : {}),
    ...(note !== undefined ? { note } : {}),
  };
}

/** A call: its card, the plugins' decisions on it, and its result once it has one. */
export interface CallEntry {
  kind: 'call';
  seq: number;
  callId: string;
  tool: string;
  args: Json;
  call: Presented;
  decisions: DecisionView[];
  result?: ResultView;
}

/** Finds the tool a logged call named; unknown names get generic cards. */
export type ToolLookup = (name: string) => Tool | undefined;

/** The view of one result, made the same way live and on replay; `input` as for `presentResult`. */
export function viewResult(
  tool: Tool | undefined,
  name: string,
  args: unknown,
  result: ToolResult,
  input?: ParsedArgs,
): ResultView {
  const view: ResultView = {
    content: result.content,
    modelText: modelText(result.content),
    card: presentResult(tool, name, args, result, input),
  };
  if (result.error) view.error = result.error;
  if (result.meta !== undefined) view.meta = result.meta;
  return view;
}

/**
 * Where an external edit goes in the transcript: just before the last call when that call still waits
 * for its result (the edit landed during it, in the gap between a check and a write, so its cause is read
 * before the refusal), else at the end.
 */
export function externalAt(entries: readonly TranscriptEntry[]): number {
  const at = entries.findLastIndex((e) => e.kind === 'call');
  const call = entries[at];
  return call?.kind === 'call' && !call.result ? at : entries.length;
}

function updateCall(
  entries: readonly TranscriptEntry[],
  callId: string,
  change: (e: CallEntry) => CallEntry,
) {
  const at = entries.findLastIndex((e) => e.kind === 'call' && e.callId === callId);
  const entry = entries[at];
  if (entry?.kind !== 'call') return entries;
  const next = entries.slice();
  next[at] = change(entry);
  return next;
}

type CallEvent = Extract<HarnessEvent, { type: 'tool/call' }>;
type ResultEvent = Extract<HarnessEvent, { type: 'tool/result' }>;
type DecisionEvent = Extract<HarnessEvent, { type: 'plugin/decision' }>;

function callEntry(event: CallEvent, tools: ToolLookup): CallEntry {
  const { seq, callId, tool, args } = event;
  const call = presentCall(tools(tool), tool, args);
  return { kind: 'call', seq, callId, tool, args, call, decisions: [] };
}

function withResult(entry: CallEntry, event: ResultEvent, tools: ToolLookup): CallEntry {
  // The presenter gets what it got live, `{content, error, meta}`, not the event around it.
  const { content, error, meta } = event;
  const result: ToolResult = {
    content,
    ...(error ? { error } : {}),
    ...(meta !== undefined ? { meta } : {}),
  };
  return { ...entry, result: viewResult(tools(event.tool), event.tool, entry.args, result) };
}

function withDecision(entry: CallEntry, { hook, plugin, decision }: DecisionEvent): CallEntry {
  return { ...entry, decisions: [...entry.decisions, { hook, plugin, decision }] };
}

/**
 * Folds one event into the transcript. Pure: the same events always give the same transcript. It copies
 * the transcript, so folding a whole log this way is quadratic: `replay` and `TranscriptBuilder` fold a
 * log in time linear in its events, with the same result.
 */
export function updateTranscript(
  entries: readonly TranscriptEntry[],
  event: HarnessEvent,
  tools: ToolLookup,
): readonly TranscriptEntry[] {
  switch (event.type) {
    case 'model/message':
      return [...entries, { kind: 'message', seq: event.seq, text: event.text }];
    case 'external/edit': {
      if (event.who === 'reset') return entries;
      const at = externalAt(entries);
      return [...entries.slice(0, at), externalEntry(event), ...entries.slice(at)];
    }
    case 'tool/call':
      return [...entries, callEntry(event, tools)];
    case 'tool/result':
      return updateCall(entries, event.callId, (entry) => withResult(entry, event, tools));
    case 'plugin/decision':
      return updateCall(entries, event.callId, (entry) => withDecision(entry, event));
    default:
      return entries;
  }
}

/**
 * A transcript built one event at a time, each in constant time (calls are found by id, not searched):
 * the fold of `updateTranscript` over the same events, entry for entry. Entries are never changed in
 * place: an entry that changes (a result arrives) is replaced by a new object at its index, so a view
 * can tell changed entries by identity.
 */
export class TranscriptBuilder {
  private readonly list: TranscriptEntry[] = [];
  private readonly callAt = new Map<string, number>();

  constructor(private readonly tools: ToolLookup) {}

  /** Folds one event in. */
  add(event: HarnessEvent): void {
    switch (event.type) {
      case 'model/message':
        this.list.push({ kind: 'message', seq: event.seq, text: event.text });
        return;
      case 'external/edit':
        if (event.who !== 'reset') this.insertExternal(externalEntry(event));
        return;
      case 'tool/call':
        // The last call with an id is the one later events name, as in `updateTranscript`.
        this.callAt.set(event.callId, this.list.length);
        this.list.push(callEntry(event, this.tools));
        return;
      case 'tool/result':
        return this.change(event.callId, (entry) => withResult(entry, event, this.tools));
      case 'plugin/decision':
        return this.change(event.callId, (entry) => withDecision(entry, event));
      default:
        return;
    }
  }

  /** The transcript so far. It grows as events are added: copy it to keep it as it is now. */
  get entries(): readonly TranscriptEntry[] {
    return this.list;
  }

  private insertExternal(entry: ExternalEntry): void {
    const at = externalAt(this.list);
    this.list.splice(at, 0, entry);
    const moved = this.list[at + 1];
    if (moved?.kind === 'call') this.callAt.set(moved.callId, at + 1);
  }

  private change(callId: string, update: (entry: CallEntry) => CallEntry): void {
    const at = this.callAt.get(callId);
    const entry = at === undefined ? undefined : this.list[at];
    if (at !== undefined && entry?.kind === 'call') this.list[at] = update(entry);
  }
}

/** Rebuilds the transcript from a log alone, in time linear in its events. */
export function replay(events: readonly HarnessEvent[], tools: ToolLookup): readonly TranscriptEntry[] {
  const builder = new TranscriptBuilder(tools);
  for (const event of events) builder.add(event);
  return builder.entries;
}

/** How far a chunked replay has come. */
export interface ReplayProgress {
  /** Events folded so far, of `total`. */
  done: number;
  total: number;
  /** The transcript so far (the builder's own array: it keeps growing; copy it to keep it). */
  entries: readonly TranscriptEntry[];
}

/** Options of `replayChunked`. */
export interface ReplayChunkedSpec {
  /** Told after every chunk, the last one included, so the first cards can be shown at once. */
  onProgress?: (progress: ReplayProgress) => void;
  /** Stops the replay between two chunks; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** How long one chunk may run before it yields, in milliseconds. Default 20. */
  sliceMs?: number;
}

/**
 * `replay` in chunks of at most about `sliceMs` each (a single event's own work is never split), yielding
 * to the event loop between them, so a long log never holds the page for more than a slice at a time.
 * Resolves with the same transcript `replay` gives.
 */
export async function replayChunked(
  events: readonly HarnessEvent[],
  tools: ToolLookup,
  spec: ReplayChunkedSpec = {},
): Promise<readonly TranscriptEntry[]> {
  const builder = new TranscriptBuilder(tools);
  const sliceMs = spec.sliceMs ?? 20;
  let done = 0;
  for (;;) {
    spec.signal?.throwIfAborted();
    const start = performance.now();
    while (done < events.length) {
      builder.add(events[done++]!);
      if (performance.now() - start >= sliceMs) break;
    }
    spec.onProgress?.({ done, total: events.length, entries: builder.entries });
    if (done >= events.length) return builder.entries;
    await yieldToEventLoop();
  }
}

// A macrotask, queued behind the page's own timers: `scheduler.yield` would run the next chunk ahead of
// them, and a page timer could then wait for the whole replay.
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
