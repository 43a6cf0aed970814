import { z } from 'zod';
import type { Json, Result } from '../harness';
import type { ModelSettings } from '../model/model-settings';
import { badResponse, type Where } from './failures';
import { eventJson, orderedCalls, replyOf, reportedError, type CallPiece } from './reply';
import type { SseEvent } from './sse';
import type { ReplyReader } from './transport';
import type { ModelFailure, ModelReply, ModelRequest } from './types';

// The OpenAI-compatible Chat Completions protocol: POST <base>/chat/completions, streamed as `data:` lines
// of JSON chunks ending with `data: [DONE]`. Text comes as `delta.content`, tool calls as `delta.tool_calls`
// pieces keyed by `index` (several calls at once are several indexes), usage in a last chunk.

/** The path the app appends to an OpenAI-compatible base URL (which includes its version, like /v1). */
export const OPENAI_PATH = '/chat/completions';

/** The request's headers: exactly these, so that a local server's CORS preflight passes. */
export function openaiHeaders(settings: ModelSettings): Record<string, string> {
  return {
    'content-type': 'application/json',
    // Local servers need no key; an empty Bearer would be refused by some of them.
    ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
  };
}

/** The request's body: the system prompt, the conversation and the tools, streamed with usage. */
export function openaiBody(settings: ModelSettings, request: ModelRequest): Record<string, Json> {
  const messages: Json[] = [{ role: 'system', content: request.system }];
  for (const turn of request.turns) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.text });
    else if (turn.role === 'assistant') {
      const calls = turn.calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.argsText },
      }));
      messages.push({
        role: 'assistant',
        content: turn.text,
        ...(calls.length ? { tool_calls: calls } : {}),
      });
    } else {
      for (const a of turn.answers) messages.push({ role: 'tool', tool_call_id: a.callId, content: a.text });
    }
  }
  const tools = request.tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.inputSchema as Json },
  }));
  return {
    model: settings.model,
    messages,
    ...(tools.length ? { tools } : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

// Arguments are a string of JSON text; a few servers send the object itself.
const Args = z.union([z.string(), z.record(z.string(), z.unknown())]);
const CallDelta = z.looseObject({
  index: z.number().int().nonnegative().optional(),
  id: z.string().nullish(),
  function: z.looseObject({ name: z.string().nullish(), arguments: Args.nullish() }).nullish(),
});
const UsageField = z
  .looseObject({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() })
  .nullish();
const Chunk = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z
          .looseObject({ content: z.string().nullish(), tool_calls: z.array(CallDelta).nullish() })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: UsageField,
  error: z.unknown().optional(),
});
const Completion = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        message: z.looseObject({
          content: z.string().nullish(),
          tool_calls: z.array(CallDelta).nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: UsageField,
});

const argsText = (args: z.infer<typeof Args>) => (typeof args === 'string' ? args : JSON.stringify(args));

/** The status an error inside a stream stands for: its numeric code, a known type, or 500. */
function statusOf(error: unknown): number {
  const e = (error ?? {}) as { code?: unknown; type?: unknown };
  const code = Number(e.code);
  if (Number.isInteger(code) && code >= 400 && code < 600) return code;
  if (e.code === 'invalid_api_key') return 401;
  if (e.code === 'rate_limit_exceeded' || e.type === 'insufficient_quota') return 429;
  return 500;
}

/**
 * Reads one streamed Chat Completions reply, chunk by chunk, passing text to `onText` as it comes. The
 * stream must end with `[DONE]` or a finish reason; a chunk that is not JSON or not a chunk, or an error
 * reported inside the stream, fails the whole reply.
 */
export class OpenAiReader implements ReplyReader {
  private text = '';
  private readonly pieces = new Map<number, CallPiece>();
  private stop: string | null = null;
  private usage: { input?: number; output?: number } = {};
  private done = false;
  private chunks = 0;

  constructor(
    private readonly where: Where,
    private readonly requestChars: number,
    private readonly onText: (delta: string) => void = () => {},
  ) {}

  event(event: SseEvent): Result<'more' | 'end', ModelFailure> {
    const data = event.data.trim();
    if (data === '[DONE]') {
      this.done = true;
      return { ok: true, value: 'end' };
    }
    this.chunks++;
    const json = eventJson(data, `chunk ${this.chunks}`, this.where.key);
    if (!json.ok) return json;
    const chunk = Chunk.safeParse(json.value);
    if (!chunk.success) return this.bad(`chunk ${this.chunks} is not a Chat Completions chunk`);
    if (chunk.data.error !== undefined)
      return { ok: false, error: reportedError(chunk.data.error, statusOf(chunk.data.error), this.where) };
    this.take(chunk.data.usage);
    for (const choice of chunk.data.choices ?? []) {
      const delta = choice.delta;
      if (delta?.content) {
        this.text += delta.content;
        this.onText(delta.content);
      }
      delta?.tool_calls?.forEach((call, position) => this.piece(call, position));
      if (choice.finish_reason) this.stop = choice.finish_reason;
    }
    return { ok: true, value: 'more' };
  }

  private piece(call: z.infer<typeof CallDelta>, position: number): void {
    const index = call.index ?? this.indexOf(call.id, position);
    const piece = this.pieces.get(index) ?? { id: '', name: '', args: '' };
    if (call.id) piece.id = call.id;
    const name = call.function?.name;
    // The name comes whole in one piece; a server that repeats it must not double it.
    if (name && piece.name !== name) piece.name += name;
    const args = call.function?.arguments;
    if (typeof args === 'string') piece.args += args;
    else if (args) piece.args = argsText(args);
    this.pieces.set(index, piece);
  }

  /**
   * Where a piece without an index goes: the call of its id, else its position in the chunk, unless that
   * holds another call (a server that sends each call in a chunk of its own, none with an index).
   */
  private indexOf(id: string | null | undefined, position: number): number {
    if (!id) return position;
    for (const [index, piece] of this.pieces) if (piece.id === id) return index;
    const there = this.pieces.get(position);
    return there && there.id && there.id !== id ? Math.max(...this.pieces.keys()) + 1 : position;
  }

  private take(usage: z.infer<typeof UsageField>): void {
    if (!usage) return;
    if (typeof usage.prompt_tokens === 'number') this.usage.input = usage.prompt_tokens;
    if (typeof usage.completion_tokens === 'number') this.usage.output = usage.completion_tokens;
  }

  finish(): Result<ModelReply, ModelFailure> {
    if (!this.done && this.stop === null) return this.bad('the stream ended before the answer was complete');
    const calls = orderedCalls(this.pieces);
    if (!calls.ok) return this.bad(calls.error);
    return { ok: true, value: replyOf(this.text, calls.value, this.stop, this.usage, this.requestChars) };
  }

  json(value: Json): Result<ModelReply, ModelFailure> {
    const body = Completion.safeParse(value);
    if (!body.success) return this.bad('the body is not a Chat Completions answer');
    const choice = body.data.choices[0]!;
    this.text = choice.message.content ?? '';
    if (this.text) this.onText(this.text);
    choice.message.tool_calls?.forEach((call, position) => this.piece(call, position));
    this.stop = choice.finish_reason ?? 'stop';
    this.take(body.data.usage);
    return this.finish();
  }

  private bad(detail: string): Result<never, ModelFailure> {
    return { ok: false, error: badResponse(detail, this.where.key) };
  }
}
