// README "Embed it in your site": its two HTML blocks pasted as written into a tutorial page on another
// origin than the playground (kit-host.html, which loads the kit from the playground's origin as the
// block's <script src> does), with the lesson file the blocks name beside the page.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseScenarioFile, scenarioById } from '../../src/model';
import { BASE_URL, HOST_ORIGIN } from './env';

const SECTION = 'README “Embed it in your site”';
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('\n## Embed it in your site'));
/** The section's first two ```html blocks: the element lines, and the script call. */
const [elements, scripted] = [...section.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]!);
const lessonText = readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8');
const lesson = parseScenarioFile(lessonText).value!;

test.describe.configure({ timeout: 90_000 });

/** The kit-host page, its own embeds cleared, with `lessons/my-lesson.json` beside it. */
async function tutorialPage(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/test-pages/lessons/my-lesson.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: lessonText }),
  );
  await page.goto(`${HOST_ORIGIN}/test-pages/kit-host.html?kit=${encodeURIComponent(`${BASE_URL}embed.js`)}`);
  await page.evaluate(() => window.__kitHost!.loaded);
  return errors;
}

test(`${SECTION}: the element lines, as written, give the built-in lesson and your own file's card in Chinese`, async ({
  page,
}) => {
  expect(elements).toContain('<script src="https://you.github.io/playground/embed.js"></script>');
  const errors = await tutorialPage(page);
  // The kit is on the page already, from the playground's origin, as the first line would load it.
  const lines = elements!.replace(/<script[^>]*><\/script>\n/, '');
  await page.evaluate((html) => (document.querySelector('main')!.innerHTML = html), lines);
  const [builtIn, own] = [
    page.locator('main harness-playground').first(),
    page.locator('main harness-playground').nth(1),
  ];
  await expect(builtIn.locator('iframe')).toHaveAttribute(
    'title',
    `Harness Playground: ${scenarioById('stale-version')!.title.en}`,
  );
  await expect(
    page.frameLocator('main harness-playground >> nth=0 >> iframe').locator('#app'),
  ).toHaveAttribute('data-scenario', 'stale-version', { timeout: 30_000 });
  const card = own.locator('[data-placeholder]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.title')).toHaveText(lesson.title.zh);
  await expect(card.locator('.lesson')).toHaveText(lesson.teaches.zh);
  await expect(card.getByRole('button', { name: '播放' })).toBeVisible();
  expect(errors).toEqual([]);
});

test(`${SECTION}: the script call, as written, runs without an error, and its button makes the edit the lesson waits for`, async ({
  page,
}) => {
  const errors = await tutorialPage(page);
  const [, markup, code] = /^([\s\S]*?)<script>\n([\s\S]*?)<\/script>/.exec(scripted!)!;
  await page.evaluate(
    ([html, js]) => {
      document.querySelector('main')!.innerHTML = html!;
      // Run as the page's own classic script would be.
      (0, eval)(js!);
    },
    [markup, code],
  );
  const card = page.locator('#lesson [data-placeholder]');
  await expect(card.locator('.title')).toHaveText(lesson.title.en);
  const logged: string[] = [];
  page.on('console', (m) => void (m.type() === 'log' && logged.push(m.text())));
  await card.getByRole('button', { name: 'Play' }).click();
  // Play loads the lesson and plays it to the colleague's edit, where the state listener says so.
  await expect.poll(() => logged.at(-1), { timeout: 30_000 }).toBe('3 waiting for the edit');
  await page.locator('#edit').click();
  await expect(page.frameLocator('#lesson iframe').locator('#app')).toHaveAttribute('data-waiting', 'false');
  await expect.poll(() => logged.at(-1)).toBe('3 ');
  expect(errors).toEqual([]);
});
