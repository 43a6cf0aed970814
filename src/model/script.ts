// The script as one pure reducer: where a scripted run stands is `advance` folded over its inputs. Playing
// applies each input as it happens and performs the effect; resuming folds the log (src/model/progress.ts)
// through the same function, so the two cannot disagree.
import type { Json, ToolResult } from '../harness';
import type { ExternalChange, ScenarioPolicyId, Step, Text } from './scenario';
import { actionsOf, askAfter, reactTo, type Action, type AskState } from './scripted';

/** A call the script has made and waits to hear the result of. */
export type ScriptCall = Action & { kind: 'call' };

/** Where the script stands in one run. Never changed in place: `advance` returns the next one. */
export interface ScriptState {
  /** The actions still to take, the model's reactions to results first. */
  readonly queue: readonly Action[];
  /** Actions taken so far, the model's reactions included (what a saved run keeps). */
  readonly position: number;
  /** Steps of the script taken so far; a retry is no step of its own. */
  readonly step: number;
  /** The external change the script is waiting for someone to make, when it is. */
  readonly waiting: ExternalChange | null;
  /** The ask the script stands at, asking or revealed; null elsewhere. */
  readonly ask: AskState | null;
  /** The call taken whose result has not come yet. */
  readonly calling: ScriptCall | null;
  /** The plugins the last `use` step switched to; null while no such step was taken. */
  readonly plugins: readonly string[] | null;
  /** The policy the last `policy` step switched to; null while no such step was taken. */
  readonly policy: ScenarioPolicyId | null;
  /** External edits made so far, by anyone (they number the lines the button appends). */
  readonly externalEdits: number;
  /** Races of the scenario that have not landed yet. */
  readonly races: readonly ExternalChange[];
  /**
   * In a run a real model drives: the script's external changes not made yet, in order; the next edit
   * makes the first. Empty in a scripted run, whose queue holds them.
   */
  readonly externals: readonly ExternalChange[];
  /** The file an edit that names none changes. */
  readonly focus: string;
}

/** Who makes an external edit the script hears of, as the log's `external/edit` says. */
export type EditWho = 'button' | 'scenario' | 'editor' | 'other-tab' | 'agent';

/** What can happen to the script. */
export type ScriptInput =
  /** Back to the start of `scenario`; with `agent`, a real model drives and only the external changes stay. */
  | { kind: 'reset'; scenario: ScriptScenario; agent: boolean }
  /** Take the next action. With `auto`, an external change is made at once and an ask is passed. */
  | { kind: 'step'; auto: boolean }
  /** The result of the call the script is making. */
  | { kind: 'result'; result: ToolResult }
  /**
   * An external edit. By the button or the scenario it is the change the script waits for, else the next
   * of a model's run, else a line appended to `path` (default: the focus file); by the file editor or
   * another tab it is counted only.
   */
  | { kind: 'edit'; who: EditWho; path?: string }
  /** A call reached the race on `path`: the scenario's change lands, once. */
  | { kind: 'race'; path: string };

/**
 * What playing must do after an input: nothing, speak, switch plugins or the policy, call a tool, or edit
 * a file.
 */
export type ScriptEffect =
  | { kind: 'none' }
  | { kind: 'say'; text: Text }
  | { kind: 'use'; text: Text; plugins: readonly string[] }
  | { kind: 'policy'; text: Text; policy: ScenarioPolicyId }
  | { kind: 'call'; tool: string; args: Json }
  /** Write `change` as `who`; `scripted` when it is one of the script's own (its note goes along). */
  | { kind: 'edit'; change: ExternalChange; who: 'button' | 'scenario'; scripted: boolean };

/** The parts of a scenario the script reads. */
export interface ScriptScenario {
  steps: readonly Step[];
  races?: readonly ExternalChange[] | undefined;
  focus?: string | undefined;
}

const NONE: ScriptEffect = { kind: 'none' };

/** The script of `scenario` at its start (see the `reset` input). */
export function startScript(scenario: ScriptScenario, agent = false): ScriptState {
  const changes = scenario.steps.flatMap((s) => ('external' in s ? [s.external] : []));
  return {
    queue: agent ? [] : actionsOf(scenario.steps),
    position: 0,
    step: 0,
    waiting: null,
    ask: null,
    calling: null,
    plugins: null,
    policy: null,
    externalEdits: 0,
    races: scenario.races ?? [],
    externals: agent ? changes : [],
    focus: scenario.focus ?? '/README.md',
  };
}

/**
 * The script has nothing left to take: no action queued and no edit awaited. A last call still running
 * counts as done (the controls say so at once); its result may still queue a reaction.
 */
export function scriptDone(state: ScriptState): boolean {
  return state.queue.length === 0 && state.waiting === null;
}

/**
 * The script's one transition: the state after `input`, and the effect playing must perform. Pure; an
 * input that cannot apply now (a step while a call runs, a result with no call) changes nothing.
 */
export function advance(
  state: ScriptState,
  input: ScriptInput,
): { state: ScriptState; effect: ScriptEffect } {
  switch (input.kind) {
    case 'reset':
      return { state: startScript(input.scenario, input.agent), effect: NONE };
    case 'step':
      return stepOf(state, input.auto);
    case 'result':
      if (!state.calling) return { state, effect: NONE };
      return {
        state: { ...state, calling: null, queue: [...reactTo(state.calling, input.result), ...state.queue] },
        effect: NONE,
      };
    case 'edit':
      return editOf(state, input.who, input.path);
    case 'race': {
      const change = state.races.find((c) => c.path === input.path);
      if (!change) return { state, effect: NONE };
      const races = state.races.filter((c) => c !== change);
      const next = { ...state, races, externalEdits: state.externalEdits + 1 };
      return { state: next, effect: { kind: 'edit', change, who: 'scenario', scripted: false } };
    }
    default: {
      const never: never = input;
      throw new TypeError(`Unknown script input ${JSON.stringify(never)}`);
    }
  }
}

function stepOf(state: ScriptState, auto: boolean): { state: ScriptState; effect: ScriptEffect } {
  if (state.calling) return { state, effect: NONE };
  if (state.waiting) return auto ? editOf(state, 'scenario') : { state, effect: NONE };
  // At an ask, only Reveal goes on (and a run that makes everything itself).
  if (state.ask && !state.ask.revealed && !auto) return { state, effect: NONE };
  const [action, ...queue] = state.queue;
  if (!action) return { state, effect: NONE };
  const taken: ScriptState = {
    ...state,
    queue,
    position: state.position + 1,
    step: action.step ?? state.step,
    ask: askAfter(action),
  };
  switch (action.kind) {
    case 'say':
      return { state: taken, effect: { kind: 'say', text: action.text } };
    case 'use':
      return {
        state: { ...taken, plugins: action.plugins },
        effect: { kind: 'use', text: action.text, plugins: action.plugins },
      };
    case 'policy':
      return {
        state: { ...taken, policy: action.policy },
        effect: { kind: 'policy', text: action.text, policy: action.policy },
      };
    case 'call':
      return {
        state: { ...taken, calling: action },
        effect: { kind: 'call', tool: action.tool, args: action.args },
      };
    case 'external': {
      const waits = { ...taken, waiting: action.change };
      return auto ? editOf(waits, 'scenario') : { state: waits, effect: NONE };
    }
    case 'ask':
    case 'reveal':
      return { state: taken, effect: NONE };
    default: {
      const never: never = action;
      throw new TypeError(`Unknown action ${JSON.stringify(never)}`);
    }
  }
}

function editOf(
  state: ScriptState,
  who: EditWho,
  path?: string,
): { state: ScriptState; effect: ScriptEffect } {
  const counted = { ...state, externalEdits: state.externalEdits + 1 };
  if (who === 'editor' || who === 'other-tab' || who === 'agent') return { state: counted, effect: NONE };
  if (state.waiting) {
    const effect: ScriptEffect = { kind: 'edit', change: state.waiting, who, scripted: true };
    return { state: { ...counted, waiting: null }, effect };
  }
  const [next, ...externals] = state.externals;
  if (next)
    return { state: { ...counted, externals }, effect: { kind: 'edit', change: next, who, scripted: true } };
  const change = { path: path ?? state.focus, append: `external edit #${counted.externalEdits}` };
  return { state: counted, effect: { kind: 'edit', change, who, scripted: false } };
}
