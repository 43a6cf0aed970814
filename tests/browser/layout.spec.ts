// Phone width, dark mode and Chinese: the layout holds at 375 px with the panels as tabs, the theme
// follows the system and the toggle, and `?lang=zh` leaves no English label of the string table on screen.
import { expect, test, type Page } from '@playwright/test';
import { allStrings } from '../../src/ui/i18n';
import { openScenario, playByMouse } from './app';

// Whole runs in a shared, busy machine: room for slow steps without hiding a hang.
test.describe.configure({ timeout: 90_000 });

/** Elements sticking out past the right edge of the viewport (for a readable failure), or []. */
async function overflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.checkVisibility())
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth: document.scrollingElement!.scrollWidth, culprits };
  });
}

async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, culprits } = await overflow(page);
  expect(scrollWidth, `${where}: ${culprits.join(', ')}`).toBeLessThanOrEqual(375);
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT_BG = 'rgb(246, 247, 249)';
const DARK_BG = 'rgb(18, 21, 27)';

test.describe('at phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  const cases = [
    { lang: 'en', ids: ['card-tour', 'truncation'] },
    { lang: 'zh', ids: ['stale-version', 'line-endings'] },
  ] as const;
  for (const { lang, ids } of cases) {
    test(`the panels are tabs and nothing overflows sideways (${lang}: ${ids.join(', ')})`, async ({
      page,
    }) => {
      for (const id of ids) {
        await openScenario(page, id, { lang });
        await expectNoHorizontalScroll(page, `${id} before playing`);
        await playByMouse(page);
        await page.locator('#pane-transcript details').evaluateAll((all) => {
          for (const details of all) (details as HTMLDetailsElement).open = true;
        });
        const transcript = page.locator('#pane-transcript');
        await expect(transcript).toBeVisible();
        await expect(page.locator('[role="tab"][data-tab="transcript"]')).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expectNoHorizontalScroll(page, `${id}: the transcript`);
        // Up to the tab row as a person goes there, with the wheel: the page stops following the newest
        // entry (which, for a second after a run, follows the list's growing, as the details just opened).
        await page.mouse.wheel(0, -100_000);
        for (const tab of ['files', 'ledger', 'log', 'tools', 'manual'] as const) {
          await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
          await expect(page.locator(`[role="tab"][data-tab="${tab}"]`)).toHaveAttribute(
            'aria-selected',
            'true',
          );
          // One panel at a time: the transcript steps aside.
          await expect(transcript).toBeHidden();
          await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', tab);
          if (tab === 'files') {
            await page.locator('li[data-file] button').first().click();
            await expect(page.locator('.cm-line').first()).toBeVisible();
          }
          if (tab === 'tools') await page.locator('.tool-schema summary').first().click();
          await expectNoHorizontalScroll(page, `${id}: the ${tab} panel`);
        }
        await page.locator('[role="tab"][data-tab="transcript"]').click();
        await expect(transcript).toBeVisible();
      }
      await page.locator('[data-action="scenarios"]').click();
      await expect(page.locator('dialog.gallery')).toBeVisible();
      await expectNoHorizontalScroll(page, 'the gallery');
    });
  }
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows the system setting, and the toggle overrides it and is remembered', async ({ page }) => {
    await openScenario(page, 'happy-path');
    const theme = page.locator('#theme');
    await expect(theme).toHaveValue('system');
    expect(await background(page)).toBe(DARK_BG);

    await theme.selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(LIGHT_BG);

    await page.reload();
    await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#theme')).toHaveValue('light');
    expect(await background(page)).toBe(LIGHT_BG);

    await page.locator('#theme').selectOption('system');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    expect(await background(page)).toBe(DARK_BG);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(LIGHT_BG);
  });
});

test('the dark toggle turns a light system dark, cards and editor included', async ({ page }) => {
  await openScenario(page, 'card-tour');
  expect(await background(page)).toBe(LIGHT_BG);
  await page.locator('#theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background(page)).toBe(DARK_BG);
  await playByMouse(page);
  const panel = await page.locator('article[data-card="read"]').evaluate((el) => getComputedStyle(el).color);
  expect(panel).toBe('rgb(230, 233, 239)');
  await page.locator('li[data-file] button').first().click();
  await expect(page.locator('.cm-editor')).toBeVisible();
  expect(await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(26, 31, 39)',
  );
});

/** English fragments of the string table that a Chinese page must not show: the words between placeholders. */
const englishFragments = Object.values(allStrings as Record<string, { en: string; zh: string }>)
  .filter((text) => text.en !== text.zh)
  // Split at placeholders: a value, `{n}`, or the English word a count chooses, `{n|step}`.
  .flatMap((text) => text.en.split(/\{\w+(?:\|[^{}]*)?\}/))
  .map((part) => part.replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, ''))
  .filter((part) => /[A-Za-z]{2,}/.test(part));

/**
 * The interface's own text on the page (text and the names in aria-label, title and placeholder),
 * leaving out what the harness and the scenario show as data: tool output, paths, code, model messages.
 */
function interfaceText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const data =
      'pre, code, .path, .tool, .message p, .error p, .card-generic, .card-web, .card-title, .matches, .hunk, ' +
      '.tool-schema p, option, .cm-editor, .scenario-title, .scenario span';
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility() || parent.closest(data)) continue;
      if (node.textContent?.trim()) out.push(node.textContent.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (el.closest(data)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    // The remedy's label is the interface's; the remedy itself is the tool's words to the model.
    for (const label of document.querySelectorAll('.error .remedy > strong'))
      out.push(label.textContent ?? '');
    return out;
  });
}

test('?lang=zh shows the interface in Chinese, with no English label of the string table left', async ({
  page,
}) => {
  expect(englishFragments.length).toBeGreaterThan(50);
  const leftovers = new Set<string>();
  const check = async (where: string) => {
    const text = await interfaceText(page);
    for (const fragment of englishFragments) {
      const word = new RegExp(
        `(^|[^A-Za-z_])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z_])`,
      );
      for (const line of text) if (word.test(line)) leftovers.add(`${where}: "${fragment}" in "${line}"`);
    }
  };
  for (const id of ['stale-version', 'card-tour', 'broken-tools']) {
    await openScenario(page, id, { lang: 'zh' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle('工具框架演练场');
    await playByMouse(page);
    await check(`${id}, transcript`);
    for (const tab of ['files', 'ledger', 'log', 'tools', 'manual'] as const) {
      await page.locator(`[role="tab"][data-tab="${tab}"]`).click();
      if (tab === 'files') {
        await page.locator('li[data-file] button').first().click();
        await expect(page.locator('[data-action="save"]')).toBeVisible();
      }
      await check(`${id}, ${tab} panel`);
    }
  }
  await page.locator('[data-action="scenarios"]').click();
  await check('gallery');
  expect([...leftovers]).toEqual([]);
});

test('switching the language in the page changes every label at once', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await expect(page.locator('[data-action="play"]')).toContainText('Play');
  await page.locator('#lang').selectOption('zh');
  await expect(page.locator('[data-action="play"]')).toContainText('播放');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('[role="tab"][data-tab="files"]')).toHaveText('文件');
  expect(new URL(page.url()).searchParams.get('lang')).toBe('zh');
});

// README, Teaching with it: "`?lang=zh` (or the language menu) shows everything in Chinese". The menu
// changes the one store; the strings and the script's next words both read the language from it.
test('README "Teaching with it": the language menu reaches the model’s next words, not only the labels', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  const step = page.locator('[data-action="step"]');
  await step.click();
  const messages = page.locator('.transcript-list > .message');
  await expect(messages.first()).toContainText("I'll read the notes before changing anything.");
  await page.locator('#lang').selectOption('zh');
  await expect(step).toContainText('单步');
  await step.click();
  await step.click();
  const said = messages.last();
  await said.scrollIntoViewIfNeeded();
  await expect(said).toBeVisible();
  await expect(said).toContainText('状态还是 draft，把它改成 done。');
  await expect(messages.first()).toContainText("I'll read the notes before changing anything.");
});
