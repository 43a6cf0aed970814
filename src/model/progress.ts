// A saved run's progress, and the script a log leaves: the log folded through the script's one reducer
// (`advance`, src/model/script.ts), the same function playing applies.
import { z } from 'zod';
import { counted, type HarnessEvent, type Json, type Result, type ToolResult } from '../harness';
import type { Step } from './scenario';
import {
  advance,
  startScript,
  type ScriptCall,
  type ScriptEffect,
  type ScriptInput,
  type ScriptScenario,
  type ScriptState,
} from './script';

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

/** Where a log leaves the script, or why the log does not fit the script. */
export type Folded = Result<ScriptState>;

/** How to read a log for the script. */
interface FoldOptions {
  /** Call ids of the calls the visitor made by hand, which are not the script's. */
  manual: readonly string[];
  /** A real model drove the run: the calls and words are its own; only external edits are the script's. */
  agent?: boolean;
  /** Hears the result each of the script's calls met, with the call and its step. */
  onResult?: (call: ScriptCall, step: number, result: ToolResult) => void;
}

const resultOf = (e: Extract<HarnessEvent, { type: 'tool/result' }>): ToolResult => ({
  content: e.content,
  ...(e.error ? { error: e.error } : {}),
  ...(e.meta !== undefined ? { meta: e.meta } : {}),
});

/** One step as a reload takes it: an ask on the way is passed (Reveal), nothing else is made. */
const stepInput = (state: ScriptState): ScriptInput => ({
  kind: 'step',
  auto: state.ask?.revealed === false,
});

/**
 * Folds a log through the script's reducer (`advance`): each of the script's calls and external edits in
 * the log is met by stepping the script to it, then applied; the steps that leave nothing in the log (an
 * ask, a wait) are taken on the way. Returns the state the last event leaves and how many messages the
 * script said on the way, or why the log does not fit.
 */
function foldEvents(
  scenario: ScriptScenario,
  events: readonly HarnessEvent[],
  options: FoldOptions,
): Result<{ state: ScriptState; says: number }> {
  const manual = new Set(options.manual);
  const agent = options.agent ?? false;
  const open = new Set<string>();
  let state = startScript(scenario, agent);
  let says = 0;
  let scriptCall: string | null = null;
  const apply = (input: ScriptInput): ScriptEffect => {
    const next = advance(state, input);
    state = next.state;
    return next.effect;
  };
  // Steps until the script calls (`call`) or waits for an edit (`wait`); null when it got there.
  const takeUntil = (wants: 'call' | 'wait', what: string): Result<ScriptEffect | null> => {
    for (;;) {
      if (state.waiting) {
        if (wants === 'wait') return { ok: true, value: null };
        return { ok: false, error: `step ${state.position} waits for an external edit, the log has ${what}` };
      }
      if (state.calling || state.queue.length === 0) {
        return {
          ok: false,
          error: `the script ends after ${counted(state.position, 'step')}, the log has ${what}`,
        };
      }
      const effect = apply(stepInput(state));
      if (effect.kind === 'say' || effect.kind === 'use' || effect.kind === 'policy') says++;
      if (effect.kind !== 'call') continue;
      if (wants === 'call') return { ok: true, value: effect };
      return { ok: false, error: `step ${state.position} calls ${effect.tool}, the log has ${what} there` };
    }
  };
  for (const e of events) {
    if (e.type === 'tool/call') {
      open.add(e.callId);
      if (agent || manual.has(e.callId)) continue;
      const taken = takeUntil('call', `a call of ${e.tool}`);
      if (!taken.ok) return taken;
      const call = taken.value;
      if (call?.kind !== 'call' || call.tool !== e.tool || !sameJson(call.args, e.args)) {
        const tool = call?.kind === 'call' ? call.tool : 'nothing';
        return { ok: false, error: `step ${state.position} calls ${tool}, the log has ${e.tool} there` };
      }
      scriptCall = e.callId;
    } else if (e.type === 'tool/result') {
      open.delete(e.callId);
      if (e.callId !== scriptCall || !state.calling) continue;
      options.onResult?.(state.calling, state.step, resultOf(e));
      apply({ kind: 'result', result: resultOf(e) });
      scriptCall = null;
    } else if (e.type === 'external/edit' && e.who !== 'reset') {
      // A race lands while a call runs, as the scenario, with no note.
      const race = e.who === 'scenario' && !e.note && open.size > 0;
      if (race && state.races.some((c) => c.path === e.path)) {
        apply({ kind: 'race', path: e.path });
        continue;
      }
      // The script's own change carries its note; the line the button appends does not.
      if (!agent && (e.who === 'button' || e.who === 'scenario') && e.note !== undefined) {
        const reached = takeUntil('wait', `the external edit of ${e.path}`);
        if (!reached.ok) return reached;
      }
      apply({ kind: 'edit', who: e.who, path: e.path });
    }
  }
  if (scriptCall) return { ok: false, error: `call ${scriptCall} has no result (it was interrupted)` };
  return { ok: true, value: { state, says } };
}

/**
 * The script of a saved run, as the run left it: the log folded through the script's reducer, then the
 * steps that left nothing in the log taken up to the record's `position`. Pure and deterministic. Fails,
 * saying why, when the log does not fit the script (another version of the scenario, an interrupted call,
 * words or calls that are not the script's, a damaged record).
 */
export function resumeScript(
  scenario: ScriptScenario,
  events: readonly HarnessEvent[],
  progress: ScriptProgress,
  agent = false,
): Folded {
  const fail = (error: string): Folded => ({ ok: false, error });
  const folded = foldEvents(scenario, events, { manual: progress.manual, agent });
  if (!folded.ok) return folded;
  let { state, says } = folded.value;
  if (agent) return { ok: true, value: state };
  const { position } = progress;
  while (state.position < position) {
    if (state.waiting) return fail(`the script waits at step ${state.position}, the record says ${position}`);
    if (state.queue.length === 0)
      return fail(`the script ends after ${counted(state.position, 'step')}, the record says ${position}`);
    const next = advance(state, stepInput(state));
    if (next.effect.kind === 'call')
      return fail(`step ${next.state.position} is a call the log does not have`);
    if (next.effect.kind === 'say' || next.effect.kind === 'use' || next.effect.kind === 'policy') says++;
    state = next.state;
  }
  if (state.position > position) return fail(`the log goes on after step ${position}`);
  const said = events.filter((e) => e.type === 'model/message').length;
  if (says !== said)
    return fail(`the script says ${counted(says, 'message')} up to step ${position}, the log has ${said}`);
  if (progress.waiting && !state.waiting)
    return fail(`the record waits for an external edit at a step that is not one`);
  if (!progress.waiting && state.waiting)
    return fail(`the script waits for an external edit the record does not`);
  return { ok: true, value: state };
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
 * Pure: the log folded through the script's reducer.
 */
export function unexpectedErrors(
  steps: readonly Step[],
  events: readonly HarnessEvent[],
  manual: readonly string[],
): UnexpectedError[] {
  const found: UnexpectedError[] = [];
  const onResult = (call: ScriptCall, step: number, result: ToolResult) => {
    const code = result.error?.code;
    if (code && code !== call.expect) found.push({ code, step });
  };
  // A log that stops fitting the script ends the list where it stops.
  foldEvents({ steps }, events, { manual, onResult });
  return found;
}
