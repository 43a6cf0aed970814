import { ToolError, type ToolContext } from '../harness';
import { editIntent, writeIntent, type EditDecision, type WriteDecision } from '../contracts/fs-intents';
import { FsError } from '../fs/errors';
import { normalizeFilePath } from '../fs/paths';
import type { Actor, EditGuard, WriteGuard } from '../fs/types';

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
        // The backend's refusal of the guard is an FsError; the policy words it in its own terms.
        const match = thrown instanceof FsError && conflicts.find((c) => c.when === thrown.code);
        if (match) throw new ToolError(match.code, `${match.message} (${thrown.message})`, match.remedy);
        throw thrown;
      }
    },
  };
}

/** Asks the write-intent slot (its decision is logged). Without a listener, writes are unconditional. */
export async function resolveWrite(
  ctx: ToolContext,
  tool: string,
  path: string,
): Promise<Resolved<WriteGuard>> {
  const input = { session: ctx.session, callId: ctx.callId, tool, path: normalizeFilePath(path) };
  const answer = await ctx.slot(writeIntent, input);
  return resolve<WriteGuard>(answer?.decision, { kind: 'none' });
}

/** Asks the edit-intent slot (its decision is logged). Without a listener, edits are unconditional. */
export async function resolveEdit(
  ctx: ToolContext,
  tool: string,
  path: string,
): Promise<Resolved<EditGuard>> {
  const input = { session: ctx.session, callId: ctx.callId, tool, path: normalizeFilePath(path) };
  const answer = await ctx.slot(editIntent, input);
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
