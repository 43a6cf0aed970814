// The specific things the page promises a visitor, each checked on screen in Chromium.
import { expect, test, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import {
  editorText,
  errorCodes,
  focusBody,
  openScenario,
  openTab,
  RUN_TIMEOUT,
  playByMouse,
  stepByKeyboard,
  type WithApp,
} from './app';
import { testPage } from './env';

// Whole runs in a shared, busy machine: room for slow steps without hiding a hang.
test.describe.configure({ timeout: 90_000 });

const play = async (page: Page, id: string) => {
  const app = await openScenario(page, id);
  await playByMouse(page);
  return app;
};

/** callId → the text the model got, joined from the content blocks of `tool/result` events in the log panel. */
async function modelTextsFromLog(page: Page): Promise<Map<string, string>> {
  await openTab(page, 'log');
  const results = await page
    .locator('li[data-event="tool/result"] code.json')
    .evaluateAll((codes) => codes.map((code) => code.textContent ?? ''));
  return new Map(
    results.map((json) => {
      const event = JSON.parse(json) as { callId: string; content: { text: string }[] };
      return [event.callId, event.content.map((block) => block.text).join('\n\n')];
    }),
  );
}

test('truncation: the capped search and the read window say so on the card and to the model', async ({
  page,
}) => {
  await play(page, 'truncation');
  const search = page.locator('article[data-card="search"]');
  await expect(search.locator('[data-truncated="true"]')).toHaveText('⚠ showing 50 of 1,200');
  await expect(search).toContainText('Truncated: 1,150 more not shown');
  await expect(search.locator('[data-model-view]')).toContainText('showing the first 50');
  const read = page.locator('article[data-card="read"]');
  await expect(read).toContainText('lines 41–80 of 1,203');
  await expect(read.locator('.gutter')).toHaveText(/^41\n[\s\S]*\n80$/);
});

test('card-tour: all six card kinds are on screen', async ({ page }) => {
  await play(page, 'card-tour');
  const kinds = await page
    .locator('article[data-card]')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.card));
  expect([...new Set(kinds)].sort()).toEqual(['diff', 'generic', 'read', 'search', 'terminal', 'web']);
  await expect(page.locator('article[data-card="terminal"]')).toContainText('exit status 0');
  await expect(page.locator('article[data-card="diff"] .counts')).toHaveText('+1 −1');
  await expect(page.locator('article[data-card="web"] .web-url')).toHaveText(
    'https://docs.example/harness/cards',
  );
});

test('broken-tools: a throwing presenter falls back to a generic card, and the impure one is flagged', async ({
  page,
}) => {
  await play(page, 'broken-tools');
  const presenter = page.locator('article[data-tool="broken_presenter"]');
  await expect(presenter).toHaveAttribute('data-card', 'generic');
  await expect(presenter.locator('.fallback')).toContainText('⚠ Shown as a generic card');
  await expect(presenter.locator('.fallback')).toContainText('presenter exploded');
  await expect(presenter).not.toHaveAttribute('data-impure', /.*/);
  const impure = page.locator('article[data-tool="impure_clock"]');
  await expect(impure).toHaveAttribute('data-impure', 'true');
  await expect(impure.locator('.impure')).toContainText('⚠ Impure projection: render');
  await expect(page.locator('article[data-impure]')).toHaveCount(1);
  // Each contained failure shows its code in words, not only in colour.
  for (const code of scenarioById('broken-tools')!.outcome.errors) {
    await expect(page.locator(`article[data-error-code="${code}"] .err-code`)).toHaveText(`✖ ${code}`);
  }
});

test('stale-version stepped by hand waits for the button, then the edit is refused and both changes survive', async ({
  page,
}) => {
  const app = await openScenario(page, 'stale-version');
  const progress = page.locator('[data-progress]');
  await focusBody(page);
  while ((await app.getAttribute('data-waiting')) !== 'true') {
    const before = await progress.getAttribute('data-step');
    await page.keyboard.press('ArrowRight');
    await expect(progress).not.toHaveAttribute('data-step', before ?? '');
  }
  // read, say, and the external edit: the third of six steps, waiting for the button.
  await expect(progress).toHaveText('step 3 of 6');
  await expect(page.locator('[data-banner="waiting"]')).toContainText('Simulate external edit');
  await expect(page.locator('[data-action="external"]')).toHaveClass(/attention/);

  // The ledger knows the version the agent read, and it is current.
  await openTab(page, 'ledger');
  const row = page.locator('tr[data-ledger-path="/app/config.json"]');
  const read = (await row.getAttribute('data-version'))!;
  await expect(row).toHaveAttribute('data-state', 'present');
  await expect(row).toHaveAttribute('data-stale', 'false');
  await expect(row).toContainText(`present@${read}`);
  await expect(row).toContainText('✓ current');

  // Stepping on does nothing while the script waits.
  await focusBody(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await expect(progress).toHaveAttribute('data-step', '3');
  await expect(app).toHaveAttribute('data-waiting', 'true');
  expect(await errorCodes(page)).toEqual([]);

  await page.locator('[data-action="external"]').click();
  await expect(app).toHaveAttribute('data-waiting', 'false');
  await expect(page.locator('[data-banner="waiting"]')).toHaveCount(0);
  // The agent still holds the old version: the row says stale, in words and a symbol.
  await expect(row).toHaveAttribute('data-stale', 'true');
  await expect(row).toContainText(`present@${read}`);
  await expect(row).toContainText('⚠ stale');
  const now = await row.locator('td').nth(2).textContent();
  expect(now).not.toBe(read);

  await stepByKeyboard(page);
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
  const refused = page.locator('article[data-error-code="FS_STALE_VERSION"]');
  await expect(refused.locator('.remedy')).toContainText('Re-read the file');
  const { text } = await editorText(page, '/app/config.json');
  expect(text).toBe(scenarioById('stale-version')!.outcome.files!['/app/config.json']);
  // After the re-read the ledger is current again.
  await openTab(page, 'ledger');
  await expect(row).toHaveAttribute('data-stale', 'false');
  await openTab(page, 'log');
  await expect(page.locator('li[data-event="external/edit"]')).toContainText('"who":"button"');
});

for (const id of ['card-tour', 'stale-version']) {
  test(`${id}: the model view holds exactly the text the log gave the model`, async ({ page }) => {
    await play(page, id);
    const fromLog = await modelTextsFromLog(page);
    const turns = page.locator('section.turn[data-call-id]');
    const shown = await turns.evaluateAll((els) =>
      els.map((el) => ({
        callId: (el as HTMLElement).dataset.callId ?? '',
        text: el.querySelector('[data-model-view]')?.textContent ?? null,
        size: el.querySelector('.model-view summary .muted')?.textContent ?? '',
      })),
    );
    expect(shown.length).toBe(fromLog.size);
    for (const turn of shown) {
      const text = fromLog.get(turn.callId)!;
      expect(turn.text).toBe(text);
      const bytes = new TextEncoder().encode(text).length;
      expect(turn.size).toBe(
        `${bytes.toLocaleString('en-US')} bytes · ${text.length.toLocaleString('en-US')} characters`,
      );
    }
  });
}

test('live results show the canonical value marked not persisted; a replay says the value is gone', async ({
  page,
}) => {
  await play(page, 'card-tour');
  const card = page.locator('article[data-tool="count_words"]');
  const value = card.locator('[data-value="live"]');
  await expect(value.locator('summary')).toContainText('not persisted');
  await value.locator('summary').click();
  const shown = JSON.parse((await value.locator('pre').textContent()) ?? 'null');
  const held = await page.evaluate(() => {
    const pg = (window as unknown as WithApp).playground.pg;
    return [...pg.run.calls.values()].find((c) => c.entry.tool === 'count_words')?.value;
  });
  expect(shown).toEqual(held);
  // Error results have no value to show.
  await expect(page.locator('article[data-error-code] [data-value]')).toHaveCount(0);

  const live = await page.locator('[data-model-view]').evaluateAll((els) => els.map((e) => e.textContent));
  await page.evaluate(() => {
    const app = (window as unknown as WithApp).playground;
    app.showReplay(app.pg.run.session.events, 'replay');
  });
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay');
  await expect(page.locator('[data-value="live"]')).toHaveCount(0);
  await expect(card.locator('[data-value="unavailable"]')).toContainText('Value not available');
  expect(await page.locator('[data-model-view]').evaluateAll((els) => els.map((e) => e.textContent))).toEqual(
    live,
  );
});

test('play the model yourself: the schema speaks while typing, and the sent call comes back as a card', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openTab(page, 'manual');
  const form = page.locator('form.manual');
  await form.getByLabel('Tool').selectOption('read');
  const args = form.getByLabel('Arguments (JSON)');
  const status = form.locator('#manual-status');
  const send = form.getByRole('button', { name: 'Send call' });

  await args.fill('{"path": "/notes.md"');
  await expect(status).toHaveAttribute('data-ok', 'false');
  await expect(status).toContainText('Not valid JSON');
  await expect(send).toBeDisabled();

  await args.fill('{"path": 42}');
  await expect(status).toContainText('Does not match the schema');
  await expect(status).toContainText('• path:');
  await expect(send).toBeDisabled();

  await args.fill('');
  await args.pressSequentially('{"path": "/notes.md", "limit": 2}');
  await expect(status).toHaveAttribute('data-ok', 'true');
  await expect(status).toContainText('✓ Arguments match the schema.');
  await send.click();

  const card = page.locator('article[data-tool="read"]');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-card', 'read');
  await expect(card).toContainText('lines 1–2 of 4');
  const model = card.locator('[data-model-view]');
  await expect(model).toContainText('# Notes');
  await expect(model).not.toContainText('Status: draft');
  // The form keeps what was typed, so the visitor can send again.
  await expect(args).toHaveValue('{"path": "/notes.md", "limit": 2}');
  // The call joined the agent's session: the ledger knows the file now.
  await openTab(page, 'ledger');
  await expect(page.locator('tr[data-ledger-path="/notes.md"]')).toHaveAttribute('data-state', 'present');
});

test('a long imported session renders only the newest 150 entries, and "Show earlier" adds the next page', async ({
  page,
  browser,
}) => {
  // The bench page makes a real session file of about 1,500 events (about 400 transcript entries).
  const maker = await browser.newPage();
  await maker.goto(testPage('bench-ui.html'));
  await expect(maker.locator('body')).toHaveAttribute('data-ready', 'true');
  const file = await maker.evaluate((n) => window.__benchUi!.sessionText(n), 1500);
  await maker.close();

  await openScenario(page, 'happy-path');
  await page.setInputFiles('input[data-action="import-file"]', {
    name: 'long-session.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file.text),
  });
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay', { timeout: RUN_TIMEOUT });
  const entries = page.locator('.transcript-list > .turn, .transcript-list > .message');
  await expect(entries).toHaveCount(150);
  const nodes = () => page.evaluate(() => document.getElementsByTagName('*').length);
  const first = await nodes();
  expect(first).toBeLessThan(10_000);
  const earlier = page.locator('.transcript-list > .earlier');
  await expect(earlier).toHaveText('Show 150 earlier entries');
  await earlier.click();
  await expect(entries).toHaveCount(300);
  await expect(earlier).toBeFocused();
  // The newest entry is the same one, still at the end.
  const seqs = await entries.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.seq)));
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
});

test('keys: Space plays and pauses, → steps, R resets and asks first mid-run', async ({ page }) => {
  const app = await openScenario(page, 'happy-path', { speed: 'slow' });
  await focusBody(page);
  await page.keyboard.press('Space');
  await expect(app).toHaveAttribute('data-run-state', 'playing');
  await expect(page.locator('[data-action="play"]')).toHaveAttribute('aria-pressed', 'true');
  const entries = page.locator('.transcript-list > .turn, .transcript-list > .message');
  // The first step is on screen; at slow speed the next one is 1.6 s away, so the pause lands between.
  await expect(entries.first()).toBeVisible();
  await page.keyboard.press('Space');
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  const shown = await entries.count();
  expect(shown).toBeGreaterThan(0);
  await page.keyboard.press('ArrowRight');
  await expect(entries).toHaveCount(shown + 1);
  // Mid-run, R asks first: Cancel keeps the run, the button in the question resets it.
  await page.keyboard.press('r');
  const question = page.locator('dialog[data-dialog="confirm"]');
  await expect(question).toBeVisible();
  await question.locator('[data-action="cancel"]').click();
  await expect(entries).toHaveCount(shown + 1);
  await page.keyboard.press('r');
  await question.locator('[data-action="confirm"]').click();
  await expect(app).toHaveAttribute('data-run-state', 'idle');
  await expect(entries).toHaveCount(0);
  await expect(page.locator('.transcript-list .empty')).toBeVisible();
  // At the start nothing would be lost: R resets without asking.
  await page.keyboard.press('r');
  await expect(question).toHaveCount(0);
});
