// The contract between the file tools, the plugins that decide on their writes and edits, and the
// sandbox that runs visitors' deciders: the two slot hooks, what they are asked and what they may answer.
// It lives apart from the tools so that plugins and the sandbox never import the tools layer.
import { z } from 'zod';
import { SlotHook } from '../harness';
import type { EditGuard, WriteGuard } from '../fs/types';

/**
 * What a write or edit intent asks: may this session change this path, and under which guard? `path` is
 * normalized (`a.txt` and `/x/../a.txt` are both `/a.txt`), as in every `fs/observed` event.
 */
export interface IntentInput {
  session: string;
  callId: string;
  tool: string;
  path: string;
}

/**
 * The code of a plugin's own refusal: capital letters, digits and `_`, starting with `FS_`, `SQL_` or
 * `WEB_`, the families a tool call's error codes come in (`ErrorCode`).
 */
export type RefusalCode = `FS_${string}` | `SQL_${string}` | `WEB_${string}`;

/** The rule of `RefusalCode`, as the runtime checks it. */
export const REFUSAL_CODE = /^(?:FS|SQL|WEB)_[A-Z0-9_]+$/;

const RefusalCodeSchema = z.custom<RefusalCode>(
  (code) => typeof code === 'string' && REFUSAL_CODE.test(code),
  'a code of capital letters, digits and _ that starts with FS_, SQL_ or WEB_ (e.g. FS_OUTSIDE_APP)',
);

/** The error a tool reports instead of the backend's when the backend refuses the guard with `when`. */
const Conflict = z.strictObject({
  when: z.string(),
  code: RefusalCodeSchema,
  message: z.string(),
  remedy: z.string(),
});
export type Conflict = z.infer<typeof Conflict>;

const Refuse = z.strictObject({
  verdict: z.literal('refuse'),
  code: RefusalCodeSchema,
  message: z.string(),
  remedy: z.string(),
});

const Version = z.string().min(1);

/** A write intent's answer: go ahead under a guard (the backend checks it), or refuse outright. */
export const WriteDecision = z.discriminatedUnion('verdict', [
  z.strictObject({
    verdict: z.literal('proceed'),
    guard: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('none') }),
      z.strictObject({ kind: z.literal('createIfAbsent') }),
      z.strictObject({ kind: z.literal('replaceIfVersion'), version: Version }),
    ]),
    conflicts: z.array(Conflict).optional(),
  }),
  Refuse,
]);
export type WriteDecision = z.infer<typeof WriteDecision>;

/** An edit intent's answer: go ahead under a guard, or refuse outright. */
export const EditDecision = z.discriminatedUnion('verdict', [
  z.strictObject({
    verdict: z.literal('proceed'),
    guard: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('none') }),
      z.strictObject({
        kind: z.literal('ifVersion'),
        version: Version,
        withinLines: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
      }),
    ]),
    conflicts: z.array(Conflict).optional(),
  }),
  Refuse,
]);
export type EditDecision = z.infer<typeof EditDecision>;

/** Slot: the first listener that does not pass decides how (and whether) a file may be written. */
export const writeIntent = SlotHook.define<IntentInput, WriteDecision>({
  name: 'fs/write-intent',
  decision: WriteDecision,
});

/** Slot: the first listener that does not pass decides how (and whether) a file may be edited. */
export const editIntent = SlotHook.define<IntentInput, EditDecision>({
  name: 'fs/edit-intent',
  decision: EditDecision,
});

// The guards a decision carries are exactly the backend's: drifting either way is a compile error.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type GuardOf<D> = D extends { verdict: 'proceed'; guard: infer G } ? G : never;
const _writeGuards: Same<GuardOf<WriteDecision>, WriteGuard> = true;
const _editGuards: Same<GuardOf<EditDecision>, EditGuard> = true;
