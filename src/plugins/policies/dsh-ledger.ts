// Models: the harness the source text describes (DSH), its read-before-edit rule at full strength — an
// observation ledger per session and a version credential checked by the backend inside the write.
// Public source: the source text (seed/000_02abeea259b14fe3.txt) and this repository's DESIGN.md §4.
// It is this playground's own fs-observation-policy, installed under the arena's id: one rule, one code.
import { fsObservationPolicy } from '../fs-observation-policy';
import { definePolicy } from './types';

/** The ledger and the version credential: unread files are not edited, changed files are refused. */
export const dshLedger = definePolicy({
  id: 'dsh-ledger',
  summary:
    'Edits and overwrites need a read; the version read is checked by the backend inside the write itself.',
  models: {
    product: 'the harness of the source text (this playground’s fs-observation-policy)',
    version: 'this repository',
    source: 'DESIGN.md §4; src/plugins/fs-observation-policy.ts',
  },
  make: () => {
    const policy = fsObservationPolicy();
    return { name: 'dsh-ledger', contributions: policy.contributions, restore: policy.restore };
  },
});
