// The teaching stage in Chinese (`?lang=zh`): every built-in scenario walked to its end and every string
// a person reads on the way collected, failing on English prose outside code, paths, codes and the
// model's exact text; full-width colons after Chinese labels; and the lesson's moments in Chinese.
import { writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { scenarioById, scenarios } from '../../src/model';
import { RUN_TIMEOUT, button, focusBody, openScenario, runPause } from './app';

test.describe.configure({ timeout: 120_000 });

/**
 * What is not prose for people and stays as it is in every language: code and file contents, paths,
 * tool names, error codes, what the model received exactly, the code editors, a fetched page's own words
 * and the lines of a diff.
 */
const NOT_PROSE = [
  'code',
  'pre',
  'kbd',
  'samp',
  'script',
  'style',
  '[data-model-view]',
  '.path',
  '.err-code',
  '.tool',
  '.cm-editor',
  '.hunk',
  '.card-web .web-title',
  '.card-web blockquote',
].join(', ');

/** One string a person reads, and where: a short trail of the elements it sits in. */
interface Seen {
  where: string;
  text: string;
}

/**
 * Every string a person reads on the page now: the text of rendered elements (text inside a closed
 * `<details>`, a `hidden` element or `display: none` is not read) and the names and hints of rendered
 * elements (`aria-label`, `title`, `placeholder`), outside `NOT_PROSE`.
 */
function readable(page: Page): Promise<Seen[]> {
  return page.evaluate((skip) => {
    const marks = ['data-card', 'data-tool', 'data-entry', 'data-banner', 'data-dialog', 'data-panel'];
    const describe = (start: Element): string => {
      const parts: string[] = [];
      for (
        let el: Element | null = start;
        el && el !== document.body && parts.length < 4;
        el = el.parentElement
      ) {
        const mark = marks.find((m) => el!.hasAttribute(m));
        const cls = el.classList[0];
        parts.unshift(
          `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${mark ? `[${mark}=${el.getAttribute(mark)}]` : ''}`,
        );
        if (mark || el.tagName === 'DIALOG') break;
      }
      return parts.join(' > ');
    };
    const seen: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!el || !text || el.closest(skip) || !el.checkVisibility()) continue;
      seen.push({ where: describe(el), text });
    }
    // A name on an element hidden from everyone (aria-hidden and visibility: hidden, like the sandbox's
    // frames) is read by no one.
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (
        el.closest(skip) ||
        el.closest('[aria-hidden="true"]') ||
        !el.checkVisibility({ visibilityProperty: true })
      )
        continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const text = el.getAttribute(name)?.trim();
        if (text) seen.push({ where: `${describe(el)} @${name}`, text });
      }
    }
    return seen;
  }, NOT_PROSE);
}

// A word of English: letters (an apostrophe or hyphen inside), with punctuation around it.
const WORD = /^[("'“‘[]*[A-Za-z]+(?:['’-][A-Za-z]+)*[)"'”’\].,;:!?…]*$/;

/**
 * Whether `text` holds English prose: three or more English words in a row. A JSON preview of a value
 * (the lab's console sums up what a hook returned that way) is data, not prose.
 */
function isEnglishProse(text: string): boolean {
  if (/^[[{]["{[]/.test(text)) return false;
  let run = 0;
  for (const token of text.split(' ')) {
    run = WORD.test(token) ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

/** What was read, keyed by text: the scenarios and the places it was met in. */
type Found = Map<string, { scenarios: Set<string>; where: Set<string> }>;
async function collect(page: Page, scenario: string, all: Found): Promise<void> {
  for (const seen of await readable(page)) {
    const found = all.get(seen.text) ?? { scenarios: new Set(), where: new Set() };
    found.scenarios.add(scenario);
    found.where.add(seen.where);
    all.set(seen.text, found);
  }
}

/** The findings as a list a person can work through: each string once, with where it was met. */
function report(found: Found, keep: (text: string) => boolean): string[] {
  return [...found]
    .filter(([text]) => keep(text))
    .map(([text, { scenarios: ids, where }]) => {
      const places = [...where].slice(0, 2).join(' | ');
      return `"${text.slice(0, 240)}" — ${[...ids].join(', ')} — ${places}`;
    })
    .sort();
}

/** Plays the open scenario to its end, reading the page at each pause (an edit waited for, an approval). */
async function walkRun(page: Page, read: () => Promise<void>): Promise<void> {
  await button(page, '播放').click();
  let answered = 0;
  for (let i = 0; i < 30; i++) {
    const at = await runPause(page);
    if (at === 'done') return;
    await read();
    if (at === 'waiting') {
      await button(page, '模拟外部编辑').click();
      await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
      // The run stays paused after the edit: Play goes on.
      await button(page, '播放').click();
    } else if (at === 'question') {
      // The lesson's question, read asked and read revealed; then Play goes on.
      await button(page, '揭晓').click();
      await expect(page.locator('#app')).toHaveAttribute('data-asking', 'false');
      await read();
      await button(page, '播放').click();
    } else {
      // Approvals: the first approved, the rest denied, so both answers are read.
      const dialog = page.locator('dialog[data-dialog="approval"][open]');
      // The next call may ask at once: the dialog answered is closed, another may open.
      await dialog.locator(answered++ === 0 ? '[data-action="approve"]' : '[data-action="deny"]').click();
    }
  }
  throw new Error('The run was not done after 30 pauses');
}

/** Opens a side tab by its data-tab and waits for its panel. */
async function tab(page: Page, id: string): Promise<void> {
  await page.locator(`[role="tab"][data-tab="${id}"]`).click();
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', id);
}

/** The page's chrome, once: menus and dialogs, every side panel, the file editor, a mid-run question, a replay. */
async function walkChrome(page: Page, read: () => Promise<void>): Promise<void> {
  await page.locator('[data-action="more"]').click();
  await expect(page.locator('.menu-panel')).toBeVisible();
  await read();
  await page.keyboard.press('Escape');
  await focusBody(page);
  await page.keyboard.press('?');
  await expect(page.locator('dialog[data-dialog="keys"]')).toBeVisible();
  await read();
  await page.keyboard.press('Escape');
  await page.locator('[data-action="scenarios"]').click();
  await expect(page.locator('dialog.gallery')).toBeVisible();
  await read();
  await page.keyboard.press('Escape');
  for (const id of ['files', 'manual', 'author', 'lab']) {
    await tab(page, id);
    if (id === 'files') {
      await page.locator('li[data-file] button').first().click();
      await expect(page.locator('[data-editor-path] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
    }
    if (id === 'lab')
      await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
    await read();
  }
  // Mid-run, R asks first.
  await button(page, '重置').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '0');
  await button(page, '单步').click();
  await focusBody(page);
  await page.keyboard.press('r');
  await expect(page.locator('dialog[data-dialog="confirm"]')).toBeVisible();
  await read();
  await page.keyboard.press('Escape');
  // The share link's notice, and a past session in replay.
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="share"]').click();
  await expect(page.locator('[data-banner="notice"]')).toBeVisible();
  await read();
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="past-sessions"]').click();
  await expect(page.locator('dialog.sessions')).toBeVisible();
  await read();
  await page.locator('dialog.sessions [data-action="open-session"]').last().click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-banner="replay"]')).toBeVisible();
  await read();
  await page.locator('[data-action="leave-replay"]').click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'live');
}

test('every scenario in Chinese, walked to its end: no English prose outside code, paths, codes and the model’s exact text', async ({
  page,
}) => {
  const found: Found = new Map();
  const toolSets = new Set<string>();
  for (const scenario of scenarios) {
    const read = () => collect(page, scenario.id, found);
    await openScenario(page, scenario.id, { lang: 'zh' });
    if (scenario.lab) {
      await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
        timeout: RUN_TIMEOUT,
      });
    }
    await read();
    await walkRun(page, read);
    await expect(page.locator('.transcript-list .pending')).toHaveCount(0);
    await read();
    await tab(page, 'ledger');
    await read();
    // Each set of tools once, every description opened as a visitor opens it.
    await tab(page, 'tools');
    const names = (await page.locator('#pane-side details.tool-schema > summary').allInnerTexts()).join(' ');
    if (!toolSets.has(names)) {
      toolSets.add(names);
      for (const summary of await page.locator('#pane-side details.tool-schema > summary').all())
        await summary.click();
      await read();
    }
    if (scenario.id === 'stale-version') await walkChrome(page, read);
  }
  const english = report(found, isEnglishProse);
  await writeFile('reports/zh-english-prose.txt', `${english.join('\n')}\n`);
  expect(
    english,
    `English prose on the Chinese pages (${english.length} strings):\n${english.join('\n')}`,
  ).toEqual([]);
});

test('Chinese labels take full-width colons (场景：, 补救：), on screen and in accessible names', async ({
  page,
}) => {
  const found: Found = new Map();
  for (const id of ['stale-version', 'missing-file']) {
    const read = () => collect(page, id, found);
    await openScenario(page, id, { lang: 'zh' });
    await walkRun(page, read);
    await read();
    await tab(page, 'ledger');
    await read();
    if (id === 'stale-version') await walkChrome(page, read);
  }
  const halfWidth = report(found, (text) => /[\u3400-\u9fff]\s?:/.test(text));
  await writeFile('reports/zh-half-width-colons.txt', `${halfWidth.join('\n')}\n`);
  expect(
    halfWidth,
    `Half-width colons after Chinese (${halfWidth.length}):\n${halfWidth.join('\n')}`,
  ).toEqual([]);
  const picker = page.locator('[data-action="scenarios"]');
  await expect(picker).toContainText('场景：');
});

test('the lesson’s moments in Chinese: the run buttons, the progress, the waiting note and the external entry', async ({
  page,
}) => {
  const stale = scenarioById('stale-version')!;
  const note = (() => {
    const step = stale.steps.find((s) => 'external' in s);
    return step && 'note' in step ? step.note.zh : '';
  })();
  await openScenario(page, 'stale-version', { lang: 'zh' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  for (const name of ['播放', '单步', '后退', '重置', '模拟外部编辑', '演示'])
    await expect(button(page, name), name).toBeVisible();
  await expect(page.locator('[data-teaches]')).toHaveText(stale.teaches.zh);
  await button(page, '播放').click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-progress]')).toHaveText('第 3 步，共 6 步');
  await expect(page.locator('[data-banner="waiting"]')).toContainText(note);
  await expect(page.locator('[data-banner="waiting"]')).toContainText('请按“模拟外部编辑”（E）。');
  // Play pauses at the edit: the button reads 播放 again.
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'paused');
  await expect(button(page, '播放')).toBeVisible();
  await button(page, '模拟外部编辑').click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'false');
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'paused');
  await button(page, '播放').click();
  // The lesson's question, in Chinese: Play pauses there too; revealed, and Play goes on.
  await expect(page.locator('#app')).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'paused');
  await expect(page.locator('[data-ask-question]')).toContainText('智能体的这次编辑会得到什么？');
  await button(page, '揭晓').click();
  await expect(page.locator('[data-choice="1"]')).toContainText('✓ 答案');
  await button(page, '播放').click();
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const entry = page.locator('[data-entry="external"]');
  await expect(entry.locator('header')).toContainText('外部编辑');
  await expect(entry.locator('header')).toContainText('由“模拟外部编辑”按钮做出');
  await expect(entry.locator('[data-versions]')).toHaveText('v1 → v2');
  await expect(entry.locator('.external-note')).toHaveText(note);
  await expect(page.locator('[data-banner="done"]')).toContainText('脚本已结束');
});

test('the wording read aloud: no 浓度 for a rule’s strength, no 读空, no “显示 50 / 共 1,200”', async ({
  page,
}) => {
  const found: Found = new Map();
  for (const id of ['policy-strengths', 'missing-file', 'sql-redaction', 'truncation']) {
    const read = () => collect(page, id, found);
    await openScenario(page, id, { lang: 'zh' });
    await read();
    await walkRun(page, read);
    await read();
  }
  await page.locator('[data-action="scenarios"]').click();
  await expect(page.locator('dialog.gallery')).toBeVisible();
  await collect(page, 'gallery', found);
  const stilted = report(found, (text) => /浓度|读空|显示 [\d,]+ \/ 共/.test(text));
  expect(stilted, `Stilted Chinese (${stilted.length}):\n${stilted.join('\n')}`).toEqual([]);
});

// README "Teaching with it": built-in lessons' texts, tool messages included, exist in both languages.
test('broken-tools in Chinese: the presenter’s thrown message in the fallback reason reads in Chinese', async ({
  page,
}) => {
  await openScenario(page, 'broken-tools', { lang: 'zh' });
  await walkRun(page, async () => {});
  const fallback = page.locator('article[data-tool="broken_presenter"] .fallback');
  await fallback.scrollIntoViewIfNeeded();
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveText('⚠ 改用通用卡片显示：工具的卡片函数抛出了异常：生成卡片的函数爆炸了');
  // In English it reads as the tool said it (promises.spec.ts checks 'presenter exploded').
});
