// README "Writing a plugin in the lab" (Errors show inline): a stopped plugin's line is said once, and
// the status line says what to do about the failure.
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/sandbox';
import { defaultPlugin, markFailure, slotOf } from '../../../src/ui/lab/slot';

const stopped = 'the plugin ran past its deadline of 250 ms and was stopped at line 15';

describe('the lab status of a failed hook call', () => {
  it('names the line once when the message already does', () => {
    const slot = slotOf(defaultPlugin());
    const error = { code: 'PLUGIN_TIMEOUT', reason: 'deadline', message: stopped, line: 15 } as const;
    const result: CallResult = { ok: false, error, durationMs: 300, logs: [] };
    expect(markFailure(slot, { plugin: 'p', fn: 'postExecute', input: {}, result }, null)).toBe(true);
    expect(slot.status).toEqual({
      tone: 'error',
      text: `postExecute: ${stopped}. Make it finish sooner and press Apply, or choose a longer deadline.`,
      code: 'PLUGIN_TIMEOUT',
    });
  });

  it('puts the line in front when the message does not name it', () => {
    const slot = slotOf(defaultPlugin());
    const error = { code: 'PLUGIN_ERROR', reason: 'thrown', message: 'boom', line: 3 } as const;
    markFailure(
      slot,
      {
        plugin: 'p',
        fn: 'preExecute',
        input: {},
        result: { ok: false, error, durationMs: 1, logs: [] } as CallResult,
      },
      null,
    );
    expect(slot.status?.text).toBe(
      'preExecute: line 3: boom. Fix the code and press Apply, or switch the plugin off.',
    );
  });

  it.each([
    ['PLUGIN_MEMORY', 'Make it hold less and press Apply'],
    ['PLUGIN_DECISION_INVALID', 'Return one of the decisions the hook takes (type { in a return'],
    ['PLUGIN_ERROR', 'Fix the code and press Apply'],
  ] as const)('says what to do about %s', (code, todo) => {
    const slot = slotOf(defaultPlugin());
    const error = { code, reason: 'invalid', message: 'it went wrong.' } as const;
    const result = { ok: false, error, durationMs: 1, logs: [] } as CallResult;
    markFailure(slot, { plugin: 'p', fn: 'preExecute', input: {}, result }, null);
    // A message that ends its sentence gets no second full stop.
    expect(slot.status?.text.startsWith(`preExecute: it went wrong. ${todo}`)).toBe(true);
  });
});
