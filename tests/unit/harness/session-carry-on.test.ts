import { describe, expect, it } from 'vitest';
import { Hooks, Registry, Session, fakeClock, logged } from '../../../src/harness';
import { mk } from './fixtures';

const spec = (over: Partial<ConstructorParameters<typeof Session>[0]> = {}) => ({
  id: 's',
  registry: new Registry().register(mk()),
  hooks: new Hooks(),
  ...over,
});
const played = async () => {
  const session = new Session(spec());
  session.say('hello');
  await session.call('echo', { message: 'hi' });
  return session;
};

describe('Session carrying on a log', () => {
  it('continues seq, call ids and the transcript without logging anything for the old part', async () => {
    const old = await played();
    const heard: string[] = [];
    const hooks = new Hooks();
    hooks.add('ear', [logged.of((e) => heard.push(e.type))]);
    const next = new Session(spec({ hooks, log: old.events, clock: fakeClock(old.events.length * 1000) }));
    expect(heard).toEqual([]);
    expect(next.live).toEqual(old.live);
    const live = await next.call('echo', { message: 'again' });
    expect(live.entry.callId).toBe('s:2');
    expect(next.events.slice(0, old.events.length)).toEqual(old.events);
    expect(next.events.at(-1)).toMatchObject({ seq: next.events.length - 1, type: 'tool/result' });
  });

  it("refuses a log that does not open with this session's start", async () => {
    const old = await played();
    expect(() => new Session(spec({ id: 'other', log: old.events }))).toThrow(/session\/start of "other"/);
    expect(() => new Session(spec({ log: old.events.slice(1) }))).toThrow(RangeError);
  });

  it('refuses a log whose seq numbers have a gap', async () => {
    const old = await played();
    const gap = old.events.filter((e) => e.seq !== 1);
    expect(() => new Session(spec({ log: gap }))).toThrow(/Event 1 of the log to carry on has seq 2/);
  });
});
