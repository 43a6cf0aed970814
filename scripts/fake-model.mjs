// A fake model server for the tests: it speaks the OpenAI-compatible Chat Completions protocol and the
// Anthropic Messages API, streamed, and answers from small scripts that read the conversation they are
// sent (so a "model" can react to the harness's errors). Each request picks its script by its path:
//
//   OpenAI-compatible   POST /<script>[/<token>]/v1/chat/completions   (base URL …/<script>/<token>/v1)
//   Anthropic           POST /<script>[/<token>]/v1/messages           (base URL …/<script>/<token>)
//
// The token keeps one test's requests and gates apart from another's. A gate holds an answer until the
// test opens it (`server.open(token, name)`, or POST /__open/<token>/<name>), so a test can act while a
// request is open without relying on time. CORS is answered as a strict server would: preflights allow
// exactly the headers the app may send, so a request carrying any other header is refused by the browser.
//
//   node scripts/fake-model.mjs [--port 0]      (prints the address it listens on)
//
// `handle(request)` is the server without the network, for Node tests: `fakeFetch()` makes a `fetch` of it.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The request headers the app may send; a preflight asking for any other is answered without it. */
export const ALLOWED_HEADERS = [
  'content-type',
  'authorization',
  'x-api-key',
  'anthropic-version',
  'anthropic-dangerous-direct-browser-access',
];

// Unref'd: a script waiting out its time never keeps a test process alive.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

// ------------------------------------------------------------------ the conversation a request carries

/** The conversation of a request, in one shape for both protocols. */
export function conversation(protocol, body) {
  const turns = [];
  const push = (turn) => turns.push(turn);
  if (protocol === 'openai') {
    for (const m of body.messages ?? []) {
      if (m.role === 'user') push({ role: 'user', text: String(m.content ?? '') });
      else if (m.role === 'assistant') {
        const calls = (m.tool_calls ?? []).map((c) => ({
          id: c.id,
          name: c.function?.name,
          args: c.function?.arguments,
        }));
        push({ role: 'assistant', text: m.content ?? '', calls });
      } else if (m.role === 'tool')
        push({ role: 'tool', id: m.tool_call_id, text: String(m.content ?? ''), isError: false });
    }
  } else {
    for (const m of body.messages ?? []) {
      const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []);
      if (m.role === 'assistant') {
        const text = blocks
          .filter((b) => b.type === 'text')
          .map((b) => b.text)
          .join('');
        const calls = blocks
          .filter((b) => b.type === 'tool_use')
          .map((b) => ({ id: b.id, name: b.name, args: JSON.stringify(b.input) }));
        push({ role: 'assistant', text, calls });
      } else {
        for (const b of blocks) {
          if (b.type === 'text') push({ role: 'user', text: b.text });
          else if (b.type === 'tool_result')
            push({
              role: 'tool',
              id: b.tool_use_id,
              text: String(b.content ?? ''),
              isError: Boolean(b.is_error),
            });
        }
      }
    }
  }
  const tools = (body.tools ?? []).map((t) => t.name ?? t.function?.name);
  const system =
    protocol === 'openai' ? body.messages?.find((m) => m.role === 'system')?.content : body.system;
  return { model: body.model, system, tools, turns };
}

/** Every tool answer so far, each with the call it answers: `{name, args, text, isError}`. */
function answers(conv) {
  const calls = new Map();
  for (const t of conv.turns) if (t.role === 'assistant') for (const c of t.calls) calls.set(c.id, c);
  return conv.turns
    .filter((t) => t.role === 'tool')
    .map((t) => ({
      ...calls.get(t.id),
      text: t.text,
      isError: t.isError || /^Error [A-Z_]+:/.test(t.text) || / failed\.$/.test(t.text),
    }));
}

/** The answers of the last turn of calls. */
function lastAnswers(conv) {
  const all = answers(conv);
  const assistants = conv.turns.filter((t) => t.role === 'assistant');
  const last = assistants.at(-1);
  return last ? all.slice(-last.calls.length) : [];
}

const requests = (conv) => conv.turns.filter((t) => t.role === 'assistant').length;

// ------------------------------------------------------------------ the scripts

/**
 * A careful editor of one file: reads it, edits it, and after a stale version or an unread file reads it
 * again and retries. Told only "edit failed." (the vague arm), it retries the same edit once, then gives up.
 */
function careful({ path, old, replacement }) {
  return (conv) => {
    const last = lastAnswers(conv).at(-1);
    if (!last) return { text: `I'll read ${path} first.`, calls: [{ name: 'read', args: { path } }] };
    const edit = { name: 'edit', args: { path, old_string: old, new_string: replacement } };
    if (last.name === 'read' && !last.isError) return { text: '', calls: [edit] };
    if (last.name === 'edit' && !last.isError) return { text: `Done: ${path} now has ${replacement}.` };
    if (/FS_STALE_VERSION|FS_NOT_OBSERVED/.test(last.text))
      return {
        text: 'The file changed since I read it. Reading it again.',
        calls: [{ name: 'read', args: { path } }],
      };
    const edits = answers(conv).filter((a) => a.name === 'edit').length;
    if (last.name === 'edit' && edits < 2)
      return { text: 'The edit failed. Trying it again.', calls: [edit] };
    return { text: 'I could not make the edit.' };
  };
}

const staleVersion = careful({
  path: '/app/config.json',
  old: '"debug": false',
  replacement: '"debug": true',
});

/** Scripts by name. Each takes the conversation and a context, and returns the reply to stream. */
export const scripts = {
  'stale-version': staleVersion,
  /** The same, with gates: `mid` in the middle of the first text, `turn2` before the second answer. */
  'stale-gated': async (conv, ctx) => {
    const n = requests(conv);
    if (n === 0) return { ...staleVersion(conv), gateAfter: { chars: 9, gate: 'mid' } };
    if (n === 1) await ctx.gate('turn2');
    return staleVersion(conv);
  },
  'happy-path': careful({ path: '/notes.md', old: 'Status: draft', replacement: 'Status: done' }),
  /** shared-ledger: three reads at once, then three edits at once, then a summary. */
  parallel: (conv) => {
    const n = requests(conv);
    if (n === 0)
      return {
        text: 'Reading the three files at once.',
        calls: ['/a.py', '/b.py', '/c.py'].map((path) => ({ name: 'read', args: { path } })),
      };
    if (n === 1)
      return {
        calls: [
          { name: 'edit', args: { path: '/a.py', old_string: 'A = 1', new_string: 'A = 10' } },
          {
            name: 'str_replace_editor',
            args: { command: 'str_replace', path: '/b.py', old_str: 'B = 2', new_str: 'B = 20' },
          },
          { name: 'edit', args: { path: '/c.py', old_string: 'C = 3', new_string: 'C = 30' } },
        ],
      };
    const failed = lastAnswers(conv).filter((a) => a.isError).length;
    return { text: failed ? `${failed} edits failed.` : 'All three are set.' };
  },
  /** happy-path with a call to a tool that does not exist and one with arguments that are not JSON. */
  'bad-args': (conv) => {
    const n = requests(conv);
    if (n === 0)
      return {
        calls: [
          { name: 'teleport', args: { to: '/notes.md' } },
          { name: 'read', args: '{"path": "/notes.md"' },
        ],
      };
    if (n === 1) {
      const codes = lastAnswers(conv).map((a) => /^Error ([A-Z_]+)/.exec(a.text)?.[1] ?? 'ok');
      return {
        text: `Got ${codes.join(' and ')}. Reading properly.`,
        calls: [{ name: 'read', args: { path: '/notes.md' } }],
      };
    }
    if (n === 2)
      return {
        calls: [
          {
            name: 'edit',
            args: { path: '/notes.md', old_string: 'Status: draft', new_string: 'Status: done' },
          },
        ],
      };
    return { text: 'Done.' };
  },
  /** Text only. */
  chat: () => ({ text: 'Hello from the fake model.' }),
  /** broken-tools: calls the tool that never returns, then says what it got. */
  hang: (conv) =>
    requests(conv) === 0
      ? { text: 'Calling a slow tool.', calls: [{ name: 'never_returns', args: {} }] }
      : { text: `It ended: ${lastAnswers(conv)[0]?.text.slice(0, 40)}` },
  /** Reads for ever: for the turn limit. */
  loop: () => ({ text: 'Once more.', calls: [{ name: 'read', args: { path: '/notes.md' } }] }),
  /** A chunk that is not JSON after some text. */
  malformed: () => ({
    text: 'Starting to answer',
    calls: [{ name: 'read', args: { path: '/notes.md' } }],
    malformed: true,
  }),
  /** The stream stops before its end. */
  cut: () => ({
    text: 'This answer is cut',
    calls: [{ name: 'read', args: { path: '/notes.md' } }],
    cut: true,
  }),
  /** One JSON body instead of a stream. */
  json: (conv) =>
    requests(conv) === 0
      ? { text: 'Reading.', calls: [{ name: 'read', args: { path: '/notes.md' } }], json: true }
      : { text: 'Read it.', json: true },
  /** 401, echoing the key it was sent (the app must not show it). */
  auth: (_conv, ctx) => ({ fail: { status: 401, message: `Incorrect API key provided: ${ctx.key}` } }),
  forbidden: () => ({ fail: { status: 403, message: 'This key may not use this model.' } }),
  rate: () => ({
    fail: {
      status: 429,
      message: 'Rate limit reached. Please try again in 7s.',
      headers: { 'retry-after': '7' },
    },
  }),
  'server-error': () => ({ fail: { status: 500, message: 'The fake model fell over.' } }),
  /** Headers at once, then nothing until the gate `slow` opens (or 30 s). */
  slow: async (conv, ctx) => {
    await Promise.race([ctx.gate('slow'), sleep(30_000)]);
    return scripts.chat(conv, ctx);
  },
  redirect: () => ({ redirect: '/elsewhere/v1/chat/completions' }),
  /** A server that sends no CORS headers at all: the browser refuses every answer. */
  'no-cors': () => ({ text: 'You should never read this.' }),
};

// ------------------------------------------------------------------ the two stream formats

const usageOf = (conv) => ({ input: 100 * (requests(conv) + 1), output: 20 });
const pieces = (text, size) => (text ? text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) : []);
const argsOf = (call) => (typeof call.args === 'string' ? call.args : JSON.stringify(call.args));

async function* openaiStream(reply, conv, ctx) {
  const chunk = (delta, more = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: conv.model, choices: [{ index: 0, delta, ...more }] })}\n\n`;
  yield chunk({ role: 'assistant', content: '' });
  yield* textPieces(reply, ctx, (piece) => chunk({ content: piece }));
  if (reply.malformed) {
    yield 'data: {"choices": [ {"delta": \n\n';
    return;
  }
  const calls = reply.calls ?? [];
  for (const [index, call] of calls.entries())
    yield chunk({
      tool_calls: [
        {
          index,
          id: `call_${requests(conv)}_${index}`,
          type: 'function',
          function: { name: call.name, arguments: '' },
        },
      ],
    });
  // Several calls at once: their arguments arrive interleaved, each piece naming its call's index.
  const split = calls.map((call) => pieces(argsOf(call), 7));
  for (let round = 0; split.some((p) => round < p.length); round++)
    for (const [index, p] of split.entries())
      if (round < p.length) yield chunk({ tool_calls: [{ index, function: { arguments: p[round] } }] });
  if (reply.cut) return;
  yield chunk({}, { finish_reason: calls.length ? 'tool_calls' : 'stop' });
  const usage = usageOf(conv);
  yield `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output } })}\n\n`;
  yield 'data: [DONE]\n\n';
}

async function* anthropicStream(reply, conv, ctx) {
  const event = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const usage = usageOf(conv);
  yield event('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      content: [],
      model: conv.model,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  });
  yield event('ping', {});
  let index = 0;
  if (reply.text) {
    yield event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    const i = index;
    yield* textPieces(reply, ctx, (piece) =>
      event('content_block_delta', { index: i, delta: { type: 'text_delta', text: piece } }),
    );
    if (reply.malformed) {
      yield 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": \n\n';
      return;
    }
    yield event('content_block_stop', { index });
    index++;
  }
  for (const [n, call] of (reply.calls ?? []).entries()) {
    yield event('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: `toolu_${requests(conv)}_${n}`, name: call.name, input: {} },
    });
    for (const piece of pieces(argsOf(call), 7))
      yield event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } });
    yield event('content_block_stop', { index });
    index++;
  }
  if (reply.cut) return;
  yield event('message_delta', {
    delta: { stop_reason: reply.calls?.length ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output },
  });
  yield event('message_stop', {});
}

/** The reply's text in small pieces, holding at a gate after `gateAfter.chars` characters if asked. */
async function* textPieces(reply, ctx, wrap) {
  const text = reply.text ?? '';
  const cutAt = reply.gateAfter ? reply.gateAfter.chars : -1;
  const before = cutAt >= 0 ? text.slice(0, cutAt) : text;
  for (const piece of pieces(before, 4)) yield wrap(piece);
  if (cutAt < 0) return;
  await ctx.gate(reply.gateAfter.gate);
  for (const piece of pieces(text.slice(cutAt), 4)) yield wrap(piece);
}

function jsonBody(protocol, reply, conv) {
  const usage = usageOf(conv);
  const calls = reply.calls ?? [];
  if (protocol === 'openai')
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: reply.text ?? '',
            tool_calls: calls.map((c, i) => ({
              id: `call_${i}`,
              type: 'function',
              function: { name: c.name, arguments: argsOf(c) },
            })),
          },
          finish_reason: calls.length ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output },
    };
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    content: [
      ...(reply.text ? [{ type: 'text', text: reply.text }] : []),
      ...calls.map((c, i) => ({ type: 'tool_use', id: `toolu_${i}`, name: c.name, input: c.args })),
    ],
    stop_reason: calls.length ? 'tool_use' : 'end_turn',
    usage: { input_tokens: usage.input, output_tokens: usage.output },
  };
}

// ------------------------------------------------------------------ the server without the network

const anthropicErrors = { 401: 'authentication_error', 403: 'permission_error', 429: 'rate_limit_error' };

/**
 * The state of one fake server: its gates and what it was sent. `handle(request)` answers one request:
 * `{method, path, headers, body}` (headers lowercased, body text) → `{status, headers, body}` where `body`
 * is an async iterable of text (or empty).
 */
export function fakeModel() {
  const gates = new Map();
  const log = [];
  const gateOf = (token, name) => {
    const id = `${token}/${name}`;
    if (!gates.has(id)) {
      let open;
      const promise = new Promise((resolve) => (open = resolve));
      gates.set(id, { promise, open });
    }
    return gates.get(id);
  };
  const cors = (headers, script) => {
    if (script === 'no-cors') return {};
    return {
      'access-control-allow-origin': headers.origin ?? '*',
      'access-control-expose-headers': 'retry-after',
      vary: 'origin',
    };
  };
  async function handle({ method, path, headers, body }) {
    const control = /^\/__open\/([^/]+)\/([^/]+)$/.exec(path);
    if (control) {
      gateOf(control[1], control[2]).open();
      return { status: 204, headers: { 'access-control-allow-origin': '*' }, body: [] };
    }
    const route = /^\/([a-z0-9-]+)(?:\/([A-Za-z0-9_-]+))?\/v1\/(chat\/completions|messages)$/.exec(path);
    const script = route?.[1];
    const token = route?.[2] ?? '-';
    const entry = { method, path, script, token, headers: { ...headers } };
    log.push(entry);
    if (method === 'OPTIONS') {
      if (script === 'no-cors') return { status: 204, headers: {}, body: [] };
      const asked = (headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      entry.preflight = asked;
      return {
        status: 204,
        headers: {
          ...cors(headers, script),
          'access-control-allow-methods': 'POST',
          // Only the allowed ones: the browser refuses the request if it wants to send any other.
          'access-control-allow-headers': asked.filter((h) => ALLOWED_HEADERS.includes(h)).join(', '),
          'access-control-max-age': '0',
          ...(headers['access-control-request-private-network']
            ? { 'access-control-allow-private-network': 'true' }
            : {}),
        },
        body: [],
      };
    }
    if (!route || !scripts[script] || method !== 'POST') {
      return {
        status: 404,
        headers: { ...cors(headers, script), 'content-type': 'application/json' },
        body: [JSON.stringify({ error: { message: `no such endpoint: ${method} ${path}` } })],
      };
    }
    const protocol = route[3] === 'messages' ? 'anthropic' : 'openai';
    let parsed;
    try {
      parsed = JSON.parse(body);
    } catch {
      return {
        status: 400,
        headers: { ...cors(headers, script), 'content-type': 'application/json' },
        body: ['{"error":{"message":"the body is not JSON"}}'],
      };
    }
    entry.body = parsed;
    entry.protocol = protocol;
    const conv = conversation(protocol, parsed);
    entry.conversation = conv;
    const key =
      protocol === 'anthropic'
        ? (headers['x-api-key'] ?? '')
        : (headers.authorization ?? '').replace(/^Bearer /, '');
    const ctx = { key, gate: (name) => gateOf(token, name).promise };
    const reply = await scripts[script](conv, ctx);
    const base = cors(headers, script);
    if (reply.fail) {
      const body =
        protocol === 'anthropic'
          ? {
              type: 'error',
              error: { type: anthropicErrors[reply.fail.status] ?? 'api_error', message: reply.fail.message },
            }
          : { error: { message: reply.fail.message, type: 'fake_error', code: null } };
      return {
        status: reply.fail.status,
        headers: { ...base, 'content-type': 'application/json', ...(reply.fail.headers ?? {}) },
        body: [JSON.stringify(body)],
      };
    }
    if (reply.redirect) return { status: 307, headers: { ...base, location: reply.redirect }, body: [] };
    if (reply.json)
      return {
        status: 200,
        headers: { ...base, 'content-type': 'application/json' },
        body: [JSON.stringify(jsonBody(protocol, reply, conv))],
      };
    const stream =
      protocol === 'anthropic' ? anthropicStream(reply, conv, ctx) : openaiStream(reply, conv, ctx);
    return {
      status: 200,
      headers: { ...base, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
      body: stream,
    };
  }
  return {
    handle,
    /** Opens a gate of `token` (before or after someone waits at it). */
    open: (token, name) => gateOf(token, name).open(),
    /** The requests received, preflights included, optionally only those of `token`. */
    requests: (token) => log.filter((r) => token === undefined || r.token === token),
  };
}

/** A `fetch` answered by a fake model, without the network (for Node tests): CORS is not enforced. */
export function fakeFetch(model = fakeModel()) {
  const fetch = async (url, init = {}) => {
    const { pathname } = new URL(url);
    const headers = Object.fromEntries(
      Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const answer = await raceAbort(
      model.handle({ method: init.method ?? 'GET', path: pathname, headers, body: String(init.body ?? '') }),
      init.signal,
    );
    const iterator = answer.body[Symbol.asyncIterator]?.() ?? answer.body[Symbol.iterator]();
    const encoder = new TextEncoder();
    const stream = new ReadableStream({
      start(controller) {
        init.signal?.addEventListener(
          'abort',
          () => controller.error(new DOMException('The operation was aborted.', 'AbortError')),
          { once: true },
        );
      },
      async pull(controller) {
        try {
          const { done, value } = await iterator.next();
          if (done) controller.close();
          else controller.enqueue(encoder.encode(value));
        } catch (error) {
          controller.error(error);
        }
      },
    });
    const nullBody = answer.status === 204 || (answer.status >= 300 && answer.status < 400);
    return new Response(nullBody ? null : stream, { status: answer.status, headers: answer.headers });
  };
  return Object.assign(fetch, { model });
}

function raceAbort(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    signal.addEventListener(
      'abort',
      () => reject(new DOMException('The operation was aborted.', 'AbortError')),
      { once: true },
    );
    promise.then(resolve, reject);
  });
}

// ------------------------------------------------------------------ the server on the network

/** Starts the fake model on `port` (0: any free port). Resolves with its origin, the model and `close()`. */
export async function startFakeModel({ port = 0, host = '127.0.0.1' } = {}) {
  const model = fakeModel();
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    let answer;
    try {
      answer = await model.handle({
        method: req.method ?? 'GET',
        path,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.flushHeaders();
    let closed = false;
    res.on('close', () => (closed = true));
    try {
      for await (const piece of answer.body) {
        if (closed) break;
        res.write(piece);
      }
    } finally {
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const origin = `http://${host}:${address.port}`;
  return {
    origin,
    ...model,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 0;
  const { origin } = await startFakeModel({ port });
  console.log(`fake model listening on ${origin}`);
}
