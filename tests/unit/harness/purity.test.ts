import { afterEach, describe, expect, it } from 'vitest';
import {
  Hooks,
  Registry,
  Session,
  type Tool,
  type ToolResult,
  impureProjections,
  text,
} from '../../../src/harness';
import { mk } from './fixtures';

// Taken before any check runs: the harness must leave `performance` exactly as it found it.
const nowDescriptor = Object.getOwnPropertyDescriptor(performance, 'now');
const args = { message: 'hi', times: 1 };
const value = { echoed: 'hi' };
const result: ToolResult = { content: text('hi') };
const check = (tool: Tool) => impureProjections(tool, args, value, result);
const card = (body: string) => ({ card: 'generic' as const, body });

describe('impureProjections', () => {
  it('finds nothing in a pure tool', () => {
    const tool = mk({
      presentationMeta: (_a, v) => ({ n: v.echoed.length }),
      presentResult: () => card('ok'),
    });
    expect(check(tool)).toEqual([]);
  });

  it('catches render reading Date.now()', () => {
    expect(check(mk({ render: (_a, v) => text(`${v.echoed} at ${Date.now()}`) }))).toEqual(['render']);
  });

  it('catches presentResult using Math.random()', () => {
    expect(check(mk({ presentResult: () => card(`id ${Math.random()}`) }))).toEqual(['presentResult']);
  });

  it('catches presentationMeta using new Date()', () => {
    expect(check(mk({ presentationMeta: () => ({ year: new Date().getFullYear() }) }))).toEqual([
      'presentationMeta',
    ]);
  });

  it('catches presentCall reading performance.now()', () => {
    expect(check(mk({ presentCall: () => card(`t=${Math.floor(performance.now())}`) }))).toEqual([
      'presentCall',
    ]);
  });

  it('names every impure projection of a tool', () => {
    const tool = mk({
      render: () => text(String(Date.now())),
      presentResult: () => card(String(Math.random())),
    });
    expect(check(tool)).toEqual(['render', 'presentResult']);
  });

  it('does not flag a projection that throws the same way each time', () => {
    const render = () => {
      throw new Error('always');
    };
    expect(check(mk({ render }))).toEqual([]);
  });

  it('flags a projection that throws differently each time', () => {
    const render = () => {
      throw new Error(`failed at ${Date.now()}`);
    };
    expect(check(mk({ render }))).toEqual(['render']);
  });

  it('does not flag a date parsed from data', () => {
    const render = () => text(new Date('2024-01-02T03:04:05Z').toISOString());
    expect(check(mk({ render }))).toEqual([]);
  });
});

describe('impureProjections restores the globals', () => {
  const before = { Date, random: Math.random, now: performance.now };
  const current = () => ({ Date, random: Math.random, now: performance.now });
  afterEach(() => {
    globalThis.Date = before.Date;
    Math.random = before.random;
    if (nowDescriptor) Object.defineProperty(performance, 'now', nowDescriptor);
    else Reflect.deleteProperty(performance, 'now');
  });

  it('after a pure run', () => {
    check(mk());
    expect(current()).toEqual(before);
    expect(current().now).toBe(before.now);
  });

  it('after an impure run', () => {
    check(mk({ render: () => text(`${Date.now()} ${Math.random()} ${performance.now()}`) }));
    expect(current().Date).toBe(before.Date);
    expect(current().random).toBe(before.random);
    expect(current().now).toBe(before.now);
  });

  it('after every projection threw', () => {
    const boom = () => {
      throw new Error('boom');
    };
    check(mk({ render: boom, presentationMeta: boom, presentCall: boom, presentResult: boom }));
    expect(current().Date).toBe(before.Date);
    expect(current().random).toBe(before.random);
    expect(current().now).toBe(before.now);
  });

  it('leaves performance.now where it was (inherited or own)', () => {
    check(mk());
    expect(Object.getOwnPropertyDescriptor(performance, 'now')).toEqual(nowDescriptor);
  });
});

describe('Session with checkPurity', () => {
  const sessionWith = (tool: Tool, checkPurity: boolean) =>
    new Session({ id: 's', registry: new Registry().register(tool), hooks: new Hooks(), checkPurity });
  const clocked = mk({ render: (_a, v) => text(`${v.echoed} (${new Date().toISOString()})`) });

  it('flags an impure tool in LiveCall.impure', async () => {
    const live = await sessionWith(clocked, true).call('echo', { message: 'hi' });
    expect(live.impure).toEqual(['render']);
  });

  it('leaves impure empty for a pure tool', async () => {
    const live = await sessionWith(mk(), true).call('echo', { message: 'hi' });
    expect(live.impure).toEqual([]);
  });

  it('does not check without checkPurity', async () => {
    const live = await sessionWith(clocked, false).call('echo', { message: 'hi' });
    expect(live.impure).toEqual([]);
  });

  it('does not check a failed call', async () => {
    const live = await sessionWith(clocked, true).call('echo', { message: 42 });
    expect(live.impure).toEqual([]);
  });
});
