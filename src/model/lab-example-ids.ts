import { z } from 'zod';

/**
 * The ids of the plugin lab's examples, in the lab's order: all a scenario's `lab` field needs, kept
 * apart from the examples' sources so that reading a scenario does not load them.
 */
export const labExampleIds = [
  'redact-content',
  'redact-value',
  'deny-secrets',
  'ask-writes',
  'first-wins',
  'impure',
] as const;

/** The id of one of the lab's examples. */
export type LabExampleId = (typeof labExampleIds)[number];

/**
 * The tools a lab example's plugin adds, by name, with the schema of their arguments as the plugin
 * declares it: a scenario made for that example (`lab`) may call them. tests/unit/model/lab-examples.test.ts
 * holds this to what each example's plugin contributes when the sandbox loads it.
 */
export const labExampleTools: Readonly<Partial<Record<LabExampleId, Record<string, z.ZodType>>>> = {
  impure: { fortune: z.object({ topic: z.enum(['work', 'travel', 'home']) }) },
};
