import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type Content,
  type Decided,
  Hooks,
  type JsonCheck,
  Notice,
  type PostDecision,
  type PreDecision,
  type PreExecuteInput,
  SlotHook,
  type VoteHook,
  postExecute,
  preExecute,
  slot,
  text,
  vote,
} from '../../../src/harness';

const intent = SlotHook.define<{ path: string }, { allow: boolean }>({
  name: 'test/intent',
  decision: z.strictObject({ allow: z.boolean() }),
});
const observed = Notice.define<{ path: string }>('test/observed');
const hooks = new Hooks();
const preInput: PreExecuteInput = { session: 's', callId: 'c', tool: 't', args: {} };

describe('hook kinds are types', () => {
  it('refuses a slot hook given to the vote dispatcher', () => {
    const dispatch = () =>
      // @ts-expect-error a slot hook has one speaker; it cannot be dispatched as a vote
      vote(hooks, intent, { path: 'a' });
    expectTypeOf(dispatch).toBeFunction();
  });

  it('refuses a vote hook given to the slot dispatcher', () => {
    const dispatch = () =>
      // @ts-expect-error a vote hook hears every listener; it cannot be dispatched as a slot
      slot(hooks, preExecute, preInput);
    expectTypeOf(dispatch).toBeFunction();
  });

  it('refuses a notice given to the vote dispatcher', () => {
    const dispatch = () =>
      // @ts-expect-error a notice has no decisions
      vote(hooks, observed, { path: 'a' });
    expectTypeOf(dispatch).toBeFunction();
  });

  it('keeps a notice apart from both hook kinds', () => {
    expectTypeOf(observed).not.toExtend<VoteHook<{ path: string }, unknown>>();
    expectTypeOf(observed).not.toExtend<SlotHook<{ path: string }, unknown>>();
  });

  it('types what each dispatcher resolves to', () => {
    expectTypeOf(slot(hooks, intent, { path: 'a' })).resolves.toEqualTypeOf<
      Decided<{ allow: boolean }> | undefined
    >();
    expectTypeOf(vote(hooks, preExecute, preInput)).resolves.toEqualTypeOf<{
      decided: Decided<PreDecision>[];
      input: PreExecuteInput;
    }>();
  });

  it('types a listener’s decision by its hook', () => {
    // @ts-expect-error 'maybe' is not a verdict
    preExecute.of(() => ({ verdict: 'maybe' }));
    // @ts-expect-error a deny needs a reason
    preExecute.of(() => ({ verdict: 'deny' }));
    expectTypeOf(preExecute.of(() => ({ verdict: 'ask', prompt: 'ok?' }))).toBeObject();
  });
});

describe('post-execute decisions', () => {
  it('accepts a replacement content alone', () => {
    expectTypeOf<{ action: 'accept'; content: Content }>().toExtend<PostDecision>();
  });

  it('accepts a replacement value alone', () => {
    expectTypeOf<{ action: 'accept'; value: { rows: string[] } }>().toExtend<PostDecision>();
  });

  it('refuses a decision carrying both content and value', () => {
    expectTypeOf<{
      action: 'accept';
      content: Content;
      value: { rows: string[] };
    }>().not.toExtend<PostDecision>();
  });

  it('refuses both in a literal', () => {
    // @ts-expect-error content and value cannot be replaced by one decision
    const both: PostDecision = { action: 'accept', content: text('x'), value: { rows: [] } };
    expectTypeOf(both).toEqualTypeOf<PostDecision>();
  });

  it('refuses both from a listener', () => {
    // @ts-expect-error content and value cannot be replaced by one decision
    postExecute.of(() => ({ action: 'accept', content: text('x'), value: 1 }));
  });

  it('lets listeners return either replacement', () => {
    postExecute.of(() => ({ action: 'accept', content: text('x') }));
    postExecute.of(() => ({ action: 'accept', value: { rows: [] } }));
    postExecute.of(() => ({ action: 'block', feedback: 'no phones' }));
    expectTypeOf(postExecute.of(() => ({ action: 'pass' }))).toBeObject();
  });

  it('refuses a pass that carries content', () => {
    // @ts-expect-error a pass changes nothing
    const pass: PostDecision = { action: 'pass', content: text('x') };
    expectTypeOf(pass).toEqualTypeOf<PostDecision>();
  });
});

describe('checked results', () => {
  it('makes value and error exclusive in a JsonCheck', () => {
    expectTypeOf<Extract<JsonCheck, { ok: true }>['error']>().toEqualTypeOf<undefined>();
    expectTypeOf<Extract<JsonCheck, { ok: false }>['value']>().toEqualTypeOf<undefined>();
  });
});
