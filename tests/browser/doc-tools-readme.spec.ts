// README "In your documentation tool": the element as the generators other than VitePress (which has a
// spec of its own, vitepress.spec.ts) put it in a page, on another origin than the playground, with the
// kit loaded in the head while the page is parsed, as their settings load it. The page
// (tests/browser/pages/doc-tools.html) holds what they write for the README's line: React's server
// rendering of it (Docusaurus, whose MDX takes the line as JSX) and Python-Markdown's (MkDocs, which puts
// a tag it does not know in a paragraph and passes it through).
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseScenarioFile, scenarioById } from '../../src/model';
import { BASE_URL, HOST_ORIGIN } from './env';

const SECTION = 'README “In your documentation tool”';
const PAGE = `${HOST_ORIGIN}/test-pages/doc-tools.html?kit=${encodeURIComponent(`${BASE_URL}embed.js`)}`;
const title = scenarioById('stale-version')!.title.en;
const tutorialLesson = parseScenarioFile(
  readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8'),
).value!;

test.describe.configure({ timeout: 90_000 });

/** The markup inside each section of the page now. */
const written = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main > section')].map((s) => [s.id, s.innerHTML] as const),
  );

/** The same, as the server sent it: the page's HTML parsed with no script run. */
const served = (page: Page) =>
  page.evaluate(async () => {
    const html = await (await fetch(location.href)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return [...doc.querySelectorAll('main > section')].map((s) => [s.id, s.innerHTML] as const);
  });

test(`${SECTION}: Docusaurus — the element keeps the children the server rendered, so React's hydration finds its page as it was`, async ({
  page,
}) => {
  await page.goto(PAGE);
  const before = await served(page);
  expect(before.map(([id]) => id)).toEqual(['react', 'mkdocs']);
  const card = page.locator('#react [data-placeholder]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.title')).toHaveText(title);
  // A child the kit added would be a node React did not render: it would report a mismatch and render
  // the whole page again in the browser, loading every frame twice.
  expect(await written(page)).toEqual(before);

  await card.getByRole('button', { name: 'Play' }).click();
  const frame = page.locator('#react iframe');
  await expect(frame).toHaveAttribute('title', `Harness Playground: ${title}`);
  await expect(page.frameLocator('#react iframe').locator('#app')).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  expect(await written(page)).toEqual(before);

  // A client-side router may take the element out and put it back: it opens one frame again.
  await page.evaluate(() => {
    const element = document.querySelector('#react harness-playground')!;
    const [parent, next] = [element.parentNode!, element.nextSibling];
    element.remove();
    parent.insertBefore(element, next);
  });
  await expect(page.locator('#react [data-placeholder]')).toHaveCount(1);
  await expect(page.locator('#react iframe')).toHaveCount(0);
  expect(await written(page)).toEqual(before);
});

test(`${SECTION}: MkDocs — the line in Python-Markdown's paragraph, with the kit after the content, plays at its content's height and follows MkDocs' and Material's theme toggles`, async ({
  page,
}) => {
  await page.goto(`${PAGE}&at=end`);
  // The elements were on the page before the kit, after them, defined them.
  await expect(page.locator('main ~ script[src$="/embed.js"]')).toHaveCount(1);
  await expect(page.locator('head script[src$="/embed.js"]')).toHaveCount(0);
  const frame = page.frameLocator('#mkdocs iframe');
  const app = frame.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', 'stale-version', { timeout: 30_000 });
  const box = page.locator('#mkdocs iframe');
  await expect(box).toHaveAttribute('title', `Harness Playground: ${title}`);
  // The frame is as wide as the paragraph and as tall as its content, with no scroll bar inside.
  const fits = () =>
    frame
      .locator('html')
      .evaluate((html) => html.scrollHeight <= html.clientHeight && html.clientHeight > 150);
  await expect.poll(fits).toBe(true);
  const width = (selector: string) =>
    page.locator(selector).evaluate((e) => Math.round(e.getBoundingClientRect().width));
  expect(await width('#mkdocs iframe')).toBe(await width('#mkdocs p'));
  const step = frame.getByRole('button', { name: 'Step', exact: true });
  await step.scrollIntoViewIfNeeded();
  await step.click();
  await expect(frame.locator('article[data-card="read"]')).toBeVisible({ timeout: 30_000 });
  await expect.poll(fits).toBe(true);

  // MkDocs' own theme: data-bs-theme on <html>; Material for MkDocs: data-md-color-scheme on <body>.
  const html = frame.locator('html');
  const set = (target: 'html' | 'body', name: string, value: string) =>
    page.evaluate(([t, n, v]) => document.querySelector(t!)!.setAttribute(n!, v!), [target, name, value]);
  await set('html', 'data-bs-theme', 'dark');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await set('html', 'data-bs-theme', 'light');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.evaluate(() => document.documentElement.removeAttribute('data-bs-theme'));
  await set('body', 'data-md-color-scheme', 'slate');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await set('body', 'data-md-color-scheme', 'default');
  await expect(html).toHaveAttribute('data-theme', 'light');
});

test(`${SECTION}: a lesson file's address from the site's root opens it whether the page's address ends with a slash or not; a relative one does not`, async ({
  page,
}) => {
  const lesson = tutorialLesson.title.en;
  await page.goto(PAGE);
  /** Puts the README's line on the page as if it were served at `path`; returns its card. */
  const line = async (path: string, address: string) => {
    await page.evaluate(
      ([p, a]) => {
        history.replaceState(null, '', p);
        document.querySelector('#react')!.innerHTML =
          `<harness-playground scenario-url="${a}" click-to-load></harness-playground>`;
      },
      [path, address],
    );
    const card = page.locator('#react [data-placeholder]');
    await card.scrollIntoViewIfNeeded();
    return card;
  };
  // Starlight, Docusaurus and MkDocs serve a page as a folder, which a host may answer with or
  // without its last slash.
  for (const path of ['/examples/tutorial/', '/examples/tutorial']) {
    const card = await line(path, '/examples/tutorial/my-lesson.json');
    await expect(card.locator('.title')).toHaveText(lesson);
  }
  await expect((await line('/examples/tutorial/', 'my-lesson.json')).locator('.title')).toHaveText(lesson);
  const card = await line('/examples/tutorial', 'my-lesson.json');
  await expect(card).toHaveAttribute('data-code', 'SCENARIO_FETCH_FAILED');
  await expect(card.getByRole('alert')).toContainText(`${HOST_ORIGIN}/examples/my-lesson.json`);
});
