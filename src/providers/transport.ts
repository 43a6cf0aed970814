import { parseJson, type Json, type Result } from '../harness';
import {
  badResponse,
  brokenFailure,
  networkFailure,
  redirectFailure,
  statusFailure,
  stoppedFailure,
  timeoutFailure,
  type Where,
} from './failures';
import { readSse, SseError, type SseEvent } from './sse';
import type { Fetch, ModelFailure, ModelReply } from './types';

/** How a protocol reads its reply: streamed event by event, or as one JSON body. */
export interface ReplyReader {
  /** One event of the stream; `'end'` once the reply is complete (the rest is not read). */
  event(event: SseEvent): Result<'more' | 'end', ModelFailure>;
  /** The stream ended (or said it was complete): the whole reply, or why it is not one. */
  finish(): Result<ModelReply, ModelFailure>;
  /** A server that answered with one JSON body instead of a stream. */
  json(value: Json): Result<ModelReply, ModelFailure>;
}

/** Options of one exchange. */
export interface ExchangeSpec {
  fetch: Fetch;
  signal: AbortSignal;
  /** Longest quiet spell: waiting for the answer to start, or between two pieces of it. */
  idleMs: number;
  where: Where;
}

/** The most bytes of an error body or a JSON reply that are read. */
const MAX_BODY = 8 << 20;

/** Reads at most `limit` characters of a body as text (an error page can be large). */
async function readText(response: Response, limit: number): Promise<string> {
  const text = await response.text();
  return text.length > limit ? text.slice(0, limit) : text;
}

/**
 * Posts `body` to the endpoint with exactly `headers` and reads the reply with `reader`. The request is
 * made without cookies or referrer, and a redirect is not followed (the key goes to the typed address
 * only). Stopped by `spec.signal` → MODEL_STOPPED; quiet for `idleMs` → MODEL_TIMEOUT; `fetch` rejecting
 * → MODEL_NETWORK; an HTTP error → its code; a reply that does not read → MODEL_BAD_RESPONSE. Never
 * rejects.
 */
export async function exchange(
  headers: Record<string, string>,
  body: string,
  reader: ReplyReader,
  spec: ExchangeSpec,
): Promise<Result<ModelReply, ModelFailure>> {
  const { where } = spec;
  if (spec.signal.aborted) return { ok: false, error: stoppedFailure() };
  const inner = new AbortController();
  let quiet = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      quiet = true;
      inner.abort();
    }, spec.idleMs);
  };
  const stop = () => inner.abort();
  spec.signal.addEventListener('abort', stop, { once: true });
  const why = (failure: ModelFailure): Result<ModelReply, ModelFailure> => ({
    ok: false,
    error: spec.signal.aborted ? stoppedFailure() : quiet ? timeoutFailure(spec.idleMs) : failure,
  });
  arm();
  let response: Response;
  try {
    response = await spec.fetch(where.endpoint, {
      method: 'POST',
      headers,
      body,
      signal: inner.signal,
      credentials: 'omit',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    clearTimeout(timer);
    spec.signal.removeEventListener('abort', stop);
    return why(networkFailure(where));
  }
  try {
    return await read(response, reader, arm, where);
  } catch (thrown) {
    if (thrown instanceof SseError) return why(badResponse(thrown.message));
    return why(brokenFailure());
  } finally {
    clearTimeout(timer);
    spec.signal.removeEventListener('abort', stop);
  }
}

async function read(
  response: Response,
  reader: ReplyReader,
  arm: () => void,
  where: Where,
): Promise<Result<ModelReply, ModelFailure>> {
  // A browser shows a redirect not followed as an opaque answer; Node as the 3xx itself.
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    return { ok: false, error: redirectFailure() };
  if (!response.ok) {
    const text = await readText(response, 64 * 1024);
    return {
      ok: false,
      error: statusFailure(response.status, text, response.headers.get('retry-after'), where),
    };
  }
  const type = response.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type)) {
    const json = parseJson(await readText(response, MAX_BODY));
    if (!json.ok)
      return { ok: false, error: badResponse(`the body is not JSON: ${json.error.message}`, where.key) };
    return reader.json(json.value);
  }
  if (!response.body) return { ok: false, error: badResponse('the answer has no body') };
  for await (const event of readSse(response.body, arm)) {
    const step = reader.event(event);
    if (!step.ok) return step;
    if (step.value === 'end') break;
  }
  return reader.finish();
}
