// Where the browser tests find the site; shared by playwright.config.ts and the specs.

/** The port scripts/serve.mjs listens on during the tests (`PORT` overrides it). */
export const PORT = Number(process.env.PORT) || 4173;

/** The origin of the test server. */
export const ORIGIN = `http://127.0.0.1:${PORT}`;

/** The port of a second server: the other origin, whose page embeds the app (`HOST_PORT` overrides it). */
export const HOST_PORT = Number(process.env.HOST_PORT) || 4174;

/** The other origin: another host name and another port than `ORIGIN`, serving the same files. */
export const HOST_ORIGIN = `http://localhost:${HOST_PORT}`;

/** The sub-path the built app is served from, so every test proves the relative base. */
export const APP_PATH = '/some/path/';

/** The app's URL; Playwright's `baseURL`, so specs can `page.goto('./')`. */
export const BASE_URL = `${ORIGIN}${APP_PATH}`;

/** The URL of a test-only page built from tests/browser/pages/ (e.g. `testPage('smoke.html')`). */
export function testPage(file: string): string {
  return `${ORIGIN}/test-pages/${file}`;
}
