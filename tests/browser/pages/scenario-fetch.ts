// fetchScenario in Chromium, for tests/browser/scenario-fetch.spec.ts: across origins, CORS is real here.
import { fetchScenario, type ScenarioRead } from '../../../src/model/scenario-file';

declare global {
  interface Window {
    /** Fetches `url`, relative to this page, and gives back the outcome (JSON: no functions). */
    __fetchScenario?: (url: string) => Promise<ScenarioRead>;
  }
}

window.__fetchScenario = (url) => fetchScenario(url, { base: document.baseURI });
