import type { BuiltInScenario } from '../scenario';
import { parseScenarioObject } from '../scenario-file';
import ambiguousEdit from './ambiguous-edit.json' with { type: 'json' };
import arenaTour from './arena-tour.json' with { type: 'json' };
import brokenTools from './broken-tools.json' with { type: 'json' };
import cardTour from './card-tour.json' with { type: 'json' };
import createVsOverwrite from './create-vs-overwrite.json' with { type: 'json' };
import editBeforeRead from './edit-before-read.json' with { type: 'json' };
import happyPath from './happy-path.json' with { type: 'json' };
import labAskWrites from './lab-ask-writes.json' with { type: 'json' };
import labDenySecrets from './lab-deny-secrets.json' with { type: 'json' };
import labFirstWins from './lab-first-wins.json' with { type: 'json' };
import labImpure from './lab-impure.json' with { type: 'json' };
import labRedactContent from './lab-redact-content.json' with { type: 'json' };
import labRedactValue from './lab-redact-value.json' with { type: 'json' };
import lineEndings from './line-endings.json' with { type: 'json' };
import missingFile from './missing-file.json' with { type: 'json' };
import policyStrengths from './policy-strengths.json' with { type: 'json' };
import sharedLedger from './shared-ledger.json' with { type: 'json' };
import sqlRedaction from './sql-redaction.json' with { type: 'json' };
import staleVersion from './stale-version.json' with { type: 'json' };
import truncation from './truncation.json' with { type: 'json' };

/**
 * The built-in scenario files, as written, in the gallery's order; the plugin lab's (those with `lab`)
 * come last. Each is a file of the format an author writes, and the site serves each as
 * `scenarios/<id>.json`.
 */
export const builtInScenarioFiles: readonly unknown[] = [
  happyPath,
  editBeforeRead,
  staleVersion,
  createVsOverwrite,
  missingFile,
  ambiguousEdit,
  truncation,
  cardTour,
  brokenTools,
  lineEndings,
  sharedLedger,
  policyStrengths,
  arenaTour,
  sqlRedaction,
  labRedactContent,
  labRedactValue,
  labDenySecrets,
  labAskWrites,
  labFirstWins,
  labImpure,
];

// The built-ins are read by the parser every author's file meets. A built-in that does not pass, or
// that states no outcome (each is also an end-to-end test), stops the playground from loading at all.
function builtIn(file: unknown, index: number): BuiltInScenario {
  const read = parseScenarioObject(file);
  if (!read.ok) {
    throw new Error(`Built-in scenario ${index} is refused: ${read.error.code} ${read.error.message}`);
  }
  const { outcome } = read.value;
  if (!outcome) throw new Error(`Built-in scenario "${read.value.id}" states no outcome`);
  return { ...read.value, outcome };
}

/** Every built-in scenario, parsed, in the gallery's order; the plugin lab's (those with `lab`) come last. */
export const scenarios: readonly BuiltInScenario[] = builtInScenarioFiles.map(builtIn);

const byId = new Map(scenarios.map((s) => [s.id, s]));
if (byId.size !== scenarios.length) throw new RangeError('Two built-in scenarios share an id');

/** The built-in scenario with `id`, or undefined. */
export function scenarioById(id: string): BuiltInScenario | undefined {
  return byId.get(id);
}
