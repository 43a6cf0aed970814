import { describe, expect, it } from 'vitest';
import {
  SCENARIO_LIMITS,
  fetchScenario,
  readScenarioFile,
  scenarioById,
  serializeScenarioFile,
} from '../../../src/model';

const file = serializeScenarioFile(scenarioById('stale-version')!).value!;

/** A `fetch` that answers `response` and remembers what it was asked. */
const answering = (response: () => Response) => {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    asked.push({ url: String(url), init });
    return response();
  }) as typeof globalThis.fetch;
  return { fetch, asked };
};

/** A body that streams `chunks` chunks of `size` bytes, and notes whether its reader cancelled it. */
const streamed = (chunks: number, size: number) => {
  const state = { sent: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.sent++ >= chunks) return controller.close();
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
};

describe('fetchScenario', () => {
  it('fetches across origins with CORS and no credentials, and parses the file', async () => {
    const { fetch, asked } = answering(() => new Response(file));
    const read = await fetchScenario('https://lessons.example/a/stale.json', { fetch });
    expect(read.value?.id).toBe('stale-version');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit' });
  });

  it('resolves a relative address against the base it is given', async () => {
    const { fetch, asked } = answering(() => new Response(file));
    await fetchScenario('../lessons/my-lesson.json', {
      fetch,
      base: 'https://tutorial.example/course/page/',
    });
    expect(asked[0]!.url).toBe('https://tutorial.example/course/lessons/my-lesson.json');
  });

  it('refuses an HTTP error with SCENARIO_FETCH_FAILED and the status', async () => {
    const { fetch } = answering(() => new Response('gone', { status: 404, statusText: 'Not Found' }));
    const read = await fetchScenario('https://lessons.example/missing.json', { fetch });
    expect(read.error?.code).toBe('SCENARIO_FETCH_FAILED');
    expect(read.error?.message).toContain('HTTP 404 Not Found');
  });

  it('refuses a network or CORS failure with SCENARIO_FETCH_FAILED', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    const read = await fetchScenario('https://elsewhere.example/x.json', { fetch });
    expect(read.error?.code).toBe('SCENARIO_FETCH_FAILED');
    expect(read.error?.message).toMatch(/CORS/);
  });

  it('gives up after its timeout', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
      )) as unknown as typeof globalThis.fetch;
    const read = await fetchScenario('https://slow.example/x.json', { fetch, timeoutMs: 20 });
    expect(read.error?.code).toBe('SCENARIO_FETCH_FAILED');
    expect(read.error?.message).toMatch(/no answer within/);
  });

  it('refuses addresses that are not http or https, and text that is no address', async () => {
    const { fetch, asked } = answering(() => new Response(file));
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:application/json,{}',
      'http://[::1',
    ])
      expect((await fetchScenario(url, { fetch })).error?.code, url).toBe('SCENARIO_FETCH_FAILED');
    expect(asked).toEqual([]);
  });

  it('refuses a declared length over 1 MiB before reading the body', async () => {
    const { body, state } = streamed(1, 16);
    const headers = { 'content-length': String(SCENARIO_LIMITS.bytes + 1) };
    const { fetch } = answering(() => new Response(body, { headers }));
    expect((await fetchScenario('https://big.example/x.json', { fetch })).error?.code).toBe(
      'SCENARIO_TOO_LARGE',
    );
    expect(state.sent).toBeLessThanOrEqual(1);
  });

  it('stops reading a body without a length once it passes 1 MiB', async () => {
    const { body, state } = streamed(1000, 64 * 1024);
    const { fetch } = answering(() => new Response(body));
    expect((await fetchScenario('https://big.example/x.json', { fetch })).error?.code).toBe(
      'SCENARIO_TOO_LARGE',
    );
    expect(state.sent).toBeLessThan(20);
    expect(state.cancelled).toBe(true);
  });

  it('refuses bytes that are not UTF-8 and reads a byte order mark', async () => {
    const bad = answering(() => new Response(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])));
    expect((await fetchScenario('https://x.example/a.json', { fetch: bad.fetch })).error?.code).toBe(
      'SCENARIO_INVALID',
    );
    const bom = answering(() => new Response(`\uFEFF${file}`));
    expect((await fetchScenario('https://x.example/a.json', { fetch: bom.fetch })).value?.id).toBe(
      'stale-version',
    );
  });

  it('passes the parser’s refusals on: a bad file fetched is refused with its own code and path', async () => {
    const raw = JSON.parse(file);
    raw.steps[0].args = 5;
    const { fetch } = answering(() => new Response(JSON.stringify(raw)));
    const read = await fetchScenario('https://x.example/a.json', { fetch });
    expect(read.error).toMatchObject({ code: 'SCENARIO_INVALID', path: 'steps[0].args' });
  });
});

describe('readScenarioFile', () => {
  it('reads a chosen file', async () => {
    expect((await readScenarioFile(new Blob([file]))).value?.id).toBe('stale-version');
  });

  it('refuses a file over 1 MiB by its size, before reading it', async () => {
    const big = new Blob([new Uint8Array(SCENARIO_LIMITS.bytes + 1)]);
    const read = await readScenarioFile(big);
    expect(read.error?.code).toBe('SCENARIO_TOO_LARGE');
  });
});
