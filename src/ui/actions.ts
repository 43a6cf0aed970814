import { scenarios, type Lang, type ScenarioPolicyId } from '../model';
import { openArena, type ArenaHost } from './arena-open';
import { galleryDialog } from './gallery';
import { policyDialog } from './policy-dialog';
import type { PageSpec } from './page';
import { AUTO_EXTERNAL, writeFlag } from './prefs';
import type { Persistence } from './persistence';
import type { Speed, UiStore } from './state';

/**
 * The app's commands that the page's controls call, as the app has them. Named here rather than taken
 * from `App`, which builds the page from this module: the two would import each other.
 */
export interface PageCommands extends ArenaHost {
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
  callAsModel(tool: string, args: unknown): Promise<void>;
  reveal(): Promise<void>;
  openScenarioFile(file: Blob): Promise<void>;
  configureModel(): Promise<void>;
  setPolicy(on: boolean): Promise<void>;
  choosePolicy(id: ScenarioPolicyId): Promise<void>;
  readonly persistence: Pick<
    Persistence,
    'exportSession' | 'importSession' | 'copyShareLink' | 'openPastSessions'
  >;
  /** The lesson now open, whose scenario the gallery marks. */
  readonly lesson: {
    readonly scenario: { readonly id: string };
    readonly pg: { readonly run: { readonly policyId: string | null } };
  };
  readonly store: Pick<UiStore, 'set' | 'get'>;
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
      const dialog = galleryDialog(scenarios, app.lesson.scenario.id, (id) => void app.load(id));
      document.body.append(dialog);
      dialog.showModal();
    },
    lang: (lang) => app.switchLang(lang),
    leaveReplay: () => app.store.set({ replay: null }),
    // Every visitor plugin switched off (the header's badge): runs go on without them.
    pluginsOff: () => app.lab.current?.switchAllOff(),
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
      choosePolicy: () => {
        const { lang } = app.store.get();
        const current = app.lesson.pg.run.policyId;
        policyDialog({ lang, current, choose: (id) => void app.choosePolicy(id) });
      },
      // Whether Play makes the scenario's external edits itself; kept in this browser.
      setAutoExternal: (on) => {
        writeFlag(AUTO_EXTERNAL, on);
        app.store.set({ autoExternal: on });
      },
      resetWorkspace: () => void app.reset(),
      pastSessions: () => void app.persistence.openPastSessions(),
      arena: () => void openArena(app),
    },
  };
}
