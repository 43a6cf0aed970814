import type { z } from 'zod';
import { editIntent, writeIntent } from '../contracts/fs-intents';
import { logged, postExecute, preExecute, type Contribution, type Order } from '../harness';
import type { GuestHook } from './wire';

/** How one hook a guest may export reaches the harness, and how the plugin API's types name it. */
export interface GuestHookSpec {
  /** The harness hook it serves, as logs and errors name it. */
  hook: string;
  /** What kind of hook: a vote, a slot (the first listener that does not pass decides) or a notification. */
  kind: 'vote' | 'slot' | 'notice';
  /** The schema its answer must pass; a notification's answer is ignored. */
  decision?: z.ZodType;
  /** The harness contribution whose listener calls the guest through `call`. */
  contribute: (call: (input: unknown) => Promise<unknown>, order: Order) => Contribution;
  /** Its names in the plugin API (src/sandbox/plugin-api.ts): the function's type, its input, its answer. */
  types: { fn: string; input: string; answer: string };
  /** What it is for, in one line (the lab's summary of the API). */
  doc: string;
}

/**
 * Every hook a guest may export, with what it serves in the harness: the adapter installs from this
 * table, the bridge checks answers against its schemas, and the lab's API summary lists it. Its keys are
 * exactly `guestHooks` (the compiler holds them together).
 */
export const guestHookSpecs: Record<GuestHook, GuestHookSpec> = {
  preExecute: {
    hook: preExecute.spec.name,
    kind: 'vote',
    decision: preExecute.spec.decision,
    contribute: (call, order) => preExecute.of((input) => call(input) as never, order),
    types: { fn: 'PreExecute', input: 'PreExecuteInput', answer: 'PreDecision' },
    doc: 'Before each call: allow it, deny it with a reason, or ask the person.',
  },
  postExecute: {
    hook: postExecute.spec.name,
    kind: 'vote',
    decision: postExecute.spec.decision,
    contribute: (call, order) => postExecute.of((input) => call(input) as never, order),
    types: { fn: 'PostExecute', input: 'PostExecuteInput', answer: 'PostDecision' },
    doc: 'After each call: pass, replace the content or the value (never both), or block with feedback.',
  },
  writeIntent: {
    hook: writeIntent.spec.name,
    kind: 'slot',
    decision: writeIntent.answer,
    contribute: (call, order) => writeIntent.of((input) => call(input) as never, order),
    types: { fn: 'WriteIntent', input: 'IntentInput', answer: 'WriteAnswer' },
    doc: "Before a write: the guard the storage checks, a refusal, or {verdict: 'pass'} to hand it on. The first listener that does not pass decides; the built-in policy decides every write, so a plugin after it is never asked.",
  },
  editIntent: {
    hook: editIntent.spec.name,
    kind: 'slot',
    decision: editIntent.answer,
    contribute: (call, order) => editIntent.of((input) => call(input) as never, order),
    types: { fn: 'EditIntent', input: 'IntentInput', answer: 'EditAnswer' },
    doc: "Before an edit: the guard the storage checks, a refusal, or {verdict: 'pass'} to hand it on. The first listener that does not pass decides; the built-in policy decides every edit, so a plugin after it is never asked.",
  },
  observed: {
    hook: 'fs/observed',
    kind: 'notice',
    // Told of the fs/observed events only; a failure is reported by the harness, never to the sender.
    contribute: (call, order) =>
      logged.of(
        (event) => (event.type === 'fs/observed' ? call(event).then(() => undefined) : undefined),
        order,
      ),
    types: { fn: 'Observed', input: 'ObservedEvent', answer: 'void' },
    doc: 'Told of each fs/observed event (what the agent now knows of a file); its answer is ignored.',
  },
};
