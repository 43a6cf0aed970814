// The limits, met where they are met: a loop stopped at its deadline is reported at the loop, a loop whose
// steps are slow still stops at its deadline, and memory past the limit is PLUGIN_MEMORY, within the
// deadline. The engine runs the module as the Sandbox sends it: with its loops probed (loops.ts).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../src/sandbox/engine';
import { probeLoops } from '../../../src/sandbox/loops';
import type { Limits } from '../../../src/sandbox/protocol';
import { RunClock } from '../../../src/sandbox/run-clock';
import { engine, limits, loadQuickJS, plugin } from './fixtures';

/** Loads `source` probed, calls `observed`, and gives the error with its position in `source`. */
async function stopped(source: string, spec: Limits = limits) {
  const e = await engine();
  const probed = probeLoops(source);
  expect(e.load(probed.code, spec)).toMatchObject({ kind: 'loaded' });
  const started = performance.now();
  const reply = e.call('observed', [{}]);
  const elapsedMs = performance.now() - started;
  if (reply?.kind !== 'failed') throw new Error(`expected a failure, got ${JSON.stringify(reply)}`);
  const { line, column } = probed.position(reply.error.line ?? 0, reply.error.column);
  return { error: reply.error, line, column, elapsedMs };
}

describe('probeLoops', () => {
  it('puts a probe in each loop body on the same line, and maps positions back', () => {
    const source = 'for (;;) x++;\nwhile (a) { b(); }\ndo y(); while (c);\nz();';
    const probed = probeLoops(source);
    expect(probed.code.split('\n')).toHaveLength(4);
    expect(probed.code).toContain('for (;;) {__loopProbe();x++;}');
    expect(probed.code).toContain('while (a) {__loopProbe(); b(); }');
    // `b` on line 2 was at column 13; a probe's own position is its loop's keyword.
    expect(probed.position(2, probed.code.split('\n')[1]!.indexOf('b()') + 1)).toEqual({
      line: 2,
      column: 13,
    });
    expect(probed.position(1, 12)).toEqual({ line: 1, column: 1 });
    expect(probed.position(4, 1)).toEqual({ line: 4, column: 1 });
  });

  it('leaves code it cannot parse as it is, for the engine to report', () => {
    const source = 'for (;;) { x +; }';
    expect(probeLoops(source).code).toBe(source);
  });

  it('keeps what a module computes', async () => {
    const source = plugin(
      'export function observed() {\n  let n = 0;\n  outer: for (let i = 0; i < 5; i++) for (const j of [1, 2, 3]) { if (j === 3) continue outer; n += j; }\n  let k = 0; do k++; while (k < 4)\n  while (k < 10) k += 2;\n  return [n, k];\n}',
    );
    const e = await engine();
    e.load(probeLoops(source).code, limits);
    expect(e.call('observed', [])).toMatchObject({ kind: 'returned', value: [15, 10] });
  });
});

describe('limits met in a loop', () => {
  // On a loaded machine the engine's own poll can meet the deadline between probes, where the loop's
  // frame has no position yet: the stop then waits for the probe (engine.ts, PROBE_GRACE_MS).
  it('an interrupted loop is reported at the loop, not at its function', async () => {
    const source = plugin('export function observed() {\n  let n = 0;\n  while (true) {\n    n++;\n  }\n}');
    const { error, line } = await stopped(source, { ...limits, deadlineMs: 60 });
    expect(error.code).toBe('PLUGIN_TIMEOUT');
    expect(error.message).toContain('deadline of 60 ms');
    expect(line).toBe(4);
  });

  it('a loop in a helper is reported at the helper’s loop', async () => {
    const source = plugin('function spin() {\n  for (;;) {}\n}\nexport function observed() {\n  spin();\n}');
    expect((await stopped(source, { ...limits, deadlineMs: 60 })).line).toBe(3);
  });

  it('a loop of slow steps still stops at its deadline, not seconds later', async () => {
    // Each step takes about a millisecond, so the engine's own poll (every 10,000 steps) comes too late.
    const source = plugin('export function observed() {\n  for (;;) "x".repeat(1e5);\n}');
    const { error, line } = await stopped(source, { ...limits, deadlineMs: 100 });
    expect(error.code).toBe('PLUGIN_TIMEOUT');
    expect(line).toBe(3);
  });

  it('memory past the limit is PLUGIN_MEMORY with the limit, before the deadline', async () => {
    const source = plugin(
      'export function observed() {\n  const kept = [];\n  for (;;) kept.push(new Array(1e5).fill(0));\n}',
    );
    const { error, line } = await stopped(source, { ...limits, deadlineMs: 5000 });
    expect(error).toMatchObject({ code: 'PLUGIN_MEMORY', reason: 'memory' });
    expect(error.message).toMatch(/over its memory limit of 16 MB/);
    expect(line).toBe(4);
  });

  it('many small objects past the limit are PLUGIN_MEMORY too', async () => {
    const source = plugin(
      'export function observed() {\n  const a = [];\n  for (;;) a.push({ n: a.length, s: "abc" + a.length });\n}',
    );
    const { error } = await stopped(source, { ...limits, deadlineMs: 5000 });
    expect(error.code).toBe('PLUGIN_MEMORY');
  });
});

// README "Limits are met where they are met": the deadline counts the guest's run time (run-clock.ts),
// so on a busy machine a memory bomb still meets its memory limit first, and an endless loop its deadline.
describe('limits met on a busy machine', () => {
  const bomb = plugin(
    'export function observed() {\n  const kept = [];\n  for (;;) kept.push(new Array(1e5).fill(0));\n}',
  );
  const spin = plugin('export function observed() {\n  let n = 0;\n  for (;;) n++;\n}');
  // The app's own limits: 250 ms, 32 MB; the wall limit far off, so that only run time can end a call.
  const app: Limits = { ...limits, memoryBytes: 32 * 1024 * 1024, wallMs: 60_000 };

  /** A clock on which the thread waits 50 ms (for another process) after every 5 looks. */
  function starved(): RunClock {
    let looks = 0;
    let waited = 0;
    return new RunClock(() => {
      if (++looks % 5 === 0) waited += 50;
      return performance.now() + waited;
    });
  }

  async function run(source: string, clock?: RunClock) {
    const e = new Engine(await loadQuickJS(), clock);
    const probed = probeLoops(source);
    expect(e.load(probed.code, app)).toMatchObject({ kind: 'loaded' });
    const started = clock?.now() ?? performance.now();
    const reply = e.call('observed', [{}]);
    const wallMs = (clock?.now() ?? performance.now()) - started;
    if (reply?.kind !== 'failed') throw new Error(`expected a failure, got ${JSON.stringify(reply)}`);
    return { error: reply.error, wallMs };
  }

  it('a memory bomb is PLUGIN_MEMORY though the thread waited longer than the deadline', async () => {
    const { error, wallMs } = await run(bomb, starved());
    expect(error).toMatchObject({ code: 'PLUGIN_MEMORY', reason: 'memory' });
    // On the wall clock this call took longer than its deadline: counted so, it would have timed out.
    expect(wallMs).toBeGreaterThan(app.deadlineMs);
  });

  it('an endless loop is still PLUGIN_TIMEOUT on that clock, at its loop', async () => {
    const { error } = await run(spin, starved());
    expect(error).toMatchObject({ code: 'PLUGIN_TIMEOUT', reason: 'deadline', line: 4 });
  });

  it('a starved guest is stopped at its wall limit', async () => {
    const e = new Engine(await loadQuickJS(), starved());
    expect(e.load(probeLoops(spin).code, { ...app, deadlineMs: 10_000, wallMs: 300 })).toMatchObject({
      kind: 'loaded',
    });
    const reply = e.call('observed', [{}]);
    expect(reply).toMatchObject({ kind: 'failed', error: { code: 'PLUGIN_TIMEOUT' } });
  });

  it('under real load (busy processes on every core), the bomb and the loop each get their own code', async () => {
    const busy = Array.from({ length: availableParallelism() + 1 }, () =>
      spawn(process.execPath, ['-e', 'const t = Date.now(); while (Date.now() - t < 20000);']),
    );
    try {
      // Let the busy processes start and take the cores.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await run(bomb)).error.code).toBe('PLUGIN_MEMORY');
      expect((await run(spin)).error.code).toBe('PLUGIN_TIMEOUT');
    } finally {
      for (const child of busy) child.kill();
    }
  }, 30_000);
});
