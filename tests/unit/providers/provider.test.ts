// The providers end to end over `fetch`: the fake model answers through a fetch stub (the same handler the
// browser tests reach over HTTP), or a stub fails the way a browser's fetch fails.
import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../scripts/fake-model.mjs';
import {
  createProvider,
  endpointOf,
  retryAfter,
  type Fetch,
  type ModelRequest,
} from '../../../src/providers';
import type { ModelSettings } from '../../../src/model';
import { KEY } from './fixtures';

const ORIGIN = 'https://teacher.example';
const task: ModelRequest = { system: 'S', tools: [], turns: [{ role: 'user', text: 'Hi' }] };

function setup(
  script: string,
  provider: 'openai' | 'anthropic' = 'openai',
  more: { fetch?: Fetch; idleMs?: number } = {},
) {
  const fetch = fakeFetch();
  const baseUrl =
    provider === 'openai' ? `http://127.0.0.1:9/${script}/t1/v1` : `http://127.0.0.1:9/${script}/t1`;
  const settings: ModelSettings = { provider, baseUrl, model: 'fake-1', key: KEY };
  const model = createProvider(settings, {
    fetch: more.fetch ?? (fetch as Fetch),
    origin: ORIGIN,
    idleMs: more.idleMs ?? 5000,
  });
  return { fetch, model, settings };
}

const complete = (model: ReturnType<typeof setup>['model'], signal = new AbortController().signal) =>
  model.complete(task, { signal });

describe.each(['openai', 'anthropic'] as const)('a %s provider', (provider) => {
  it('posts to the base URL and the protocol’s path only, and reads a streamed reply', async () => {
    const { fetch, model, settings } = setup('chat', provider);
    const texts: string[] = [];
    const reply = await model.complete(task, {
      signal: new AbortController().signal,
      onText: (t) => texts.push(t),
    });
    expect(reply.ok && reply.value.text).toBe('Hello from the fake model.');
    expect(texts.join('')).toBe('Hello from the fake model.');
    expect(texts.length).toBeGreaterThan(1);
    const [sent] = fetch.model.requests('t1');
    expect(model.endpoint).toBe(endpointOf(settings));
    expect(sent!.path).toBe(new URL(model.endpoint).pathname);
    expect(sent!.path).toMatch(
      provider === 'openai' ? /\/t1\/v1\/chat\/completions$/ : /\/t1\/v1\/messages$/,
    );
  });

  it('reads the usage the server sent', async () => {
    const reply = await complete(setup('chat', provider).model);
    expect(reply.ok && reply.value.usage).toEqual({ input: 100, output: 20, estimated: false });
  });

  it('MODEL_AUTH for 401, with the server’s words and never the key they echo', async () => {
    const reply = await complete(setup('auth', provider).model);
    expect(reply.ok).toBe(false);
    expect(reply.error).toMatchObject({ code: 'MODEL_AUTH', status: 401 });
    expect(reply.error?.detail).toBe('Incorrect API key provided: [your key]');
    expect(JSON.stringify(reply.error)).not.toContain(KEY);
  });

  it('MODEL_AUTH for 403', async () => {
    expect((await complete(setup('forbidden', provider).model)).error).toMatchObject({
      code: 'MODEL_AUTH',
      status: 403,
    });
  });

  it('MODEL_RATE_LIMIT for 429, with the wait the server gave', async () => {
    const reply = await complete(setup('rate', provider).model);
    expect(reply.error).toMatchObject({ code: 'MODEL_RATE_LIMIT', status: 429, retryAfterSeconds: 7 });
    expect(reply.error?.remedy.en).toContain('Wait 7 s');
  });

  it('MODEL_HTTP for a server error, and for an endpoint that is not there, with the base-URL rule', async () => {
    expect((await complete(setup('server-error', provider).model)).error).toMatchObject({
      code: 'MODEL_HTTP',
      status: 500,
    });
    const missing = await complete(setup('no-such-script', provider).model);
    expect(missing.error).toMatchObject({ code: 'MODEL_HTTP', status: 404 });
    expect(missing.error?.remedy.en).toContain(provider === 'openai' ? '/chat/completions' : '/v1/messages');
  });

  it('MODEL_BAD_RESPONSE for a chunk that is not JSON, and for a stream cut short', async () => {
    expect((await complete(setup('malformed', provider).model)).error?.code).toBe('MODEL_BAD_RESPONSE');
    expect((await complete(setup('cut', provider).model)).error?.code).toBe('MODEL_BAD_RESPONSE');
  });

  it('reads a whole JSON body from a server that ignores streaming', async () => {
    const reply = await complete(setup('json', provider).model);
    expect(reply.ok && reply.value.calls.map((c) => [c.name, JSON.parse(c.argsText)])).toEqual([
      ['read', { path: '/notes.md' }],
    ]);
  });

  it('MODEL_TIMEOUT when the server stays quiet past the idle limit', async () => {
    const reply = await complete(setup('slow', provider, { idleMs: 30 }).model);
    expect(reply.error?.code).toBe('MODEL_TIMEOUT');
  });

  it('MODEL_STOPPED when the request is stopped while it is open', async () => {
    const { model } = setup('slow', provider);
    const stop = new AbortController();
    const pending = complete(model, stop.signal);
    setTimeout(() => stop.abort(), 10);
    expect((await pending).error?.code).toBe('MODEL_STOPPED');
  });
});

describe('failures of the connection itself', () => {
  const failing: Fetch = () => Promise.reject(new TypeError('Failed to fetch'));

  it('MODEL_NETWORK when fetch rejects, with the CORS set-up of the preset the base URL belongs to', async () => {
    const fetch = failing;
    const model = createProvider(
      { provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', key: '' },
      { fetch, origin: ORIGIN },
    );
    const reply = await complete(model);
    expect(reply.error?.code).toBe('MODEL_NETWORK');
    expect(reply.error?.message.en).toContain('CORS');
    expect(reply.error?.remedy.en).toContain(`OLLAMA_ORIGINS=${ORIGIN}`);
  });

  it('MODEL_NETWORK for a server of one’s own names the headers it must allow', async () => {
    const model = createProvider(
      { provider: 'anthropic', baseUrl: 'https://models.internal.example', model: 'm', key: KEY },
      { fetch: failing, origin: ORIGIN },
    );
    const remedy = (await complete(model)).error?.remedy.en;
    expect(remedy).toContain(`from ${ORIGIN}`);
    expect(remedy).toContain('x-api-key, anthropic-version and anthropic-dangerous-direct-browser-access');
  });

  it('does not follow a redirect: the key goes to the typed address only', async () => {
    const { fetch, model } = setup('redirect');
    const reply = await complete(model);
    expect(reply.error?.code).toBe('MODEL_NETWORK');
    expect(reply.error?.message.en).toMatch(/redirected/);
    expect(fetch.model.requests().map((r) => r.path)).toEqual(['/redirect/t1/v1/chat/completions']);
  });

  it('sends the request without cookies or referrer, and with redirects left unfollowed', async () => {
    let init: RequestInit | undefined;
    const spy: Fetch = (_url, i) => {
      init = i;
      return Promise.reject(new TypeError('stop here'));
    };
    await complete(
      createProvider(
        { provider: 'openai', baseUrl: 'https://x.example/v1', model: 'm', key: KEY },
        { fetch: spy, origin: ORIGIN },
      ),
    );
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      redirect: 'manual',
      referrerPolicy: 'no-referrer',
    });
    expect(Object.keys(init!.headers as object).sort()).toEqual(['authorization', 'content-type']);
  });
});

describe('retryAfter', () => {
  it('reads seconds, an HTTP date, or the wait a message names', () => {
    expect(retryAfter('12', '')).toBe(12);
    expect(retryAfter('Thu, 01 Jan 2026 09:00:30 GMT', '', Date.UTC(2026, 0, 1, 9, 0, 0))).toBe(30);
    expect(retryAfter(null, 'Rate limit reached. Please try again in 1.5s.')).toBe(2);
    expect(retryAfter(null, 'try again in 300ms')).toBe(1);
    expect(retryAfter(null, 'no idea')).toBeUndefined();
  });
});
