import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Approve,
  Hooks,
  Registry,
  Session,
  SlotHook,
  type Tool,
  type ToolContext,
  Tool as ToolDef,
  postExecute,
  preExecute,
  replay,
  untilAborted,
} from '../../../src/harness';
import { mk } from './fixtures';

const mkSession = (tools: Tool[], hooks = new Hooks(), approve?: Approve) =>
  new Session({
    id: 's',
    registry: tools.reduce((r, t) => r.register(t), new Registry()),
    hooks,
    ...(approve ? { approve } : {}),
  });
const types = (session: Session) => session.events.map((e) => e.type);

/** A promise and the functions that settle it, for steps a test lets happen one at a time. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { open, opened };
}

/** A tool whose execute never settles and ignores its signal; `seen` gets the context it was given. */
function stuck(seen: { ctx?: ToolContext; started: number } = { started: 0 }, timeoutMs?: number): Tool {
  return mk({
    name: 'stuck',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute: (_args, ctx) => {
      seen.ctx = ctx;
      seen.started++;
      return new Promise(() => {});
    },
  });
}

describe('stopping a call with a signal', () => {
  it('ends a tool that never returns with ABORTED, and still logs its result', async () => {
    const session = mkSession([stuck()]);
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    const live = await pending;
    expect(live.outcome.result.error?.code).toBe('ABORTED');
    expect(live.entry.result?.modelText).toMatch(/^Error ABORTED: the call of stuck was stopped/);
    expect(live.entry.result?.modelText).toContain('Remedy: a change it had already committed stays');
    expect(types(session)).toEqual(['session/start', 'tool/call', 'tool/result']);
  });

  it('passes the signal to execute as ctx.signal, which aborts on the stop', async () => {
    const seen: { ctx?: ToolContext; started: number } = { started: 0 };
    const session = mkSession([stuck(seen)]);
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.ctx?.signal.aborted).toBe(false);
    stop.abort();
    await pending;
    expect(seen.ctx?.signal.aborted).toBe(true);
  });

  it('never starts the tool when the signal has aborted already: ABORTED_BEFORE_DISPATCH', async () => {
    const seen = { started: 0 };
    const session = mkSession([stuck(seen)]);
    const live = await session.call('stuck', { message: 'x' }, { signal: AbortSignal.abort() });
    expect(live.outcome.result.error?.code).toBe('ABORTED_BEFORE_DISPATCH');
    expect(live.outcome.result.error?.message).toContain('nothing was done');
    expect(seen.started).toBe(0);
    expect(types(session)).toEqual(['session/start', 'tool/call', 'tool/result']);
  });

  it('stopped while a person is asked: ABORTED_BEFORE_DISPATCH, and a late approval starts nothing', async () => {
    const seen = { started: 0 };
    const hooks = new Hooks();
    hooks.add('careful', [preExecute.of(() => ({ verdict: 'ask', prompt: 'run it?' }))]);
    const answer = gate<boolean>();
    const session = mkSession([stuck(seen)], hooks, () => answer.opened);
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    expect((await pending).outcome.result.error?.code).toBe('ABORTED_BEFORE_DISPATCH');
    answer.open(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.started).toBe(0);
  });

  it('gives the person asked a signal that aborts when the call is stopped', async () => {
    const hooks = new Hooks();
    hooks.add('careful', [preExecute.of(() => ({ verdict: 'ask', prompt: 'run it?' }))]);
    let asked: AbortSignal | undefined;
    const session = mkSession([stuck()], hooks, ({ signal }) => {
      asked = signal;
      return new Promise(() => {});
    });
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked?.aborted).toBe(false);
    stop.abort();
    await pending;
    expect(asked?.aborted).toBe(true);
  });

  it('never asks the person about a call stopped while the plugins voted', async () => {
    const vote = gate<{ verdict: 'ask'; prompt: string }>();
    const hooks = new Hooks();
    hooks.add('slow', [preExecute.of(() => vote.opened)]);
    let asked = 0;
    const session = mkSession([stuck()], hooks, async () => ((asked += 1), true));
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    expect((await pending).outcome.result.error?.code).toBe('ABORTED_BEFORE_DISPATCH');
    vote.open({ verdict: 'ask', prompt: 'run it?' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(0);
  });

  it('asks no plugin about a call whose signal had aborted before it was made', async () => {
    let voted = 0;
    const hooks = new Hooks();
    hooks.add('counting', [preExecute.of(() => ((voted += 1), { verdict: 'allow' }))]);
    await mkSession([mk()], hooks).call('echo', { message: 'x' }, { signal: AbortSignal.abort() });
    expect(voted).toBe(0);
  });

  it('leaves a call that finished before the stop as it was', async () => {
    const session = mkSession([mk()]);
    const stop = new AbortController();
    const live = await session.call('echo', { message: 'hi' }, { signal: stop.signal });
    stop.abort();
    expect(live.outcome.result.error).toBeUndefined();
    expect(live.entry.result?.modelText).toBe('hi');
  });

  it('logs none of the events a stopped tool emitted, before or after the stop', async () => {
    const halfway = gate();
    const emitting = mk({
      name: 'emitting',
      execute: async (_args, ctx) => {
        ctx.emit({ type: 'fs/observed', session: ctx.session, path: '/a.txt', state: 'absent' });
        halfway.open();
        await new Promise((resolve) => setTimeout(resolve, 5));
        ctx.emit({ type: 'fs/observed', session: ctx.session, path: '/b.txt', state: 'absent' });
        return { echoed: 'late' };
      },
    });
    const session = mkSession([emitting]);
    const stop = new AbortController();
    const pending = session.call('emitting', { message: 'x' }, { signal: stop.signal });
    await halfway.opened;
    stop.abort();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(types(session)).toEqual(['session/start', 'tool/call', 'tool/result']);
  });

  it('logs the events of a tool that finished, before its result', async () => {
    const emitting = mk({
      name: 'emitting',
      execute: (_args, ctx) => {
        ctx.emit({ type: 'fs/observed', session: ctx.session, path: '/a.txt', state: 'absent' });
        return { echoed: 'x' };
      },
    });
    const session = mkSession([emitting]);
    await session.call('emitting', { message: 'x' }, { signal: new AbortController().signal });
    expect(types(session)).toEqual(['session/start', 'tool/call', 'fs/observed', 'tool/result']);
  });

  it('logs the decisions made before the stop', async () => {
    const decider = SlotHook.define<{ n: number }, { verdict: string }>({
      name: 'demo/intent',
      decision: z.strictObject({ verdict: z.string() }),
    });
    const hooks = new Hooks();
    hooks.add('decider', [decider.of(() => ({ verdict: 'go' }))]);
    const asking = mk({
      name: 'asking',
      execute: async (_args, ctx) => {
        await ctx.slot(decider, { n: 1 });
        return new Promise(() => {});
      },
    });
    const session = mkSession([asking], hooks);
    const stop = new AbortController();
    const pending = session.call('asking', { message: 'x' }, { signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    const live = await pending;
    expect(live.entry.decisions).toEqual([
      { hook: 'demo/intent', plugin: 'decider', decision: { verdict: 'go' } },
    ]);
    expect(types(session)).toEqual(['session/start', 'tool/call', 'plugin/decision', 'tool/result']);
  });

  it('replays a stopped call exactly as it was shown live', async () => {
    const session = mkSession([stuck()]);
    const stop = new AbortController();
    const pending = session.call('stuck', { message: 'x' }, { signal: stop.signal });
    stop.abort();
    const live = await pending;
    const [entry] = replay(session.events, () => stuck());
    expect(entry).toMatchObject({ kind: 'call', result: { error: live.outcome.result.error } });
  });
});

describe('time limits (timeoutMs)', () => {
  it('ends a tool that runs past its timeoutMs with TOOL_TIMEOUT, and aborts ctx.signal', async () => {
    const seen: { ctx?: ToolContext; started: number } = { started: 0 };
    const session = mkSession([stuck(seen, 10)]);
    const live = await session.call('stuck', { message: 'x' });
    expect(live.outcome.result.error?.code).toBe('TOOL_TIMEOUT');
    expect(live.outcome.result.error?.message).toBe('stuck did not finish within 10 ms, so it was stopped');
    expect(seen.ctx?.signal.aborted).toBe(true);
  });

  it('lets a tool that finishes in time return its value', async () => {
    const session = mkSession([mk({ timeoutMs: 60_000 })]);
    const live = await session.call('echo', { message: 'in time' });
    expect(live.entry.result?.modelText).toBe('in time');
  });

  it('says ABORTED, not TOOL_TIMEOUT, when the caller stops the call first', async () => {
    const session = mkSession([stuck(undefined, 60_000)]);
    const live = await session.call('stuck', { message: 'x' }, { signal: AbortSignal.timeout(5) });
    expect(live.outcome.result.error?.code).toBe('ABORTED');
  });

  it('refuses a time limit that is not a positive number of milliseconds', () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => ToolDef.define({ ...mk(), timeoutMs })).toThrow(/Invalid time limit/);
    }
  });

  it('runs post-execute listeners on a timed-out result, as on any error', async () => {
    const hooks = new Hooks();
    const heard: (string | undefined)[] = [];
    hooks.add('watch', [
      // A post-execute listener sees the error result like any other.
      postExecute.of(({ result }) => {
        heard.push(result.error?.code);
        return { action: 'pass' };
      }),
    ]);
    const session = mkSession([stuck(undefined, 5)], hooks);
    await session.call('stuck', { message: 'x' });
    expect(heard).toEqual(['TOOL_TIMEOUT']);
  });
});

describe('untilAborted', () => {
  it('settles with the value of work that ends first', async () => {
    expect(await untilAborted(Promise.resolve(7), new AbortController().signal)).toEqual({
      done: true,
      value: 7,
    });
  });

  it('settles with the reason of an abort that comes first, while the work never ends', async () => {
    const stop = new AbortController();
    const raced = untilAborted(new Promise(() => {}), stop.signal);
    stop.abort('enough');
    expect(await raced).toEqual({ done: false, reason: 'enough' });
  });

  it('rejects when the work fails before any abort', async () => {
    await expect(untilAborted(Promise.reject(new Error('no')), new AbortController().signal)).rejects.toThrow(
      'no',
    );
  });
});

describe('arguments that are not JSON', () => {
  const cases: [string, unknown, string][] = [
    [
      'NaN',
      { message: 'x', times: Number.NaN },
      'argument times of echo is not JSON: NaN is not a JSON number',
    ],
    [
      'a function',
      { message: 'x', format: () => 'y' },
      'argument format of echo is not JSON: a function is not JSON',
    ],
    [
      'a nested Date',
      { message: 'x', opts: [{ at: new Date(0) }] },
      'argument opts[0].at of echo is not JSON',
    ],
    ['the arguments themselves', () => 1, 'the arguments of echo are not JSON: a function is not JSON'],
  ];

  it.each(cases)('%s: INVALID_ARGS naming the argument and why', async (_name, args, said) => {
    const live = await mkSession([mk()]).call('echo', args);
    expect(live.outcome.result.error?.code).toBe('INVALID_ARGS');
    expect(live.outcome.result.error?.message).toContain(said);
    expect(live.entry.result?.modelText).not.toContain('expected object');
  });

  it('a cycle: INVALID_ARGS saying the value refers to itself', async () => {
    const args: Record<string, unknown> = { message: 'x' };
    args.self = args;
    const live = await mkSession([mk()]).call('echo', args);
    expect(live.outcome.result.error?.message).toBe(
      'argument self of echo is not JSON: the value refers to itself (a cycle)',
    );
    expect(live.outcome.result.error?.remedy).toMatch(/plain JSON/);
  });

  it('never runs the tool', async () => {
    let ran = 0;
    const counting = mk({ execute: () => ((ran += 1), { echoed: 'x' }) });
    await mkSession([counting]).call('echo', { message: 'x', n: Number.POSITIVE_INFINITY });
    expect(ran).toBe(0);
  });
});
