// README “Embed it in your site”, VitePress: examples/vitepress/ is a real VitePress site. It is built
// here with VitePress (the playground's address given as HARNESS_PLAYGROUND), served on its own origin
// by a plain static server that sends no CORS headers, and both lessons are driven to their outcome in
// the playground on the test server's origin: the built-in one and the file beside its page. The frame's
// height follows its content both ways, the site's own dark toggle switches the embed, and the host's
// console stays clean.
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { parseScenarioFile } from '../../src/model';
import { BASE_URL } from './env';

const SITE = fileURLToPath(new URL('../../examples/vitepress/', import.meta.url));
const lesson = parseScenarioFile(readFileSync(join(SITE, 'public/my-lesson.json'), 'utf8')).value!;
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

let out = '';
let server: Server;
let origin = '';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  out = mkdtempSync(join(tmpdir(), 'hp-vitepress-'));
  process.env.HARNESS_PLAYGROUND = BASE_URL;
  const { build } = await import('vitepress');
  await build(SITE, { outDir: out });
  // A static host as plain as they come: files only, no CORS, no security headers.
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = resolve(out, `.${sep}${path}`);
    if (!file.startsWith(out)) file = '';
    else if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    else if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    if (!file || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, 'localhost', done));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server?.close(done));
  rmSync(out, { recursive: true, force: true });
});

type State = { runState: string; scenario: string; done: boolean; waiting: boolean };
const state = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector('harness-playground') as unknown as { controller: { state: State | null } })
        .controller.state,
  );
const frameHeight = (page: Page) =>
  page.locator('harness-playground iframe').evaluate((f) => Math.round(f.getBoundingClientRect().height));

/** Opens a page of the site, keeping what its console says beyond the ordinary. */
async function open(page: Page, path: string): Promise<string[]> {
  const noise: string[] = [];
  page.on(
    'console',
    (m) =>
      void (
        ['error', 'warning'].includes(m.type()) &&
        noise.push(`${m.type()}: ${m.text()} (${m.location().url})`)
      ),
  );
  page.on('pageerror', (e) => noise.push(e.message));
  await page.goto(`${origin}${path}`);
  return noise;
}

/**
 * At instant speed (set through the element's controller), presses Play in the frame, waits for the
 * script's external edit and presses "Simulate external edit", as a reader does.
 */
async function playToTheEdit(page: Page): Promise<void> {
  const frame = page.frameLocator('harness-playground iframe');
  await page.evaluate(() =>
    (
      document.querySelector('harness-playground') as unknown as { controller: { setSpeed(s: string): void } }
    ).controller.setSpeed('instant'),
  );
  await frame.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => state(page), { timeout: 30_000 }).toMatchObject({ waiting: true });
  await frame.getByRole('button', { name: 'Simulate external edit' }).first().click();
}

/** The embed's frame has no scroll bar inside: its content fits, and the frame is the content's height. */
async function fits(page: Page): Promise<void> {
  const frame = page.frameLocator('harness-playground iframe');
  await expect
    .poll(async () => {
      const inner = await frame
        .locator('html')
        .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
      return inner.scroll <= inner.client && (await frameHeight(page)) === inner.client;
    })
    .toBe(true);
}

test('the built-in lesson plays to its outcome; the frame grows and shrinks; the site’s dark toggle switches it', async ({
  page,
}) => {
  const noise = await open(page, '/built-in');
  const frame = page.frameLocator('harness-playground iframe');
  const app = frame.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', 'stale-version', { timeout: 30_000 });
  await fits(page);
  const start = await frameHeight(page);

  await playToTheEdit(page);
  // The edit leaves the run paused for the class to read; Play goes on to the lesson's question, which
  // Reveal answers, and Play again to the end.
  await expect(app).toHaveAttribute('data-waiting', 'false');
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await frame.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: 30_000 });
  await frame.getByRole('button', { name: 'Reveal' }).click();
  await expect(app).toHaveAttribute('data-asking', 'false');
  await frame.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: 30_000 });
  await expect.poll(() => frameHeight(page)).toBeGreaterThan(start + 200);
  await fits(page);
  const done = await frameHeight(page);
  // The whole transcript is in the page's text, the last entry too, without scrolling to it.
  await expect(frame.locator('article[data-error-code="FS_STALE_VERSION"]').first()).toBeAttached();

  await frame.getByRole('button', { name: 'Reset' }).first().click();
  await expect.poll(() => frameHeight(page)).toBeLessThan(done - 200);
  await fits(page);

  // The site's own appearance switch: the embed follows it, both ways.
  const html = frame.locator('html');
  const toggle = page.getByRole('switch', { name: /(dark|light) theme/i }).first();
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  // The site's colours come in through --hp-bg (set to VitePress's --vp-c-bg in the site's CSS).
  const siteBg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const frameBg = () => frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
  await expect.poll(frameBg).toBe(await siteBg());
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', dark ? 'light' : 'dark');
  await expect.poll(frameBg).toBe(await siteBg());
  await toggle.click();
  await expect(html).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
  await expect.poll(frameBg).toBe(await siteBg());
  expect(noise).toEqual([]);
});

test('the lesson file beside its page is read by the page (no CORS) and plays to its outcome', async ({
  page,
}) => {
  const noise = await open(page, '/my-lesson');
  const frame = page.frameLocator('harness-playground iframe');
  const app = frame.locator('#app');
  await expect(app).toHaveAttribute('data-scenario', lesson.id, { timeout: 30_000 });
  await expect(page.locator('harness-playground iframe')).toHaveAttribute(
    'title',
    `Harness Playground: ${lesson.title.en}`,
  );
  await playToTheEdit(page);
  // The edit leaves the run paused for the reader; Play goes on to the end.
  await expect(app).toHaveAttribute('data-run-state', 'paused');
  await frame.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: 30_000 });
  const codes = await frame
    .locator('article[data-error-code]')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.errorCode));
  expect(codes).toEqual(lesson.outcome!.errors);
  await fits(page);
  expect(noise).toEqual([]);
});

test('pages reached by the site’s own links, with no reload: each lesson’s element opens its frame, and leaving takes it away', async ({
  page,
}) => {
  const noise = await open(page, '/');
  await expect(page.locator('harness-playground')).toHaveCount(0);
  // A mark on the window survives only if the site changes pages without loading a new document.
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.locator('.vp-doc').getByRole('link', { name: 'A built-in lesson' }).click();
  await expect(page).toHaveURL(/\/built-in(\.html)?$/);
  const frame = page.frameLocator('harness-playground iframe');
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'stale-version', { timeout: 30_000 });
  await fits(page);

  await page.locator('.VPNav').getByRole('link', { name: 'My lesson' }).first().click();
  await expect(page).toHaveURL(/\/my-lesson(\.html)?$/);
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', lesson.id, { timeout: 30_000 });
  // One element, one frame: the built-in lesson's went with its page.
  expect(page.frames().filter((f) => f.url().includes('embed=1'))).toHaveLength(1);
  await page.goBack();
  await expect(page).toHaveURL(/\/built-in(\.html)?$/);
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'stale-version', { timeout: 30_000 });
  expect(page.frames().filter((f) => f.url().includes('embed=1'))).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(noise).toEqual([]);
});
