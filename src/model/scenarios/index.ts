import type { Scenario } from '../scenario';
import { ambiguousEdit } from './ambiguous-edit';
import { brokenToolsScenario } from './broken-tools';
import { cardTour } from './card-tour';
import { createVsOverwrite } from './create-vs-overwrite';
import { editBeforeRead } from './edit-before-read';
import { happyPath } from './happy-path';
import { labAskWrites } from './lab-ask-writes';
import { labDenySecrets } from './lab-deny-secrets';
import { labFirstWins } from './lab-first-wins';
import { labImpure } from './lab-impure';
import { labRedactContent, labRedactValue } from './lab-redaction';
import { lineEndings } from './line-endings';
import { missingFile } from './missing-file';
import { policyStrengths } from './policy-strengths';
import { sharedLedger } from './shared-ledger';
import { sqlRedaction } from './sql-redaction';
import { staleVersion } from './stale-version';
import { truncation } from './truncation';

/** Every scenario, in the gallery's order; the plugin lab's (those with `lab`) come last. */
export const scenarios: readonly Scenario[] = [
  happyPath,
  editBeforeRead,
  staleVersion,
  createVsOverwrite,
  missingFile,
  ambiguousEdit,
  truncation,
  cardTour,
  brokenToolsScenario,
  lineEndings,
  sharedLedger,
  policyStrengths,
  sqlRedaction,
  labRedactContent,
  labRedactValue,
  labDenySecrets,
  labAskWrites,
  labFirstWins,
  labImpure,
];

const byId = new Map(scenarios.map((s) => [s.id, s]));
if (byId.size !== scenarios.length) throw new RangeError('Two scenarios share an id');

/** The scenario with `id`, or undefined. */
export function scenarioById(id: string): Scenario | undefined {
  return byId.get(id);
}
