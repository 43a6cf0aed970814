import { z } from 'zod';
import { parseJson, type Json, type Result } from '../harness';
import type { ModelSettings } from '../model/model-settings';
import { badResponse, type Where } from './failures';
import { eventJson, orderedCalls, replyOf, reportedError, type CallPiece } from './reply';
import type { SseEvent } from './sse';
import type { ReplyReader } from './transport';
import type { ModelCall, ModelFailure, ModelReply, ModelRequest } from './types';

// The Anthropic Messages API: POST <host>/v1/messages, streamed as named events: message_start (input
// usage), content_block_start / _delta / _stop for each block (text_delta for text, input_json_delta for a
// tool_use block's input, in pieces), message_delta (stop reason, output usage) and message_stop.

/** The path the app appends to the Anthropic base URL (the host). */
export const ANTHROPIC_PATH = '/v1/messages';
/** The API version the requests name. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** The most tokens one reply may have (the API requires a number). */
export const ANTHROPIC_MAX_TOKENS = 4096;

/** The request's headers: exactly these; the last one is what the API asks of a request from a web page. */
export function anthropicHeaders(settings: ModelSettings): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-api-key': settings.key,
    'anthropic-version': ANTHROPIC_VERSION,
    'anthropic-dangerous-direct-browser-access': 'true',
  };
}

/** A call's input as the API wants it back in the conversation: an object, `{}` for text that was not one. */
function inputOf(call: ModelCall): Json {
  const parsed = parseJson(call.argsText === '' ? '{}' : call.argsText);
  return parsed.ok && parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)
    ? parsed.value
    : {};
}

/** The request's body: the system prompt apart, the conversation as content blocks, the tools, streamed. */
export function anthropicBody(settings: ModelSettings, request: ModelRequest): Record<string, Json> {
  const messages: Json[] = [];
  for (const turn of request.turns) {
    if (turn.role === 'user') messages.push({ role: 'user', content: turn.text });
    else if (turn.role === 'assistant') {
      const content: Json[] = [
        // The API refuses an empty text block.
        ...(turn.text ? [{ type: 'text', text: turn.text }] : []),
        ...turn.calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: inputOf(c) })),
      ];
      messages.push({ role: 'assistant', content });
    } else {
      const content = turn.answers.map((a) => ({
        type: 'tool_result',
        tool_use_id: a.callId,
        content: a.text,
        ...(a.isError ? { is_error: true } : {}),
      }));
      messages.push({ role: 'user', content });
    }
  }
  const tools = request.tools.map((t) => ({
    name: t.name,
    description: t.description,
    input_schema: t.inputSchema as Json,
  }));
  return {
    model: settings.model,
    max_tokens: ANTHROPIC_MAX_TOKENS,
    system: request.system,
    messages,
    ...(tools.length ? { tools } : {}),
    stream: true,
  };
}

const UsageField = z
  .looseObject({ input_tokens: z.number().nullish(), output_tokens: z.number().nullish() })
  .nullish();
const Block = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
});
const Event = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message_start'), message: z.looseObject({ usage: UsageField }) }),
  z.looseObject({
    type: z.literal('content_block_start'),
    index: z.number().int().nonnegative(),
    content_block: Block,
  }),
  z.looseObject({
    type: z.literal('content_block_delta'),
    index: z.number().int().nonnegative(),
    delta: z.looseObject({
      type: z.string(),
      text: z.string().optional(),
      partial_json: z.string().optional(),
    }),
  }),
  z.looseObject({ type: z.literal('content_block_stop'), index: z.number().int().nonnegative() }),
  z.looseObject({
    type: z.literal('message_delta'),
    delta: z.looseObject({ stop_reason: z.string().nullish() }),
    usage: UsageField,
  }),
  z.looseObject({ type: z.literal('message_stop') }),
  z.looseObject({ type: z.literal('ping') }),
  z.looseObject({ type: z.literal('error'), error: z.unknown() }),
]);
const Message = z.looseObject({
  content: z.array(Block),
  stop_reason: z.string().nullish(),
  usage: UsageField,
});
const known: ReadonlySet<string> = new Set(Event.options.map((o) => o.shape.type.value));

/** The status an error event stands for, by its type. */
const errorStatus: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/**
 * Reads one streamed Messages reply, event by event, passing text to `onText` as it comes. It must end
 * with message_stop; an event that is not JSON or does not fit, a delta for a block never started, or an
 * error event fails the whole reply. Event types it does not know (thinking blocks, new kinds) are passed
 * over, as the API asks.
 */
export class AnthropicReader implements ReplyReader {
  private readonly blocks = new Map<
    number,
    { kind: 'text' } | { kind: 'tool'; piece: CallPiece } | { kind: 'other' }
  >();
  private text = '';
  private stop: string | null = null;
  private usage: { input?: number; output?: number } = {};
  private done = false;

  constructor(
    private readonly where: Where,
    private readonly requestChars: number,
    private readonly onText: (delta: string) => void = () => {},
  ) {}

  event(event: SseEvent): Result<'more' | 'end', ModelFailure> {
    const json = eventJson(event.data, `the ${event.event} event`, this.where.key);
    if (!json.ok) return json;
    const type = (json.value as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && !known.has(type)) return { ok: true, value: 'more' };
    const parsed = Event.safeParse(json.value);
    if (!parsed.success)
      return this.bad(`the ${String(type ?? event.event)} event does not fit the Messages API`);
    const e = parsed.data;
    switch (e.type) {
      case 'message_start':
        this.take(e.message.usage);
        break;
      case 'content_block_start':
        if (e.content_block.type === 'tool_use') {
          const { id = '', name = '', input } = e.content_block;
          // The start carries the input as `{}`; the deltas then bring its JSON text in pieces.
          const initial =
            input && typeof input === 'object' && Object.keys(input).length ? JSON.stringify(input) : '';
          this.blocks.set(e.index, { kind: 'tool', piece: { id, name, args: initial } });
        } else if (e.content_block.type === 'text') {
          this.blocks.set(e.index, { kind: 'text' });
          if (e.content_block.text) this.say(e.content_block.text);
          // Thinking, a server's own tool, kinds to come: their deltas are passed over.
        } else this.blocks.set(e.index, { kind: 'other' });
        break;
      case 'content_block_delta':
        return this.delta(e.index, e.delta);
      case 'message_delta':
        if (e.delta.stop_reason) this.stop = e.delta.stop_reason;
        this.take(e.usage);
        break;
      case 'message_stop':
        this.done = true;
        return { ok: true, value: 'end' };
      case 'error': {
        const kind = String((e.error as { type?: unknown } | null)?.type ?? '');
        return { ok: false, error: reportedError(e.error, errorStatus[kind] ?? 500, this.where) };
      }
    }
    return { ok: true, value: 'more' };
  }

  private delta(index: number, delta: { type: string; text?: string; partial_json?: string }) {
    const block = this.blocks.get(index);
    if (delta.type === 'text_delta' || delta.type === 'input_json_delta') {
      if (!block) return this.bad(`a delta came for block ${index}, which never started`);
      if (block.kind === 'other') return { ok: true as const, value: 'more' as const };
      if (delta.type === 'text_delta' && block.kind === 'text') this.say(delta.text ?? '');
      else if (delta.type === 'input_json_delta' && block.kind === 'tool')
        block.piece.args += delta.partial_json ?? '';
      else return this.bad(`a ${delta.type} came for a block of another kind`);
    }
    return { ok: true as const, value: 'more' as const };
  }

  private say(text: string): void {
    if (!text) return;
    this.text += text;
    this.onText(text);
  }

  private take(usage: z.infer<typeof UsageField>): void {
    if (!usage) return;
    if (typeof usage.input_tokens === 'number') this.usage.input = usage.input_tokens;
    if (typeof usage.output_tokens === 'number') this.usage.output = usage.output_tokens;
  }

  finish(): Result<ModelReply, ModelFailure> {
    if (!this.done) return this.bad('the stream ended before message_stop');
    const pieces = new Map<number, CallPiece>();
    for (const [index, block] of this.blocks) if (block.kind === 'tool') pieces.set(index, block.piece);
    const calls = orderedCalls(pieces);
    if (!calls.ok) return this.bad(calls.error);
    return { ok: true, value: replyOf(this.text, calls.value, this.stop, this.usage, this.requestChars) };
  }

  json(value: Json): Result<ModelReply, ModelFailure> {
    const message = Message.safeParse(value);
    if (!message.success) return this.bad('the body is not a Messages answer');
    message.data.content.forEach((block, index) => {
      if (block.type === 'text') {
        this.blocks.set(index, { kind: 'text' });
        this.say(block.text ?? '');
      } else if (block.type === 'tool_use') {
        const args = JSON.stringify(block.input ?? {});
        this.blocks.set(index, { kind: 'tool', piece: { id: block.id ?? '', name: block.name ?? '', args } });
      }
    });
    this.stop = message.data.stop_reason ?? null;
    this.take(message.data.usage);
    this.done = true;
    return this.finish();
  }

  private bad(detail: string): Result<never, ModelFailure> {
    return { ok: false, error: badResponse(detail, this.where.key) };
  }
}
