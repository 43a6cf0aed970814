// The plugin lab as a workbench, driven as a developer drives it: plugins kept across a reload, a plugin
// as a file, a tool with its own cards, errors in words, help in the editor, limits met where they are,
// the lab's API for the header, Try it, and the lab's room on a laptop and on a phone.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { encodeShare } from '../../src/model';
import type { PluginLab } from '../../src/ui/lab';
import { RUN_TIMEOUT, errorCodes, openScenario, playByMouse } from './app';
import { apply, openLab as openLabTab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

type WithLab = Window & { playground: { lab: { current: PluginLab | null } } };

async function openLab(page: Page): Promise<void> {
  await openLabTab(page);
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.ready);
}

const status = (page: Page) => page.locator('.lab-status');
const editorText = (page: Page) =>
  page.locator('[data-lab] .cm-line').evaluateAll((lines) => lines.map((l) => l.textContent).join('\n'));

const DENY_WRITES = `export const name = 'no-writes';
export function preExecute(input) {
  if (input.tool === 'write' || input.tool === 'edit') {
    return { verdict: 'deny', reason: 'this workspace is read-only today' };
  }
  return { verdict: 'allow' };
}
`;

test('kept: applied plugins come back after a reload, applied as they were, the edit since kept too', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
  await page.locator('[data-action="lab-deadline"]').selectOption('500');
  // Edited after Apply: the edit is kept, and what was applied is what runs after the reload.
  await page.locator('[data-lab] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('// edited after Apply\n');
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.saved());

  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await openLab(page);
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  expect(await editorText(page)).toContain('// edited after Apply');
  await expect(page.locator('[data-slot="0"]')).toContainText('edited since Apply');
  await expect(page.locator('[data-action="lab-deadline"]')).toHaveValue('500');
  await expect(status(page)).toContainText('1 applied as it was.');
  await page.locator('[data-action="reset"]').click();
  await playByMouse(page);
  expect(await errorCodes(page)).toContain('HOOK_DENIED');
});

test('kept: code from a link keeps its Run gate across a reload until Run is pressed', async ({ page }) => {
  const token = await encodeShare({
    scenario: 'happy-path',
    lang: 'en',
    speed: 'instant',
    policy: true,
    step: 0,
    plugins: [{ source: DENY_WRITES, language: 'js', order: 'default', enabled: true }],
  });
  await page.goto(`./?s=${token}`);
  await expect(page.locator('[data-action="lab-run"]')).toBeVisible({ timeout: RUN_TIMEOUT });
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.saved());
  await page.goto('./?scenario=happy-path&speed=instant');
  await openLab(page);
  await expect(page.locator('[data-action="lab-run"]')).toBeVisible();
  expect(await editorText(page)).toContain('no-writes');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'false');
  await page.locator('[data-action="lab-run"]').click();
  await expect(status(page)).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.saved());
  await page.reload();
  await openLab(page);
  await expect(page.locator('[data-action="lab-apply"]')).toBeVisible();
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
});

test('kept: a damaged record is set aside and said, and the lab starts afresh', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('harness-playground-lab');
        open.onupgradeneeded = () => open.result.createObjectStore('lab');
        open.onsuccess = () => {
          const tx = open.result.transaction('lab', 'readwrite');
          tx.objectStore('lab').put({ version: 1, plugins: 'not a list' }, 'plugins');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.reload();
  await openLab(page);
  await expect(status(page).locator('.err-code')).toHaveText('STORAGE_BAD_RECORD');
  await expect(status(page)).toContainText('set aside');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'false');
});

test('a plugin downloaded as a file opens again from it; a file of another kind is refused with a code', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-action="lab-download"]').click(),
  ]);
  expect(download.suggestedFilename()).toBe('no-writes.js');
  const path = await download.path();
  expect(readFileSync(path, 'utf8')).toBe(DENY_WRITES);

  await page.locator('[data-action="lab-new"]').click();
  await page.locator('[data-action="lab-open-file"]').setInputFiles({
    name: 'no-writes.js',
    mimeType: 'text/javascript',
    buffer: readFileSync(path),
  });
  await expect(status(page)).toContainText('Opened no-writes.js');
  expect(await editorText(page)).toContain("export const name = 'no-writes';");
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');

  await page.locator('[data-action="lab-open-file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(status(page).locator('.err-code')).toHaveText('LAB_FILE_TYPE');
});

const TERMINAL_TOOL = `export const name = 'shell';
export const tool = {
  name: 'shell',
  description: 'Pretends to run a command.',
  inputSchema: { type: 'object', properties: { command: { type: 'string', examples: ['ls -l'] } }, required: ['command'] },
  execute(args) { return { output: 'ran ' + args.command, exitCode: 0 }; },
  render(args, value) { return [{ type: 'text', text: value.output }]; },
  presentResult(args, result) {
    return { card: 'terminal', command: args.command, output: result.content[0].text, exitCode: 0 };
  },
};
`;

test('a contributed tool shows its own terminal card; an invalid card is generic, with its reason on the card and in the console', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, TERMINAL_TOOL);
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
  await page.locator('[data-action="lab-try"]').click();
  await expect(status(page)).toContainText('Tried shell', { timeout: RUN_TIMEOUT });
  const card = page.locator('article.result[data-tool="shell"]');
  await expect(card).toHaveAttribute('data-card', 'terminal');
  await expect(card).toContainText('ls -l');
  await expect(card).toContainText('ran ls -l');

  await typeCode(page, TERMINAL_TOOL.replace('output: result.content[0].text', 'output: 42'));
  await apply(page);
  await page.locator('[data-action="lab-try"]').click();
  await expect(status(page)).toContainText('field "output": expected a string, not a number', {
    timeout: RUN_TIMEOUT,
  });
  const generic = page.locator('article.result[data-tool="shell"]').last();
  await expect(generic).toHaveAttribute('data-card', 'generic');
  await expect(generic.locator('.fallback')).toContainText(
    'Shown as a generic card: invalid card: tool.presentResult returned an invalid result: field "output": expected a string, not a number',
  );
  const call = page.locator('.lab-call[data-hook="tool.presentResult"][data-outcome="error"]').first();
  await expect(call).toContainText('PLUGIN_DECISION_INVALID');
});

test('a post-execute decision with content and value says why, on the result card and in the status line', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    `export const name = 'both';\nexport function postExecute(input) {\n  return { action: 'accept', content: [], value: input.value };\n}\n`,
  );
  await apply(page);
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="step"]').click();
  const card = page.locator('article.result[data-error-code="PLUGIN_DECISION_INVALID"]').first();
  await expect(card).toContainText('replaces content or value, never both', { timeout: RUN_TIMEOUT });
  await expect(card).toContainText('content to change only what the model reads');
  await expect(status(page).locator('.err-code')).toHaveText('PLUGIN_DECISION_INVALID');
  await expect(status(page)).toContainText('never both');
  await expect(status(page)).toContainText('value to change what programs read');
});

test('completion: typing post offers postExecute, and picking it writes the hook', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, "export const name = 'typed';\n");
  await page.keyboard.type('post');
  const list = page.locator('.cm-tooltip-autocomplete');
  await expect(list).toBeVisible();
  await expect(list.locator('li').first()).toContainText('postExecute');
  // The editor takes no Enter in the first moments of a list (so a fast typist's Enter is a new line).
  await page.waitForTimeout(200);
  await page.keyboard.press('Enter');
  expect(await editorText(page)).toContain('export function postExecute(input) {');
  // Inside a return, "{" offers the decisions a hook may answer.
  await page.keyboard.insertText("{ action: 'pass' };");
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
});

test('TypeScript: a type on hover; a compiler message cut to its first line, in the viewport, the chain a click away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openScenario(page, 'happy-path');
  await openLab(page);
  await page.locator('[data-action="lab-language"]').selectOption('ts');
  await typeCode(
    page,
    `export const name = 'both';\nexport const postExecute: PostExecute = (input) => {\n  return { action: 'accept', content: [], value: 1 };\n};\n`,
  );
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'error', { timeout: RUN_TIMEOUT });
  await expect(status(page)).toContainText('never both');

  await page.locator('[data-lab] .cm-lintRange-error').first().hover();
  const tip = page.locator('.cm-tooltip-lint');
  await expect(tip).toBeVisible();
  await expect(tip.locator('.lab-mark > p')).toContainText('never both');
  const box = (await tip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await tip.locator('summary').click();
  await expect(tip.locator('pre')).toContainText('is not assignable to type');

  await page.mouse.move(0, 0);
  await page.locator('[data-lab] .tok-typeName', { hasText: /^PostExecute$/ }).hover();
  await expect(page.locator('.cm-tooltip-hover')).toContainText('type PostExecute', { timeout: RUN_TIMEOUT });
});

test('an interrupted loop is reported at the loop’s line, with the deadline', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    `export const name = 'spin';\nexport function preExecute(input) {\n  let n = 0;\n  while (true) {\n    n++;\n  }\n}\n`,
  );
  await apply(page);
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="step"]').click();
  await expect(status(page).locator('.err-code')).toHaveText('PLUGIN_TIMEOUT', { timeout: RUN_TIMEOUT });
  await expect(status(page)).toContainText('line 4');
  await expect(status(page)).toContainText('deadline of 250 ms');
  const marked = await page
    .locator('[data-lab] .cm-line')
    .evaluateAll((lines) => lines.findIndex((l) => l.querySelector('.cm-lintRange-error')) + 1);
  expect(marked).toBe(4);
});

test('a memory bomb is PLUGIN_MEMORY, with the limit', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    `export const name = 'bomb';\nexport function preExecute(input) {\n  const kept = [];\n  for (;;) kept.push(new Array(1e5).fill(0));\n}\n`,
  );
  // The default 250 ms: the deadline counts run time, so a loaded machine still fills the heap before it
  // (README "Limits are met where they are met"; on the wall clock, one CI run did not).
  await expect(page.locator('[data-action="lab-deadline"]')).toHaveValue('250');
  await apply(page);
  await page.locator('[data-action="step"]').click();
  await page.locator('[data-action="step"]').click();
  await expect(status(page).locator('.err-code')).toHaveText('PLUGIN_MEMORY', { timeout: RUN_TIMEOUT });
  await expect(status(page)).toContainText('memory limit of 32 MB');
  await expect(status(page)).toContainText('line 4');
});

test('the lab’s API for the header: the active count, its changes, and one call to switch all off', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await page.evaluate(() => {
    const heard: number[] = [];
    (window as unknown as { heard: number[] }).heard = heard;
    (window as unknown as WithLab).playground.lab.current!.onActiveChange((n) => heard.push(n));
  });
  expect(
    await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.activePlugins()),
  ).toBe(0);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  expect(
    await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.activePlugins()),
  ).toBe(1);
  await expect(page.locator('[data-lab]')).toHaveAttribute('data-active-plugins', '1');
  await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.switchAllOff());
  expect(
    await page.evaluate(() => (window as unknown as WithLab).playground.lab.current!.activePlugins()),
  ).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { heard: number[] }).heard)).toEqual([1, 0]);
  await expect(page.locator('[data-action="lab-enabled"]')).not.toBeChecked();
  await expect(page.locator('[data-lab]')).toHaveAttribute('data-active-plugins', '0');
  await page.locator('[data-action="reset"]').click();
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('HOOK_DENIED');
});

test('the header says while a plugin of yours is on, counting them in words, and one click there switches them all off', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  const badge = page.locator('.topbar [data-active-plugins]');
  await expect(badge).toBeHidden();
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('data-active-plugins', '1');
  await expect(badge).toHaveText('⚙ 1 plugin on · switch off');
  await page.locator('[data-action="lab-new"]').click();
  await typeCode(page, DENY_WRITES.replace("'no-writes'", "'no-writes-too'"));
  await apply(page);
  await expect(badge).toHaveAttribute('data-active-plugins', '2');
  await expect(badge).toHaveText('⚙ 2 plugins on · switch off');
  await badge.click();
  await expect(badge).toBeHidden();
  await expect(badge).toHaveAttribute('data-active-plugins', '0');
  const switches = page.locator('[data-action="lab-enabled"]');
  await expect(switches).toHaveCount(2);
  for (const box of await switches.all()) await expect(box).not.toBeChecked();
  await playByMouse(page);
  expect(await errorCodes(page)).not.toContain('HOOK_DENIED');
});

test('Try it runs a read, a write and an edit through a plugin’s hooks', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await page.locator('[data-action="lab-try"]').click();
  await expect(status(page)).toContainText('Tried no-writes', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'lab-try-it');
  const codes = await errorCodes(page);
  expect(codes.filter((c) => c === 'HOOK_DENIED').length).toBeGreaterThanOrEqual(2);
  await expect(page.locator('article.result[data-tool="read"]').first()).not.toHaveAttribute(
    'data-error-code',
    /.+/,
  );
});

test('at 1280 px: 80 columns without wrapping, the status line and the console in view, the transcript too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openScenario(page, 'happy-path');
  await openLab(page);
  const long = `// ${'x'.repeat(116)}`;
  await typeCode(page, `${DENY_WRITES}${long}\n`);
  await apply(page);
  const measured = await page.evaluate(() => {
    const line = [...document.querySelectorAll<HTMLElement>('[data-lab] .cm-line')].find((l) =>
      l.textContent?.startsWith('// xxx'),
    )!;
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(80);
    line.append(probe);
    const eighty = probe.getBoundingClientRect().width;
    probe.remove();
    const scroller = document.querySelector<HTMLElement>('[data-lab] .cm-scroller')!;
    const gutter = document
      .querySelector<HTMLElement>('[data-lab] .cm-gutters')!
      .getBoundingClientRect().width;
    const lineHeight = document
      .querySelector<HTMLElement>('[data-lab] .cm-line')!
      .getBoundingClientRect().height;
    return {
      eighty,
      room: scroller.clientWidth - gutter,
      wrapped: line.getBoundingClientRect().height > lineHeight * 1.5,
      scrolls: scroller.scrollWidth > scroller.clientWidth,
    };
  });
  expect(measured.room).toBeGreaterThanOrEqual(measured.eighty);
  expect(measured.wrapped).toBe(false);
  expect(measured.scrolls).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const selector of ['.lab-status', '.lab-console header', '#pane-transcript']) {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.y + Math.min(box.height, 30), selector).toBeLessThanOrEqual(800);
    expect(box.x, selector).toBeGreaterThanOrEqual(0);
  }
  const transcript = (await page.locator('#pane-transcript').boundingBox())!;
  expect(transcript.width).toBeGreaterThan(280);
});

test('at 375 px the lab fits: no sideways scroll of the page, the descriptions of the examples shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, DENY_WRITES);
  await apply(page);
  await expect(status(page)).toHaveAttribute('data-tone', 'ok');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(375);
  const summary = page.locator('.lab-example-summary').first();
  await summary.scrollIntoViewIfNeeded();
  await expect(summary).toBeVisible();
  await expect(summary).toContainText('phone numbers');
  for (const action of ['lab-apply', 'lab-try', 'lab-download', 'lab-open']) {
    const box = (await page.locator(`[data-action="${action}"]`).boundingBox())!;
    expect(box.x + box.width, action).toBeLessThanOrEqual(375);
  }
});

test('in Chinese, an example’s source comes with Chinese comments, the same code', async ({ page }) => {
  await openScenario(page, 'happy-path', { lang: 'zh' });
  await openLab(page);
  await page.locator('[data-example="deny-secrets"]').click();
  await expect(status(page)).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });
  const text = await editorText(page);
  expect(text).toContain('在工具运行之前，拒绝 /secrets/ 下的一切修改');
  expect(text).toContain("export const name = 'deny-secrets';");
  await expect(page.locator('.lab-example-summary').first()).toContainText('手机号');
});
