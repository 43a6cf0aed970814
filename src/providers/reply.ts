import { parseJson, type Json, type Result } from '../harness';
import { badResponse, statusFailure, type Where } from './failures';
import type { ModelCall, ModelFailure, ModelReply, Usage } from './types';

// What both protocols' readers share: the pieces of a reply as they arrive, and how they end.

/** A rough count for servers that send no usage: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One call being streamed: its id and name, and its arguments' text so far. */
export interface CallPiece {
  id: string;
  name: string;
  args: string;
}

/**
 * The calls of a reply in the order of their indexes. A call without an id gets `call_<index>` (some
 * local servers send none); one without a name makes the reply unreadable.
 */
export function orderedCalls(pieces: ReadonlyMap<number, CallPiece>): Result<ModelCall[], string> {
  const calls: ModelCall[] = [];
  const ids = new Set<string>();
  for (const [index, piece] of [...pieces].sort((a, b) => a[0] - b[0])) {
    if (!piece.name) return { ok: false, error: `tool call ${index} came without a name` };
    let id = piece.id || `call_${index}`;
    while (ids.has(id)) id = `${id}_${index}`;
    ids.add(id);
    calls.push({ id, name: piece.name, argsText: piece.args });
  }
  return { ok: true, value: calls };
}

/** The reply, with the usage the server sent or, when it sent none, an estimate. */
export function replyOf(
  text: string,
  calls: ModelCall[],
  stop: string | null,
  usage: { input?: number; output?: number },
  requestChars: number,
): ModelReply {
  const given = usage.input !== undefined || usage.output !== undefined;
  const out = text + calls.map((c) => c.name + c.argsText).join('');
  const counted: Usage = given
    ? { input: usage.input ?? 0, output: usage.output ?? 0, estimated: false }
    : { input: Math.ceil(requestChars / 4), output: estimateTokens(out), estimated: true };
  return { text, calls, usage: counted, stop };
}

/** Reads one event's JSON data, or says why it is not JSON. */
export function eventJson(data: string, what: string, key: string): Result<Json, ModelFailure> {
  const json = parseJson(data, { maxBytes: 4 << 20 });
  if (json.ok) return json;
  return { ok: false, error: badResponse(`${what} is not JSON: ${json.error.message}`, key) };
}

/** A count the server gave, when it is one. */
export function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
}

/** An object's field, when the value is an object. */
export function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/**
 * An error the server reported inside a reply that had begun well: the status it stands for (an error
 * code of 400–599, or `fallback`), with the server's words.
 */
export function reportedError(error: unknown, status: number, where: Where): ModelFailure {
  return statusFailure(status, JSON.stringify({ error }), null, where);
}
