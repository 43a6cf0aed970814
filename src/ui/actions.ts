import { scenarios } from '../model';
import type { App } from './app';
import { openArena } from './arena-open';
import { galleryDialog } from './gallery';
import type { PageSpec } from './page';

/** What the page's controls do: each one of the app's commands. */
export function pageActions(app: App, history: boolean): PageSpec['actions'] {
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
      arena: () => void openArena(app),
    },
  };
}
