// Scenarios of your own, in the app: opened by address (`?scenario-url=`, from another origin), from a
// file, by the embed API's `load` with a whole file, and carried by a share link; each refusal with its
// code; a reload that carries the scenario on without fetching it again; and the outcome a file states,
// checked at the end of the run.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseScenarioFile } from '../../src/model';
import { RUN_TIMEOUT, errorCodes, playByMouse, storedText, type WithApp } from './app';
import { BASE_URL, HOST_ORIGIN } from './env';

const LESSON_TEXT = readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8');
const LESSON = parseScenarioFile(LESSON_TEXT).value!;
const LESSON_URL = `${HOST_ORIGIN}/examples/tutorial/my-lesson.json`;
/** Where a route of a test serves a scenario file of its own, on the other origin. */
const SERVED = `${HOST_ORIGIN}/authored/`;

/** Serves `body` at `SERVED + name` with the CORS header a static host sends for JSON. */
async function serve(page: Page, name: string, body: string, status = 200): Promise<string> {
  await page.route(`${SERVED}${name}`, (route) =>
    route.fulfill({
      status,
      body,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
    }),
  );
  return `${SERVED}${name}`;
}

const openAt = async (page: Page, query: string) => {
  await page.goto(`${BASE_URL}?${query}`);
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
};

/** The lesson as an object, changed by `change`. */
const lessonWith = (change: (file: Record<string, unknown>) => void) => {
  const file = JSON.parse(LESSON_TEXT) as Record<string, unknown>;
  change(file);
  return file;
};

test.describe.configure({ timeout: 90_000 });

test('?scenario-url= from another origin opens the file, leaves the address, and plays to its stated outcome', async ({
  page,
}) => {
  await openAt(page, `scenario-url=${encodeURIComponent(LESSON_URL)}&speed=instant`);
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', LESSON.id);
  await expect(page.locator('.scenario-title')).toHaveText(LESSON.title.en);
  await expect(page.locator('[data-teaches]')).toHaveText(LESSON.teaches.en);
  expect(new URL(page.url()).searchParams.has('scenario-url')).toBe(false);
  await playByMouse(page);
  expect(await errorCodes(page)).toEqual(LESSON.outcome!.errors);
  for (const [path, content] of Object.entries(LESSON.outcome!.files ?? {}))
    expect(await storedText(page, path)).toBe(content);
  await expect(app).toHaveAttribute('data-outcome', 'ok');
  await expect(page.locator('[data-banner="done"]')).toContainText('ended as the scenario says');
});

test('a reload carries the scenario of one’s own on, without fetching its file again', async ({ page }) => {
  let fetched = 0;
  page.on('request', (r) => void (r.url() === LESSON_URL && fetched++));
  await openAt(page, `scenario-url=${encodeURIComponent(LESSON_URL)}&speed=instant`);
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
  await page.evaluate(() => (window as unknown as WithApp).playground.saved());
  expect(fetched).toBe(1);
  await page.reload();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', LESSON.id);
  await expect(page.locator('[data-progress]')).toHaveText(`step 1 of ${LESSON.steps.length}`);
  expect(fetched).toBe(1);
});

for (const [what, name, body, status, code, words] of [
  ['a file that is not there', 'missing.json', 'Not found', 404, 'SCENARIO_FETCH_FAILED', /404/],
  ['text that is not JSON', 'broken.json', '{"format": ', 200, 'SCENARIO_INVALID', /JSON/],
  [
    'another version of the format',
    'v2.json',
    JSON.stringify(lessonWith((f) => (f.version = 2))),
    200,
    'SCENARIO_WRONG_VERSION',
    /version/,
  ],
  [
    'a step with a field the format does not define',
    'extra.json',
    JSON.stringify(lessonWith((f) => ((f.steps as object[])[1] = { say: 'hi', run: 'rm -rf /' }))),
    200,
    'SCENARIO_INVALID',
    /steps\[1\]/,
  ],
  [
    // README "Write your own scenario", The tools a call can name: arguments are checked at load.
    'a call with an argument its tool does not have',
    'grep-path.json',
    JSON.stringify(
      lessonWith((f) =>
        (f.steps as object[]).push({ call: 'grep', args: { pattern: 'x', path: '/todo.md' } }),
      ),
    ),
    200,
    'SCENARIO_INVALID',
    /steps\[5\]\.args\.path: not an argument of grep/,
  ],
  [
    'a file over 1 MiB',
    'huge.json',
    JSON.stringify(
      lessonWith((f) => ((f.files as Record<string, string>)['/big.txt'] = 'x'.repeat(1_100_000))),
    ),
    200,
    'SCENARIO_TOO_LARGE',
    /1 MiB/,
  ],
] as const) {
  test(`?scenario-url= refuses ${what} with ${code} and opens the default scenario`, async ({ page }) => {
    const url = await serve(page, name, body, status);
    await openAt(page, `scenario-url=${encodeURIComponent(url)}&speed=instant`);
    const banner = page.locator(`[data-banner="notice"][data-code="${code}"]`);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(words);
    await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  });
}

test('More → Open scenario file… opens a file of one’s own; a refused one changes nothing', async ({
  page,
}) => {
  await openAt(page, 'scenario=happy-path&speed=instant');
  await page.setInputFiles('input[data-action="open-scenario-file"]', {
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(lessonWith((f) => (f.format = 'something/else')))),
  });
  await expect(page.locator('[data-banner="notice"][data-code="SCENARIO_INVALID"]')).toContainText('format');
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await page.setInputFiles('input[data-action="open-scenario-file"]', {
    name: 'my-lesson.json',
    mimeType: 'application/json',
    buffer: Buffer.from(LESSON_TEXT),
  });
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', LESSON.id);
  await expect(page.locator('[data-banner="notice"]')).toHaveCount(0);
  expect(await storedText(page, '/todo.md')).toBe(LESSON.files['/todo.md']);
});

test('a share link made while a scenario of one’s own is open carries it, at the same step', async ({
  page,
  browser,
}) => {
  await openAt(page, `scenario-url=${encodeURIComponent(LESSON_URL)}&speed=instant`);
  for (let i = 0; i < 2; i++) await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '2');
  const link = await page.evaluate(() =>
    (window as unknown as WithApp).playground.persistence.copyShareLink(),
  );
  expect(link).toMatch(/\?s=1\./);
  // In a fresh profile, with the lesson's own address unreachable: the link alone carries it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.route(LESSON_URL, (route) => route.abort());
  await other.goto(link!);
  await expect(other.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(other.locator('#app')).toHaveAttribute('data-scenario', LESSON.id);
  await expect(other.locator('[data-progress]')).toHaveAttribute('data-step', '2');
  await context.close();
});

test('a scenario too large for a link is refused with LINK_TOO_LONG, pointing to ?scenario-url=', async ({
  page,
}) => {
  // Random text does not compress: past the link's 32,768 characters.
  const noise = randomBytes(45_000).toString('base64');
  const url = await serve(
    page,
    'noisy.json',
    JSON.stringify(lessonWith((f) => ((f.files as Record<string, string>)['/noise.txt'] = noise))),
  );
  await openAt(page, `scenario-url=${encodeURIComponent(url)}&speed=instant`);
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', LESSON.id);
  expect(
    await page.evaluate(() => (window as unknown as WithApp).playground.persistence.copyShareLink()),
  ).toBeNull();
  const banner = page.locator('[data-banner="notice"][data-code="LINK_TOO_LONG"]');
  await expect(banner).toContainText('?scenario-url=');
});

test('the embed API loads a whole scenario object; one that does not fit the format shows its code in place of the lesson', async ({
  page,
}) => {
  const app = `${BASE_URL}?embed=1&scenario=happy-path&speed=instant`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  const frame = page.frameLocator('iframe[name="playground"]');
  await expect(frame.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  const send = (data: unknown) => page.evaluate((d) => window.__host!.send(d), data);
  await send({
    type: 'harness-playground:command',
    command: 'load',
    scenario: lessonWith((f) => (f.id = 'x y')),
  });
  await expect(frame.locator('[data-embed-error]')).toHaveAttribute('data-code', 'SCENARIO_INVALID');
  await send({ type: 'harness-playground:command', command: 'load', scenario: JSON.parse(LESSON_TEXT) });
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', LESSON.id);
  await expect(frame.locator('[data-embed-error]')).toHaveCount(0);
  await send({ type: 'harness-playground:command', command: 'play' });
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await send({ type: 'harness-playground:command', command: 'external' });
  // The run stays paused after the edit; Play goes on.
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
  await send({ type: 'harness-playground:command', command: 'play' });
  await expect(frame.locator('#app')).toHaveAttribute('data-outcome', 'ok', { timeout: RUN_TIMEOUT });
});

test('an outcome the run does not meet is shown plainly, expected beside seen', async ({ page }) => {
  const url = await serve(
    page,
    'wrong.json',
    JSON.stringify(lessonWith((f) => (f.outcome = { errors: ['FS_NOT_OBSERVED'] }))),
  );
  await openAt(page, `scenario-url=${encodeURIComponent(url)}&speed=instant&autoplay=1`);
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-outcome', 'mismatch', { timeout: RUN_TIMEOUT });
  const row = page.locator('[data-banner="done"] tr[data-difference="errors"]');
  await expect(row.locator('td').first()).toHaveText('FS_NOT_OBSERVED');
  await expect(row.locator('td').last()).toHaveText('FS_STALE_VERSION');
});

// README "Write your own scenario": a run without an outcome that meets an error no step expects ends
// with a warning that names it, never "✓ The script is done".
test('a scenario without an outcome whose run meets an unexpected error ends with a warning naming it', async ({
  page,
}) => {
  const url = await serve(page, 'no-outcome.json', JSON.stringify(lessonWith((f) => delete f.outcome)));
  await openAt(page, `scenario-url=${encodeURIComponent(url)}&speed=instant&autoplay=1`);
  await expect(page.locator('#app')).toHaveAttribute('data-outcome', 'unexpected', { timeout: RUN_TIMEOUT });
  const banner = page.locator('[data-banner="done"]');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('The script is done, but its calls met errors no step expects:');
  await expect(banner.locator('li')).toHaveText(['FS_STALE_VERSION at step 4']);
  await expect(banner).toContainText('name the code in that step’s "expect"');
  await expect(banner).not.toContainText('✓');
});

// README "Write your own scenario": `lab` works in an author's file as in a built-in one.
test('an author’s file made for a lab example ("lab") opens with the example applied', async ({ page }) => {
  const builtIn = JSON.parse(
    readFileSync(new URL('../../src/model/scenarios/lab-deny-secrets.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  const url = await serve(page, 'my-secrets.json', JSON.stringify({ ...builtIn, id: 'my-secrets' }));
  await openAt(page, `scenario-url=${encodeURIComponent(url)}&speed=instant`);
  await expect(page.locator('#app')).toHaveAttribute('data-scenario', 'my-secrets');
  await expect(page.locator('#pane-side')).toHaveAttribute('data-panel', 'lab');
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  await expect(page.locator('.lab-slot-name').first()).toContainText('deny-secrets');
  await playByMouse(page);
  expect(await errorCodes(page)).toEqual(['HOOK_DENIED', 'HOOK_DENIED']);
});
