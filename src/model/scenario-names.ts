import { z } from 'zod';

/** The ids scenarios may use: lowercase words joined by dashes. */
export const ScenarioId = z
  .string()
  .regex(
    /^[a-z][a-z0-9-]*$/,
    'not an id: lowercase letters, digits and dashes, from a letter (like my-lesson)',
  );

/**
 * The extra tool sets a scenario can ask for, beyond the file tools. What each holds is the composition
 * root's table (`src/run/tool-sets.ts`), which the compiler holds to exactly these names.
 */
export const toolSetNames = ['teaching', 'broken', 'sql', 'strengths'] as const;
export type ToolSet = (typeof toolSetNames)[number];

/**
 * The built-in plugins a scenario can switch on by id (its `plugins`, and its `use` steps). What each
 * is, is the composition root's table (`src/run/plugins.ts`), which the compiler holds to exactly these.
 * A scenario names plugins; it never carries plugin code.
 */
export const builtInPluginIds = ['redact-phones-content', 'redact-phones-value'] as const;
export type BuiltInPluginId = (typeof builtInPluginIds)[number];

/**
 * The edit-safety policies a scenario can run under (its `policy`), by id, in the arena's column order.
 * What each is, is the policy registry (`src/plugins/policies`), which the composition root holds to
 * exactly these ids in this order (`POLICY_IDS_MATCH`); the policies themselves load only when a run
 * needs one.
 */
export const scenarioPolicyIds = [
  'dsh-ledger',
  'prompt-only',
  'runtime-check',
  'unique-match',
  'unique-match-write-any',
  'bytes-if-unchanged',
  'hash-ledger',
  'no-read-gate',
  'fuzzy-whitespace',
] as const;
export type ScenarioPolicyId = (typeof scenarioPolicyIds)[number];

/** Why `id` is refused as a policy: what it is not, and the ids that are. */
export const notAPolicy = (id: string): string =>
  `${JSON.stringify(id)} is not a policy; the policies are ${scenarioPolicyIds.join(', ')}`;

/** Whether `id` names one of the policies. */
export const isPolicyId = (id: string): id is ScenarioPolicyId =>
  (scenarioPolicyIds as readonly string[]).includes(id);
