// The example tutorial page, examples/tutorial/index.html, served from another origin than the
// playground: a built-in scenario by the element, and a lesson of its own (my-lesson.json beside it) by
// the script call, with click to load. The page loads the kit as ../../dist/embed.js (so it works from a
// checkout); here that script loads the kit from the playground's origin instead, making the embeds
// cross-origin. (The page itself is served as it is: Chromium refuses a page that Playwright fulfils,
// which it counts as public, to reach the loopback address the playground is on.)
//
// The kit's own side, against a stand-in playground, is in kit.spec.ts.
import { readFileSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { parseScenarioFile } from '../../src/model';
import { BASE_URL, HOST_ORIGIN, ORIGIN } from './env';

const PAGE = `${HOST_ORIGIN}/examples/tutorial/`;
const LESSON_URL = `${PAGE}my-lesson.json`;
const lesson = parseScenarioFile(
  readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8'),
).value!;

type State = {
  runState: string;
  scenario: string;
  position: number;
  done: boolean;
  waiting: boolean;
  asking: boolean;
};
type ElementLike = {
  controller: { state: State | null; step(): void; play(): void; external(): void; reveal(): void };
};

/** Opens the example page on the other origin, with its kit (and so its playground) on the app's. */
async function openExample(page: Page): Promise<void> {
  let asked = false;
  await page.route(`${HOST_ORIGIN}/dist/embed.js`, async (route) => {
    asked = true;
    // Written while the page is parsed, so the kit still runs before the rest of the page, as it would.
    const body = `document.write('<script src="${BASE_URL}embed.js"><' + '/script>');`;
    await route.fulfill({ contentType: 'text/javascript', body });
  });
  await page.goto(PAGE);
  expect(asked, 'the page loads the kit from ../../dist/embed.js').toBe(true);
  await expect(page.locator('h1')).toHaveText('Read before you edit');
}

/**
 * Clicks the card's Play. Scrolled into view first, a frame ahead: the browser routes a click by the
 * last drawn frame's layout, and with the playground's cross-origin frame above, a click made right
 * after the scroll lands in that frame instead.
 */
async function pressPlay(page: Page): Promise<void> {
  const play = page.locator('#my-lesson [data-placeholder]').getByRole('button', { name: 'Play' });
  await play.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await play.click();
}

/** Presses one of the page's own buttons (its click handler, as a person's click would run it). */
const press = (page: Page, selector: string) =>
  page.locator(selector).evaluate((button) => (button as HTMLButtonElement).click());

const builtInState = (page: Page) =>
  page.evaluate(() => (document.querySelector('#built-in') as unknown as ElementLike).controller.state);
const builtIn = (page: Page): FrameLocator => page.frameLocator('#built-in iframe');
const frameHeight = (page: Page, selector: string) =>
  page.locator(selector).evaluate((f) => f.getBoundingClientRect().height);

test.describe.configure({ timeout: 90_000 });

test('the page, on another origin, embeds the built-in scenario with the element and drives it', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openExample(page);
  expect(new URL(PAGE).origin).not.toBe(ORIGIN);
  const src = await page.locator('#built-in iframe').getAttribute('src');
  expect(src).toBe(`${BASE_URL}?embed=1&scenario=stale-version&lang=en`);
  await expect(builtIn(page).locator('#app')).toHaveAttribute('data-scenario', 'stale-version');
  await expect.poll(() => builtInState(page)).toMatchObject({ scenario: 'stale-version', position: 0 });

  await page.evaluate(() =>
    (document.querySelector('#built-in') as unknown as ElementLike).controller.step(),
  );
  await expect.poll(() => builtInState(page)).toMatchObject({ position: 1 });
  await expect(builtIn(page).locator('article[data-card="read"]')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the custom lesson waits as a light card with its own title and lesson; Play opens the file the page read', async ({
  page,
}) => {
  await openExample(page);
  const card = page.locator('#my-lesson [data-placeholder]');
  await expect(card.locator('.title')).toHaveText(lesson.title.en);
  await expect(card.locator('.lesson')).toHaveText(lesson.teaches.en);
  await expect(page.locator('#my-lesson iframe')).toHaveCount(0);

  await pressPlay(page);
  const src = new URL((await page.locator('#my-lesson iframe').getAttribute('src'))!);
  expect(`${src.origin}${src.pathname}`).toBe(BASE_URL);
  // The page read the file beside it (no CORS needed) and hands it to the frame, which holds until then.
  expect(Object.fromEntries(src.searchParams)).toEqual({ embed: '1', hold: '1', lang: 'en', speed: 'fast' });
  // The page hears the playground's state reports.
  await expect(page.locator('#status')).not.toHaveText('Not started.', { timeout: 30_000 });
});

test('the lesson file is readable from the playground’s origin (CORS)', async ({ page }) => {
  await page.goto(BASE_URL);
  const read = await page.evaluate(async (url) => {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    return { ok: response.ok, id: ((await response.json()) as { id: string }).id };
  }, LESSON_URL);
  expect(read).toEqual({ ok: true, id: 'my-lesson' });
});

test('the custom lesson plays to its outcome in the embed', async ({ page }) => {
  await openExample(page);
  await pressPlay(page);
  const frame = page.frameLocator('#my-lesson iframe');
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'my-lesson', { timeout: 30_000 });
  // Play pauses at the colleague's edit, as it does for any visitor's: the page's own button makes it,
  // and the lesson's Play goes on.
  await expect(page.locator('#status')).toHaveText('Step 3. The script waits for the colleague’s edit.', {
    timeout: 30_000,
  });
  await press(page, '#colleague');
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'false', { timeout: 30_000 });
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'paused');
  await frame.locator('[data-action="play"]').click();
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: 60_000 });
  await expect(page.locator('#status')).toHaveText('Done.');
  const codes = await frame
    .locator('article[data-error-code]')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.errorCode));
  expect(codes).toEqual(lesson.outcome!.errors);
});

test('the page’s own buttons step the lesson and make the colleague’s edit through the kit', async ({
  page,
}) => {
  await openExample(page);
  // The page's buttons are pressed as the page's script would press them: the frame above them grows
  // with every step (auto height), so a click aimed by position can land in the frame instead.
  for (const status of ['Step 1.', 'Step 2.', 'Step 3. The script waits for the colleague’s edit.']) {
    await press(page, '#step');
    await expect(page.locator('#status')).toHaveText(status, { timeout: 30_000 });
  }
  await press(page, '#colleague');
  await expect(page.locator('#status')).toHaveText('Step 3.');
  const frame = page.frameLocator('#my-lesson iframe');
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'false');
  // The edit is refused as stale: the model's remark, its re-read and its retry all belong to step 4,
  // so the page presses Step until the script is done, and sees each step on the way.
  const seen = new Set<string>();
  for (let i = 0; i < 12 && !seen.has('Done.'); i++) {
    const before = await frame.locator('#app').getAttribute('data-position');
    await press(page, '#step');
    await expect(frame.locator('#app')).not.toHaveAttribute('data-position', before ?? '', {
      timeout: 30_000,
    });
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/Step \d\.|Done\./);
    seen.add((await page.locator('#status').textContent()) ?? '');
  }
  // The last step is the model's last word: after it the page says Done.
  expect([...seen]).toEqual(['Step 4.', 'Done.']);
  await expect(frame.locator('[data-progress]')).toHaveText('step 5 of 5');
});

test('external, sent to the built-in scenario from the page, makes the edit it waits for', async ({
  page,
}) => {
  await openExample(page);
  await expect.poll(() => builtInState(page)).toMatchObject({ position: 0 });
  for (let i = 0; i < 3; i++)
    await page.evaluate(() =>
      (document.querySelector('#built-in') as unknown as ElementLike).controller.step(),
    );
  await expect.poll(() => builtInState(page)).toMatchObject({ position: 3, waiting: true });
  await page.evaluate(() =>
    (document.querySelector('#built-in') as unknown as ElementLike).controller.external(),
  );
  await expect.poll(() => builtInState(page)).toMatchObject({ position: 3, waiting: false });
});

test('auto height: the frame grows with the transcript, with no scroll bar inside', async ({ page }) => {
  await openExample(page);
  await expect.poll(() => builtInState(page)).toMatchObject({ position: 0 });
  const before = await frameHeight(page, '#built-in iframe');
  await page.evaluate(() =>
    (document.querySelector('#built-in') as unknown as ElementLike).controller.play(),
  );
  // Play pauses for the external edit; the page makes it through the kit, and plays on to the
  // lesson's question, where Play pauses too; the page reveals it through the kit and plays on.
  await expect
    .poll(() => builtInState(page), { timeout: 60_000 })
    .toMatchObject({ runState: 'paused', waiting: true });
  await page.evaluate(() =>
    (document.querySelector('#built-in') as unknown as ElementLike).controller.external(),
  );
  await expect.poll(() => builtInState(page)).toMatchObject({ runState: 'paused', waiting: false });
  await page.evaluate(() =>
    (document.querySelector('#built-in') as unknown as ElementLike).controller.play(),
  );
  await expect
    .poll(() => builtInState(page), { timeout: 60_000 })
    .toMatchObject({ runState: 'paused', asking: true });
  await page.evaluate(() => {
    const { controller } = document.querySelector('#built-in') as unknown as ElementLike;
    controller.reveal();
    controller.play();
  });
  await expect.poll(() => builtInState(page), { timeout: 60_000 }).toMatchObject({ done: true });
  await expect.poll(() => frameHeight(page, '#built-in iframe')).toBeGreaterThan(before);
  const inner = await builtIn(page)
    .locator('html')
    .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
  expect(inner.scroll).toBeLessThanOrEqual(inner.client);
  expect(Math.round(await frameHeight(page, '#built-in iframe'))).toBe(inner.client);
});
