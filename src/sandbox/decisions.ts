import type { z } from 'zod';
import { Card, Content, postExecute, preExecute } from '../harness';
import { editIntent, writeIntent } from '../contracts/fs-intents';
import type { SandboxError } from './protocol';
import type { GuestFunction } from './wire';

/**
 * The schema each guest function's result must pass: the decision schema of the harness hook it serves, or
 * the shape the harness expects from a tool function. Functions missing here may return any JSON.
 */
export const resultSchemas: Partial<Record<GuestFunction, z.ZodType>> = {
  preExecute: preExecute.spec.decision,
  postExecute: postExecute.spec.decision,
  writeIntent: writeIntent.spec.decision,
  editIntent: editIntent.spec.decision,
  'tool.render': Content,
  'tool.presentCall': Card,
  'tool.presentResult': Card,
};

/** The harness hook each guest hook serves, for messages in the visitor's terms. */
export const hookNames: Record<Exclude<GuestFunction, `tool.${string}`>, string> = {
  preExecute: preExecute.spec.name,
  postExecute: postExecute.spec.name,
  writeIntent: writeIntent.spec.name,
  editIntent: editIntent.spec.name,
  observed: 'fs/observed',
};

/** Checks a guest function's result; `null` when it passes, else a PLUGIN_DECISION_INVALID error. */
export function checkResult(fn: GuestFunction, value: unknown): SandboxError | null {
  const schema = resultSchemas[fn];
  if (!schema) return null;
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  return {
    code: 'PLUGIN_DECISION_INVALID',
    reason: 'invalid',
    message: `${fn} returned an invalid ${fn.startsWith('tool.') ? 'result' : 'decision'}: ${issues}`,
  };
}
