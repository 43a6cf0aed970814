import type { FsBackend } from '../fs/types';
import type { Scenario, UnexpectedError } from '../model';

/** How a finished run compares with the outcome its scenario states. */
export interface OutcomeCheck {
  ok: boolean;
  /** What differs, each with what the scenario expected and what the run gave. */
  differences: { what: string; expected: string; seen: string }[];
  /** A run of a scenario without an outcome: the errors no step expects, each with its step. */
  unexpected?: UnexpectedError[];
}

/**
 * Compares a finished run with its scenario's `outcome`: the error codes the agent met, in order, and
 * each file's content byte for byte. A scenario without an outcome is checked against its own steps
 * instead: the run fails when a call met an error its step did not `expect` (`unexpected`, each with
 * its step); null when it met none.
 */
export async function checkOutcome(
  scenario: Scenario,
  errors: readonly string[],
  fs: FsBackend,
  unexpected: readonly UnexpectedError[] = [],
): Promise<OutcomeCheck | null> {
  const outcome = scenario.outcome;
  if (!outcome) return unexpected.length ? { ok: false, differences: [], unexpected: [...unexpected] } : null;
  const differences: OutcomeCheck['differences'] = [];
  const show = (codes: readonly string[]) => (codes.length ? codes.join(', ') : '—');
  if (show(outcome.errors) !== show(errors)) {
    differences.push({ what: 'errors', expected: show(outcome.errors), seen: show(errors) });
  }
  for (const [path, expected] of Object.entries(outcome.files ?? {})) {
    const seen = (await fs.read(path))?.content;
    if (seen !== expected) differences.push({ what: path, expected, seen: seen ?? '—' });
  }
  return { ok: differences.length === 0, differences };
}
