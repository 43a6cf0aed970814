import type { UseStore } from 'idb-keyval';
import type { LabPlugin, Scenario } from '../../model';
import type { Playground } from '../../run';
import type { UiStore } from '../state';

/** What the lab needs from the app around it. */
export interface LabSpec {
  pg: Playground;
  /** The interface's store: the lab shows the policy switch's real state from it. */
  store: UiStore;
  /** Switches the built-in observation policy (the run starts again). */
  setPolicy: (on: boolean) => Promise<void>;
  /** Opens an example's scenario, which comes with the example (the app asks `useExample`). */
  openScenario: (id: string) => Promise<void>;
  /**
   * Loads `scenario` (a plugin's Try it scenario, not a built-in one) afresh and plays it to its end, as
   * the app plays any scenario. Without it the lab loads it into the playground and runs it itself.
   */
  playScenario?: (scenario: Scenario) => Promise<void>;
  /** Where the lab keeps its plugins: null keeps nothing (storage did not answer); default this browser's. */
  kept?: UseStore | null;
  /** Plugins to start with; `fromLink` holds them until the visitor presses Run. */
  initial?: { plugins: LabPlugin[]; fromLink: boolean };
}
