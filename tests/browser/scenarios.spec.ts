// Every scenario, played in Chromium from the built site under the sub-path, once with the mouse and
// once with the keyboard alone; the outcome is read from what is on screen. The list is imported, so a
// new scenario file is covered without touching this spec.
import { expect, test, type Page } from '@playwright/test';
import { scenarios, type BuiltInScenario } from '../../src/model';
import { BASE_URL } from './env';
import {
  RUN_TIMEOUT,
  editorText,
  errorCodes,
  openScenario,
  playByMouse,
  stepByKeyboard,
  storedText,
  transcriptText,
} from './app';

// Whole runs in a shared, busy machine: room for slow steps without hiding a hang.
test.describe.configure({ timeout: 90_000 });

/**
 * Checks the end state a scenario promises: the run is done, its error codes, its files (read from the
 * file editor when `editor`, always also byte for byte from the workspace).
 */
async function expectOutcome(page: Page, scenario: BuiltInScenario, editor: boolean): Promise<void> {
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-banner="done"]')).toBeVisible();
  expect(await errorCodes(page)).toEqual(scenario.outcome.errors);
  for (const [path, content] of Object.entries(scenario.outcome.files ?? {})) {
    if (editor) {
      const { text, header } = await editorText(page, path);
      expect(text, `${path} in the editor`).toBe(content);
      expect(header).toContain(path);
    }
    expect(await storedText(page, path), `${path} in the workspace`).toBe(content);
  }
}

// A plugin-lab scenario opens with its example plugin applied, so its run is not the `outcome` the
// scenario states for a run without it; tests/browser/lab.spec.ts plays each of them with its plugin.
for (const scenario of scenarios.filter((s) => !s.lab)) {
  test(`${scenario.id}: plays to its outcome by mouse and by keyboard, the same transcript each time`, async ({
    page,
    browser,
  }) => {
    const byMouse = await test.step('by mouse: click Play', async () => {
      await openScenario(page, scenario.id);
      await playByMouse(page);
      await expectOutcome(page, scenario, true);
      return transcriptText(page);
    });
    expect(byMouse.length).toBeGreaterThan(0);

    // A second visitor in a fresh browser profile, so file versions start from the beginning again.
    const context = await browser.newContext({ baseURL: BASE_URL });
    const other = await context.newPage();
    try {
      const byKeyboard = await test.step('by keyboard: → for each step', async () => {
        await openScenario(other, scenario.id);
        await stepByKeyboard(other);
        await expectOutcome(other, scenario, false);
        return transcriptText(other);
      });
      expect(byKeyboard).toEqual(byMouse);
    } finally {
      await context.close();
    }
  });
}
