import type { z } from 'zod';
import { Card, Content, explainIssues } from '../harness';
import { guestHookSpecs } from './guest-hooks';
import type { SandboxError } from './protocol';
import { guestHooks, type GuestFunction } from './wire';

/**
 * The schema each guest function's result must pass: the decision schema of the harness hook it serves
 * (from `guestHookSpecs`), or the shape the harness expects from a tool function. Functions missing here
 * may return any JSON.
 */
export const resultSchemas: Partial<Record<GuestFunction, z.ZodType>> = {
  ...Object.fromEntries(
    guestHooks.flatMap((hook) => {
      const decision = guestHookSpecs[hook].decision;
      return decision ? [[hook, decision]] : [];
    }),
  ),
  'tool.render': Content,
  'tool.presentCall': Card,
  'tool.presentResult': Card,
};

/**
 * Checks a guest function's result; `null` when it passes, else a PLUGIN_DECISION_INVALID error whose
 * message names each offending field and what was expected there (see `explainIssues`).
 */
export function checkResult(fn: GuestFunction, value: unknown): SandboxError | null {
  const schema = resultSchemas[fn];
  if (!schema) return null;
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return null;
  const issues = explainIssues(parsed.error, schema);
  return {
    code: 'PLUGIN_DECISION_INVALID',
    reason: 'invalid',
    message: `${fn} returned an invalid ${fn.startsWith('tool.') ? 'result' : 'decision'}: ${issues}`,
  };
}
