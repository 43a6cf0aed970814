import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type Approve,
  type ErrorCode,
  type HarnessEvent,
  Hooks,
  Registry,
  Session,
  type Tool,
  ToolError,
  fakeClock,
  logged,
  postExecute,
  preExecute,
  replay,
} from '../../../src/harness';
import { mk } from './fixtures';

const mkSession = (tools: Tool[] = [mk()], hooks = new Hooks(), approve?: Approve) =>
  new Session({
    id: 's',
    registry: tools.reduce((r, t) => r.register(t), new Registry()),
    hooks,
    scenario: 'demo',
    ...(approve ? { approve } : {}),
  });
const types = (session: Session) => session.events.map((e) => e.type);

describe('fakeClock', () => {
  it('starts at start and moves step each read', () => {
    const clock = fakeClock(5, 10);
    expect([clock(), clock(), clock()]).toEqual([5, 15, 25]);
  });
});

describe('Session', () => {
  it('opens the log with session/start naming the tools and the scenario', () => {
    expect(mkSession([mk(), mk({ name: 'grep' })]).events).toEqual([
      { type: 'session/start', seq: 0, at: 0, session: 's', scenario: 'demo', tools: ['echo', 'grep'] },
    ]);
  });

  it('stamps events with their index and the clock', async () => {
    const session = mkSession();
    session.say('hello');
    await session.call('echo', { message: 'x' });
    expect(session.events.map((e) => [e.seq, e.at])).toEqual([
      [0, 0],
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ]);
  });

  it('gives each call its own id', async () => {
    const session = mkSession();
    const a = await session.call('echo', { message: 'x' });
    const b = await session.call('echo', { message: 'y' });
    expect([a.entry.callId, b.entry.callId]).toEqual(['s:1', 's:2']);
  });

  it('logs a call and its result, without the value', async () => {
    const session = mkSession();
    await session.call('echo', { message: 'x' });
    expect(session.events.slice(1)).toEqual([
      { type: 'tool/call', seq: 1, at: 1000, callId: 's:1', tool: 'echo', args: { message: 'x' } },
      {
        type: 'tool/result',
        seq: 2,
        at: 2000,
        callId: 's:1',
        tool: 'echo',
        content: [{ type: 'text', text: 'x' }],
      },
    ]);
  });

  it('returns the value to the live caller only', async () => {
    const live = await mkSession().call('echo', { message: 'x', times: 2 });
    expect(live.value).toEqual({ echoed: 'xx' });
  });

  it('logs what the tool emits between the call and its result', async () => {
    const execute = (_args: unknown, ctx: Parameters<Tool['execute']>[1]) => {
      ctx.emit({ type: 'fs/observed', session: ctx.session, path: 'a.txt', state: 'absent' });
      return { echoed: 'x' };
    };
    const session = mkSession([mk({ execute })]);
    await session.call('echo', { message: 'x' });
    expect(types(session)).toEqual(['session/start', 'tool/call', 'fs/observed', 'tool/result']);
  });

  it('logs approvals and decisions before the result', async () => {
    const hooks = new Hooks();
    hooks.add('careful', [preExecute.of(() => ({ verdict: 'ask', prompt: 'ok?' }))]);
    const session = mkSession([mk()], hooks, async () => true);
    await session.call('echo', { message: 'x' });
    expect(types(session)).toEqual([
      'session/start',
      'tool/call',
      'approval',
      'plugin/decision',
      'tool/result',
    ]);
  });

  it('logs arguments that are not JSON as the reason, and the call fails', async () => {
    const session = mkSession();
    const live = await session.call('echo', { message: 'x', at: new Date(0) });
    expect(live.entry.args).toBe('$.at: a Date is not JSON');
    expect(live.outcome.result.error?.code).toBe('INVALID_ARGS');
  });

  it('logs a value replacement without the value', async () => {
    const hooks = new Hooks();
    hooks.add('privacy', [
      postExecute.of(() => ({ action: 'accept', value: { echoed: 'REPLACEMENT-7731' } })),
    ]);
    const session = mkSession([mk()], hooks);
    const live = await session.call('echo', { message: 'x' });
    expect(live.value).toEqual({ echoed: 'REPLACEMENT-7731' });
    expect(session.events.find((e) => e.type === 'plugin/decision')).toMatchObject({
      plugin: 'privacy',
      decision: { action: 'accept', replaced: 'value' },
    });
  });

  it('logs a value replacement even when the value is not JSON', async () => {
    const dated = mk({ output: z.object({ echoed: z.string(), at: z.date().optional() }) });
    const hooks = new Hooks();
    hooks.add('stamp', [
      postExecute.of(() => ({ action: 'accept', value: { echoed: 'x', at: new Date(0) } })),
    ]);
    const session = mkSession([dated], hooks);
    await session.call('echo', { message: 'x' });
    expect(session.events.find((e) => e.type === 'plugin/decision')).toMatchObject({
      decision: { action: 'accept', replaced: 'value' },
    });
  });
});

describe('Session: the logged notice', () => {
  it('tells listeners of every event, in order, as it is appended', async () => {
    const seen: HarnessEvent[] = [];
    const hooks = new Hooks();
    hooks.add('follower', [logged.of((e) => seen.push(e))]);
    const session = mkSession([mk()], hooks);
    session.say('hi');
    await session.call('echo', { message: 'x' });
    expect(seen).toEqual(session.events);
  });

  it('keeps going when a follower throws, and logs each failure as a plugin/error event', async () => {
    const hooks = new Hooks();
    const onError = vi.fn();
    hooks.onNoticeError = onError;
    hooks.add('broken', [
      logged.of(() => {
        throw new Error('follower broke');
      }),
    ]);
    const session = mkSession([mk()], hooks);
    const live = await session.call('echo', { message: 'x' });
    expect(live.value).toEqual({ echoed: 'x' });
    // One report after each event the follower failed on; its failure on a report is not reported again.
    const types = session.events.map((e) => e.type);
    expect(types).toEqual([
      'session/start',
      'plugin/error',
      'tool/call',
      'plugin/error',
      'tool/result',
      'plugin/error',
    ]);
    expect(session.events[1]).toMatchObject({ plugin: 'broken', hook: 'log', message: 'follower broke' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('logs an async follower that rejects, once per event, without reporting its reports', async () => {
    const hooks = new Hooks();
    hooks.add('late', [logged.of(async () => Promise.reject(new Error('later')))]);
    const session = mkSession([mk()], hooks);
    session.say('hi');
    await vi.waitFor(() => expect(session.events.filter((e) => e.type === 'plugin/error')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(session.events.map((e) => e.type)).toEqual([
      'session/start',
      'model/message',
      'plugin/error',
      'plugin/error',
    ]);
  });
});

describe('Session: the tool’s faults never reject a call', () => {
  const throwing = (thrown: unknown) =>
    mk({
      execute: () => {
        throw thrown;
      },
    });

  it.each([
    ['a ToolError with a lowercase code', new ToolError('FS_not_found' as ErrorCode, 'gone')],
    ['a ToolError with a non-string code', new ToolError(404 as never, 'gone')],
    ['a ToolError with a non-string remedy', new ToolError('FS_GONE', 'gone', { step: 1 } as never)],
    ['an Error with a non-string message', Object.assign(new Error(), { message: { text: 'odd' } })],
  ])('resolves when execute throws %s', async (_label, thrown) => {
    const live = await mkSession([throwing(thrown)]).call('echo', { message: 'x' });
    expect(live.outcome.result.error?.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});

describe('Session: cards are made when first read', () => {
  const presented = () => {
    const calls = vi.fn(() => ({ card: 'generic' as const, title: 'echo', body: 'called' }));
    const results = vi.fn(() => ({ card: 'generic' as const, title: 'echo', body: 'done' }));
    return { calls, results, tool: mk({ presentCall: calls, presentResult: results }) };
  };

  it('makes no card for a call nobody looks at', async () => {
    const { calls, results, tool } = presented();
    await mkSession([tool]).call('echo', { message: 'x' });
    expect([calls.mock.calls.length, results.mock.calls.length]).toEqual([0, 0]);
  });

  it('makes each card once, however often the transcript is read', async () => {
    const { calls, results, tool } = presented();
    const session = mkSession([tool]);
    const live = await session.call('echo', { message: 'x' });
    const first = session.live.at(-1);
    const again = { ...session.live.at(-1) };
    expect([first, again, live.entry]).toEqual([
      expect.objectContaining({ call: { card: expect.objectContaining({ body: 'called' }) } }),
      expect.objectContaining({
        result: expect.objectContaining({ card: { card: expect.objectContaining({ body: 'done' }) } }),
      }),
      first,
    ]);
    expect([calls.mock.calls.length, results.mock.calls.length]).toEqual([1, 1]);
  });

  it('gives the same transcript as a replay of the log', async () => {
    const session = mkSession();
    await session.call('echo', { message: 'x', times: 2 });
    await session.call('echo', { message: 7 });
    expect(JSON.parse(JSON.stringify(session.live))).toEqual(
      JSON.parse(JSON.stringify(replay(session.events, () => mk()))),
    );
  });
});
