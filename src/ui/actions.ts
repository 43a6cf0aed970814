import { scenarios, type Lang } from '../model';
import { galleryDialog } from './gallery';
import type { PageSpec } from './page';
import type { Persistence } from './persistence';
import type { Speed } from './state';

/**
 * The app's commands that the page's controls call, as the app has them. Named here rather than taken
 * from `App`, which builds the page from this module: the two would import each other.
 */
export interface PageCommands {
  play(): Promise<void>;
  stop(): void;
  pause(): void;
  step(): Promise<void>;
  back(): Promise<void>;
  togglePresent(): void;
  reset(): Promise<void>;
  externalEdit(): Promise<void>;
  setSpeed(speed: Speed): void;
  load(id: string): Promise<void>;
  switchLang(lang: Lang): void;
  leaveReplay(): void;
  switchPluginsOff(): void;
  callAsModel(tool: string, args: unknown): Promise<void>;
  reveal(): Promise<void>;
  openScenarioFile(file: Blob): Promise<void>;
  configureModel(): Promise<void>;
  setPolicy(on: boolean): Promise<void>;
  setAutoExternal(on: boolean): void;
  readonly persistence: Pick<
    Persistence,
    'exportSession' | 'importSession' | 'copyShareLink' | 'openPastSessions'
  >;
  /** The scenario now open, which the gallery marks. */
  readonly pg: { readonly scenario: { readonly id: string } };
}

/** What the page's controls do: each one of the app's commands. */
export function pageActions(app: PageCommands, history: boolean): PageSpec['actions'] {
  return {
    play: () => void app.play(),
    stop: () => app.stop(),
    pause: () => app.pause(),
    step: () => void app.step(),
    back: () => void app.back(),
    present: () => app.togglePresent(),
    reset: () => void app.reset(),
    external: () => void app.externalEdit(),
    speed: (speed) => app.setSpeed(speed),
    scenarios: () => {
      const dialog = galleryDialog(scenarios, app.pg.scenario.id, (id) => void app.load(id));
      document.body.append(dialog);
      dialog.showModal();
    },
    lang: (lang) => app.switchLang(lang),
    leaveReplay: () => app.leaveReplay(),
    pluginsOff: () => app.switchPluginsOff(),
    callAsModel: (tool, args) => app.callAsModel(tool, args),
    reveal: () => void app.reveal(),
    more: {
      history,
      exportSession: () => app.persistence.exportSession(),
      importSession: (file) => void app.persistence.importSession(file),
      openScenario: (file) => void app.openScenarioFile(file),
      model: () => void app.configureModel(),
      share: () => void app.persistence.copyShareLink(),
      setPolicy: (on) => void app.setPolicy(on),
      setAutoExternal: (on) => app.setAutoExternal(on),
      resetWorkspace: () => void app.reset(),
      pastSessions: () => void app.persistence.openPastSessions(),
    },
  };
}
