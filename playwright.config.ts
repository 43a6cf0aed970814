import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';
import { BASE_URL, HOST_PORT, PORT } from './tests/browser/env';

// Playwright cannot download browsers everywhere, so a system Chromium comes first (see find-chromium).
// `null` leaves Playwright to its own build, which fails loudly when missing: no test is skipped for it.
const chromium = findChromium();

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  // Playwright empties test-results/ at start, so the JSON report lives in reports/.
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      ...(chromium ? { executablePath: chromium.path } : {}),
      args: [...CHROMIUM_ARGS],
    },
    // Video needs a download that fails in some places; traces and screenshots do not.
    video: 'off',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `node scripts/serve.mjs --port ${PORT}`,
      url: BASE_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 15_000,
    },
    // A second origin (another host name and port) for the page that embeds the app in an iframe.
    {
      command: `node scripts/serve.mjs --port ${HOST_PORT}`,
      url: `http://127.0.0.1:${HOST_PORT}/some/path/`,
      reuseExistingServer: !process.env.CI,
      timeout: 15_000,
    },
  ],
});
