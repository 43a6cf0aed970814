// Stopping, as a visitor does it: the header's Stop (and Escape) ends a tool that never returns, with the
// workspace unchanged and the page still answering; the event log shows one type of event at a time; and
// More → Model… in the app itself connects a real model (the fake server, on another origin), whose open
// request the same Stop ends, while the script's controls stand aside.
import { expect, test, type Page } from '@playwright/test';
import { startFakeModel } from '../../scripts/fake-model.mjs';
import { RUN_TIMEOUT, errorCodes, focusBody, openScenario, openTab, storedText } from './app';

test.describe.configure({ timeout: 90_000 });

/** Sends `never_returns` from "Play the model" and waits until it is running. */
async function callNeverReturns(page: Page): Promise<void> {
  await openTab(page, 'manual');
  const form = page.locator('form.manual');
  await form.getByLabel('Tool').selectOption('never_returns');
  await form.getByLabel('Arguments (JSON)').fill('{}');
  await form.getByRole('button', { name: 'Send call' }).click();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
}

for (const how of ['button', 'Escape'] as const) {
  test(`Stop (${how}) ends a tool that never returns: ABORTED, the workspace unchanged, the page answering`, async ({
    page,
  }) => {
    await openScenario(page, 'broken-tools');
    const stop = page.getByRole('button', { name: 'Stop', exact: true });
    await expect(stop).toBeDisabled();
    const before = await storedText(page, '/README.md');
    await callNeverReturns(page);
    if (how === 'button') await stop.click();
    else {
      await focusBody(page);
      await page.keyboard.press('Escape');
    }
    const card = page.locator('article[data-tool="never_returns"]');
    await expect(card).toHaveAttribute('data-error-code', 'ABORTED');
    await expect(card).toContainText('ABORTED');
    await expect(stop).toBeDisabled();
    expect(await storedText(page, '/README.md')).toBe(before);
    // The page answers: the script steps on.
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1', { timeout: RUN_TIMEOUT });
  });
}

test('the event log shows one type of event at a time, each still numbered by its place in the log', async ({
  page,
}) => {
  await openScenario(page, 'stale-version', { autoplay: '1' });
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await openTab(page, 'log');
  const rows = page.locator('.event-log li');
  const all = await rows.count();
  expect(all).toBeGreaterThan(8);
  await page.getByLabel('Show', { exact: true }).selectOption('tool/result');
  const visible = page.locator('.event-log li:visible');
  await expect(visible).toHaveCount(await page.locator('.event-log li[data-event="tool/result"]').count());
  const shown = await visible.evaluateAll((lis) =>
    lis.map((li) => [li.getAttribute('data-event'), (li as HTMLLIElement).value]),
  );
  expect(shown.length).toBeGreaterThanOrEqual(3);
  expect(new Set(shown.map(([type]) => type))).toEqual(new Set(['tool/result']));
  // The numbers are the events' places in the whole log: increasing, with gaps where others are hidden.
  const numbers = shown.map(([, n]) => Number(n));
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(numbers.at(-1)! - numbers[0]!).toBeGreaterThan(numbers.length - 1);
  await expect(visible.first()).toContainText('"type":"tool/result"');
  await page.getByLabel('Show', { exact: true }).selectOption('');
  await expect(page.locator('.event-log li:visible')).toHaveCount(all);
});

test('More → Model… connects a real model in the app: its panel above the transcript, the script’s controls aside, Stop ends its open request', async ({
  page,
}) => {
  const fake = await startFakeModel();
  try {
    await openScenario(page, 'stale-version');
    await page.locator('[data-action="more"]').click();
    await page.getByRole('button', { name: 'Model…' }).click();
    const dialog = page.locator('dialog[data-dialog="model"]');
    await dialog.getByLabel('Provider').selectOption('openai');
    // A script of the fake that holds its first reply open after a few characters.
    await dialog.getByLabel('Base URL').fill(`${fake.origin}/stale-gated/app${process.pid}/v1`);
    await dialog.getByLabel('Model', { exact: true }).fill('fake-1');
    await dialog.getByLabel('API key').fill('sk-test-key');
    await dialog.getByRole('button', { name: 'Use this model' }).click();
    await expect(dialog).toHaveCount(0);

    const run = page.locator('#pane-transcript .model-run');
    await expect(run).toHaveAttribute('data-model-run', 'requesting', { timeout: RUN_TIMEOUT });
    await expect(run.locator('[data-model-stream]')).toHaveText("I'll read");
    await expect(page.locator('[data-progress]')).toHaveText('driven by fake-1');
    for (const name of ['Play', 'Step', 'Back'])
      await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
    await expect(page.locator('[data-banner="done"]')).toHaveCount(0);

    await page.locator('.topbar').getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(run).toHaveAttribute('data-model-run', 'stopped', { timeout: RUN_TIMEOUT });
    expect(await errorCodes(page)).toEqual([]);
    await expect(page.locator('.topbar').getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
  } finally {
    await fake.close();
  }
});
