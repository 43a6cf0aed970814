import { describe, expect, it } from 'vitest';
import { scenarioById, type AskState } from '../../../src/model';
import { PresenterCommand, PresenterState, askView, stepView } from '../../../src/ui/presenter-protocol';

const steps = scenarioById('stale-version')!.steps;

describe('what the presenter view is told', () => {
  it('names each step by its kind, in the language asked, with its notes', () => {
    expect(stepView(steps, 1, 'en')).toMatchObject({
      n: 1,
      kind: 'call',
      notes: expect.stringContaining('v1'),
    });
    expect(stepView(steps, 2, 'zh')).toEqual({ n: 2, kind: 'say', summary: '我要打开 debug。', notes: null });
    expect(stepView(steps, 3, 'en')).toMatchObject({
      kind: 'external',
      summary: expect.stringContaining('/app/config.json'),
    });
    expect(stepView(steps, 4, 'en')).toMatchObject({ kind: 'ask', notes: expect.stringContaining('vote') });
  });

  it('says nothing past either end of the script', () => {
    expect(stepView(steps, 0, 'en')).toBeNull();
    expect(stepView(steps, steps.length + 1, 'en')).toBeNull();
  });

  it('carries the answer and the reason of a question, revealed or not', () => {
    const step = steps[3]!;
    if (!('ask' in step)) throw new Error('step 4 of stale-version is its question');
    const ask: AskState = { ask: step.ask, step: 4, revealed: false };
    expect(askView(ask, 'en')).toMatchObject({
      answer: 1,
      revealed: false,
      why: expect.stringContaining('v2'),
    });
    expect(askView(null, 'en')).toBeNull();
  });

  it('takes only the run’s commands, and only well-formed state', () => {
    expect(PresenterCommand.safeParse({ type: 'command', command: 'reveal' }).success).toBe(true);
    expect(PresenterCommand.safeParse({ type: 'command', command: 'reset' }).success).toBe(false);
    expect(PresenterCommand.safeParse({ type: 'command', command: 'step', extra: 1 }).success).toBe(false);
    expect(PresenterState.safeParse({ type: 'state', lang: 'en' }).success).toBe(false);
  });
});
