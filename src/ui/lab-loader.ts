import type { UseStore } from 'idb-keyval';
import type { LabPlugin, Scenario } from '../model';
import type { Playground } from '../run';
import type { PluginLab } from './lab';
import type { LabSpec } from './lab/spec';
import type { UiStore } from './state';

/** What the lab asks of the page: its run, its store, and opening and playing scenarios. */
export interface LabHost {
  readonly pg: Playground;
  readonly store: UiStore;
  setPolicy(on: boolean): Promise<void>;
  load(id: string): Promise<void>;
  open(scenario: Scenario, asIs: boolean): Promise<void>;
  play(): Promise<void>;
}

/** The lab's options on a page: plugin code from a share link opens with it; `kept` says where plugins are kept. */
export function labSpec(host: LabHost, spec: { plugins?: LabPlugin[]; kept?: UseStore | null }): LabSpec {
  const plugins = spec.plugins ?? [];
  return {
    pg: host.pg,
    store: host.store,
    setPolicy: (on) => host.setPolicy(on),
    openScenario: (id) => host.load(id),
    playScenario: async (scenario) => {
      await host.open(scenario, true);
      await host.play();
    },
    ...(plugins.length ? { initial: { plugins, fromLink: true } } : {}),
    ...(spec.kept !== undefined ? { kept: spec.kept } : {}),
  };
}

/**
 * The plugin lab, loaded on first show (its editor and sandbox are not on the first page's path) and
 * kept for the life of the page.
 */
export class LabLoader {
  /** The lab, once it has loaded. */
  current: PluginLab | null = null;
  private loading: Promise<PluginLab> | null = null;

  constructor(
    private readonly spec: LabSpec,
    private readonly loaded: () => void,
  ) {}

  /** Loads the lab (once); resolves when it is ready. */
  open(): Promise<PluginLab> {
    this.loading ??= import('./lab').then(({ PluginLab }) => {
      const lab = new PluginLab(this.spec);
      this.current = lab;
      // The header's badge counts the visitor's plugins that take part in runs.
      const { store } = this.spec;
      store.set({ activePlugins: lab.activePlugins() });
      lab.onActiveChange((activePlugins) => store.set({ activePlugins }));
      this.loaded();
      return lab;
    });
    return this.loading;
  }

  /**
   * Applies the example plugin a plugin-lab scenario comes with, if it has one, through the lab (loaded
   * for it); `show` brings the lab's tab forward.
   */
  async applyExample(scenario: Scenario, show: boolean): Promise<void> {
    if (!scenario.lab) return;
    if (show) this.spec.store.set({ tab: 'lab' });
    // The examples' sources come with the lab, never on the first page's path.
    const [lab, { labExampleById }] = await Promise.all([this.open(), import('../model/lab-examples')]);
    const example = labExampleById(scenario.lab);
    if (example) await lab.useExample(example);
  }
}
