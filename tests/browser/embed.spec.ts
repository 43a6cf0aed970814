// The embed API, driven from a tutorial page on another origin (another host name and port): commands
// by postMessage from the parent, state and event reports back, and everything else ignored.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { HarnessEvent } from '../../src/harness';
import { scenarios } from '../../src/model';
import { BASE_URL, HOST_ORIGIN, ORIGIN } from './env';
import type { Heard } from './pages/embed-host';

const COMMAND = 'harness-playground:command';
/** The built-in ids, as an unknown id's message lists them. */
const ids = scenarios
  .map((s) => s.id)
  .sort()
  .join(', ');
type State = {
  runState: string;
  scenario: string;
  position: number;
  done: boolean;
  waiting: boolean;
  asking: boolean;
  policy: string | null;
};
type Message = Heard & { data: { type: string; state?: State; event?: unknown } };

const heard = (page: Page) => page.evaluate(() => window.__host!.heard) as Promise<Message[]>;
const states = async (page: Page) =>
  (await heard(page)).filter((m) => m.data.type === 'harness-playground:state').map((m) => m.data.state!);
const lastState = async (page: Page) => (await states(page)).at(-1);
const events = async (page: Page) =>
  (await heard(page)).filter((m) => m.data.type === 'harness-playground:event').map((m) => m.data.event);
const errorsHeard = async (page: Page) =>
  (await heard(page)).map((m) => m.data).filter((d) => d.type === 'harness-playground:error');
const send = (page: Page, data: unknown) => page.evaluate((d) => window.__host!.send(d), data);
const command = (page: Page, name: string, more: Record<string, unknown> = {}) =>
  send(page, { type: COMMAND, command: name, ...more });

/** Opens the host page on the other origin, embedding the app at `query`; waits for the first report. */
async function host(page: Page, query: string) {
  const app = `${BASE_URL}?${query}`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  await expect.poll(() => states(page), { timeout: 20_000 }).not.toEqual([]);
  return page.frameLocator('iframe[name="playground"]');
}

test.describe.configure({ timeout: 120_000 });

test('Play pauses at the scripted edit and the embed reports it: {runState: "paused", waiting: true}; after the edit it stays paused until play', async ({
  page,
}) => {
  const frame = await host(page, 'embed=1&scenario=stale-version&speed=instant');
  await command(page, 'play');
  await expect
    .poll(() => lastState(page), { timeout: 30_000 })
    .toMatchObject({ runState: 'paused', position: 3, waiting: true, done: false });
  await frame.locator('[data-action="external"]').click();
  await expect.poll(() => lastState(page)).toMatchObject({ runState: 'paused', position: 3, waiting: false });
  await expect(frame.locator('[data-entry="external"]')).toHaveCount(1);
  await command(page, 'play');
  // Play pauses at the lesson's question as at the edit; reveal, then play to the end.
  await expect
    .poll(() => lastState(page), { timeout: 60_000 })
    .toMatchObject({ runState: 'paused', asking: true, waiting: false });
  await command(page, 'reveal');
  await expect.poll(() => lastState(page)).toMatchObject({ runState: 'paused', asking: false });
  await command(page, 'play');
  await expect
    .poll(() => lastState(page), { timeout: 60_000 })
    .toMatchObject({ runState: 'done', done: true, waiting: false });
  // Never "playing" while the script waits for the edit.
  expect((await states(page)).filter((s) => s.waiting && s.runState === 'playing')).toEqual([]);
});

test('a host page on another origin drives the embed and hears its state and every event', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  const frame = await host(page, 'embed=1&scenario=stale-version&speed=instant');
  expect(await page.evaluate(() => location.origin)).toBe(HOST_ORIGIN);
  expect(new URL(HOST_ORIGIN).origin).not.toBe(ORIGIN);
  expect(new Set((await heard(page)).map((m) => m.origin))).toEqual(new Set([ORIGIN]));
  expect(await lastState(page)).toEqual({
    runState: 'idle',
    scenario: 'stale-version',
    position: 0,
    done: false,
    waiting: false,
    asking: false,
    policy: 'dsh-ledger',
  });

  // The compact view: the transcript, the run controls and the external-edit button; no other chrome.
  await expect(frame.locator('#app')).toHaveAttribute('data-embed', 'true');
  await expect(frame.locator('h1')).toHaveCount(0);
  await expect(frame.locator('.more-menu, [data-action="scenarios"], #lang, #theme')).toHaveCount(0);
  await expect(frame.locator('.side-wrap')).toBeHidden();
  for (const action of ['play', 'step', 'reset', 'external'])
    await expect(frame.locator(`[data-action="${action}"]`)).toBeVisible();
  await expect(frame.locator('.transcript-list')).toBeVisible();
  // An embed keeps its workspace in memory on purpose, so it does not warn about it.
  await expect(frame.locator('[data-banner="memory"]')).toHaveCount(0);

  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ runState: 'paused', position: 1 });
  await expect(frame.locator('article[data-card="read"]')).toBeVisible();
  await command(page, 'step');
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 3, waiting: true });
  // The script waits for the visitor's button: a step does nothing until then.
  await command(page, 'step');
  await frame.locator('[data-action="external"]').click();
  await expect.poll(() => lastState(page)).toMatchObject({ position: 3, waiting: false });

  // Play stops at the lesson's question (step 4) and reports it; "reveal" answers it, Play goes on.
  await command(page, 'play');
  await expect
    .poll(() => lastState(page), { timeout: 60_000 })
    .toMatchObject({ runState: 'paused', position: 4, asking: true });
  await expect(frame.locator('[data-ask-question]')).toBeVisible();
  await command(page, 'reveal');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 4, asking: false });
  await command(page, 'play');
  await expect
    .poll(() => lastState(page), { timeout: 60_000 })
    .toEqual({
      runState: 'done',
      scenario: 'stale-version',
      position: 6,
      done: true,
      waiting: false,
      asking: false,
      policy: 'dsh-ledger',
    });
  const logged = await events(page);
  for (const event of logged) HarnessEvent.parse(event);
  const seqs = logged.map((e) => (e as { seq: number }).seq);
  expect(seqs).toEqual(seqs.map((_, i) => i));
  const appEvents = await frame
    .locator('#app')
    .evaluate(
      () =>
        (window as unknown as { playground: { pg: { run: { session: { events: unknown[] } } } } }).playground
          .pg.run.session.events,
    );
  expect(logged).toEqual(appEvents);
  expect(logged).toContainEqual(expect.objectContaining({ type: 'external/edit', who: 'button' }));
  expect(logged).toContainEqual(
    expect.objectContaining({
      type: 'tool/result',
      error: expect.objectContaining({ code: 'FS_STALE_VERSION' }),
    }),
  );

  const before = logged.length;
  await command(page, 'reset');
  await expect.poll(() => lastState(page)).toMatchObject({ runState: 'idle', position: 0, done: false });
  await expect
    .poll(async () => (await events(page)).slice(before).map((e) => (e as { type: string }).type))
    .toEqual(['session/start']);
  await expect(frame.locator('article[data-card]')).toHaveCount(0);

  await command(page, 'load', { scenario: 'happy-path' });
  await expect.poll(() => lastState(page)).toMatchObject({ scenario: 'happy-path', position: 0 });
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'happy-path');
  await command(page, 'play');
  await command(page, 'pause');
  await expect.poll(async () => (await states(page)).some((s) => s.runState === 'playing')).toBe(true);
  expect(errors).toEqual([]);
});

test('the embed ignores malformed commands and commands from any window but its parent', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => errors.push(e.message));
  const frame = await host(page, 'embed=1&scenario=stale-version&speed=instant');
  const start = await heard(page);

  const junk: unknown[] = [
    null,
    42,
    'play',
    [COMMAND, 'play'],
    { type: COMMAND },
    { type: COMMAND, command: 'explode' },
    { type: COMMAND, command: 'PLAY' },
    { type: 'harness-playground:commands', command: 'play' },
    { type: COMMAND, command: 'load' },
    { type: COMMAND, command: 'load', scenario: '../../etc' },
    { type: COMMAND, command: 'load', scenario: 42 },
    { type: 'harness-playground:state', state: { runState: 'done' } },
  ];
  for (const data of junk) await send(page, data);
  // From a sibling frame of the host's own origin: well-formed, but not from the parent.
  await page.evaluate((c) => window.__host!.sendFromSibling({ type: c, command: 'step' }), COMMAND);
  await page.evaluate((c) => window.__host!.sendFromSibling({ type: c, command: 'play' }), COMMAND);

  // A good command after the junk is the first thing that changes anything.
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 1 });
  const after = (await heard(page)).slice(start.length);
  const reported = after.filter((m) => m.data.type === 'harness-playground:state').map((m) => m.data.state);
  expect(reported).toEqual([
    {
      runState: 'paused',
      scenario: 'stale-version',
      position: 1,
      done: false,
      waiting: false,
      asking: false,
      policy: 'dsh-ledger',
    },
  ]);
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'stale-version');
  await expect(frame.locator('article[data-card]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('README “Embed it in your site”: a load the embed cannot follow shows its coded error in place of the lesson and tells the host; nothing plays', async ({
  page,
}) => {
  const frame = await host(page, 'embed=1&scenario=stale-version&speed=instant');
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 1 });
  await send(page, { type: COMMAND, command: 'load', scenario: 'no-such-scenario' });
  const panel = frame.locator('[data-embed-error]');
  await expect(panel).toHaveAttribute('data-code', 'SCENARIO_UNKNOWN');
  await expect(panel).toContainText('This lesson cannot be opened');
  const message = `"no-such-scenario" is not a built-in scenario; the built-in ids are ${ids}`;
  await expect(panel).toContainText(`SCENARIO_UNKNOWN ${message}`);
  await expect(panel).toContainText('Use one of the built-in ids the message lists.');
  await expect(frame.locator('#app')).toBeHidden();
  await expect
    .poll(() => errorsHeard(page))
    .toEqual([
      {
        type: 'harness-playground:error',
        code: 'SCENARIO_UNKNOWN',
        message,
      },
    ]);
  // Play does nothing while the error stands; a good load brings the lesson back.
  await command(page, 'play');
  await send(page, { type: COMMAND, command: 'load', scenario: { format: 'harness-playground/scenario' } });
  await expect(panel).toHaveAttribute('data-code', 'SCENARIO_INVALID');
  await send(page, { type: COMMAND, command: 'load', scenario: 'card-tour' });
  await expect(frame.locator('[data-embed-error]')).toHaveCount(0);
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'card-tour');
  await expect(frame.locator('#app')).toBeVisible();
});

test('a page that is not framed posts nothing and listens to nobody', async ({ page }) => {
  await page.goto('./?embed=1&scenario=happy-path');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
  await page.evaluate((c) => window.postMessage({ type: c, command: 'step' }, '*'), COMMAND);
  await page.waitForTimeout(300);
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle');
});

test('README “Embed it in your site”: hold=1 shows and reports nothing until the host’s load; the theme command sets the theme and the host’s look', async ({
  page,
}) => {
  const app = `${BASE_URL}?embed=1&hold=1&theme=dark&speed=instant`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  await expect
    .poll(async () => (await heard(page)).some((m) => m.data.type === 'harness-playground:ready'), {
      timeout: 20_000,
    })
    .toBe(true);
  const frame = page.frameLocator('iframe[name="playground"]');
  const html = frame.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(frame.locator('#app')).toBeHidden();
  expect(await states(page)).toEqual([]);
  expect(await events(page)).toEqual([]);

  const lesson = JSON.parse(
    readFileSync(new URL('../../examples/tutorial/my-lesson.json', import.meta.url), 'utf8'),
  );
  await command(page, 'load', { scenario: lesson });
  await expect(frame.locator('#app')).toBeVisible();
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', lesson.id);
  // What the host hears starts with the lesson asked for: never the default one.
  await expect.poll(async () => (await states(page)).length).toBeGreaterThan(0);
  expect(new Set((await states(page)).map((s) => s.scenario))).toEqual(new Set([lesson.id]));

  await command(page, 'theme', {
    theme: 'light',
    style: { bg: 'rgb(16, 32, 48)', fg: 'not a colour;', font: 'Georgia, serif' },
  });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(frame.locator('body')).toHaveCSS('background-color', 'rgb(16, 32, 48)');
  await expect(frame.locator('body')).toHaveCSS('font-family', 'Georgia, serif');
  // A value the browser would not take is left out: the text keeps the theme's colour.
  expect(await html.evaluate((el) => el.style.getPropertyValue('--ink'))).toBe('');
  await command(page, 'theme', { theme: 'auto' });
  await expect(html).not.toHaveAttribute('data-theme', /./);
});

test('README "Embed API": {command: "policy", policy} starts the lesson again under that policy and reports it; an unknown id is an error, and the lesson stays', async ({
  page,
}) => {
  const frame = await host(page, 'embed=1&scenario=stale-version&speed=instant');
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 1, policy: 'dsh-ledger' });
  // Under the policy the lessons are written for, the compact view names none.
  await expect(frame.locator('[data-run-policy]')).toBeHidden();
  await command(page, 'policy', { policy: 'prompt-only' });
  await expect
    .poll(() => lastState(page))
    .toMatchObject({ runState: 'idle', scenario: 'stale-version', position: 0, policy: 'prompt-only' });
  // The reader sees it beside the lesson's name: the lesson's point was written for another policy.
  const policy = frame.locator('[data-run-policy]');
  await expect(policy).toHaveAttribute('data-run-policy', 'prompt-only');
  await expect(policy).toBeInViewport();
  await expect(policy).toHaveText('Policy: Prompt only');
  // The lesson runs under it: the edit after the external change goes through, with nothing refused.
  await command(page, 'play');
  await expect.poll(() => lastState(page), { timeout: 30_000 }).toMatchObject({ waiting: true });
  await command(page, 'external');
  await command(page, 'play');
  await expect.poll(() => lastState(page), { timeout: 60_000 }).toMatchObject({ asking: true });
  await command(page, 'reveal');
  await command(page, 'play');
  await expect.poll(() => lastState(page), { timeout: 60_000 }).toMatchObject({ done: true });
  await expect(frame.locator('article[data-error-code="FS_STALE_VERSION"]')).toHaveCount(0);

  const before = await lastState(page);
  await command(page, 'policy', { policy: 'no-such-policy' });
  await expect
    .poll(() => errorsHeard(page))
    .toEqual([
      {
        type: 'harness-playground:error',
        code: 'SCENARIO_UNKNOWN_POLICY',
        message: expect.stringContaining('"no-such-policy" is not a policy; the policies are dsh-ledger,'),
      },
    ]);
  expect(await lastState(page)).toEqual(before);
  await expect(frame.locator('[data-embed-error]')).toHaveCount(0);
  await expect(frame.locator('article[data-card]').first()).toBeVisible();
});
