import { z } from 'zod';
import { SlotHook, ToolError, slot, type ToolContext, type ErrorCode } from '../harness';
import { normalizeFilePath } from '../fs/paths';
import type { Actor, EditGuard, WriteGuard } from '../fs/types';

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

const Code = z.custom<ErrorCode>(
  (c) => typeof c === 'string' && /^[A-Z][A-Z0-9_]*$/.test(c),
  'an error code',
);

/** The error a tool reports instead of the backend's when the backend refuses the guard with `when`. */
const Conflict = z.strictObject({ when: z.string(), code: Code, message: z.string(), remedy: z.string() });
export type Conflict = z.infer<typeof Conflict>;

const Refuse = z.strictObject({
  verdict: z.literal('refuse'),
  code: Code,
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

/** Slot: the first listener alone decides how (and whether) a file may be written. */
export const writeIntent = SlotHook.define<IntentInput, WriteDecision>({
  name: 'fs/write-intent',
  decision: WriteDecision,
});

/** Slot: the first listener alone decides how (and whether) a file may be edited. */
export const editIntent = SlotHook.define<IntentInput, EditDecision>({
  name: 'fs/edit-intent',
  decision: EditDecision,
});

/** A guard to pass to the backend, and how to translate the backend's refusal of it. */
export interface Resolved<G> {
  guard: G;
  /** Runs a mutation, rethrowing a guard refusal as the policy's own error. */
  guarded: <T>(mutation: () => Promise<T>) => Promise<T>;
}

function resolve<G>(decision: WriteDecision | EditDecision | undefined, none: G): Resolved<G> {
  if (!decision) return { guard: none, guarded: (m) => m() };
  if (decision.verdict === 'refuse') throw new ToolError(decision.code, decision.message, decision.remedy);
  const conflicts = decision.conflicts ?? [];
  return {
    guard: decision.guard as G,
    guarded: async (mutation) => {
      try {
        return await mutation();
      } catch (thrown) {
        const match = thrown instanceof ToolError && conflicts.find((c) => c.when === thrown.code);
        if (match) throw new ToolError(match.code, `${match.message} (${thrown.message})`, match.remedy);
        throw thrown;
      }
    },
  };
}

/** Asks the write-intent slot. Without a listener, writes are unconditional. */
export async function resolveWrite(
  ctx: ToolContext,
  tool: string,
  path: string,
): Promise<Resolved<WriteGuard>> {
  const input = { session: ctx.session, callId: ctx.callId, tool, path: normalizeFilePath(path) };
  const answer = await slot(ctx.hooks, writeIntent, input);
  return resolve<WriteGuard>(answer?.decision, { kind: 'none' });
}

/** Asks the edit-intent slot. Without a listener, edits are unconditional. */
export async function resolveEdit(
  ctx: ToolContext,
  tool: string,
  path: string,
): Promise<Resolved<EditGuard>> {
  const input = { session: ctx.session, callId: ctx.callId, tool, path: normalizeFilePath(path) };
  const answer = await slot(ctx.hooks, editIntent, input);
  return resolve<EditGuard>(answer?.decision, { kind: 'none' });
}

/** The agent of the calling session, as the backend's actor. */
export function agent(ctx: ToolContext): Actor {
  return { kind: 'agent', session: ctx.session };
}

/** Tells the session's log (and so every policy) what the agent now knows about `path`. */
export function observed(
  ctx: ToolContext,
  raw: string,
  seen: { version: string; via: 'read' | 'write' | 'edit'; lines?: [number, number] } | null,
): void {
  // Ledgers are keyed by path: every spelling of one file must land on the same entry.
  const path = normalizeFilePath(raw);
  if (!seen) ctx.emit({ type: 'fs/observed', session: ctx.session, path, state: 'absent', via: 'read' });
  else ctx.emit({ type: 'fs/observed', session: ctx.session, path, state: 'present', ...seen });
}
