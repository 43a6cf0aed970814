// The embed kit (dist/embed.js) on a tutorial page of another origin, against a stand-in playground
// (tests/browser/pages/kit-app.ts) that speaks the app's side of the protocol when the test says so:
// the frame's address, commands queued until ready and sent only to the kit's own frame, reports heard
// only from it, auto height, scenario objects and addresses, click-to-load, the element, and misuse.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Frame, type Page } from '@playwright/test';
import type { EmbedOptions } from '../../src/kit/options';
import { COMMAND } from '../../src/kit/protocol';
import { parseScenarioFile, scenarioById, scenarioJsonSchema, scenarios } from '../../src/model';
import { BASE_URL, HOST_ORIGIN, ORIGIN } from './env';
import type { HeardByApp } from './pages/kit-app';
import type { HeardByHost } from './pages/kit-host';

const KIT = `${BASE_URL}embed.js`;
const STAND_IN = `${ORIGIN}/test-pages/kit-app.html`;
/** The stand-in's address for embed `name`; it says ready at once when `ready`. */
const standIn = (name: string, ready = false) => `${STAND_IN}?name=${name}${ready ? '&stand-in=ready' : ''}`;

type Embeds = Record<
  string,
  Record<string, (...args: unknown[]) => unknown> & { frame: HTMLIFrameElement | null }
>;

/** Opens the host page on the other origin, with the kit loaded from the app's origin. */
async function host(page: Page, query = ''): Promise<void> {
  await page.goto(`${HOST_ORIGIN}/test-pages/kit-host.html?kit=${encodeURIComponent(KIT)}${query}`);
  await page.evaluate(() => window.__kitHost!.loaded);
}

/** Embeds `options` in `target` as embed `name`, keeping every report it hears. */
async function embed(page: Page, name: string, target: string, options: EmbedOptions): Promise<void> {
  await page.evaluate(
    ({ name, target, options }) => {
      const controller = window.HarnessPlayground!.embed(target, options);
      const w = window as unknown as { __embeds?: Record<string, unknown> };
      (w.__embeds ??= {})[name] = controller;
      const heard: HeardByHost[] = (window.__kitHost!.heard[name] = []);
      for (const kind of ['ready', 'state', 'event', 'resize', 'error'] as const)
        controller.on(kind, (payload: unknown) => heard.push({ kind, payload }));
    },
    { name, target, options },
  );
}

/** Calls `method` of embed `name`'s controller in the page. */
const call = (page: Page, name: string, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([n, m, a]) => {
      const embeds = (window as unknown as { __embeds: Embeds }).__embeds;
      embeds[n as string]![m as string]!(...(a as unknown[]));
    },
    [name, method, args] as const,
  );

const frameSrc = (page: Page, name: string) =>
  page.evaluate((n) => (window as unknown as { __embeds: Embeds }).__embeds[n]!.frame?.src ?? null, name);

/** The stand-in playground of embed `name`, once its frame has loaded. */
async function appOf(page: Page, name: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(async () => {
      found = page.frames().find((f) => f.url().includes(`name=${name}`));
      return found ? found.evaluate(() => Boolean(window.__app)).catch(() => false) : false;
    })
    .toBe(true);
  return found!;
}

const heardByApp = (app: Frame) => app.evaluate(() => window.__app!.heard) as Promise<HeardByApp[]>;
const commandsOf = async (app: Frame) =>
  (await heardByApp(app)).map((m) => m.data as { type: string; command: string; [k: string]: unknown });
const heardByHost = (page: Page, name: string) =>
  page.evaluate((n) => window.__kitHost!.heard[n] ?? [], name) as Promise<HeardByHost[]>;

test.describe.configure({ timeout: 60_000 });

const myLesson = JSON.parse(
  readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const embedWithErrors = (page: Page, name: string, target: string, options: EmbedOptions) =>
  embed(page, name, target, options);
const errorsOf = async (page: Page, name: string) =>
  (await heardByHost(page, name)).filter((h) => h.kind === 'error').map((h) => h.payload);

test('the frame’s address carries the scenario and the settings, on the playground the kit names', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', {
    scenario: 'stale-version',
    lang: 'zh',
    speed: 'fast',
    autoplay: true,
    present: true,
    app: standIn('a'),
  });
  const src = new URL((await frameSrc(page, 'a'))!);
  expect(`${src.origin}${src.pathname}`).toBe(STAND_IN);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    name: 'a',
    embed: '1',
    scenario: 'stale-version',
    lang: 'zh',
    speed: 'fast',
    autoplay: '1',
    present: '1',
  });
  const app = await appOf(page, 'a');
  expect(await app.evaluate(() => window.__app!.params)).toMatchObject({
    scenario: 'stale-version',
    embed: '1',
  });
});

test('without `app`, the playground is the folder embed.js came from, and the page’s language is used', async ({
  page,
}) => {
  await host(page, '&page-lang=zh-CN');
  await embed(page, 'a', '#a', { scenario: 'happy-path' });
  expect(await frameSrc(page, 'a')).toBe(`${BASE_URL}?embed=1&scenario=happy-path&lang=zh`);
  // The real playground reports its state, which makes the kit ready.
  await expect
    .poll(async () => (await heardByHost(page, 'a')).find((h) => h.kind === 'state')?.payload)
    .toMatchObject({ scenario: 'happy-path', position: 0 });
});

test('a scenario address the page cannot read is resolved against the page and sent as scenario-url', async ({
  page,
}) => {
  await host(page);
  // Another origin that does not allow the read: the kit cannot fetch it, so the frame is to.
  await page.route('**/lessons/one.json', (route) => route.abort());
  await embed(page, 'a', '#a', { scenario: 'lessons/one.json', app: standIn('a') });
  // The frame comes once the page's own read has failed.
  await expect.poll(() => frameSrc(page, 'a')).not.toBeNull();
  const src = new URL((await frameSrc(page, 'a'))!);
  expect(src.searchParams.get('scenario-url')).toBe(`${HOST_ORIGIN}/test-pages/lessons/one.json`);
  expect(src.searchParams.has('scenario')).toBe(false);
});

test('commands sent before ready wait, then go in order to the playground’s origin, from the page', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', { scenario: 'stale-version', app: standIn('a') });
  const app = await appOf(page, 'a');
  await call(page, 'a', 'step');
  await call(page, 'a', 'external');
  await call(page, 'a', 'back');
  await call(page, 'a', 'setSpeed', 'instant');
  await call(page, 'a', 'setLang', 'zh');
  await page.waitForTimeout(200);
  expect(await heardByApp(app)).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __embeds: Embeds }).__embeds.a!.ready)).toBe(
    false,
  );

  await app.evaluate(() => window.__app!.ready());
  await expect.poll(() => commandsOf(app)).toHaveLength(5);
  expect(await commandsOf(app)).toEqual([
    { type: COMMAND, command: 'step' },
    { type: COMMAND, command: 'external' },
    { type: COMMAND, command: 'back' },
    { type: COMMAND, command: 'speed', speed: 'instant' },
    { type: COMMAND, command: 'lang', lang: 'zh' },
  ]);
  for (const m of await heardByApp(app)) expect(m).toMatchObject({ fromParent: true, origin: HOST_ORIGIN });
  expect((await heardByHost(page, 'a')).map((h) => h.kind)).toEqual(['ready']);

  // Once ready, a command goes at once.
  for (const method of ['play', 'pause', 'reset']) await call(page, 'a', method);
  await expect
    .poll(async () => (await commandsOf(app)).slice(5).map((c) => c.command))
    .toEqual(['play', 'pause', 'reset']);
});

test('reports reach the listeners with their payloads, only from the kit’s own frame', async ({ page }) => {
  await host(page);
  await embed(page, 'a', '#a', { app: standIn('a', true) });
  await embed(page, 'b', '#b', { app: standIn('b', true) });
  const a = await appOf(page, 'a');
  // Both ready before anything is sent, so that what b hears after is only what reached it by mistake.
  for (const name of ['a', 'b'])
    await expect.poll(async () => (await heardByHost(page, name)).map((h) => h.kind)).toEqual(['ready']);

  const state = {
    runState: 'paused' as const,
    scenario: 'stale-version',
    position: 2,
    done: false,
    waiting: true,
    asking: false,
    policy: 'dsh-ledger',
  };
  // Forgeries: from the host page itself, from a sibling frame, and junk from the kit's own frame.
  await page.evaluate((s) => window.postMessage({ type: 'harness-playground:state', state: s }, '*'), state);
  await page.evaluate(
    (s) => window.__kitHost!.fromSibling({ type: 'harness-playground:state', state: s }),
    state,
  );
  for (const junk of [
    null,
    'harness-playground:state',
    { type: 'other:state', state },
    { type: 'harness-playground:state', state: 5 },
  ])
    await a.evaluate((j) => window.__app!.post(j), junk);
  await a.evaluate((s) => window.__app!.state(s), state);
  await a.evaluate(() => window.__app!.event({ type: 'session/start', seq: 0 }));

  await expect.poll(async () => (await heardByHost(page, 'a')).length).toBe(3);
  expect(await heardByHost(page, 'a')).toEqual([
    { kind: 'ready', payload: { type: 'harness-playground:ready' } },
    { kind: 'state', payload: state },
    { kind: 'event', payload: { type: 'session/start', seq: 0 } },
  ]);
  expect(
    await page.evaluate(
      () => (window as unknown as { __embeds: Record<string, { state: unknown }> }).__embeds.a!.state,
    ),
  ).toEqual(state);
  // The other embed on the page heard none of it.
  expect((await heardByHost(page, 'b')).map((h) => h.kind)).toEqual(['ready']);
});

test('auto height follows the resize reports, within bounds; a fixed height does not', async ({ page }) => {
  await host(page);
  await embed(page, 'a', '#a', { app: standIn('a', true), height: 'auto' });
  await embed(page, 'b', '#b', { app: standIn('b', true), height: 300 });
  const [a, b] = [await appOf(page, 'a'), await appOf(page, 'b')];
  const height = (name: string) =>
    page.evaluate(
      (n) => (window as unknown as { __embeds: Embeds }).__embeds[n]!.frame!.getBoundingClientRect().height,
      name,
    );

  await a.evaluate(() => window.__app!.resize(912));
  await expect.poll(() => height('a')).toBe(912);
  for (const bad of [-5, 0, Number.NaN, '700', null])
    await a.evaluate((h) => window.__app!.post({ type: 'harness-playground:resize', height: h }), bad);
  await a.evaluate(() => window.__app!.resize(1e9));
  await expect.poll(() => height('a')).toBe(50_000);
  await a.evaluate(() => window.__app!.resize(20));
  await expect.poll(() => height('a')).toBe(80);

  await b.evaluate(() => window.__app!.resize(900));
  await expect.poll(async () => (await heardByHost(page, 'b')).some((h) => h.kind === 'resize')).toBe(true);
  expect(await height('b')).toBe(300);
});

test('a scenario object is loaded by command once ready, before play; the address names no scenario', async ({
  page,
}) => {
  await host(page);
  const lesson = {
    format: 'harness-playground/scenario',
    version: 1,
    id: 'my-lesson',
    title: 'Mine',
    teaches: 'x',
    files: {},
    steps: [],
  };
  await embed(page, 'a', '#a', { scenario: lesson, autoplay: true, app: standIn('a') });
  const src = new URL((await frameSrc(page, 'a'))!);
  // The frame holds (shows and plays nothing) until the object arrives; autoplay=1 then lets its script
  // make its own external edits.
  expect([...src.searchParams.keys()].sort()).toEqual(['autoplay', 'embed', 'hold', 'lang', 'name']);
  const app = await appOf(page, 'a');
  await call(page, 'a', 'step');
  await app.evaluate(() => window.__app!.ready());
  await expect
    .poll(() => commandsOf(app))
    .toEqual([
      { type: COMMAND, command: 'load', scenario: lesson },
      { type: COMMAND, command: 'play' },
      { type: COMMAND, command: 'step' },
    ]);
});

test('load: an id or an object by command; an address opens a fresh frame and drops what was queued', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', { app: standIn('a', true) });
  const app = await appOf(page, 'a');
  await expect.poll(async () => (await heardByHost(page, 'a')).length).toBe(1);
  await call(page, 'a', 'load', 'card-tour');
  await expect
    .poll(() => commandsOf(app))
    .toEqual([{ type: COMMAND, command: 'load', scenario: 'card-tour' }]);

  // A file the page can read is read by the kit and sent whole.
  await call(page, 'a', 'load', `${HOST_ORIGIN}/examples/tutorial/my-lesson.json`);
  await expect
    .poll(async () => (await commandsOf(app))[1])
    .toEqual({ type: COMMAND, command: 'load', scenario: myLesson });

  const before = await page.evaluate(() => history.length);
  await page.route('**/elsewhere/lesson.json', (route) => route.abort());
  await call(page, 'a', 'load', `${HOST_ORIGIN}/elsewhere/lesson.json`);
  await expect.poll(() => frameSrc(page, 'a')).toContain('scenario-url=');
  const src = new URL((await frameSrc(page, 'a'))!);
  expect(src.searchParams.get('scenario-url')).toBe(`${HOST_ORIGIN}/elsewhere/lesson.json`);
  expect(await page.evaluate(() => document.querySelectorAll('.harness-playground').length)).toBe(1);
  expect(await page.evaluate(() => history.length)).toBe(before);
  await expect
    .poll(async () => (await heardByHost(page, 'a')).filter((h) => h.kind === 'ready').length)
    .toBe(2);
});

test('click to load: a light card with the built-in scenario’s title and lesson; the frame only after Play', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await host(page);
  await embed(page, 'a', '#a', { scenario: 'stale-version', clickToLoad: true });
  const s = scenarioById('stale-version')!;
  const card = page.locator('#a [data-placeholder]');
  await expect(card.locator('.title')).toHaveText(s.title.en);
  await expect(card.locator('.lesson')).toHaveText(s.teaches.en);
  await expect(card).toHaveAttribute('aria-label', `Harness Playground: ${s.title.en}`);
  expect(await frameSrc(page, 'a')).toBeNull();
  expect(
    requested.filter((u) => u.startsWith(BASE_URL) && !u.endsWith('.json') && !u.endsWith('embed.js')),
  ).toEqual([]);
  expect((await new AxeBuilder({ page }).include('#a').analyze()).violations).toEqual([]);

  await card.getByRole('button', { name: 'Play' }).click();
  await expect(card).toHaveCount(0);
  expect(await frameSrc(page, 'a')).toBe(`${BASE_URL}?embed=1&scenario=stale-version&lang=en`);
  await expect(page.locator('#a iframe')).toHaveAttribute('title', `Harness Playground: ${s.title.en}`);
  // The real playground plays once it listens.
  await expect
    .poll(
      async () =>
        (await heardByHost(page, 'a')).some(
          (h) => h.kind === 'state' && (h.payload as { runState: string }).runState !== 'idle',
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
});

test('click to load: the card of a scenario object speaks the page’s language; Play loads, then plays', async ({
  page,
}) => {
  await host(page, '&page-lang=zh');
  const lesson = {
    format: 'harness-playground/scenario',
    version: 1,
    title: { en: 'Mine', zh: '我的课' },
    teaches: { en: 'A lesson', zh: '一课' },
  };
  await embed(page, 'a', '#a', { scenario: lesson, clickToLoad: true, app: standIn('a') });
  const card = page.locator('#a [data-placeholder]');
  await expect(card.locator('.title')).toHaveText('我的课');
  await expect(card.locator('.lesson')).toHaveText('一课');
  await card.getByRole('button', { name: '播放' }).click();
  const app = await appOf(page, 'a');
  await app.evaluate(() => window.__app!.ready());
  await expect
    .poll(() => commandsOf(app))
    .toEqual([
      { type: COMMAND, command: 'load', scenario: lesson },
      { type: COMMAND, command: 'play' },
    ]);
});

const unknownMessage = `"no-such-lesson" is not a built-in scenario; the built-in ids are ${scenarios
  .map((s) => s.id)
  .sort()
  .join(', ')}`;

test('README “Embed it in your site”: an unknown built-in id is SCENARIO_UNKNOWN on the card, in the console and to on(error), listing the ids', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
  await host(page);
  await embedWithErrors(page, 'a', '#a', {
    scenario: 'no-such-lesson',
    clickToLoad: true,
    app: standIn('a'),
  });
  const card = page.locator('#a [data-placeholder]');
  await expect(card).toHaveAttribute('data-code', 'SCENARIO_UNKNOWN');
  const alert = card.getByRole('alert');
  await alert.scrollIntoViewIfNeeded();
  await expect(alert).toContainText(`SCENARIO_UNKNOWN ${unknownMessage}`);
  await expect(alert).toContainText('Use one of the built-in ids the message lists.');
  await expect(card.getByRole('button', { name: 'Play' })).toHaveCount(0);
  expect((await new AxeBuilder({ page }).include('#a').analyze()).violations).toEqual([]);
  await expect
    .poll(() => errorsOf(page, 'a'))
    .toEqual([{ code: 'SCENARIO_UNKNOWN', message: unknownMessage }]);
  expect(consoleErrors).toHaveLength(1);
  expect(consoleErrors[0]).toMatch(
    /^SCENARIO_UNKNOWN: "no-such-lesson" is not a built-in scenario; the built-in ids are ambiguous-edit, .*truncation\. Use one of/,
  );
  // Nothing is played instead: no frame comes, whatever the page asks.
  await call(page, 'a', 'step');
  await call(page, 'a', 'play');
  expect(await frameSrc(page, 'a')).toBeNull();
});

test('README “Embed it in your site”: a file the page reads is handed to the frame whole; a 404 or a bad file is an error, never another lesson', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', { scenario: '../examples/tutorial/my-lesson.json', app: standIn('a', true) });
  const app = await appOf(page, 'a');
  const src = new URL((await frameSrc(page, 'a'))!);
  expect(src.searchParams.has('scenario-url')).toBe(false);
  expect(src.searchParams.get('hold')).toBe('1');
  await expect.poll(() => commandsOf(app)).toEqual([{ type: COMMAND, command: 'load', scenario: myLesson }]);

  await embedWithErrors(page, 'b', '#b', { scenario: 'lessons/missing.json', app: standIn('b') });
  const card = page.locator('#b [data-placeholder]');
  await expect(card).toHaveAttribute('data-code', 'SCENARIO_FETCH_FAILED');
  await expect(card.getByRole('alert')).toContainText(
    `SCENARIO_FETCH_FAILED the server answered HTTP 404 for ${HOST_ORIGIN}/test-pages/lessons/missing.json`,
  );
  expect(await frameSrc(page, 'b')).toBeNull();
  await page.route('**/lessons/old.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...myLesson, version: 9 }) }),
  );
  await call(page, 'b', 'load', 'lessons/old.json');
  await expect(card).toHaveAttribute('data-code', 'SCENARIO_WRONG_VERSION');
  await expect
    .poll(async () => (await errorsOf(page, 'b')).map((e) => (e as { code: string }).code))
    .toEqual(['SCENARIO_FETCH_FAILED', 'SCENARIO_WRONG_VERSION']);
});

test('README “Embed it in your site”: an error the playground reports reaches the console, code first, and on(error)', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
  await host(page);
  await embed(page, 'a', '#a', { scenario: 'stale-version', app: standIn('a', true) });
  const app = await appOf(page, 'a');
  await app.evaluate(() =>
    window.__app!.post({
      type: 'harness-playground:error',
      code: 'SCENARIO_INVALID',
      message: 'steps[0]: bad',
    }),
  );
  await expect
    .poll(() => errorsOf(page, 'a'))
    .toEqual([{ code: 'SCENARIO_INVALID', message: 'steps[0]: bad' }]);
  expect(consoleErrors).toEqual([
    expect.stringMatching(/^SCENARIO_INVALID: steps\[0\]: bad\. Fix the file at the place named/),
  ]);
});

test('README “Embed it in your site”: a built-in’s card has its title and lesson from embed.js, with no request for its file', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => void (r.url().includes('/scenarios/') && asked.push(r.url())));
  await host(page, '&page-lang=zh');
  await embed(page, 'a', '#a', { scenario: 'stale-version', clickToLoad: true, app: standIn('a') });
  const s = scenarioById('stale-version')!;
  const card = page.locator('#a [data-placeholder]');
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.title')).toHaveText(s.title.zh);
  await expect(card.locator('.lesson')).toHaveText(s.teaches.zh);
  expect(asked).toEqual([]);
});

test('README “Embed it in your site”: max-height caps an auto height; past it the frame scrolls inside', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', { maxHeight: 400, app: standIn('a', true) });
  const a = await appOf(page, 'a');
  const height = () =>
    page.locator('#a iframe').evaluate((f) => Math.round(f.getBoundingClientRect().height));
  await a.evaluate(() => window.__app!.resize(300));
  await expect.poll(height).toBe(300);
  await a.evaluate(() => window.__app!.resize(1200));
  await expect.poll(height).toBe(400);
  await a.evaluate(() => window.__app!.resize(250));
  await expect.poll(height).toBe(250);
  await page.evaluate(
    (app) => {
      document.querySelector('#b')!.innerHTML =
        `<harness-playground max-height="20rem" app="${app}"></harness-playground>`;
    },
    standIn('b', true),
  );
  await expect(page.locator('#b iframe')).toHaveCSS('max-height', '320px');
});

test('README “Embed it in your site”: theme auto follows the page’s own toggle, live; an option or attribute holds; --hp-* go in', async ({
  page,
}) => {
  await host(page);
  await page.evaluate(() => {
    document.documentElement.classList.add('dark');
    document.querySelector<HTMLElement>('#a')!.style.cssText = '--hp-bg: #101010; --hp-font: Georgia, serif';
  });
  await embed(page, 'a', '#a', { app: standIn('a', true) });
  expect(new URL((await frameSrc(page, 'a'))!).searchParams.get('theme')).toBe('dark');
  const app = await appOf(page, 'a');
  const themes = async () =>
    (await commandsOf(app)).filter((c) => c.command === 'theme').map((c) => [c.theme, c.style]);
  // The look goes in at once; the theme is in the address already.
  await expect.poll(themes).toEqual([['dark', { bg: '#101010', font: 'Georgia, serif' }]]);

  // VitePress: the `dark` class comes and goes.
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(async () => (await themes()).at(-1)?.[0]).toBe('auto');
  // Starlight and Docusaurus: data-theme on <html>.
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expect.poll(async () => (await themes()).at(-1)?.[0]).toBe('dark');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await expect.poll(async () => (await themes()).at(-1)?.[0]).toBe('light');

  // A theme given holds, whatever the page does; setTheme changes it.
  await page.evaluate(
    (app) => {
      document.querySelector('#b')!.innerHTML =
        `<harness-playground theme="dark" app="${app}"></harness-playground>`;
    },
    standIn('b', true),
  );
  await expect(page.locator('#b iframe')).toHaveAttribute('src', /[?&]theme=dark(&|$)/);
  const b = await appOf(page, 'b');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await page.evaluate(() => document.querySelector('#b harness-playground')!.setAttribute('theme', 'light'));
  await expect
    .poll(async () => (await commandsOf(b)).filter((c) => c.command === 'theme').map((c) => c.theme))
    .toEqual(['light']);
});

test('README “Embed it in your site”: autoplay plays your own file to the end, through its scripted edit, as it does a built-in', async ({
  page,
}) => {
  await host(page);
  await page.route('**/lessons/mine.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(myLesson) }),
  );
  await embed(page, 'a', '#a', { scenario: 'lessons/mine.json', autoplay: true, speed: 'instant' });
  await embed(page, 'b', '#b', { scenario: 'stale-version', autoplay: true, speed: 'instant' });
  const stateOf = async (name: string) =>
    (await heardByHost(page, name)).filter((h) => h.kind === 'state').at(-1)?.payload;
  for (const [name, scenario] of [
    ['a', 'my-lesson'],
    ['b', 'stale-version'],
  ])
    await expect
      .poll(() => stateOf(name!), { timeout: 30_000 })
      .toMatchObject({ scenario, runState: 'done', done: true, waiting: false });
  // The colleague's edit was the scenario's own, and the page heard only its own lesson.
  const edit = page.frameLocator('#a iframe').locator('[data-entry="external"][data-who="scenario"]');
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toContainText('/todo.md');
  const scenarios = (await heardByHost(page, 'a'))
    .filter((h) => h.kind === 'state')
    .map((h) => (h.payload as { scenario: string }).scenario);
  expect(new Set(scenarios)).toEqual(new Set(['my-lesson']));
});

test('README “Embed it in your site”: an author’s file wrong in several ways stands in the frame as SCENARIO_INVALID, in plain words, whole and readable', async ({
  page,
}) => {
  await host(page);
  const broken = {
    format: 'harness-playground/scenario',
    version: 1,
    id: 'My Lesson',
    title: 'A broken lesson',
    teaches: 'Several things are wrong here.',
    files: { '/a.txt': 5 },
    steps: [{ call: 'reed', args: { path: '/a.txt' } }, { say: 12 }],
  };
  await page.route('**/lessons/broken.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify(broken) }),
  );
  await embed(page, 'a', '#a', { scenario: 'lessons/broken.json' });
  const frame = page.frameLocator('#a iframe');
  const panel = frame.locator('[data-embed-error]');
  await expect(panel).toHaveAttribute('data-code', 'SCENARIO_INVALID', { timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  // The first thing wrong, named by its place and said in words, not as the pattern that checks it.
  const words = 'id: not an id: lowercase letters, digits and dashes, from a letter (like my-lesson)';
  await expect(panel).toContainText(`SCENARIO_INVALID ${words}`);
  await expect(panel).toContainText('Fix the file at the place named');
  await expect.poll(() => errorsOf(page, 'a')).toEqual([{ code: 'SCENARIO_INVALID', message: words }]);
  // Text of a readable size, in a frame as tall as the panel, with nothing cut off inside it.
  const size = await panel.evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
  expect(size).toBeGreaterThanOrEqual(14);
  await expect
    .poll(async () => {
      const inner = await frame
        .locator('html')
        .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
      const outer = await page
        .locator('#a iframe')
        .evaluate((f) => Math.round(f.getBoundingClientRect().height));
      return inner.scroll <= inner.client && outer === inner.client && outer > 100;
    })
    .toBe(true);
});

test('README “Embed it in your site”: a file only the playground can reach is fetched by it; its refusal stands in the frame, never another lesson', async ({
  page,
}) => {
  const consoleErrors: string[] = [];
  page.on(
    'console',
    (m) => void (m.type() === 'error' && m.text().startsWith('SCENARIO') && consoleErrors.push(m.text())),
  );
  await host(page);
  // On the playground's origin, sent without CORS: the page cannot read it, the playground can (it is HTML).
  const file = `${BASE_URL}index.html`;
  await embed(page, 'a', '#a', { scenario: file });
  await expect.poll(() => frameSrc(page, 'a')).toContain('scenario-url=');
  const frame = page.frameLocator('#a iframe');
  const panel = frame.locator('[data-embed-error]');
  await expect(panel).toHaveAttribute('data-code', 'SCENARIO_INVALID', { timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel).toContainText('This lesson cannot be opened');
  await expect(panel).toContainText('SCENARIO_INVALID');
  await expect(frame.locator('#app')).toBeHidden();
  await expect.poll(async () => (await errorsOf(page, 'a')).length).toBe(1);
  expect(consoleErrors).toEqual([expect.stringMatching(/^SCENARIO_INVALID: /)]);
  // Play from the page plays nothing.
  await call(page, 'a', 'play');
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'idle');
  expect((await heardByHost(page, 'a')).filter((h) => h.kind === 'state' || h.kind === 'event')).toEqual([]);
});

test('README “Embed it in your site”: past max-height the playground scrolls inside and follows the newest entry', async ({
  page,
}) => {
  await host(page);
  await embed(page, 'a', '#a', { scenario: 'stale-version', speed: 'instant', maxHeight: 360 });
  const frame = page.frameLocator('#a iframe');
  await expect(frame.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await call(page, 'a', 'play');
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: 30_000 });
  await call(page, 'a', 'external');
  // The edit leaves the run paused; Play goes on to the lesson's question, revealed, then to the end.
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'false', { timeout: 30_000 });
  await call(page, 'a', 'play');
  await expect(frame.locator('#app')).toHaveAttribute('data-asking', 'true', { timeout: 30_000 });
  await call(page, 'a', 'reveal');
  await expect(frame.locator('#app')).toHaveAttribute('data-asking', 'false', { timeout: 30_000 });
  await call(page, 'a', 'play');
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: 30_000 });
  const box = () => page.locator('#a iframe').evaluate((f) => Math.round(f.getBoundingClientRect().height));
  await expect.poll(box).toBe(360);
  // The content is taller than the frame, and the newest entry is the one in view.
  await expect
    .poll(() =>
      frame.locator('html').evaluate((html) => {
        const entries = [...document.querySelectorAll('.transcript-list > *')];
        const last = entries.at(-1)!.getBoundingClientRect();
        return (
          html.scrollHeight > html.clientHeight && last.bottom <= html.clientHeight + 1 && last.bottom > 0
        );
      }),
    )
    .toBe(true);
  // Every entry is drawn, in view or not, so the height and the text are whole.
  const drawn = await frame
    .locator('.transcript-list > *')
    .evaluateAll((entries) => entries.map((e) => getComputedStyle(e).contentVisibility));
  expect(drawn.length).toBeGreaterThan(3);
  expect(new Set(drawn)).toEqual(new Set(['visible']));
});

test('the element embeds by its attributes, fires its reports as events and follows attribute changes', async ({
  page,
}) => {
  await host(page);
  await page.evaluate((app) => {
    const el = document.createElement('harness-playground');
    el.id = 'el';
    for (const [k, v] of Object.entries({
      scenario: 'stale-version',
      lang: 'zh',
      speed: 'slow',
      autoplay: '',
      height: '420',
      app,
    }))
      el.setAttribute(k, v);
    const got: unknown[] = ((window as unknown as { __events: unknown[] }).__events = []);
    for (const type of ['playground-ready', 'playground-state'])
      el.addEventListener(type, (e) => got.push([type, (e as CustomEvent).detail]));
    document.querySelector('main')!.append(el);
  }, standIn('el'));
  const frame = page.locator('#el iframe');
  const src = new URL((await frame.getAttribute('src'))!);
  expect(Object.fromEntries(src.searchParams)).toMatchObject({
    scenario: 'stale-version',
    lang: 'zh',
    speed: 'slow',
    autoplay: '1',
  });
  expect(await frame.evaluate((f) => f.getBoundingClientRect().height)).toBe(420);

  const app = await appOf(page, 'el');
  await app.evaluate(() => window.__app!.ready());
  await app.evaluate(() => window.__app!.state({ position: 1 }));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __events: unknown[] }).__events.length))
    .toBe(2);
  expect(
    (await page.evaluate(() => (window as unknown as { __events: [string, unknown][] }).__events))[1],
  ).toEqual(['playground-state', expect.objectContaining({ position: 1, scenario: 'stale-version' })]);

  await page.evaluate(() => {
    const el = document.querySelector('#el')!;
    el.setAttribute('scenario', 'card-tour');
    el.setAttribute('lang', 'en');
    (el as unknown as { step(): void }).step();
  });
  await expect
    .poll(() => commandsOf(app))
    .toEqual([
      { type: COMMAND, command: 'load', scenario: 'card-tour' },
      { type: COMMAND, command: 'lang', lang: 'en' },
      { type: COMMAND, command: 'step' },
    ]);

  // Taken out of the page, the element takes its frame with it.
  await page.evaluate(() => document.querySelector('#el')!.remove());
  expect(page.frames().some((f) => f.url().includes('name=el'))).toBe(false);
});

test('the element reads scenario-url against the page', async ({ page }) => {
  await host(page);
  await page.route('**/examples/x.json', (route) => route.abort());
  await page.evaluate((app) => {
    document.querySelector('#a')!.innerHTML =
      `<harness-playground scenario-url="../examples/x.json" app="${app}"></harness-playground>`;
  }, standIn('x'));
  const src = new URL((await page.locator('#a iframe').getAttribute('src'))!);
  expect(src.searchParams.get('scenario-url')).toBe(`${HOST_ORIGIN}/examples/x.json`);
});

test('destroy removes the embed; later reports and commands go nowhere', async ({ page }) => {
  await host(page);
  await embed(page, 'a', '#a', { app: standIn('a', true) });
  await appOf(page, 'a');
  await expect.poll(async () => (await heardByHost(page, 'a')).length).toBe(1);
  await call(page, 'a', 'destroy');
  expect(await page.locator('#a').evaluate((el) => el.childElementCount)).toBe(0);
  await call(page, 'a', 'step');
  await call(page, 'a', 'destroy');
  expect(await heardByHost(page, 'a')).toHaveLength(1);
});

test('misuse throws a TypeError or RangeError that names the option', async ({ page }) => {
  await host(page);
  const thrown = (code: string) =>
    page.evaluate((c) => {
      try {
        new Function(c)();
        return 'no error';
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    }, code);
  const embedCall = (args: string) => thrown(`HarnessPlayground.embed(${args})`);
  expect(await embedCall(`'#nowhere', {}`)).toBe('TypeError: HarnessPlayground.embed: no element "#nowhere"');
  expect(await embedCall(`'#a', { lang: 'fr' }`)).toMatch(/^TypeError: .*lang "fr" is not one of en, zh/);
  expect(await embedCall(`'#a', { speed: 'warp' }`)).toMatch(/^TypeError: .*speed "warp"/);
  expect(await embedCall(`'#a', { height: -1 }`)).toMatch(/^TypeError: .*height -1/);
  expect(await embedCall(`'#a', { scenario: 42 }`)).toMatch(/^TypeError: .*scenario must be/);
  expect(await page.locator('#a').evaluate((el) => el.childElementCount)).toBe(0);
  await embed(page, 'a', '#a', { app: standIn('a') });
  expect(await thrown(`window.__embeds.a.setSpeed('warp')`)).toMatch(/^RangeError: Unknown speed "warp"/);
  expect(await thrown(`window.__embeds.a.on('click', () => {})`)).toMatch(
    /^RangeError: Unknown report "click"/,
  );
  expect(await thrown(`window.__embeds.a.setTheme('sepia')`)).toMatch(/^RangeError: Unknown theme "sepia"/);
});

test('the site serves the scenario format’s JSON Schema and every built-in scenario file to copy', async ({
  request,
}) => {
  expect(await (await request.get(`${BASE_URL}scenario.schema.json`)).json()).toEqual(scenarioJsonSchema());
  for (const scenario of scenarios) {
    const response = await request.get(`${BASE_URL}scenarios/${scenario.id}.json`);
    expect(response.ok(), scenario.id).toBe(true);
    const text = await response.text();
    expect((JSON.parse(text) as { $schema: string }).$schema).toBe('../scenario.schema.json');
    expect(parseScenarioFile(text).value).toEqual(scenario);
  }
});
