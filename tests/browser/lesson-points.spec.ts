// Every lesson's point on screen, read as a class reads it: line-endings' edit cards say the endings,
// the BOM and the Unicode fallback; policy-strengths draws each race before the write it raced; a
// str_replace_editor call card says its command and its change; the external edit's entry reads as done
// once it is done, in English and in Chinese.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { RUN_TIMEOUT, openScenario, playByMouse, type WithApp } from './app';

test.describe.configure({ timeout: 90_000 });

/** The result card of the call that changed `path` (an edit), scrolled into view. */
async function editCard(page: Page, path: string): Promise<Locator> {
  const card = page
    .locator('article[data-card="diff"]')
    .filter({ has: page.locator('.card-head .path', { hasText: path }) });
  await expect(card).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  return card;
}

for (const lang of ['en', 'zh'] as const) {
  const words = {
    en: {
      crlf: 'CRLF line endings, kept',
      bom: 'byte-order mark (BOM) kept',
      mixed: 'mixed line endings (LF and CRLF)',
      fallback: 'matched only by the Unicode fallback',
    },
    zh: {
      crlf: 'CRLF 行尾，原样保留',
      bom: '字节顺序标记（BOM）保留',
      mixed: '混合行尾（LF 与 CRLF）',
      fallback: '只靠 Unicode 兜底才匹配上',
    },
  }[lang];

  test(`line-endings (${lang}): each edit's card says the file's endings, its BOM, and when the Unicode fallback matched`, async ({
    page,
  }) => {
    await openScenario(page, 'line-endings', { lang });
    await playByMouse(page);
    const windows = await editCard(page, '/windows.txt');
    await expect(windows.locator('[data-endings="CRLF"]')).toBeInViewport();
    await expect(windows.locator('.card-facts')).toHaveText(words.crlf);

    const bom = await editCard(page, '/bom.csv');
    await expect(bom.locator('[data-bom]')).toBeInViewport();
    await expect(bom.locator('.card-facts')).toHaveText(words.bom);

    const mixed = await editCard(page, '/mixed.txt');
    await expect(mixed.locator('[data-endings="mixed"]')).toBeInViewport();
    await expect(mixed.locator('.card-facts')).toContainText(words.mixed);

    const quotes = await editCard(page, '/quotes.md');
    await expect(quotes.locator('[data-normalized]')).toBeInViewport();
    await expect(quotes.locator('.card-facts')).toContainText(words.fallback);
    // Only the fallback's edit says so.
    await expect(page.locator('[data-normalized]')).toHaveCount(1);
  });
}

test('shared-ledger: a str_replace_editor call card says its command and what it would change; a view and an edit look apart', async ({
  page,
}) => {
  await openScenario(page, 'shared-ledger');
  await playByMouse(page);
  const calls = page.locator('.transcript-list > [data-entry="call"]').filter({
    has: page.locator('.call .tool', { hasText: 'str_replace_editor' }),
  });
  const view = calls.filter({ has: page.locator('.call pre', { hasText: 'view /a.py' }) });
  await view.scrollIntoViewIfNeeded();
  await expect(view.locator('.call pre')).toHaveText('view /a.py');
  await expect(view.locator('.call pre')).toBeInViewport();
  const edit = calls.filter({ has: page.locator('.call pre', { hasText: 'str_replace in /b.py' }) });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit.locator('.call pre')).toHaveText('str_replace in /b.py\n- B = 2\n+ B = 20');
  await expect(edit.locator('.call pre')).toBeInViewport();
});

for (const { lang, press, made } of [
  { lang: 'en', press: 'Press', made: 'made with “Simulate external edit”' },
  { lang: 'zh', press: '请按', made: '由“模拟外部编辑”按钮做出' },
] as const) {
  test(`the external edit's entry reads as done once done (${lang}): what was made, never "press the button"`, async ({
    page,
  }) => {
    await openScenario(page, 'stale-version', { lang });
    await playByMouse(page);
    const entry = page.locator('[data-entry="external"]');
    await entry.scrollIntoViewIfNeeded();
    await expect(entry).toBeInViewport();
    await expect(entry.locator('header')).toContainText(made);
    await expect(entry.locator('.external-note')).toContainText(
      lang === 'en' ? 'changes the port from 8080 to 9090' : '8080 改成了 9090',
    );
    await expect(entry).not.toContainText(press);
  });
}

test('policy-strengths: each race’s edit is drawn before the write it raced, live and on replay of the log', async ({
  page,
}) => {
  await openScenario(page, 'policy-strengths');
  await playByMouse(page);
  /** Each external edit's path, then the tool of the call drawn right after it. */
  const order = () =>
    page.locator('.transcript-list > [data-entry]').evaluateAll((els) =>
      els.flatMap((el, i) => {
        const e = el as HTMLElement;
        if (e.dataset.entry !== 'external') return [];
        const next = els[i + 1]?.querySelector('.call .tool')?.textContent ?? '';
        return [`${e.dataset.path} → ${next}`];
      }),
    );
  const want = [
    '/prompt/app.conf → write_prompt_rule',
    '/runtime/app.conf → write_runtime_check',
    '/credential/app.conf → write_credential',
  ];
  expect(await order()).toEqual(want);
  // Read as a class reads it: the edit, then the write's refusal below it.
  const race = page.locator('[data-entry="external"][data-path="/credential/app.conf"]');
  const refused = page.locator('article[data-tool="write_credential"][data-error-code]');
  await expect(refused).toHaveCount(1);
  const [a, b] = [await race.boundingBox(), await refused.boundingBox()];
  expect(a!.y).toBeLessThan(b!.y);
  // A reload rebuilds the transcript from the log: the same order.
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-entry="external"]')).toHaveCount(3);
  expect(await order()).toEqual(want);
});
