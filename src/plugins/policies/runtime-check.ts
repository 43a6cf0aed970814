// Models: the middle strength in the source text — the tool compares the version the session read with
// the current one, and then writes, as two steps. A change landing between them goes through.
// Public source: the source text (seed/000_02abeea259b14fe3.txt), DESIGN.md §5 "runtime check".
import {
  editIntent,
  writeIntent,
  type EditDecision,
  type IntentInput,
  type WriteDecision,
} from '../../contracts/fs-intents';
import type { Contribution } from '../../harness';
import { fsObservationPolicy } from '../fs-observation-policy';
import { refuse, unguarded } from './common';
import { definePolicy, type ReadFile } from './types';

type Decision = WriteDecision | EditDecision;

// The ledger's guard, checked here and now instead of inside the write: refused the way the backend
// would refuse it, in the words the ledger gave for that refusal.
async function checkNow(read: ReadFile, input: IntentInput, decision: Decision): Promise<Decision> {
  if (decision.verdict === 'refuse') return decision;
  const now = await read(input.path);
  const guard = decision.guard;
  const failed =
    guard.kind === 'createIfAbsent' && now
      ? 'FS_EXISTS'
      : (guard.kind === 'replaceIfVersion' || guard.kind === 'ifVersion') && !now
        ? 'FS_NOT_FOUND'
        : 'version' in guard && now && now.version !== guard.version
          ? 'FS_STALE_VERSION'
          : null;
  if (failed === null) return unguarded;
  const said = decision.conflicts?.find((c) => c.when === failed);
  if (said) return refuse(said.code, said.message, said.remedy);
  return refuse('FS_STALE_VERSION', `${input.path} has changed since this session read it`, 're-read it');
}

/** The ledger's decisions, checked before the write as a separate step; the write itself is unguarded. */
export const runtimeCheck = definePolicy({
  id: 'runtime-check',
  summary: 'The ledger’s check, made by the tool just before writing; the write itself is unguarded.',
  models: {
    product: 'the source text’s second strength (a runtime check)',
    version: 'n/a',
    source: 'seed/000_02abeea259b14fe3.txt; DESIGN.md §5',
  },
  make: ({ read }) => {
    const ledger = fsObservationPolicy();
    const checked = (c: Contribution): Contribution => {
      if (c.hook !== writeIntent && c.hook !== editIntent) return c;
      const listener = async (input: unknown) =>
        checkNow(read, input as IntentInput, (await c.listener(input)) as Decision);
      return { ...c, listener };
    };
    return {
      name: 'runtime-check',
      contributions: ledger.contributions.map(checked),
      restore: ledger.restore,
    };
  },
});
