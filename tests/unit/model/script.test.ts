// The script's one transition, `advance`, input kind by input kind: a pure function of data.
import { describe, expect, it } from 'vitest';
import type { ErrorCode, ToolResult } from '../../../src/harness';
import {
  advance,
  scriptDone,
  startScript,
  type ScriptEffect,
  type ScriptInput,
  type ScriptState,
  type Step,
} from '../../../src/model';

const text = (en: string) => ({ en, zh: `zh ${en}` });
const change = { path: '/a.md', append: 'theirs' };
const race = { path: '/b.md', find: 'one', replace: 'two' };
const ask = {
  question: text('Which?'),
  choices: [text('this'), text('that')],
  answer: 1,
  why: text('because'),
};
const steps: Step[] = [
  { say: text('Hello') },
  { call: 'edit', args: { path: '/a.md', old_string: 'a', new_string: 'b' } },
  { external: change, note: text('Someone edits a.md') },
  { use: ['redact-phones-content'], say: text('Redacting') },
  { ask },
  { call: 'read', args: { path: '/b.md' }, expect: 'FS_NOT_FOUND' },
];
const mk = (agent = false) => startScript({ steps, races: [race], focus: '/a.md' }, agent);
/** The state after `inputs`, each applied in turn, and the effect of the last. */
const fold = (state: ScriptState, ...inputs: ScriptInput[]) => {
  let out: { state: ScriptState; effect: ScriptEffect } = { state, effect: { kind: 'none' } };
  for (const input of inputs) out = advance(out.state, input);
  return out;
};
const step = (auto = false): ScriptInput => ({ kind: 'step', auto });
const failed = (code: ErrorCode): ToolResult => ({
  content: [{ type: 'text', text: code }],
  error: { code, message: code },
});
const ok: ScriptInput = { kind: 'result', result: { content: [{ type: 'text', text: 'ok' }] } };

describe('advance: step', () => {
  it('takes the next action and says what playing must do', () => {
    const { state, effect } = advance(mk(), step());
    expect(effect).toEqual({ kind: 'say', text: text('Hello') });
    expect(state).toMatchObject({ position: 1, step: 1, queue: expect.any(Array) });
    expect(state.queue).toHaveLength(mk().queue.length - 1);
  });

  it('never changes the state it is given', () => {
    const start = mk();
    const copy = structuredClone(start);
    advance(start, step());
    expect(start).toEqual(copy);
  });

  it('asks for a call and waits for its result before the next step', () => {
    const calling = fold(mk(), step(), step());
    expect(calling.effect).toEqual({
      kind: 'call',
      tool: 'edit',
      args: { path: '/a.md', old_string: 'a', new_string: 'b' },
    });
    expect(calling.state.calling).toMatchObject({ tool: 'edit' });
    expect(advance(calling.state, step()).state).toBe(calling.state);
  });

  it('waits at an external step, and makes the edit itself with auto', () => {
    const before = fold(mk(), step(), step(), ok).state;
    const waits = advance(before, step());
    expect(waits.effect).toEqual({ kind: 'none' });
    expect(waits.state.waiting).toBe(change);
    expect(advance(waits.state, step()).state).toBe(waits.state);
    const auto = advance(before, step(true));
    expect(auto.effect).toEqual({ kind: 'edit', change, who: 'scenario', scripted: true });
    expect(auto.state).toMatchObject({ waiting: null, externalEdits: 1, position: 3 });
  });

  it('switches plugins at a use step', () => {
    const at = fold(mk(), step(), step(), ok, step(true), step());
    expect(at.effect).toEqual({ kind: 'use', text: text('Redacting'), plugins: ['redact-phones-content'] });
    expect(at.state.plugins).toEqual(['redact-phones-content']);
  });

  it('stops at an ask until a step with auto reveals it', () => {
    const asking = fold(mk(), step(), step(), ok, step(true), step(), step()).state;
    expect(asking.ask).toEqual({ ask, step: 5, revealed: false });
    expect(advance(asking, step()).state).toBe(asking);
    const revealed = advance(asking, step(true)).state;
    expect(revealed.ask).toEqual({ ask, step: 5, revealed: true });
    expect(revealed.position).toBe(asking.position + 1);
  });

  it('does nothing when the script is done', () => {
    const done = startScript({ steps: [] });
    expect(scriptDone(done)).toBe(true);
    expect(advance(done, step(true))).toEqual({ state: done, effect: { kind: 'none' } });
  });
});

describe('advance: result', () => {
  it('puts the model’s reaction to an error it did not expect before the rest of the script', () => {
    const calling = fold(mk(), step(), step()).state;
    const { state, effect } = advance(calling, { kind: 'result', result: failed('FS_NOT_OBSERVED') });
    expect(effect).toEqual({ kind: 'none' });
    expect(state.calling).toBeNull();
    expect(state.queue.slice(0, 3).map((a) => a.kind)).toEqual(['say', 'call', 'call']);
    expect(state.queue.length).toBe(calling.queue.length + 3);
  });

  it('adds nothing after a success, and ignores a result with no call', () => {
    const after = fold(mk(), step(), step(), ok).state;
    expect(after.queue[0]).toMatchObject({ kind: 'external' });
    expect(advance(after, { kind: 'result', result: failed('FS_NOT_FOUND') }).state).toBe(after);
  });

  it('adds nothing after the error the step expects', () => {
    const calling = fold(startScript({ steps: steps.slice(5) }), step()).state;
    const { state } = advance(calling, { kind: 'result', result: failed('FS_NOT_FOUND') });
    expect(state).toMatchObject({ queue: [], calling: null });
    expect(scriptDone(state)).toBe(true);
  });
});

describe('advance: edit', () => {
  it('makes the change the script waits for, by the button, with its note', () => {
    const waits = fold(mk(), step(), step(), ok, step()).state;
    const { state, effect } = advance(waits, { kind: 'edit', who: 'button', path: '/b.md' });
    expect(effect).toEqual({ kind: 'edit', change, who: 'button', scripted: true });
    expect(state).toMatchObject({ waiting: null, externalEdits: 1 });
  });

  it('appends a numbered line to the path, or the focus file, when the script waits for nothing', () => {
    const first = advance(mk(), { kind: 'edit', who: 'button' });
    expect(first.effect).toEqual({
      kind: 'edit',
      change: { path: '/a.md', append: 'external edit #1' },
      who: 'button',
      scripted: false,
    });
    const second = advance(first.state, { kind: 'edit', who: 'scenario', path: '/b.md' });
    expect(second.effect).toMatchObject({ change: { path: '/b.md', append: 'external edit #2' } });
  });

  it('only counts an edit by the file editor or another tab', () => {
    for (const who of ['editor', 'other-tab'] as const) {
      const { state, effect } = advance(mk(), { kind: 'edit', who });
      expect(effect).toEqual({ kind: 'none' });
      expect(state).toEqual({ ...mk(), externalEdits: 1 });
    }
  });

  it('in a model’s run, makes the script’s changes in order, then appends', () => {
    const agent = mk(true);
    expect(agent.queue).toEqual([]);
    const first = advance(agent, { kind: 'edit', who: 'button' });
    expect(first.effect).toMatchObject({ change, scripted: true });
    expect(advance(first.state, { kind: 'edit', who: 'button' }).effect).toMatchObject({ scripted: false });
  });
});

describe('advance: race', () => {
  it('lands the scenario’s race on a path once', () => {
    const { state, effect } = advance(mk(), { kind: 'race', path: '/b.md' });
    expect(effect).toEqual({ kind: 'edit', change: race, who: 'scenario', scripted: false });
    expect(state).toMatchObject({ races: [], externalEdits: 1 });
    expect(advance(state, { kind: 'race', path: '/b.md' })).toEqual({ state, effect: { kind: 'none' } });
  });
});

describe('advance: reset', () => {
  it('starts the scenario again from any state', () => {
    const moved = fold(mk(), step(), step(), { kind: 'result', result: failed('FS_STALE_VERSION') }).state;
    const scenario = { steps, races: [race], focus: '/a.md' };
    expect(advance(moved, { kind: 'reset', scenario, agent: false }).state).toEqual(mk());
    expect(advance(moved, { kind: 'reset', scenario, agent: true }).state).toEqual(mk(true));
  });
});
