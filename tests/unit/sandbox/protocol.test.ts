import { describe, expect, it } from 'vitest';
import { guestError, locate } from '../../../src/sandbox/guest-error';
import { frameDocument, FRAME_CSP } from '../../../src/sandbox/frame';
import { MAX_REPLY_BYTES, Reply, type Request, decode, encode } from '../../../src/sandbox/protocol';
import { fits, utf8Bytes } from '../../../src/sandbox/wire';
import { limits } from './fixtures';

const returned = (value: unknown) => ({
  v: 1,
  id: 1,
  kind: 'returned',
  value,
  durationMs: 1,
  memoryBytes: 2,
  logs: [],
});
const read = (data: unknown) => decode(data, Reply, MAX_REPLY_BYTES);

describe('decode', () => {
  it('reads a well-formed reply', () => {
    expect(read(JSON.stringify(returned({ a: [1, 'x', null] })))).toEqual({
      ok: true,
      value: returned({ a: [1, 'x', null] }),
    });
  });

  it('refuses what is not JSON text: objects, bad JSON', () => {
    expect(read(returned(1))).toMatchObject({ ok: false, error: { oversized: false } });
    expect(read('{')).toMatchObject({ ok: false, error: { message: 'a message that is not valid JSON' } });
  });

  it('refuses a message of another version, an unknown kind, or extra keys', () => {
    expect(read(JSON.stringify({ ...returned(1), v: 2 }))).toMatchObject({ ok: false });
    expect(read(JSON.stringify({ ...returned(1), kind: 'eval' }))).toMatchObject({ ok: false });
    expect(read(JSON.stringify({ ...returned(1), extra: true }))).toMatchObject({ ok: false });
  });

  it('refuses a message over the cap without parsing it, and says how big it was', () => {
    const big = JSON.stringify(returned('x'.repeat(MAX_REPLY_BYTES)));
    expect(read(big)).toMatchObject({
      ok: false,
      error: { oversized: true, message: expect.stringContaining('over the limit') },
    });
  });

  it('counts the cap in UTF-8 bytes', () => {
    const text = JSON.stringify(returned('é'.repeat(MAX_REPLY_BYTES / 2)));
    expect(text.length).toBeLessThan(MAX_REPLY_BYTES);
    expect(read(text)).toMatchObject({ ok: false, error: { oversized: true } });
  });

  it('refuses a message nested too deeply to check, without throwing', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const text = JSON.stringify(returned(0)).replace('"value":0', `"value":${deep}`);
    expect(read(text)).toMatchObject({ ok: false });
  });

  it('drops __proto__ keys at every depth, so nothing can become a prototype', () => {
    const text =
      '{"v":1,"id":1,"kind":"returned","durationMs":0,"memoryBytes":0,"logs":[],"value":{"__proto__":{"x":1},"a":{"__proto__":{"y":2}}}}';
    const decoded = read(text);
    expect(decoded).toMatchObject({ ok: true, value: { value: { a: {} } } });
    const value = decoded.value as { value: Record<string, object> };
    expect(Object.getPrototypeOf(value.value)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(value.value.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('sizes', () => {
  it('utf8Bytes counts code points as UTF-8 does', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀b', '\ud800', '\ud800x']) {
      expect(utf8Bytes(s)).toBe(new TextEncoder().encode(s).length);
    }
  });

  it('fits decides from the length alone when it can', () => {
    expect(fits('x'.repeat(10), 10)).toBe(true);
    expect(fits('x'.repeat(11), 10)).toBe(false);
    expect(fits('€€€', 9)).toBe(true);
    expect(fits('€€€€', 9)).toBe(false);
  });

  it('encode refuses a request over its cap', () => {
    const request: Request = { v: 1, id: 1, kind: 'call', fn: 'observed', args: ['x'.repeat(100)] };
    expect(encode(request, 50)).toBeUndefined();
    expect(JSON.parse(encode(request, 1000)!)).toEqual(request);
  });
});

describe('guest errors', () => {
  it('locate finds the innermost frame in the plugin file', () => {
    const stack =
      '    at run (sandbox:prelude:170:20)\n    at inner (plugin.js:7:3)\n    at outer (plugin.js:2:1)\n';
    expect(locate(stack)).toEqual({ line: 7, column: 3 });
    expect(locate('    at <eval> (sandbox:prelude:1:1)\n')).toEqual({});
  });

  it('a deadline wins over whatever was thrown', () => {
    const described = { name: 'InternalError', message: 'interrupted', stack: '    at f (plugin.js:3:9)\n' };
    expect(guestError(described, { stopped: { limit: 'deadline' }, limits })).toEqual({
      code: 'PLUGIN_TIMEOUT',
      reason: 'deadline',
      message: 'the plugin ran past its deadline of 250 ms and was stopped at line 3',
      line: 3,
      column: 9,
    });
  });

  it('a memory limit met is PLUGIN_MEMORY, naming what was used and the limit', () => {
    const described = { name: 'InternalError', message: 'interrupted', stack: '    at f (plugin.js:4:2)\n' };
    const stopped = { limit: 'memory', usedBytes: 17.5 * 2 ** 20 } as const;
    expect(guestError(described, { stopped, limits })).toEqual({
      code: 'PLUGIN_MEMORY',
      reason: 'memory',
      message: 'the plugin used 17.5 MB, over its memory limit of 16 MB, and was stopped at line 4',
      line: 4,
      column: 2,
    });
  });

  it('names the memory and stack limits', () => {
    const oom = guestError(
      { name: 'InternalError', message: 'out of memory', stack: '' },
      { stopped: null, limits },
    );
    expect(oom).toMatchObject({
      code: 'PLUGIN_MEMORY',
      reason: 'memory',
      message: expect.stringContaining('16 MB'),
    });
    const deep = guestError(
      { name: 'InternalError', message: 'stack overflow', stack: '' },
      { stopped: null, limits },
    );
    expect(deep).toMatchObject({ reason: 'stack', message: expect.stringContaining('128 KB') });
  });

  it('tells a compile error from a SyntaxError thrown at run time', () => {
    const context = { stopped: null, limits };
    expect(
      guestError({ name: 'SyntaxError', message: 'x', stack: '    at plugin.js:2:5\n' }, context).reason,
    ).toBe('syntax');
    const runtime = {
      name: 'SyntaxError',
      message: 'bad JSON',
      stack: '    at parse (native)\n    at f (plugin.js:2:5)\n',
    };
    expect(guestError(runtime, context).reason).toBe('thrown');
  });
});

describe('the frame document', () => {
  it('allows no network and no other origin', () => {
    expect(FRAME_CSP).toContain("default-src 'none'");
    expect(FRAME_CSP).toContain("connect-src 'none'");
    expect(FRAME_CSP).not.toMatch(/https?:|\*/);
  });

  it('carries its policy in a meta element before its only script', () => {
    const html = frameDocument();
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script>'));
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
