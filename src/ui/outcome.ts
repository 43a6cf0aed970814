import type { FsBackend } from '../fs/types';
import { unexpectedErrors } from '../model';
import type { Playground } from '../run';
import { checkOutcome } from '../run/outcome';
import type { UiStore } from './state';

/**
 * Checks each run that finishes against its scenario's outcome, and keeps the result in the store until a
 * run starts again. A lab scenario is not checked: it states the outcome of a run without its example
 * plugin, which the lab has applied.
 */
export function watchOutcomes(store: UiStore, pg: () => Playground, fs: FsBackend): void {
  store.on(['run'], (state) => {
    if (state.run !== 'done') {
      if (state.outcome) store.set({ outcome: null });
      return;
    }
    const run = pg();
    if (run.scenario.lab) return;
    const session = run.run.session;
    const { events, progress, model } = run.saved();
    const unexpected = model ? [] : unexpectedErrors(run.scenario.steps, events, progress.manual);
    void checkOutcome(run.scenario, run.errors(), fs, unexpected).then((checked) => {
      if (run.run.session === session && store.get().run === 'done') store.set({ outcome: checked });
    });
  });
}
