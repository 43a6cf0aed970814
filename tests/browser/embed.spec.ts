// The embed API, driven from a tutorial page on another origin (another host name and port): commands
// by postMessage from the parent, state and event reports back, and everything else ignored.
import { expect, test, type Page } from '@playwright/test';
import { HarnessEvent } from '../../src/harness';
import { BASE_URL, HOST_ORIGIN, ORIGIN } from './env';
import type { Heard } from './pages/embed-host';

const COMMAND = 'harness-playground:command';
type State = {
  runState: string;
  scenario: string;
  position: number;
  done: boolean;
  waiting: boolean;
  asking: boolean;
};
type Message = Heard & { data: { type: string; state?: State; event?: unknown } };

const heard = (page: Page) => page.evaluate(() => window.__host!.heard) as Promise<Message[]>;
const states = async (page: Page) =>
  (await heard(page)).filter((m) => m.data.type === 'harness-playground:state').map((m) => m.data.state!);
const lastState = async (page: Page) => (await states(page)).at(-1);
const events = async (page: Page) =>
  (await heard(page)).filter((m) => m.data.type === 'harness-playground:event').map((m) => m.data.event);
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
    });
  const logged = await events(page);
  for (const event of logged) HarnessEvent.parse(event);
  const seqs = logged.map((e) => (e as { seq: number }).seq);
  expect(seqs).toEqual(seqs.map((_, i) => i));
  const appEvents = await frame
    .locator('#app')
    .evaluate(
      () =>
        (window as unknown as { playground: { pg: { session: { events: unknown[] } } } }).playground.pg
          .session.events,
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
    { type: COMMAND, command: 'load', scenario: 'no-such-scenario' },
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
    },
  ]);
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'stale-version');
  await expect(frame.locator('article[data-card]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a page that is not framed posts nothing and listens to nobody', async ({ page }) => {
  await page.goto('./?embed=1&scenario=happy-path');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
  await page.evaluate((c) => window.postMessage({ type: c, command: 'step' }, '*'), COMMAND);
  await page.waitForTimeout(300);
  await expect(page.locator('#app')).toHaveAttribute('data-run-state', 'idle');
});
