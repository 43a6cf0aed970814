// A hazard of the edit-safety arena: a small scripted story (the agent's calls, changes behind its back,
// a resume, a second agent) and, for each policy, the outcome it must get. It borrows the scenario
// format's words (`files`, `call` with `args`, `external`) but is a format of its own, since its steps
// (a delete, a change landing inside a call, a resume, a second agent) are not a scenario's.
import { z } from 'zod';
import { ScenarioPath } from './scenario-schema';

/** The `format` of a hazard file. */
export const HAZARD_FORMAT = 'harness-playground/hazard';

/** How the arena classifies one run (see `classify` in src/run/arena.ts for the rule). */
export const arenaOutcomes = ['kept', 'lost-update', 'false-refusal', 'corrupted'] as const;
export const ArenaOutcome = z.enum(arenaOutcomes);
export type ArenaOutcome = z.infer<typeof ArenaOutcome>;

/** Someone else sets a file's whole content, or deletes it (`content: null`). */
export const HazardChange = z.strictObject({
  path: ScenarioPath,
  content: z.string().nullable(),
});
export type HazardChange = z.infer<typeof HazardChange>;

const CallStep = z.strictObject({
  call: z.enum(['read', 'edit', 'write']),
  args: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** Which agent calls: `a` (the default) or a second agent `b` on the same workspace. */
  agent: z.enum(['a', 'b']).optional(),
  /** A change that lands inside the call: after the policy has decided, before the file is written. */
  gap: HazardChange.optional(),
});
const ExternalStep = z.strictObject({ external: HazardChange });
/** The page is reloaded: the agent's session goes on from its log, with its policy made afresh. */
const ResumeStep = z.strictObject({ resume: z.literal(true) });

export const HazardStep = z.union([CallStep, ExternalStep, ResumeStep]);
export type HazardStep = z.infer<typeof HazardStep>;

/** What must survive of someone else's change: a text the file must contain, or one it must not. */
const Theirs = z
  .strictObject({
    path: ScenarioPath,
    has: z.string().min(1).optional(),
    lacks: z.string().min(1).optional(),
  })
  .refine((t) => (t.has === undefined) !== (t.lacks === undefined), 'give exactly one of "has" and "lacks"');

/** A hazard file, parsed. */
export const Hazard = z.strictObject({
  format: z.literal(HAZARD_FORMAT),
  version: z.literal(1),
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  title: z.string().min(1),
  /** What goes wrong, and what a careful rule does about it. */
  teaches: z.string().min(1),
  /** The title and the lesson in Chinese; without it, the English shows in both languages. */
  zh: z.strictObject({ title: z.string().min(1), teaches: z.string().min(1) }).optional(),
  files: z.record(ScenarioPath, z.string()),
  steps: z.array(HazardStep).min(1),
  /**
   * Every file as it must end when nothing anyone wrote is lost and no safe edit is refused: the agent's
   * safe changes made, its unsafe ones refused. A path missing here must not exist at the end.
   */
  meant: z.record(ScenarioPath, z.string()),
  /** What others (an external edit, the second agent) wrote that must still be there at the end. */
  theirs: z.array(Theirs),
  /** The outcome each policy must get, by policy id. */
  expect: z.record(z.string(), ArenaOutcome),
});
export type Hazard = z.infer<typeof Hazard>;
