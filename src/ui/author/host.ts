import type { FsBackend } from '../../fs/types';
import type { Scenario } from '../../model';
import type { Lesson } from '../lesson';
import type { UiStore } from '../state';
import { AuthorPanel } from './panel';
import { sourceOf } from './snippet';

/** What "Write a scenario" acts on in the page: its run, and opening and playing a scenario there. */
export interface AuthorHost {
  readonly lesson: Pick<Lesson, 'scenario' | 'sayAsModel'>;
  readonly store: UiStore;
  open(scenario: Scenario): Promise<void>;
  play(): Promise<void>;
}

/**
 * "Write a scenario" for the page: it works on the scenario open (Edit this scenario, Play this
 * scenario), names it in an embed snippet (a file fetched by address by that address), says what the
 * visitor types as the model, and records into the store.
 */
export function authorPanel(
  host: AuthorHost,
  spec: { fs: FsBackend; scenario: Scenario; scenarioUrl?: string },
): AuthorPanel {
  const fetched = spec.scenarioUrl ? { scenario: spec.scenario, url: spec.scenarioUrl } : null;
  return new AuthorPanel({
    fs: spec.fs,
    current: () => host.lesson.scenario,
    source: () => sourceOf(host.lesson.scenario, fetched),
    open: (scenario) => host.open(scenario),
    play: async (scenario) => {
      await host.open(scenario);
      await host.play();
    },
    say: (text) => host.lesson.sayAsModel(text),
    appUrl: () => window.location.href,
    onRecording: (recording) => host.store.set({ recording }),
  });
}
