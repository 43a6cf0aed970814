import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { type EventType, HarnessEvent, parseLog, serializeLog, text } from '../../../src/harness';

/** One realistic event of each type; typed by type so a new event type without a sample does not compile. */
const samples: { [T in EventType]: Extract<HarnessEvent, { type: T }> } = {
  'session/start': {
    type: 'session/start',
    seq: 0,
    at: 0,
    session: 's1',
    scenario: 'stale-edit',
    tools: ['read'],
  },
  'model/message': { type: 'model/message', seq: 1, at: 1000, text: 'Let me read the file first.' },
  'tool/call': {
    type: 'tool/call',
    seq: 2,
    at: 2000,
    callId: 's1:1',
    tool: 'read',
    args: { path: 'notes.md', offset: 41, window: [1, 2.5, null, true], nested: { deep: ['é', '\u0000'] } },
  },
  'tool/result': {
    type: 'tool/result',
    seq: 3,
    at: 3000,
    callId: 's1:1',
    tool: 'read',
    content: text('41\tfirst line\n42\tsecond line'),
    meta: { offset: 41, totalLines: 1203, lines: ['first line', 'second line'] },
  },
  'plugin/decision': {
    type: 'plugin/decision',
    seq: 4,
    at: 4000,
    callId: 's1:1',
    hook: 'post-execute',
    plugin: 'redact',
    decision: { action: 'accept', content: text('[redacted]') },
  },
  approval: {
    type: 'approval',
    seq: 5,
    at: 5000,
    callId: 's1:2',
    plugin: 'careful',
    prompt: 'Write?',
    approved: false,
  },
  'fs/observed': {
    type: 'fs/observed',
    seq: 6,
    at: 6000,
    session: 's1',
    path: 'notes.md',
    state: 'present',
    version: 'v7',
    lines: [41, 42],
  },
  'external/edit': {
    type: 'external/edit',
    seq: 7,
    at: 7000,
    path: 'notes.md',
    who: 'button',
    version: null,
  },
  'plugin/error': {
    type: 'plugin/error',
    seq: 8,
    at: 8000,
    plugin: 'broken',
    hook: 'log',
    message: 'plugin "broken" failed in hook "log": boom',
  },
};
const all = Object.values(samples);
const failedResult: HarnessEvent = {
  type: 'tool/result',
  seq: 9,
  at: 9000,
  callId: 's1:3',
  tool: 'edit',
  content: text('Error FS_STALE_VERSION: changed\nRemedy: re-read the file, then retry'),
  error: { code: 'FS_STALE_VERSION', message: 'changed', remedy: 're-read the file, then retry' },
};
const roundTrip = (events: HarnessEvent[]) => parseLog(serializeLog(events));

describe('the event log', () => {
  it.each(all.map((e) => [e.type, e] as const))('round-trips a %s event losslessly', (_type, event) => {
    expect(roundTrip([event])).toEqual([event]);
  });

  it('round-trips an error result losslessly', () => {
    expect(roundTrip([failedResult])).toEqual([failedResult]);
  });

  it('round-trips a whole log in order', () => {
    expect(roundTrip([...all, failedResult])).toEqual([...all, failedResult]);
  });

  it('round-trips an empty log', () => {
    expect(roundTrip([])).toEqual([]);
  });

  it('refuses to write a tool/result event carrying a value', () => {
    const withValue = { ...samples['tool/result'], value: { secret: 1 } } as HarnessEvent;
    expect(() => serializeLog([withValue])).toThrow(ZodError);
  });

  it('refuses to read a tool/result event carrying a value', () => {
    const text = JSON.stringify([{ ...samples['tool/result'], value: { secret: 1 } }]);
    expect(() => parseLog(text)).toThrow(ZodError);
  });

  it('refuses a tool/call event carrying a value', () => {
    const text = JSON.stringify([{ ...samples['tool/call'], value: 1 }]);
    expect(() => parseLog(text)).toThrow(ZodError);
  });

  it('names the index of the bad event', () => {
    const text = JSON.stringify([samples['model/message'], { ...samples['model/message'], seq: -1 }]);
    expect(() => parseLog(text)).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ path: [1, 'seq'] })] }),
    );
  });

  it.each([
    ['an unknown type', { type: 'tool/retry', seq: 0, at: 0 }],
    ['a missing stamp', { type: 'model/message', text: 'hi' }],
    ['a fractional seq', { ...samples['model/message'], seq: 1.5 }],
    ['a lowercase error code', { ...failedResult, error: { code: 'stale', message: 'x' } }],
    ['content that is not text blocks', { ...samples['tool/result'], content: 'hello' }],
    ['meta that is not JSON', { ...samples['tool/result'], meta: { at: new Date(0) } }],
    ['an unknown external editor', { ...samples['external/edit'], who: 'ghost' }],
    ['an observed line range starting at 0', { ...samples['fs/observed'], lines: [0, 2] }],
    ['an empty session id', { ...samples['session/start'], session: '' }],
  ])('refuses %s', (_label, event) => {
    expect(HarnessEvent.safeParse(event).success).toBe(false);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseLog('{"type":')).toThrow(SyntaxError);
  });

  it('refuses a log that is not an array', () => {
    expect(() => parseLog(JSON.stringify(samples['model/message']))).toThrow(ZodError);
  });
});

describe('JSON fields from outside are bounded', () => {
  const deep = (depth: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = { v: value };
    return value;
  };

  it.each([
    ['tool/call', 'args'],
    ['tool/result', 'meta'],
    ['plugin/decision', 'decision'],
  ] as const)('refuses a %s whose %s is 3,000 levels deep, without a stack overflow', (type, field) => {
    const event = { ...samples[type], [field]: deep(3000) };
    const parsed = HarnessEvent.safeParse(event);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
    expect(parsed.error?.issues[0]?.message).toContain('nested deeper than 64 levels');
  });

  it('reads a log whose values are as deep as the limit allows', () => {
    const event = { ...samples['tool/call'], args: deep(64) };
    expect(parseLog(JSON.stringify([event]))).toEqual([event]);
  });
});
