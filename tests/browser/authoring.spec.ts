// Writing a scenario in the app, as a tutorial author would: start one from the files on screen, record
// it by playing the model (a refused call, a read, what the model says, an external edit behind its back,
// the edit that goes through), stop, see it as JSON with the format's errors underlined where they are,
// export it, open the file again and watch it play to the outcome it recorded; and the embed snippet.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseScenarioFile } from '../../src/model';
import {
  RUN_TIMEOUT,
  errorCodes,
  openScenario,
  playByMouse,
  sendCall,
  storedText,
  type WithApp,
} from './app';
import { BASE_URL, HOST_ORIGIN } from './env';

test.describe.configure({ timeout: 120_000 });

/** The scenario file the authoring editor holds now. */
const editorText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-author] .cm-line')].map((l) => l.textContent).join('\n'),
  );

const author = (page: Page) => page.locator('[data-author]');

test('record a scenario by playing the model, export it, open the file again: it plays to the same outcome', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = author(page);
  const status = panel.getByRole('status');
  await expect(panel.getByRole('button', { name: 'Record', exact: true })).toBeDisabled();
  await expect(status).toHaveText(
    'Open now: “Happy path”. Edit this scenario to change it (a built-in one as your copy), or start a new one.',
  );

  await panel.getByRole('button', { name: 'New scenario', exact: true }).click();
  await expect(panel.locator('.cm-content')).toContainText('"my-scenario"', { timeout: RUN_TIMEOUT });
  expect(await editorText(page)).toContain('"/notes.md": "# Notes\\n\\nThe harness checks versions.');

  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(status).toHaveText('Recording: 0 steps so far.');
  await expect(panel.getByRole('button', { name: 'Stop recording' })).toBeEnabled();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'my-scenario');
  // The run has no script while it records: the page says it is recording, not that the script is done.
  await expect(page.locator('[data-banner="recording"]')).toContainText('Recording a scenario');
  await expect(page.locator('[data-banner="done"]')).toHaveCount(0);

  const edit = { path: '/notes.md', old_string: 'Status: draft', new_string: 'Status: final' };
  await sendCall(page, 'edit', edit); // refused: not read yet
  await sendCall(page, 'read', { path: '/notes.md' });
  await page.locator('[role="tab"][data-tab="author"]').click();
  await panel.getByLabel('The model says').fill('I have read it; now the status line.');
  await panel.getByRole('button', { name: 'Say it' }).click();
  await page.locator('[data-action="external"]').click();
  await expect(page.locator('[data-entry="external"]')).toHaveCount(1);
  await sendCall(page, 'edit', edit); // refused: changed since the read
  await sendCall(page, 'read', { path: '/notes.md' });
  await sendCall(page, 'edit', edit);
  expect(await errorCodes(page)).toEqual(['FS_NOT_OBSERVED', 'FS_STALE_VERSION']);
  const finalText = await storedText(page, '/notes.md');
  expect(finalText).toContain('Status: final');

  await page.locator('[role="tab"][data-tab="author"]').click();
  await expect(status).toHaveText('Recording: 7 steps so far.');
  await panel.getByRole('button', { name: 'Stop recording' }).click();
  await expect(status).toHaveText('Recorded 7 steps, with the outcome this run ended with.');
  await expect(page.locator('[data-banner="recording"]')).toHaveCount(0);
  const shown = await editorText(page);
  expect(shown).toContain('"expect": "FS_NOT_OBSERVED"');
  expect(shown).toContain('"expect": "FS_STALE_VERSION"');
  expect(shown).toContain('I have read it; now the status line.');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export scenario' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-scenario.json');
  const text = readFileSync(await download.path(), 'utf8');
  const read = parseScenarioFile(text);
  expect(read.ok).toBe(true);
  const scenario = read.value!;
  expect(scenario.steps).toHaveLength(7);
  expect(scenario.outcome).toEqual({
    errors: ['FS_NOT_OBSERVED', 'FS_STALE_VERSION'],
    files: { '/notes.md': finalText },
  });

  // The file opened afresh (as a visitor would from More → Open scenario file…) plays to that outcome.
  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => (window as unknown as WithApp).playground.load('happy-path'));
  await page.setInputFiles('input[data-action="open-scenario-file"]', {
    name: 'my-scenario.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', 'my-scenario');
  await playByMouse(page);
  expect(await errorCodes(page)).toEqual(['FS_NOT_OBSERVED', 'FS_STALE_VERSION']);
  await expect(page.locator('.transcript')).toContainText('I have read it; now the status line.');
  expect(await storedText(page, '/notes.md')).toBe(finalText);
  await expect(app).toHaveAttribute('data-outcome', 'ok');
});

test('the JSON editor underlines a schema error at its path; Play runs the file; the embed snippet names it', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = author(page);
  await panel.getByRole('button', { name: 'New empty scenario' }).click();
  await expect(panel.locator('.cm-content')).toContainText('"my-scenario"', { timeout: RUN_TIMEOUT });

  // A step the format does not know, typed into the editor.
  const file = JSON.parse(await editorText(page)) as Record<string, unknown>;
  file.files = { '/a.md': 'hello\n' };
  file.steps = [{ say: 'First.' }, { call: 'read', args: { path: '/a.md' }, wat: 1 }];
  await panel.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(file, null, 2));
  const status = panel.getByRole('status');
  await expect(status).toContainText('SCENARIO_INVALID');
  await expect(status).toContainText('steps[1]');
  const marked = panel.locator('.cm-lintRange-error');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText('wat');

  // Fixed, it plays at once.
  file.steps = [{ say: 'First.' }, { call: 'read', args: { path: '/a.md' } }];
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(file, null, 2));
  await expect(panel.locator('.cm-lintRange-error')).toHaveCount(0);
  await expect(status).not.toContainText('SCENARIO_INVALID');
  await panel.getByRole('button', { name: 'Play this scenario' }).click();
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'my-scenario');
  // It plays at once, without Play in the header.
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(page.locator('article[data-tool="read"]')).toContainText('hello');

  await page.locator('[role="tab"][data-tab="author"]').click();
  await panel.getByRole('button', { name: 'Copy embed snippet' }).click();
  const snippet = panel.locator('[data-embed-snippet]');
  await expect(snippet).toBeVisible();
  const html = await snippet.inputValue();
  expect(html).toMatch(/<script src="http:\/\/[^"]+\/embed\.js"><\/script>/);
  expect(html).toContain('<harness-playground scenario-url="my-scenario.json"');
});

// README "Write your own scenario", Record one in the app: with any scenario open, the tab edits it (an
// author's file as it is, a built-in as a copy), Play this scenario plays it, and Copy embed snippet
// names it as a page must: a built-in by id, a fetched file by its address, an edited one by file name.
const LESSON_URL = `${HOST_ORIGIN}/examples/tutorial/my-lesson.json`;
const LESSON = parseScenarioFile(
  readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8'),
).value!;

/** Presses Copy embed snippet and gives the HTML shown. */
async function copySnippet(page: Page): Promise<string> {
  const panel = author(page);
  await panel.getByRole('button', { name: 'Copy embed snippet' }).click();
  const snippet = panel.locator('[data-embed-snippet]');
  await snippet.scrollIntoViewIfNeeded();
  await expect(snippet).toBeVisible();
  return snippet.inputValue();
}

/** Puts `text` into the authoring editor, as typed. */
async function typeFile(page: Page, text: string): Promise<void> {
  await author(page).locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test('an author’s file open: Edit this scenario shows it, the snippet names its address, then its file name once edited; Play plays it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${BASE_URL}?scenario-url=${encodeURIComponent(LESSON_URL)}&speed=instant`);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = author(page);
  const status = panel.getByRole('status');
  await expect(status).toContainText(`Open now: “${LESSON.title.en}”.`);

  // Nothing drafted: the snippet is for the file open, by the address it came from.
  expect(await copySnippet(page)).toContain(`<harness-playground scenario-url="${LESSON_URL}"`);
  await expect(status).toHaveText('Copied. This HTML embeds the file from the address it was opened from.');

  await panel.getByRole('button', { name: 'Edit this scenario' }).click();
  await expect(panel.locator('.cm-content')).toContainText(`"id": "${LESSON.id}"`, { timeout: RUN_TIMEOUT });
  await expect(status).toHaveText(
    `Editing “${LESSON.title.en}”, the scenario open now. Play this scenario runs what the editor holds.`,
  );
  // Unchanged, it is still the file at its address.
  expect(await copySnippet(page)).toContain(`scenario-url="${LESSON_URL}"`);

  // Edited, it is the author's own: named by the file to put beside the page.
  const file = JSON.parse(await editorText(page)) as { steps: object[] };
  file.steps.push({ say: 'One more line.' });
  await typeFile(page, JSON.stringify(file, null, 2));
  expect(await copySnippet(page)).toContain(`<harness-playground scenario-url="${LESSON.id}.json"`);
  await expect(status).toHaveText(
    `Copied. Export the scenario, put ${LESSON.id}.json beside your page, and this HTML in it.`,
  );

  // Play this scenario plays the edited file: it runs to the external edit it waits for.
  await panel.getByRole('button', { name: 'Play this scenario' }).click();
  await expect(page.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('[data-progress]')).toHaveText(`step 3 of ${LESSON.steps.length + 1}`);
});

test('a built-in open: the snippet names it by id; Edit this scenario makes a copy, which Play plays', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openScenario(page, 'stale-version');
  await page.locator('[role="tab"][data-tab="author"]').click();
  const panel = author(page);
  const status = panel.getByRole('status');
  await expect(status).toContainText('Open now: “Stale version”.');
  const html = await copySnippet(page);
  expect(html).toMatch(/<script src="http:\/\/[^"]+\/embed\.js"><\/script>/);
  expect(html).toContain('<harness-playground scenario="stale-version" height="auto"></harness-playground>');
  await expect(status).toHaveText(
    'Copied. This HTML embeds the built-in scenario “stale-version” by its id: no file to put anywhere.',
  );

  await panel.getByRole('button', { name: 'Edit this scenario' }).click();
  await expect(panel.locator('.cm-content')).toContainText('"id": "stale-version-copy"', {
    timeout: RUN_TIMEOUT,
  });
  await expect(status).toContainText('Editing your copy of the built-in “Stale version”');
  expect(await copySnippet(page)).toContain('scenario-url="stale-version-copy.json"');

  await panel.getByRole('button', { name: 'Play this scenario' }).click();
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', 'stale-version-copy');
  await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="external"]').click();
  // The copy keeps the lesson's pauses: after the edit Play goes on to the question; Reveal, Play.
  await expect(app).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="play"]').click();
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="reveal"]').click();
  await page.locator('[data-action="play"]').click();
  await expect(app).toHaveAttribute('data-outcome', 'ok', { timeout: RUN_TIMEOUT });
});
