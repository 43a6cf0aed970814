import type { Content } from './content';
import { modelText } from './content';
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

/** The view of one result, made the same way live and on replay. */
export function viewResult(
  tool: Tool | undefined,
  name: string,
  args: unknown,
  result: ToolResult,
): ResultView {
  const view: ResultView = {
    content: result.content,
    modelText: modelText(result.content),
    card: presentResult(tool, name, args, result),
  };
  if (result.error) view.error = result.error;
  if (result.meta !== undefined) view.meta = result.meta;
  return view;
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

/** Folds one event into the transcript. Pure: the same events always give the same transcript. */
export function updateTranscript(
  entries: readonly TranscriptEntry[],
  event: HarnessEvent,
  tools: ToolLookup,
): readonly TranscriptEntry[] {
  switch (event.type) {
    case 'model/message':
      return [...entries, { kind: 'message', seq: event.seq, text: event.text }];
    case 'external/edit':
      return event.who === 'reset' ? entries : [...entries, externalEntry(event)];
    case 'tool/call': {
      const { seq, callId, tool, args } = event;
      const call = presentCall(tools(tool), tool, args);
      return [...entries, { kind: 'call', seq, callId, tool, args, call, decisions: [] }];
    }
    case 'tool/result': {
      // The presenter gets what it got live, `{content, error, meta}`, not the event around it.
      const { content, error, meta } = event;
      const result: ToolResult = {
        content,
        ...(error ? { error } : {}),
        ...(meta !== undefined ? { meta } : {}),
      };
      return updateCall(entries, event.callId, (entry) => ({
        ...entry,
        result: viewResult(tools(event.tool), event.tool, entry.args, result),
      }));
    }
    case 'plugin/decision': {
      const { hook, plugin, decision } = event;
      return updateCall(entries, event.callId, (entry) => ({
        ...entry,
        decisions: [...entry.decisions, { hook, plugin, decision }],
      }));
    }
    default:
      return entries;
  }
}

/** Rebuilds the transcript from a log alone. */
export function replay(events: readonly HarnessEvent[], tools: ToolLookup): readonly TranscriptEntry[] {
  return events.reduce<readonly TranscriptEntry[]>(
    (entries, event) => updateTranscript(entries, event, tools),
    [],
  );
}
