// The edit-safety policies load only when a run needs one other than the observation policy: a scenario
// or a saved run names it, or a script switches to it. The first page and the engine carry none of them.
import type { PolicySpec } from '../plugins/policies';

/** The policy `id` names, loaded; undefined for `dsh-ledger` (the observation policy, always at hand). */
export async function loadPolicySpec(id: string): Promise<PolicySpec | undefined> {
  if (id === 'dsh-ledger') return undefined;
  const { policyById } = await import('../plugins/policies');
  const spec = policyById(id);
  if (!spec) throw new RangeError(`No policy "${id}" in the registry`);
  return spec;
}
