// README "Sandboxed plugins": only JSON crosses the bridge, and a value nested too deep is refused with a
// code that says so. The engine's own JSON.stringify recursed past its stack limit and crashed the engine
// ("the engine failed: RangeError: Maximum call stack size exceeded") on a value some ten thousand levels
// deep; the guest's JSON.stringify now counts the levels and throws a RangeError it can catch.
import { describe, expect, it } from 'vitest';
import { engine, limits, plugin } from './fixtures';

const nested = (levels: number) => `let o = {}; for (let i = 0; i < ${levels}; i++) o = { o };`;

async function call(body: string) {
  const e = await engine();
  expect(e.load(plugin(body), limits)).toMatchObject({ kind: 'loaded' });
  return { e, reply: e.call('preExecute', [{}]) };
}

describe('a value nested deeper than JSON can carry', () => {
  it('returned as a decision, is PLUGIN_DECISION_INVALID saying it nests too deep, not a crash', async () => {
    const { reply } = await call(`export function preExecute() { ${nested(100_000)} return o; }`);
    expect(reply).toMatchObject({
      kind: 'failed',
      error: { code: 'PLUGIN_DECISION_INVALID', reason: 'not-json' },
    });
    const message = (reply as { error: { message: string } }).error.message;
    expect(message).toContain('nests deeper than 1000 levels');
    expect(message).not.toContain('engine failed');
  });

  it('written by the plugin’s own JSON.stringify, throws a RangeError it can catch; the engine goes on', async () => {
    const { e, reply } = await call(`export function preExecute() {
      ${nested(100_000)}
      try { JSON.stringify(o); } catch (err) { return { verdict: 'deny', reason: err.name + ': ' + err.message }; }
      return { verdict: 'allow' };
    }`);
    expect(reply).toMatchObject({
      kind: 'returned',
      value: {
        verdict: 'deny',
        reason: 'RangeError: JSON.stringify: the value nests deeper than 1000 levels',
      },
    });
    expect(e.call('preExecute', [{}])).toMatchObject({ kind: 'returned', value: { verdict: 'deny' } });
  });

  it('logged with console.log, is logged as unprintable', async () => {
    const { reply } = await call(`export function preExecute() {
      ${nested(100_000)} console.log('deep', o); return { verdict: 'allow' };
    }`);
    expect(reply).toMatchObject({ kind: 'returned', logs: ['deep [unprintable]'] });
  });

  it('nested 1000 levels, is still written', async () => {
    const { reply } = await call(`export function preExecute() {
      ${nested(999)} return { verdict: 'deny', reason: String(JSON.stringify(o).length) };
    }`);
    expect(reply).toMatchObject({ kind: 'returned', value: { reason: String(6 * 999 + 2) } });
  });
});

describe('the guest’s JSON.stringify writes what the standard one does', () => {
  it.each([
    [
      'a replacer function',
      `JSON.stringify({ a: 1, b: [2, 3] }, (k, v) => (k === 'a' ? 10 : v))`,
      '{"a":10,"b":[2,3]}',
    ],
    [
      'a list of keys, in its order',
      `JSON.stringify({ a: 1, b: 2, c: { b: 3, a: 4 } }, ['c', 'b'])`,
      '{"c":{"b":3},"b":2}',
    ],
    ['an indent', `JSON.stringify({ a: [1] }, null, 2)`, '{\n  "a": [\n    1\n  ]\n}'],
    ['toJSON', `JSON.stringify({ d: { toJSON: () => 'x' } })`, '{"d":"x"}'],
    ['a function dropped', `JSON.stringify({ f() {}, n: null })`, '{"n":null}'],
    ['undefined', `String(JSON.stringify(undefined))`, 'undefined'],
    [
      'an object seen twice, not a cycle',
      `(() => { const s = { v: 1 }; return JSON.stringify([s, { s }]); })()`,
      '[{"v":1},{"s":{"v":1}}]',
    ],
  ])('with %s', async (_what, expression, expected) => {
    const { reply } = await call(
      `export function preExecute() { return { verdict: 'deny', reason: ${expression} }; }`,
    );
    expect(reply).toMatchObject({ kind: 'returned', value: { reason: expected } });
  });

  it('a cycle is still a TypeError', async () => {
    const { reply } = await call(`export function preExecute() {
      const o = {}; o.o = o;
      try { JSON.stringify(o); } catch (err) { return { verdict: 'deny', reason: err.name }; }
    }`);
    expect(reply).toMatchObject({ kind: 'returned', value: { reason: 'TypeError' } });
  });
});
