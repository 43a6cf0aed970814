// The plugin lab, driven as a visitor drives it: type a plugin, Apply, run a scenario, read the console
// and the inline marks; examples in one click; TypeScript mode; plugin code arriving in a share link.
import { expect, test, type Page } from '@playwright/test';
import { encodeShare } from '../../src/model';
import { labExamples } from '../../src/model/lab-examples';
import { RUN_TIMEOUT, errorCodes, openScenario, playByMouse, storedText, type WithApp } from './app';
import { apply, openLab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

const status = (page: Page) => page.locator('.lab-status');
const hookCalls = (page: Page, hook: string) => page.locator(`.lab-call[data-hook="${hook}"]`).count();

const DENY_WRITES = `export const name = 'no-writes';
export function preExecute(input) {
  if (input.tool === 'write' || input.tool === 'edit') {
    return { verdict: 'deny', reason: 'this workspace is read-only today' };
  }
  return { verdict: 'allow' };
}
`;

test('the lab and its sandbox load only when the lab is opened', async ({ page }) => {
  const engine: string[] = [];
  page.on('request', (r) => {
    if (/quickjs|emscripten|worker-/.test(r.url())) engine.push(r.url());
  });
  await openScenario(page, 'happy-path');
  expect(engine).toEqual([]);
  await openLab(page);
  await expect(page.locator('.lab-example')).toHaveCount(labExamples.length);
  expect(engine).toEqual([]);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
  expect(engine.length).toBeGreaterThan(0);
});

test('a plugin applied in the lab decides the next calls; off, it decides nothing; the console shows each call', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await expect(status(page)).toContainText('no-writes');
  const before = await storedText(page, '/notes.md');
  await playByMouse(page);
  const codes = await errorCodes(page);
  expect(codes.length).toBeGreaterThan(0);
  expect(new Set(codes)).toEqual(new Set(['HOOK_DENIED']));
  expect(await storedText(page, '/notes.md')).toBe(before);

  const calls = page.locator('.lab-call[data-hook="preExecute"]');
  expect(await calls.count()).toBeGreaterThan(1);
  const first = calls.first();
  await expect(first.locator('summary')).toContainText(/\d+(\.\d)? ms/);
  await expect(first.locator('summary')).toContainText(/KB/);
  await first.locator('summary').click();
  await expect(first.locator('pre').first()).toContainText('"tool"');

  // Switched off: the same run now writes, and the console gets no new calls.
  const counted = await page.locator('.lab-call').count();
  await page.locator('[data-action="lab-enabled"]').uncheck();
  await page.locator('[data-action="reset"]').click();
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('HOOK_DENIED');
  await expect(page.locator('.lab-call')).toHaveCount(counted);
});

test('a syntax error is marked at its line and column, and nothing is applied', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    `export const name = 'broken';\nexport function preExecute(input) {\n  return { verdict: 'allow' ;\n}\n`,
  );
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'error');
  await expect(status(page).locator('.err-code')).toHaveText('PLUGIN_ERROR');
  await expect(status(page)).toContainText(/line 3/);
  await expect(page.locator('[data-lab] .cm-lintRange-error')).toHaveCount(1);
  const markedLine = await page
    .locator('[data-lab] .cm-line')
    .evaluateAll((lines) => lines.findIndex((l) => l.querySelector('.cm-lintRange-error')) + 1);
  expect(markedLine).toBe(3);
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'false');
});

test('a runtime error is marked at the line that threw; Apply again reloads without a page reload', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    `export const name = 'thrower';\nexport function postExecute(input) {\n  throw new Error('boom in ' + input.tool);\n}\n`,
  );
  await apply(page);
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('.lab-call[data-outcome="error"]').first()).toBeVisible({
    timeout: RUN_TIMEOUT,
  });
  await expect(status(page)).toContainText(/line 3/);
  await expect(page.locator('[data-lab] .cm-lintRange-error')).toHaveCount(1);

  // Fixed and applied again, in the same page: the next call passes.
  const navigations: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url());
  });
  await typeCode(
    page,
    `export const name = 'thrower';\nexport function postExecute(input) {\n  return { action: 'pass' };\n}\n`,
  );
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
  await page.locator('[data-action="play"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(page.locator('.lab-call[data-outcome="ok"][data-hook="postExecute"]').first()).toBeVisible();
  expect(navigations).toEqual([]);
});

test('TypeScript mode: content and value together is a compile error shown inline', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await page.locator('[data-action="lab-language"]').selectOption('ts');
  await typeCode(
    page,
    `export const name = 'both';\nexport const postExecute: PostExecute = (input) => {\n  return { action: 'accept', content: [], value: 1 };\n};\n`,
  );
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'error', { timeout: RUN_TIMEOUT });
  await expect(status(page).locator('.err-code')).toHaveText(/^TS\d+$/);
  await expect(page.locator('[data-lab] .cm-lintRange-error').first()).toBeVisible();
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'false');

  await typeCode(
    page,
    `export const name = 'typed';\nexport const postExecute: PostExecute = (input) => ({ action: 'pass' });\n`,
  );
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });
});

test('the built-in policy can be switched off from the lab, to show what it protects', async ({ page }) => {
  await openScenario(page, 'edit-before-read');
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('FS_NOT_OBSERVED');
  await openLab(page);
  await page.locator('[data-action="lab-policy"]').uncheck();
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle');
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('FS_NOT_OBSERVED');
});

test('plugin code in a share link waits for Run', async ({ page }) => {
  const token = await encodeShare({
    scenario: 'happy-path',
    lang: 'en',
    speed: 'instant',
    policy: true,
    step: 0,
    plugins: [{ source: DENY_WRITES, language: 'js', order: 'default', enabled: true }],
  });
  await page.goto(`./?s=${token}`);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', 'lab');
  await expect(page.locator('[data-action="lab-run"]')).toBeVisible({ timeout: RUN_TIMEOUT });
  await expect(status(page)).toContainText(/Run/);
  await expect(page.locator('[data-lab] .cm-content')).toContainText('no-writes');

  // Not run yet: the scenario writes freely, and no plugin was called.
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('HOOK_DENIED');
  await expect(page.locator('.lab-call')).toHaveCount(0);

  await page.locator('[data-action="lab-run"]').click();
  await expect(status(page)).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="reset"]').click();
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('HOOK_DENIED');
});

test('the share link carries the lab’s plugins', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  const link = await page.evaluate(() =>
    (window as unknown as WithApp).playground.persistence.copyShareLink(),
  );
  expect(link).toContain('?s=');
  const other = await context.newPage();
  await other.goto(link!);
  await expect(other.locator('[data-lab] .cm-content')).toContainText('no-writes', {
    timeout: RUN_TIMEOUT,
  });
  await expect(other.locator('[data-action="lab-run"]')).toBeVisible();
});

for (const example of labExamples) {
  test(`example ${example.id}: one click loads, applies and runs it with its scenario`, async ({ page }) => {
    await openScenario(page, 'happy-path');
    await openLab(page);
    await page.locator(`[data-example="${example.id}"]`).click();
    await expect(page.locator('#app')).toHaveAttribute('data-scenario', example.scenario, {
      timeout: RUN_TIMEOUT,
    });
    await expect(status(page)).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });
    await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true');
    await page.locator('[data-action="play"]').click();
    // Approval prompts (the ask example) are answered: the first approved, the rest denied.
    let answered = 0;
    for (;;) {
      const dialog = page.locator('dialog[data-dialog="approval"]');
      const state = await Promise.race([
        dialog.waitFor({ state: 'visible', timeout: RUN_TIMEOUT }).then(() => 'ask' as const),
        expect(page.locator('#app'))
          .toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT })
          .then(() => 'done' as const),
      ]);
      if (state === 'done') break;
      await dialog.locator(answered++ === 0 ? '[data-action="approve"]' : '[data-action="deny"]').click();
    }
    // What each example is for, as a visitor sees it (the Node tests prove the rest).
    const codes = await errorCodes(page);
    const seen: Record<string, () => Promise<void>> = {
      'redact-content': async () => expect(await hookCalls(page, 'postExecute')).toBeGreaterThan(0),
      'redact-value': async () => expect(await hookCalls(page, 'postExecute')).toBeGreaterThan(0),
      'deny-secrets': async () => expect(codes).toContain('HOOK_DENIED'),
      'ask-writes': async () => {
        expect(answered).toBeGreaterThan(1);
        expect(codes).toContain('APPROVAL_DENIED');
      },
      'first-wins': async () => expect(codes).toContain('FS_OUTSIDE_SCRATCH'),
      impure: async () => {
        expect(await page.locator('[data-impure="true"]').count()).toBeGreaterThan(0);
        // The console shows the tool's own calls: each render twice, the two answers side by side.
        expect(await hookCalls(page, 'tool.render')).toBeGreaterThanOrEqual(2);
      },
    };
    expect(seen[example.id], `a check for the example ${example.id}`).toBeDefined();
    await seen[example.id]!();
  });
}

test('a plugin-lab scenario opens with its example applied, from the gallery or the address; Reset keeps the visitor’s edit', async ({
  page,
}) => {
  await openScenario(page, 'lab-deny-secrets');
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', 'lab');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('HOOK_DENIED');

  // The visitor changes the plugin to allow everything; Reset runs the scenario with that, not the example.
  await typeCode(
    page,
    `export const name = 'allow-all';\nexport function preExecute() {\n  return { verdict: 'allow' };\n}\n`,
  );
  await apply(page);
  await page.locator('[data-action="reset"]').click();
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('HOOK_DENIED');

  // From the gallery, a lab scenario brings its example back.
  await page.locator('[data-action="scenarios"]').click();
  await page.locator('dialog.gallery [data-scenario="lab-first-wins"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'lab-first-wins', {
    timeout: RUN_TIMEOUT,
  });
  await expect(page.locator('.lab-slot-name')).toContainText('scratch');
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('FS_OUTSIDE_SCRATCH');
});

test('a lab scenario carried on after a reload gets its example plugin back', async ({ page }) => {
  await openScenario(page, 'lab-deny-secrets');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  for (let i = 0; i < 3; i++) await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '3');
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  // Without the parameters that opened it, the page carries on the saved run.
  await page.goto('./?speed=instant');
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'lab-deny-secrets', {
    timeout: RUN_TIMEOUT,
  });
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '3');
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('HOOK_DENIED');
  expect(await storedText(page, '/secrets/api-key.txt')).toBe('API_KEY=sk-test-4242\n');
});
