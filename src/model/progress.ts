import { z } from 'zod';
import type { HarnessEvent, Json, Result, ToolResult } from '../harness';
import type { ExternalChange, Step } from './scenario';
import { actionsOf, askAfter, reactTo, type Action, type AskState } from './scripted';

/**
 * What a saved run keeps beside its log, because the log alone cannot tell it: how many script steps
 * were taken, whether the script is waiting at an external edit, and which calls the visitor made by
 * hand ("Play the model"), which are not the script's.
 */
export const ScriptProgress = z.strictObject({
  position: z.number().int().nonnegative(),
  waiting: z.boolean(),
  manual: z.array(z.string()),
});
export type ScriptProgress = z.infer<typeof ScriptProgress>;

/** Where the script stands: the actions still to do, and the edit it waits for, if any. */
export interface ScriptState {
  queue: Action[];
  waiting: ExternalChange | null;
  /** Actions taken, reactions included. */
  position: number;
  /** Steps of the script taken (its retries are not steps). */
  step: number;
  /** The plugins the last `use` step installed; null when no such step was taken yet. */
  plugins: string[] | null;
  /** The ask the script stands at (its last action was an ask's), asking or revealed. */
  ask: AskState | null;
}

/** A derived script state, or why the log does not fit the script. */
export type Derived = Result<ScriptState>;

type CallEvent = Extract<HarnessEvent, { type: 'tool/call' }>;

/** Structural equality of two JSON values (key order ignored). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string, Json>;
  const rb = b as Record<string, Json>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameJson(ra[k]!, rb[k]!));
}

function resultsOf(events: readonly HarnessEvent[]): Map<string, ToolResult> {
  const results = new Map<string, ToolResult>();
  for (const e of events) {
    if (e.type !== 'tool/result') continue;
    results.set(e.callId, {
      content: e.content,
      ...(e.error ? { error: e.error } : {}),
      ...(e.meta !== undefined ? { meta: e.meta } : {}),
    });
  }
  return results;
}

/**
 * Re-derives the script's state from a log: the scenario's steps are taken again, `position` times,
 * and each scripted call meets the result the log has for it, so the model reacts as it did live (a
 * retry after FS_STALE_VERSION, …). Pure and deterministic. Fails, saying why, when the log does not
 * fit the script (another version of the scenario, an interrupted call, a damaged record).
 */
export function deriveScript(
  steps: readonly Step[],
  events: readonly HarnessEvent[],
  progress: ScriptProgress,
): Derived {
  const fail = (error: string): Derived => ({ ok: false, error });
  const manual = new Set(progress.manual);
  const results = resultsOf(events);
  const calls = events.filter((e): e is CallEvent => e.type === 'tool/call' && !manual.has(e.callId));
  const said = events.filter((e) => e.type === 'model/message').length;
  const queue = actionsOf(steps);
  let says = 0;
  let made = 0;
  let last: Action | undefined;
  let plugins: string[] | null = null;
  let step = 0;
  for (let n = 1; n <= progress.position; n++) {
    const action = queue.shift();
    if (!action) return fail(`the script ends after ${n - 1} steps, the record says ${progress.position}`);
    last = action;
    step = action.step ?? step;
    if (action.kind === 'use') plugins = action.plugins;
    const speaks = action.kind === 'say' || action.kind === 'use';
    if (speaks && ++says > said) return fail(`step ${n} is a message the log does not have`);
    if (action.kind !== 'call') continue;
    const call = calls[made++];
    if (!call || call.tool !== action.tool || !sameJson(call.args, action.args)) {
      return fail(`step ${n} calls ${action.tool}, the log has ${call ? call.tool : 'no call'} there`);
    }
    const result = results.get(call.callId);
    if (!result) return fail(`step ${n}: call ${call.callId} has no result (it was interrupted)`);
    queue.unshift(...reactTo(action, result));
  }
  if (says !== said || made !== calls.length) {
    return fail(
      `the log has ${said - says} messages and ${calls.length - made} calls after step ${progress.position}`,
    );
  }
  const { position } = progress;
  const ask = askAfter(last);
  if (!progress.waiting) return { ok: true, value: { queue, waiting: null, position, step, plugins, ask } };
  if (last?.kind !== 'external')
    return fail(`the record waits for an external edit at a step that is not one`);
  return { ok: true, value: { queue, waiting: last.change, position, step, plugins, ask } };
}

/** An error a call met that its step did not name in `expect`: the code, and the step (from 1). */
export interface UnexpectedError {
  code: string;
  step: number;
}

/**
 * The errors the script's calls met that their steps did not expect, in order, each with its step: the
 * log's calls (those the visitor made by hand, `manual`, left out) are matched with the script's calls
 * as the model made them, its reactions included (a re-read and retry count under the step they retry).
 * Pure: a fold over the log.
 */
export function unexpectedErrors(
  steps: readonly Step[],
  events: readonly HarnessEvent[],
  manual: readonly string[],
): UnexpectedError[] {
  const results = resultsOf(events);
  const queue = actionsOf(steps);
  const found: UnexpectedError[] = [];
  let step = 0;
  for (const e of events) {
    if (e.type !== 'tool/call' || manual.includes(e.callId)) continue;
    let action = queue.shift();
    for (; action && action.kind !== 'call'; action = queue.shift()) step = action.step ?? step;
    const result = results.get(e.callId);
    if (!action || !result) break;
    step = action.step ?? step;
    const code = result.error?.code;
    if (code && code !== action.expect) found.push({ code, step });
    queue.unshift(...reactTo(action, result));
  }
  return found;
}
