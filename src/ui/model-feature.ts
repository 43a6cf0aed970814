import { ModelSettingsStore } from '../storage';
import type { Playground } from '../run';
import type { ModelRun } from './model-run';
import type { UiStore } from './state';

/** What a real model's part of the page needs from the app. */
export interface ModelFeatureSpec {
  pg: () => Playground;
  store: UiStore;
  exclusive: (task: () => Promise<void>) => Promise<void>;
  /** The panel is ready: the page shows it above the transcript. */
  shown: () => void;
}

/**
 * A real model driving the run, loaded on first use (More → Model…) so the first page does not pay for
 * it: the settings dialog, then the run's panel, one for the life of the page. The key is the settings
 * store's: in memory, or in this tab's session storage when the visitor asks.
 */
export class ModelFeature {
  private run: ModelRun | null = null;
  private loading: Promise<{ run: ModelRun; configure: () => Promise<void> }> | null = null;

  constructor(private readonly spec: ModelFeatureSpec) {}

  /** The run's panel, once it has been opened. */
  get el(): HTMLElement | null {
    return this.run?.el ?? null;
  }

  /** Opens the settings; a model chosen there starts its run on the scenario at once. */
  async configure(): Promise<void> {
    this.loading ??= this.load();
    await (await this.loading).configure();
  }

  /** Stops a real model's run going on; whether there was one. */
  stop(): boolean {
    return this.run?.stop() ?? false;
  }

  private async load(): Promise<{ run: ModelRun; configure: () => Promise<void> }> {
    const [{ ModelRun }, { openModelDialog }] = await Promise.all([
      import('./model-run'),
      import('./model-dialog'),
    ]);
    const { pg, store, exclusive } = this.spec;
    const settings = new ModelSettingsStore({ prefs: localStorage, tab: sessionStorage });
    const configure = async () => {
      const chosen = await openModelDialog({ settings });
      if (!chosen) return;
      run.use(chosen);
      await run.start(chosen);
    };
    // The page's Escape stops every kind of run; the panel leaves it to the page.
    const run = new ModelRun({
      pg,
      store,
      exclusive,
      configure: () => void configure(),
      escape: false,
      onRunning: (modelRunning) => store.set({ modelRunning }),
    });
    this.run = run;
    this.spec.shown();
    return { run, configure };
  }
}
