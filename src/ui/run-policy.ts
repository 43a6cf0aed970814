// Which edit-safety policy a run gets, and loading it: the visitor's choice (More → Policy), else the
// scenario's `policy`, else the observation policy (`dsh-ledger`). The policies other than the observation
// policy load only when a run needs one, so the first page and the engine carry none of them.
import type { Scenario, ScenarioPolicyId } from '../model';
import type { LoadOptions, Playground } from '../run';
import { loadPolicySpec } from '../run/policy-load';
import type { UiState } from './state';

/** The policy every run gets unless a scenario or the visitor names another. */
export const DEFAULT_POLICY: ScenarioPolicyId = 'dsh-ledger';

/** The id of the policy a run of `scenario` gets now: the visitor's choice, else the scenario's. */
export function runPolicyId(
  state: Pick<UiState, 'edits'>,
  scenario: Pick<Scenario, 'policy'>,
): ScenarioPolicyId {
  return state.edits ?? scenario.policy ?? DEFAULT_POLICY;
}

/** The load options of a run of `scenario` under the store's switch and choice, its policy loaded. */
export async function policyOptions(
  state: Pick<UiState, 'edits' | 'policy'>,
  scenario: Pick<Scenario, 'policy'>,
): Promise<Pick<LoadOptions, 'policy' | 'edits'>> {
  const edits = state.policy ? await loadPolicySpec(runPolicyId(state, scenario)) : undefined;
  return { policy: state.policy, ...(edits ? { edits } : {}) };
}

/** What the store says of the run `pg` has now: whether it has a policy. */
export function runPolicyState(pg: Pick<Playground, 'run'>): Pick<UiState, 'policy'> {
  return { policy: pg.run.policyId !== null };
}
