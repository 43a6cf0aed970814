import { describe, expect, it } from 'vitest';
import { engine, limits, plugin } from './fixtures';

const loaded = async (body: string, spec = limits) => {
  const e = await engine();
  const reply = e.load(plugin(body), spec);
  expect(reply).toMatchObject({ kind: 'loaded' });
  return e;
};

describe('Engine.load', () => {
  it('reports the name, the hooks and the tool a module exports', async () => {
    const e = await engine();
    const source = plugin(`
      export function preExecute() { return { verdict: 'allow' }; }
      export async function observed() {}
      export const tool = { name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' },
        execute(args) { return args; }, render(args, value) { return [{ type: 'text', text: 'x' }]; } };
    `);
    expect(e.load(source, limits)).toEqual({
      kind: 'loaded',
      name: 'test',
      hooks: ['preExecute', 'observed'],
      tool: {
        name: 'echo',
        description: 'Echoes.',
        inputSchema: { type: 'object' },
        functions: ['tool.execute', 'tool.render'],
      },
      logs: [],
    });
  });

  it('reports a syntax error with its line and column', async () => {
    const reply = (await engine()).load(plugin('export function postExecute(i) {\n  return i +;\n}'), limits);
    expect(reply).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_ERROR', reason: 'syntax', line: 3, column: 13 },
    });
  });

  it('reports an error thrown at the top level with its line', async () => {
    const reply = (await engine()).load(plugin('\n\nthrow new RangeError("no");'), limits);
    expect(reply).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_ERROR', reason: 'thrown', message: 'RangeError: no', line: 4 },
    });
  });

  it('refuses a module without a name', async () => {
    const reply = (await engine()).load('export function observed() {}', limits);
    expect(reply).toMatchObject({ kind: 'failed', error: { reason: 'invalid' } });
    expect(reply.kind === 'failed' && reply.error.message).toContain('export const name');
  });

  it('refuses a module with no hook and no tool', async () => {
    const reply = (await engine()).load(plugin('export const x = 1;'), limits);
    expect(reply).toMatchObject({ kind: 'failed', error: { reason: 'invalid' } });
  });

  it('refuses a hook export that is not a function', async () => {
    const reply = (await engine()).load(plugin('export const postExecute = 3;'), limits);
    expect(reply).toMatchObject({
      kind: 'failed',
      error: { message: expect.stringContaining('postExecute') },
    });
  });

  it('refuses static imports: the guest has no module loader', async () => {
    const reply = (await engine()).load(plugin('import x from "fs";\nexport function observed() {}'), limits);
    expect(reply).toMatchObject({ kind: 'failed', error: { code: 'PLUGIN_ERROR' } });
  });

  it('supports top-level await', async () => {
    const e = await loaded('const x = await Promise.resolve(2);\nexport function observed() { return x; }');
    expect(e.call('observed', [])).toMatchObject({ kind: 'returned', value: 2 });
  });

  it('stops a top-level infinite loop at the deadline', async () => {
    const reply = (await engine()).load(plugin('while (true) {}'), { ...limits, deadlineMs: 50 });
    expect(reply).toMatchObject({ kind: 'failed', error: { code: 'PLUGIN_TIMEOUT', reason: 'deadline' } });
  });

  it('keeps what the console recorded while loading', async () => {
    const e = await engine();
    const reply = e.load(plugin('console.log("hi", { a: 1 });\nexport function observed() {}'), limits);
    expect(reply).toMatchObject({ kind: 'loaded', logs: ['hi {"a":1}'] });
  });
});

describe('Engine.call', () => {
  it('calls a hook with JSON arguments and returns its JSON result', async () => {
    const e = await loaded(
      'export function postExecute(i) { return { action: "block", feedback: i.tool }; }',
    );
    expect(e.call('postExecute', [{ tool: 'read' }])).toMatchObject({
      kind: 'returned',
      value: { action: 'block', feedback: 'read' },
      memoryBytes: expect.any(Number),
      durationMs: expect.any(Number),
    });
  });

  it('awaits an async hook', async () => {
    const e = await loaded('export async function preExecute() { await null; return { verdict: "allow" }; }');
    expect(e.call('preExecute', [{}])).toMatchObject({ kind: 'returned', value: { verdict: 'allow' } });
  });

  it('maps a runtime error to its line', async () => {
    const e = await loaded('export function preExecute(i) {\n  return i.missing.deeper;\n}');
    expect(e.call('preExecute', [{}])).toMatchObject({
      kind: 'failed',
      error: {
        code: 'PLUGIN_ERROR',
        reason: 'thrown',
        line: 3,
        message: expect.stringContaining('TypeError'),
      },
    });
  });

  it('contains a thrown non-Error', async () => {
    const e = await loaded('export function preExecute() { throw 42; }');
    expect(e.call('preExecute', [{}])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_ERROR', message: 'threw the value (not an Error): 42' },
    });
  });

  it('never runs the getters of a thrown object', async () => {
    const e = await loaded(`export function preExecute() {
      throw { get message() { while (true) {} }, get stack() { throw 1; } };
    }`);
    const reply = e.call('preExecute', [{}]);
    expect(reply).toMatchObject({ kind: 'failed', error: { code: 'PLUGIN_ERROR', reason: 'thrown' } });
  });

  it('reports a result whose getter throws as an invalid decision', async () => {
    const e = await loaded(
      'export function preExecute() { return { get verdict() { throw new Error("g"); } }; }',
    );
    expect(e.call('preExecute', [{}])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_DECISION_INVALID', reason: 'not-json', message: expect.stringContaining('g') },
    });
  });

  it('refuses results that are not JSON: functions, NaN, BigInt', async () => {
    const e = await loaded(`export function postExecute(i) {
      return [{ f() {} }, { n: NaN }, { b: 1n }][i.which];
    }`);
    for (const which of [0, 1, 2]) {
      expect(e.call('postExecute', [{ which }])).toMatchObject({
        kind: 'failed',
        error: { code: 'PLUGIN_DECISION_INVALID' },
      });
    }
  });

  it('refuses a result nested too deeply, and accepts one just deep enough', async () => {
    const e = await loaded(`export function observed(n) {
      let v = ['a "[" string'];
      for (let i = 1; i < n; i++) v = i % 2 ? [v] : { v };
      return v;
    }`);
    expect(e.call('observed', [200])).toMatchObject({ kind: 'returned' });
    expect(e.call('observed', [201])).toMatchObject({
      kind: 'failed',
      error: {
        code: 'PLUGIN_DECISION_INVALID',
        reason: 'not-json',
        message: expect.stringContaining('200 levels'),
      },
    });
  });

  it('returns null for undefined', async () => {
    const e = await loaded('export function observed() {}');
    expect(e.call('observed', [{}])).toMatchObject({ kind: 'returned', value: null });
  });

  it('stops an infinite loop at the deadline and stays usable', async () => {
    const e = await loaded(
      'export function preExecute(i) { while (i.spin) {} return { verdict: "allow" }; }',
      {
        ...limits,
        deadlineMs: 50,
      },
    );
    expect(e.call('preExecute', [{ spin: true }])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_TIMEOUT', reason: 'deadline', line: 2 },
    });
    expect(e.call('preExecute', [{ spin: false }])).toMatchObject({ kind: 'returned' });
  });

  it('a try/catch cannot swallow the deadline', async () => {
    const e = await loaded('export function observed() { for (;;) { try { for (;;) {} } catch (e) {} } }', {
      ...limits,
      deadlineMs: 50,
    });
    expect(e.call('observed', [])).toMatchObject({ kind: 'failed', error: { code: 'PLUGIN_TIMEOUT' } });
  });

  it('returns null for a promise that can never settle', async () => {
    const e = await loaded('export function observed() { return new Promise(() => {}); }');
    expect(e.call('observed', [])).toBeNull();
  });

  it('stops at the memory limit', async () => {
    const e = await loaded('export function observed() { return "x".repeat(64 * 1024 * 1024).length; }');
    expect(e.call('observed', [])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_MEMORY', reason: 'memory' },
    });
  });

  it('stops deep recursion at the stack limit', async () => {
    const e = await loaded(
      'function down(n) { return down(n + 1) + 1; }\nexport function observed() { return down(0); }',
    );
    expect(e.call('observed', [])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_ERROR', reason: 'stack', line: 2 },
    });
  });

  it('refuses a result over the size limit', async () => {
    const e = await loaded('export function observed() { return "x".repeat(300 * 1024); }');
    expect(e.call('observed', [])).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_ERROR', reason: 'oversized', message: expect.stringContaining('256 KB') },
    });
  });

  it('reports a function the plugin does not export', async () => {
    const e = await loaded('export function observed() {}');
    expect(e.call('preExecute', [{}])).toMatchObject({ kind: 'failed', error: { reason: 'missing' } });
  });

  it('calls the tool functions with the tool as this', async () => {
    const e = await loaded(`export const tool = { name: 't', description: 'd', inputSchema: {}, prefix: '>',
      execute(args) { return { n: args.n * 2 }; },
      render(args, value) { return [{ type: 'text', text: this.prefix + value.n }]; } };`);
    expect(e.call('tool.execute', [{ n: 2 }])).toMatchObject({ value: { n: 4 } });
    expect(e.call('tool.render', [{ n: 2 }, { n: 4 }])).toMatchObject({
      value: [{ type: 'text', text: '>4' }],
    });
  });

  it('passes the console lines of each call', async () => {
    const e = await loaded('export function observed(e) { console.warn("saw", e.path); }');
    expect(e.call('observed', [{ path: '/a' }])).toMatchObject({ logs: ['warn: saw /a'] });
    expect(e.call('observed', [{ path: '/b' }])).toMatchObject({ logs: ['warn: saw /b'] });
  });

  it('keeps module state between calls, and a reload starts afresh', async () => {
    const e = await loaded('let n = 0;\nexport function observed() { return ++n; }');
    e.call('observed', []);
    expect(e.call('observed', [])).toMatchObject({ value: 2 });
    e.load(plugin('let n = 0;\nexport function observed() { return ++n; }'), limits);
    expect(e.call('observed', [])).toMatchObject({ value: 1 });
  });
});

describe('the guest world', () => {
  const probe = (expression: string) => plugin(`export function observed() { return ${expression}; }`);
  const value = async (expression: string, spec = limits) => {
    const e = await engine();
    e.load(probe(expression), spec);
    const reply = e.call('observed', []);
    return reply?.kind === 'returned' ? reply.value : reply;
  };

  it('has a fixed clock', async () => {
    expect(await value('[Date.now(), new Date().getTime(), new Date(5).getTime()]')).toEqual([
      limits.now,
      limits.now,
      5,
    ]);
    expect(await value('new Date() instanceof Date && typeof Date() === "string"')).toBe(true);
  });

  it('has a seeded Math.random: the same seed gives the same numbers, another seed others', async () => {
    const draw = '[Math.random(), Math.random(), Math.random()]';
    const a = await value(draw);
    expect(await value(draw)).toEqual(a);
    expect(await value(draw, { ...limits, seed: 7 })).not.toEqual(a);
    expect((a as number[]).every((n) => n >= 0 && n < 1)).toBe(true);
  });

  it('has no host API: timers, network, storage, DOM, workers, importScripts', async () => {
    const names = [
      'setTimeout',
      'setInterval',
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'indexedDB',
      'localStorage',
      'document',
      'window',
      'Worker',
      'importScripts',
      'postMessage',
      'self',
      'process',
      'require',
      'std',
      'os',
      'Atomics',
    ];
    expect(
      await value(`${JSON.stringify(names)}.filter((n) => typeof globalThis[n] !== 'undefined')`),
    ).toEqual([]);
  });

  it('the constructor chain reaches only the guest global', async () => {
    expect(await value('typeof (function(){}).constructor("return this")().fetch')).toBe('undefined');
  });
});
