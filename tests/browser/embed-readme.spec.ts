// The README's "Embed API", walked for the commands and reports embed.spec.ts leaves to the kit's tests:
// `back`, `external`, `speed` and `lang` sent as raw messages by a host page on another origin, `ready`
// posted once, and a `load` starting a new session from its `session/start`.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, HOST_ORIGIN } from './env';
import type { Heard } from './pages/embed-host';

const SECTION = 'README "Embed API"';
const COMMAND = 'harness-playground:command';
type State = { runState: string; scenario: string; position: number; waiting: boolean };
type Message = Heard & { data: { type: string; state?: State; event?: { type: string } } };

const heard = (page: Page) => page.evaluate(() => window.__host!.heard) as Promise<Message[]>;
const ofType = async (page: Page, type: string) =>
  (await heard(page)).filter((m) => m.data.type === `harness-playground:${type}`);
const lastState = async (page: Page) => (await ofType(page, 'state')).at(-1)?.data.state;
const command = (page: Page, name: string, more: Record<string, unknown> = {}) =>
  page.evaluate((d) => window.__host!.send(d), { type: COMMAND, command: name, ...more });

test.describe.configure({ timeout: 120_000 });

test(`${SECTION}: back, external, speed and lang sent by the host do what the buttons do; ready is posted once`, async ({
  page,
}) => {
  const app = `${BASE_URL}?embed=1&scenario=stale-version&speed=instant&lang=en`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  await expect.poll(() => lastState(page), { timeout: 20_000 }).toMatchObject({ position: 0 });
  const frame = page.frameLocator('iframe[name="playground"]');

  for (let i = 0; i < 3; i++) await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 3, waiting: true });
  await expect(frame.locator('[data-entry="external"]')).toHaveCount(0);

  // `external` makes the edit the script waits for, as the button does.
  await command(page, 'external');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 3, waiting: false });
  const edit = frame.locator('[data-entry="external"][data-path="/app/config.json"]');
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toContainText('v1 → v2');

  // `back` takes a step back each time: back past the edit, it is gone and the read stands.
  await command(page, 'back');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 2 });
  await command(page, 'back');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 1 });
  await expect(frame.locator('article[data-card="read"]')).toHaveCount(1);
  await expect(frame.locator('[data-entry="external"]')).toHaveCount(0);

  await command(page, 'speed', { speed: 'slow' });
  await expect
    .poll(() =>
      frame
        .locator('#app')
        .evaluate(
          () =>
            (
              window as unknown as { playground: { store: { get(): { speed: string } } } }
            ).playground.store.get().speed,
        ),
    )
    .toBe('slow');

  await command(page, 'lang', { lang: 'zh' });
  await expect(frame.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const play = frame.locator('[data-action="play"]');
  await play.scrollIntoViewIfNeeded();
  await expect(play).toContainText('播放');

  expect(await ofType(page, 'ready')).toHaveLength(1);
});

test(`${SECTION}: a load starts a new session, reported from its session/start`, async ({ page }) => {
  const app = `${BASE_URL}?embed=1&scenario=stale-version&speed=instant`;
  await page.goto(`${HOST_ORIGIN}/test-pages/embed-host.html?app=${encodeURIComponent(app)}`);
  await expect.poll(() => lastState(page), { timeout: 20_000 }).toMatchObject({ position: 0 });
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ position: 1 });
  const before = (await ofType(page, 'event')).length;

  await command(page, 'load', { scenario: 'missing-file' });
  await expect.poll(() => lastState(page)).toMatchObject({ scenario: 'missing-file', position: 0 });
  await command(page, 'step');
  await expect.poll(() => lastState(page)).toMatchObject({ scenario: 'missing-file', position: 1 });
  const after = (await ofType(page, 'event')).slice(before).map((m) => m.data.event!.type);
  expect(after[0]).toBe('session/start');
  expect(after).toContain('tool/result');
  expect(after.filter((type) => type === 'session/start')).toHaveLength(1);
});

test(`${SECTION}: the section's example, pasted as written beside an iframe of the playground, has its commands obeyed`, async ({
  page,
}) => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const from = readme.indexOf('\n### Embed API');
  const example = /```js\n([\s\S]*?)```/.exec(readme.slice(from))![1]!;
  expect(example).toContain("querySelector('iframe')");
  const logged: unknown[] = [];
  page.on(
    'console',
    (m) =>
      void (
        m.type() === 'log' &&
        m
          .args()[0]
          ?.jsonValue()
          .then((v) => logged.push(v))
      ),
  );
  // A page on another origin; the example runs right after the iframe is put on it, as a script below
  // an <iframe> tag would.
  await page.goto(`${HOST_ORIGIN}/test-pages/doc-tools.html`);
  await page.evaluate(
    ([src, code]) => {
      document.querySelector('main')!.innerHTML =
        `<iframe src="${src}" style="width:100%;height:600px"></iframe>`;
      (0, eval)(code!);
    },
    [`${BASE_URL}?embed=1&scenario=stale-version&speed=instant`, example],
  );
  // The step, then the load: the playground ends on happy-path, and the page heard it say so.
  const frame = page.frameLocator('main iframe');
  await expect(frame.locator('#app')).toHaveAttribute('data-scenario', 'happy-path', { timeout: 30_000 });
  await expect
    .poll(() => logged.some((v) => (v as { scenario?: string }).scenario === 'happy-path'))
    .toBe(true);
  // And the event listener heard the new session start (its message may come after the state's).
  await expect
    .poll(() => logged)
    .toContainEqual(expect.objectContaining({ type: 'session/start', scenario: 'happy-path' }));
});
