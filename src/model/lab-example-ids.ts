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
