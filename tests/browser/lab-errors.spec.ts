// README "Writing a plugin in the lab" (Errors show inline) and "Hooks": a plugin that fails names its
// code and says what to do, in the lab's status line for the person and on the result card for the model,
// which also learns whether the call changed anything.
import { expect, test, type Page } from '@playwright/test';
import { openScenario, openTab, storedText, sendCall } from './app';
import { apply, openLab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

async function statusAfter(page: Page) {
  await openTab(page, 'lab');
  const status = page.locator('.lab-status');
  await status.scrollIntoViewIfNeeded();
  return status;
}

const THROWS_BEFORE = `export const name = 'thrower';
export function preExecute({ tool }) {
  throw new Error('boom in ' + tool);
}
`;

test('a plugin that throws before the call: its code, that nothing changed, and what to do', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, THROWS_BEFORE);
  await apply(page);
  const card = await sendCall(page, 'write', { path: '/app/n.txt', content: 'x' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-error-code', 'PLUGIN_ERROR');
  await expect(card).toContainText(
    'plugin "thrower" failed in hook "pre-execute" at line 3: Error: boom in write',
  );
  await expect(card).toContainText('Remedy: nothing was changed; the fault is in plugin "thrower"');
  expect(await storedText(page, '/app/n.txt')).toBeUndefined();
  const status = await statusAfter(page);
  await expect(status.locator('.err-code')).toHaveText('PLUGIN_ERROR');
  await expect(status).toContainText('Fix the code and press Apply, or switch the plugin off.');
  await page.screenshot({ path: 'test-results/lab-error-thrown.png' });
});

const THROWS_AFTER = `export const name = 'late-thrower';
export function postExecute() {
  throw new Error('too late');
}
`;

test('a plugin that throws after the call: the card says the call ran and its change stays', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, THROWS_AFTER);
  await apply(page);
  const card = await sendCall(page, 'write', { path: '/app/n.txt', content: 'x' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-error-code', 'PLUGIN_ERROR');
  await expect(card).toContainText('Remedy: the call itself ran and what it changed stays');
  expect(await storedText(page, '/app/n.txt')).toBe('x');
});

const LOOPS = `export const name = 'looper';
export function preExecute() {
  for (;;) {}
}
`;

test('a plugin that loops forever: PLUGIN_TIMEOUT at the loop, and what to do', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, LOOPS);
  await apply(page);
  const card = await sendCall(page, 'read', { path: '/notes.md' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-error-code', 'PLUGIN_TIMEOUT');
  await expect(card).toContainText('Remedy: nothing was changed');
  const status = await statusAfter(page);
  await expect(status.locator('.err-code')).toHaveText('PLUGIN_TIMEOUT');
  await expect(status).toContainText('stopped at line 3');
  await expect(status).toContainText('Make it finish sooner and press Apply, or choose a longer deadline.');
});

// README "Sandboxed plugins": only JSON crosses the bridge. A decision nested far deeper than JSON can carry
// crashed the engine ("the engine failed: RangeError …"); it is now said for what it is.
const DEEP = `export const name = 'deep';
export function preExecute() {
  let o = {};
  for (let i = 0; i < 999; i++) o = { o };
  if (JSON.stringify(o).length !== 6 * 999 + 2) throw new Error('999 levels not written');
  for (let i = 0; i < 100000; i++) o = { o };
  return o;
}
`;

test('a decision nested 100,000 levels deep is PLUGIN_DECISION_INVALID, saying so; 999 levels are still written', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DEEP);
  await apply(page);
  const card = await sendCall(page, 'read', { path: '/notes.md' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toHaveAttribute('data-error-code', 'PLUGIN_DECISION_INVALID');
  const status = await statusAfter(page);
  await expect(status.locator('.err-code')).toHaveText('PLUGIN_DECISION_INVALID');
  await expect(status).toContainText('nests deeper than 1000 levels');
  await expect(status).not.toContainText('engine failed');
  await page.screenshot({ path: 'test-results/lab-error-deep.png' });
});
