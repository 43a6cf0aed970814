// Models: a fork of the harness the source text describes, which dropped the read-before-edit rule
// after 248 refused edits in 7 days whose old_string did match (files read under another path, changed
// by a shell, read before a resume). Versions are still checked for files the session read; a file it
// never read is written and edited freely.
// Public source: the fork's change note, as reported in issue #25.
import { editIntent, writeIntent, type IntentInput } from '../../contracts/fs-intents';
import type { Contribution } from '../../harness';
import { fsObservationPolicy } from '../fs-observation-policy';
import { unguarded } from './common';
import { definePolicy } from './types';

/** The ledger's version checks for files read; files never read are changed with no check. */
export const noReadGate = definePolicy({
  id: 'no-read-gate',
  summary: 'Versions are checked for files the session read; files it never read are changed freely.',
  models: {
    product: 'a fork of the source text’s harness',
    version: 'after its read gate was dropped',
    source: 'the fork’s change note (248 refused edits in 7 days), as reported in issue #25',
  },
  make: () => {
    const ledger = fsObservationPolicy();
    // Where the session has no entry for the path, there is no gate; elsewhere the ledger decides.
    const gateless = (c: Contribution): Contribution => {
      if (c.hook !== writeIntent && c.hook !== editIntent) return c;
      const listener = (input: unknown) => {
        const i = input as IntentInput;
        return ledger.ledger(i.session).has(i.path) ? c.listener(input) : unguarded;
      };
      return { ...c, listener };
    };
    return {
      name: 'no-read-gate',
      contributions: ledger.contributions.map(gateless),
      restore: ledger.restore,
    };
  },
});
