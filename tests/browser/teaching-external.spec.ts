// The teaching stage, part one: edits behind the agent's back as a class sees them. Each is a transcript
// entry saying who made it, the path, the versions before and after, the change as a diff and the
// script's note; Play pauses for the visitor's button at a scripted edit; every fresh run reads v1 → v2;
// the transcript and the event log follow new entries. Driven with the mouse and keys, read off the screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { scenarioById } from '../../src/model';
import {
  RUN_TIMEOUT,
  button,
  entryKinds,
  focusBody,
  openScenario,
  openTab,
  pickScenario,
  playByMouse,
  type WithApp,
} from './app';
import { BASE_URL, HOST_ORIGIN } from './env';

test.describe.configure({ timeout: 90_000 });

const CONFIG = '/app/config.json';
const stale = scenarioById('stale-version')!;
const staleNote = (() => {
  const step = stale.steps.find((s) => 'external' in s);
  return step && 'note' in step ? step.note.en : '';
})();

const externalEntries = (page: Page) => page.locator('[data-entry="external"]');

/** What an external entry says, as read on screen. */
async function expectExternal(
  entry: Locator,
  want: { who: string; path: string; versions: string; says: string; removed?: string; added: string },
): Promise<void> {
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-who', want.who);
  await expect(entry).toHaveAttribute('data-path', want.path);
  await expect(entry.locator('header')).toContainText('External edit');
  await expect(entry.locator('header')).toContainText(want.says);
  await expect(entry.locator('.external-versions .path')).toHaveText(want.path);
  await expect(entry.locator('[data-versions]')).toHaveText(want.versions);
  // The change as a small diff: the lines taken out and put in.
  const line = (kind: string, text: string) => entry.locator(`.card-diff .line.${kind}`, { hasText: text });
  if (want.removed) await expect(line('del', want.removed)).toHaveCount(1);
  await expect(line('add', want.added)).toHaveCount(1);
}

/** Edits the open file in the file editor as typed (appends `line` at its end) and presses Save. */
async function saveInEditor(page: Page, path: string, line: string): Promise<void> {
  await openTab(page, 'files');
  await page.locator(`li[data-file="${path}"] button`).click();
  const content = page.locator(`[data-editor-path="${path}"] .cm-content`);
  await expect(content).toBeVisible({ timeout: RUN_TIMEOUT });
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(`\n${line}`);
  await page.locator('[data-action="save"]').click();
}

test('Play pauses at the scripted edit: the banner says to press the button, E makes the edit, the run stays paused until Space', async ({
  page,
}) => {
  const app = await openScenario(page, 'stale-version');
  const external = button(page, 'Simulate external edit');
  // Quiet until the script waits for it.
  await expect(external).toBeVisible();
  await expect(external).not.toHaveClass(/attention/);
  await expect(page.locator('[data-banner="waiting"]')).toHaveCount(0);

  await button(page, 'Play').click();
  await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await expect(button(page, 'Play')).toBeVisible();
  await expect(button(page, 'Pause')).toHaveCount(0);
  const banner = page.locator('[data-banner="waiting"]');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(staleNote);
  await expect(banner).toContainText('Press “Simulate external edit” (E)');
  await expect(external).toHaveClass(/attention/);
  await expect(page.locator('[data-progress]')).toHaveText('step 3 of 6');
  expect(await entryKinds(page)).toEqual(['call', 'message']);
  await expect(externalEntries(page)).toHaveCount(0);

  await focusBody(page);
  await page.keyboard.press('e');
  await expect(externalEntries(page)).toHaveCount(1);
  await expect(app).toHaveAttribute('data-waiting', 'false');
  await expect(banner).toHaveCount(0);
  await expect(external).not.toHaveClass(/attention/);
  // The edit is made and the run stays paused on it: nothing after it until Play.
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await expect(button(page, 'Play')).toBeVisible();
  expect(await entryKinds(page)).toEqual(['call', 'message', 'external']);
  await expect(page.locator('article[data-error-code]')).toHaveCount(0);

  await page.keyboard.press(' ');
  // Play goes on to the lesson's question (README "Predict, then reveal") and pauses there as well;
  // Enter reveals it, Space plays to the end.
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await page.keyboard.press('Enter');
  await expect(app).toHaveAttribute('data-asking', 'false');
  await page.keyboard.press(' ');
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const entry = externalEntries(page);
  await expect(entry).toHaveCount(1);
  await expectExternal(entry, {
    who: 'button',
    path: CONFIG,
    versions: 'v1 → v2',
    says: 'made with “Simulate external edit”',
    removed: '"port": 8080',
    added: '"port": 9090',
  });
  await expect(entry.locator('.external-note')).toHaveText(staleNote);
  // At the point it happened: after the read and the model's words, before the edit it breaks.
  expect((await entryKinds(page)).slice(0, 4)).toEqual(['call', 'message', 'external', 'call']);
  const refused = page.locator('article[data-error-code="FS_STALE_VERSION"]');
  await expect(refused).toHaveCount(1);
  await expect(refused.locator('.error')).toContainText('you read version v1, it is now v2');
});

test('an unscripted press of the button, or the E key, is an entry too: who, path, versions and the line it added', async ({
  page,
}) => {
  const focus = scenarioById('happy-path')!.focus!;
  await openScenario(page, 'happy-path');
  await button(page, 'Simulate external edit').click();
  await expect(externalEntries(page)).toHaveCount(1);
  await expectExternal(externalEntries(page).first(), {
    who: 'button',
    path: focus,
    versions: 'v1 → v2',
    says: 'made with “Simulate external edit”',
    added: 'external edit #1',
  });
  // No note: the script asked for nothing here.
  await expect(externalEntries(page).first().locator('.external-note')).toHaveCount(0);

  await focusBody(page);
  await page.keyboard.press('e');
  await expect(externalEntries(page)).toHaveCount(2);
  await expectExternal(externalEntries(page).nth(1), {
    who: 'button',
    path: focus,
    versions: 'v2 → v3',
    says: 'made with “Simulate external edit”',
    added: 'external edit #2',
  });
  await openTab(page, 'files');
  await expect(page.locator(`li[data-file="${focus}"] .version`)).toHaveText('v3');
});

test('saving in the file editor is an entry: who editor, the path, the versions and the diff', async ({
  page,
}) => {
  await openScenario(page, 'stale-version');
  await saveInEditor(page, CONFIG, 'edited by hand');
  await expect(externalEntries(page)).toHaveCount(1);
  await expectExternal(externalEntries(page).first(), {
    who: 'editor',
    path: CONFIG,
    versions: 'v1 → v2',
    says: 'saved in the file editor',
    added: 'edited by hand',
  });
  await expect(page.locator(`li[data-file="${CONFIG}"] .version`)).toHaveText('v2');
  // The agent's first read sees the saved version.
  await button(page, 'Step').click();
  await expect(page.locator('article[data-card="read"] .card-title')).toHaveText('v2');
});

/**
 * Opens the same workspace in a second tab (it carries on the saved session), saves a line there in the
 * file editor, and returns the entry the first tab shows for it.
 */
async function editInOtherTab(page: Page): Promise<Locator> {
  await openScenario(page, 'stale-version');
  await button(page, 'Step').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
  // The second tab opens the latest saved session, so this one must be saved first.
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  const other = await page.context().newPage();
  await other.goto('./');
  await expect(other.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(other.locator('#app')).toHaveAttribute('data-scenario', 'stale-version');
  await saveInEditor(other, CONFIG, 'from the other tab');
  await expect(other.locator('[data-entry="external"][data-who="editor"]')).toHaveCount(1);
  const entry = page.locator('[data-entry="external"][data-who="other-tab"]');
  await expect(entry).toHaveCount(1, { timeout: RUN_TIMEOUT });
  return entry;
}

test('an edit saved in another tab is an entry in this one: who other-tab, the path and the new version', async ({
  page,
}) => {
  const entry = await editInOtherTab(page);
  await expect(entry).toHaveAttribute('data-path', CONFIG);
  await expect(entry.locator('header')).toContainText('made in another tab');
  await expect(entry.locator('[data-versions]')).toContainText('v2');
  // The agent read v1: its edit is now refused, and the ledger says why.
  await openTab(page, 'ledger');
  const row = page.locator(`tr[data-ledger-path="${CONFIG}"]`);
  await expect(row).toHaveAttribute('data-stale', 'true');
  await expect(row).toContainText('present@v1');
  await expect(row).toContainText('v2');
});

test('an edit saved in another tab shows the version before it and the change as a diff', async ({
  page,
}) => {
  const entry = await editInOtherTab(page);
  await expect(entry.locator('[data-versions]')).toHaveText('v1 → v2');
  await expect(entry.locator('.card-diff .line.add', { hasText: 'from the other tab' })).toHaveCount(1);
});

test('with autoplay=1 the scenario makes its own edit and Play runs through; the More setting does the same and is kept', async ({
  page,
}) => {
  const app = page.locator('#app');
  await openScenario(page, 'stale-version', { autoplay: '1' });
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(externalEntries(page)).toHaveCount(1);
  await expectExternal(externalEntries(page).first(), {
    who: 'scenario',
    path: CONFIG,
    versions: 'v1 → v2',
    says: 'made by the scenario',
    removed: '"port": 8080',
    added: '"port": 9090',
  });
  await expect(externalEntries(page).locator('.external-note')).toHaveText(staleNote);

  // The setting, without autoplay: off, Play waits; on, it runs through, and stays on after a reload.
  await openScenario(page, 'stale-version');
  await page.locator('[data-action="more"]').click();
  const auto = page.locator('[data-action="auto-external"]');
  await expect(auto).not.toBeChecked();
  await auto.check();
  await page.keyboard.press('Escape');
  await button(page, 'Play').click();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(externalEntries(page)).toHaveAttribute('data-who', 'scenario');

  await page.reload();
  await expect(app).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="more"]').click();
  await expect(auto).toBeChecked();
  await auto.uncheck();
  await page.keyboard.press('Escape');
  await button(page, 'Reset').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '0');
  await button(page, 'Play').click();
  await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(externalEntries(page)).toHaveCount(0);
});

/** The versions a run of stale-version shows: its first read, its external edit, its refused edit. */
async function versionsShown(page: Page): Promise<{ read: string; external: string; refused: string }> {
  await playByMouse(page);
  return {
    read: (await page.locator('article[data-card="read"] .card-title').first().textContent()) ?? '',
    external: (await externalEntries(page).locator('[data-versions]').textContent()) ?? '',
    refused:
      (await page.locator('article[data-error-code="FS_STALE_VERSION"] .error').textContent())?.match(
        /you read version \S+ it is now v\d+\./,
      )?.[0] ?? '',
  };
}

test('every fresh run reads v1 → v2: the first run, after Reset, and after loading another scenario', async ({
  page,
}) => {
  const want = { read: 'v1', external: 'v1 → v2', refused: 'you read version v1, it is now v2.' };
  await openScenario(page, 'stale-version');
  expect(await versionsShown(page)).toEqual(want);

  await button(page, 'Reset').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '0');
  await expect(page.locator('.transcript-list > [data-entry]')).toHaveCount(0);
  // The new run's ledger holds nothing of the old run's versions.
  await openTab(page, 'ledger');
  await expect(page.locator('#pane-side .ledger-panel')).toHaveText(
    'The agent has not looked at any file yet.',
  );
  await openTab(page, 'files');
  await expect(page.locator(`li[data-file="${CONFIG}"] .version`)).toHaveText('v1');
  expect(await versionsShown(page)).toEqual(want);

  await pickScenario(page, 'happy-path');
  await playByMouse(page);
  await pickScenario(page, 'stale-version');
  await expect(page.locator(`li[data-file="${CONFIG}"] .version`)).toHaveText('v1');
  expect(await versionsShown(page)).toEqual(want);
});

test('while playing, the transcript keeps the newest entry in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 480 });
  await openScenario(page, 'policy-strengths');
  // Play, with the lesson's question revealed on the way.
  await playByMouse(page);
  const last = page.locator('.transcript-list > [data-entry]').last();
  await expect(last).toBeInViewport();
  // The transcript is longer than the screen: following it is what kept the end in view.
  expect(await page.evaluate(() => document.documentElement.scrollHeight > 2 * window.innerHeight)).toBe(
    true,
  );
  await expect(page.locator('[data-action="new-entries"]')).toBeHidden();
});

/**
 * Plays stale-version scrolled up at its start: two steps, the visitor scrolls to the top (with the
 * wheel, or with `key`), then Play and the external edit. Returns the follow button and the newest entry.
 */
async function playScrolledUp(page: Page, key?: string): Promise<{ newEntries: Locator; last: Locator }> {
  await page.setViewportSize({ width: 1280, height: 420 });
  await openScenario(page, 'stale-version');
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '2');
  const newEntries = page.locator('[data-action="new-entries"]');
  await expect(newEntries).toBeHidden();
  await expect(page.locator('.transcript-list > [data-entry]').last()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // At once, even just after the page's own scroll to the newest entry: only the visitor's scrolling counts.
  if (key) await page.keyboard.press(key);
  else {
    await page.mouse.move(300, 300);
    await page.mouse.wheel(0, -10_000);
  }
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await button(page, 'Play').click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await button(page, 'Simulate external edit').click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'false');
  // The edit leaves the run paused; Play goes on to the lesson's question, revealed and played on with
  // the keys, which do not scroll the page.
  await button(page, 'Play').click();
  await expect(page.locator('#app')).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await page.keyboard.press('Enter');
  await expect(page.locator('#app')).toHaveAttribute('data-asking', 'false');
  await page.keyboard.press(' ');
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  return { newEntries, last: page.locator('.transcript-list > [data-entry]').last() };
}

test('scrolled up, the transcript stays where the visitor reads and a "New entries" button appears', async ({
  page,
}) => {
  const { newEntries, last } = await playScrolledUp(page);
  await expect(newEntries).toBeVisible();
  await expect(newEntries).toContainText('New entries');
  await expect(last).not.toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the "New entries" button shows where the visitor reads, and pressing it shows the newest entry', async ({
  page,
}) => {
  const { newEntries, last } = await playScrolledUp(page);
  await expect(newEntries).toBeInViewport();
  await newEntries.click();
  await expect(last).toBeInViewport();
  await expect(newEntries).toBeHidden();
});

test('scrolled up with the Home key, the transcript stays there too', async ({ page }) => {
  const { newEntries, last } = await playScrolledUp(page, 'Home');
  await expect(newEntries).toBeVisible();
  await expect(last).not.toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the button that follows again is named exactly "New entries"', async ({ page }) => {
  await playScrolledUp(page);
  await expect(button(page, 'New entries')).toBeVisible();
});

test('the event log follows new events while it is open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScenario(page, 'policy-strengths');
  await openTab(page, 'log');
  const log = page.locator('ol.event-log');
  // Play, with the lesson's question revealed on the way.
  await playByMouse(page);
  await expect(log.locator('li').last()).toBeInViewport();
  const scroll = await log.evaluate((el) => ({
    long: el.scrollHeight > el.clientHeight,
    atEnd: el.scrollTop + el.clientHeight >= el.scrollHeight - 8,
  }));
  expect(scroll).toEqual({ long: true, atEnd: true });
  await expect(log.locator('li').first()).not.toBeInViewport();
});

type EmbedState = { runState: string; done: boolean; waiting: boolean };

test('an embed with autoplay runs through its scripted edit, shows it, keeps its newest entry in view, and never reports playing when done', async ({
  page,
}) => {
  const app = `${BASE_URL}?${new URLSearchParams({ embed: '1', scenario: 'stale-version', speed: 'instant', autoplay: '1' })}`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  const frame = page.frameLocator('iframe[name="playground"]');
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const entry = frame.locator('[data-entry="external"]');
  await expect(entry).toHaveAttribute('data-who', 'scenario');
  await expect(entry.locator('[data-versions]')).toHaveText('v1 → v2');
  await expect(entry.locator('.external-note')).toHaveText(staleNote);
  // The frame is shorter than the transcript: the embed scrolls its own page to the newest entry.
  const last = frame.locator('.transcript-list > [data-entry]').last();
  const inFrame = () =>
    last.evaluate((el) => ({
      long: document.documentElement.scrollHeight > window.innerHeight,
      shown: el.getBoundingClientRect().bottom <= window.innerHeight + 1,
    }));
  await expect.poll(inFrame).toEqual({ long: true, shown: true });
  const states = await page.evaluate(() =>
    (window.__host?.heard ?? [])
      .map((m) => m.data as { type?: string; state?: unknown })
      .filter((d) => d.type === 'harness-playground:state')
      .map((d) => d.state),
  );
  const reported = states as EmbedState[];
  expect(reported.at(-1)).toMatchObject({ runState: 'done', done: true, waiting: false });
  expect(reported.filter((s) => s.done && s.runState === 'playing')).toEqual([]);
});
