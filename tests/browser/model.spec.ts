// A real model drives the playground in Chromium: the fake model server (scripts/fake-model.mjs, started by
// this spec on a port of its own, so another origin with real CORS) speaks both protocols; the page is the
// app as src/main.ts boots it, with the model's dialog and panel (tests/browser/pages/model.ts).
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { startFakeModel } from '../../scripts/fake-model.mjs';
import { RUN_TIMEOUT, errorCodes, transcriptText } from './app';
import { testPage } from './env';

let fake: Awaited<ReturnType<typeof startFakeModel>>;
test.beforeAll(async () => {
  fake = await startFakeModel();
});
test.afterAll(async () => {
  await fake.close();
});

/** A key no page or file may hold once it is typed in. */
const KEY = 'sk-PLANTED-k3y-9d8e7f6a5b4c3d2e';
let tokens = 0;
const newToken = () => `w${process.pid}n${++tokens}`;
type Protocol = 'openai' | 'anthropic';
const baseOf = (protocol: Protocol, script: string, token: string) =>
  protocol === 'openai' ? `${fake.origin}/${script}/${token}/v1` : `${fake.origin}/${script}/${token}`;

async function openPage(page: Page, scenario: string, params: Record<string, string> = {}): Promise<void> {
  const query = new URLSearchParams({ scenario, speed: 'instant', lang: 'en', ...params });
  await page.goto(testPage(`model.html?${query}`));
  await expect(page.locator('body')).toHaveAttribute('data-model-ready', 'true', { timeout: RUN_TIMEOUT });
}

/** Opens "Model…", fills the labelled fields as a visitor would, and presses "Use this model". */
async function connect(
  page: Page,
  spec: { provider: Protocol; baseUrl: string; key?: string; remember?: boolean },
): Promise<void> {
  await page.locator('[data-action="model-test"]').click();
  const dialog = page.locator('dialog[data-dialog="model"]');
  await dialog.getByLabel('Provider').selectOption(spec.provider);
  await dialog.getByLabel('Base URL').fill(spec.baseUrl);
  await dialog.getByLabel('Model', { exact: true }).fill('fake-1');
  await dialog.getByLabel('API key').fill(spec.key ?? KEY);
  if (spec.remember) await dialog.getByLabel('Remember in this tab').check();
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect(dialog).toHaveCount(0);
}

const panel = (page: Page) => page.locator('.model-run');
const ended = (page: Page) =>
  expect(panel(page)).toHaveAttribute('data-model-run', /done|failed|stopped/, { timeout: RUN_TIMEOUT });
const fileOf = (page: Page, path: string) =>
  page.evaluate((p) => window.__model!.app.pg.fs.read(p).then((f) => f?.content ?? null), path);
const posts = (token: string) => fake.requests(token).filter((r) => r.method === 'POST');

test('OpenAI-compatible: the text streams in, the visitor’s edit lands while a request is open, and the model recovers from FS_STALE_VERSION', async ({
  page,
}) => {
  await openPage(page, 'stale-version');
  const token = newToken();
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'stale-gated', token) });
  const run = panel(page);
  // The first reply holds after nine characters: they are on the page before the reply is complete.
  await expect(run.locator('[data-model-stream]')).toHaveText("I'll read");
  await expect(run).toHaveAttribute('data-model-run', 'requesting');
  await expect(page.locator('.transcript-list > .message')).toHaveCount(0);
  fake.open(token, 'mid');
  // The second request is held open by the fake; the visitor presses the button meanwhile.
  await expect(run).toHaveAttribute('data-model-turn', '2');
  await expect(run).toHaveAttribute('data-model-run', 'requesting');
  await page.locator('[data-action="external"]').click();
  await expect(page.locator('.external-entry[data-who="button"]')).toContainText(
    'Someone else changes the port',
  );
  fake.open(token, 'turn2');
  await expect(run).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
  const said = (await transcriptText(page)).join('\n');
  expect(said).toContain('The file changed since I read it. Reading it again.');
  expect(said).toContain('Done: /app/config.json now has "debug": true.');
  expect(await fileOf(page, '/app/config.json')).toBe('{\n  "port": 9090,\n  "debug": true\n}\n');
  await expect(run.locator('[data-model-status]')).toContainText('Finished at request 5 of 20.');
  // Only the protocol's own headers were asked for by the preflights, and every request went to the base URL.
  const preflights = fake.requests(token).filter((r) => r.method === 'OPTIONS');
  expect(preflights.length).toBeGreaterThan(0);
  for (const p of preflights) expect([...p.preflight!].sort()).toEqual(['authorization', 'content-type']);
  expect(posts(token).map((r) => r.path)).toEqual(Array(5).fill(`/stale-gated/${token}/v1/chat/completions`));
  expect(posts(token).every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
});

test('Anthropic: the scenario makes its own edit after the model reads, and the model recovers', async ({
  page,
}) => {
  await openPage(page, 'stale-version');
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="auto-external"]').check();
  const token = newToken();
  await connect(page, { provider: 'anthropic', baseUrl: baseOf('anthropic', 'stale-version', token) });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  expect(await errorCodes(page)).toEqual(['FS_STALE_VERSION']);
  await expect(page.locator('.external-entry[data-who="scenario"]')).toHaveCount(1);
  expect(await fileOf(page, '/app/config.json')).toBe('{\n  "port": 9090,\n  "debug": true\n}\n');
  const preflights = fake.requests(token).filter((r) => r.method === 'OPTIONS');
  for (const p of preflights)
    expect([...p.preflight!].sort()).toEqual([
      'anthropic-dangerous-direct-browser-access',
      'anthropic-version',
      'content-type',
      'x-api-key',
    ]);
  expect(posts(token).every((r) => r.path === `/stale-version/${token}/v1/messages`)).toBe(true);
  expect(posts(token).every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
});

test('parallel calls in one reply become entries in order; an unknown tool and arguments that are not JSON get coded cards, and the run goes on', async ({
  page,
}) => {
  await openPage(page, 'shared-ledger');
  await connect(page, { provider: 'anthropic', baseUrl: baseOf('anthropic', 'parallel', newToken()) });
  await ended(page);
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done');
  await expect(page.locator('.transcript-list > .turn')).toHaveCount(6);
  const tools = await page.evaluate(() =>
    window.__model!.app.pg.run.session.live.flatMap((e) => (e.kind === 'call' ? [e.tool] : [])),
  );
  expect(tools).toEqual(['read', 'read', 'read', 'edit', 'str_replace_editor', 'edit']);
  expect(await fileOf(page, '/c.py')).toBe('C = 30\n');

  await page.goto('about:blank');
  await openPage(page, 'happy-path');
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'bad-args', newToken()) });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  expect(await errorCodes(page)).toEqual(['UNKNOWN_TOOL', 'INVALID_ARGS']);
  await expect(page.locator('article[data-error-code="INVALID_ARGS"]')).toContainText('are not JSON');
  expect(await fileOf(page, '/notes.md')).toContain('Status: done');
});

test('failures are calm: each shows its code and what to do, and applies nothing', async ({ page }) => {
  await openPage(page, 'happy-path', { idle: '400' });
  const cases: [Protocol, string, string, RegExp][] = [
    ['openai', 'auth', 'MODEL_AUTH', /refused the key/],
    ['anthropic', 'rate', 'MODEL_RATE_LIMIT', /Wait 7 s/],
    ['openai', 'malformed', 'MODEL_BAD_RESPONSE', /could not be read/],
    ['anthropic', 'no-cors', 'MODEL_NETWORK', /CORS/],
    ['openai', 'slow', 'MODEL_TIMEOUT', /sent nothing for 0.4 s/],
    ['openai', 'server-error', 'MODEL_HTTP', /HTTP 500/],
  ];
  for (const [provider, script, code, words] of cases) {
    await connect(page, { provider, baseUrl: baseOf(provider, script, newToken()) });
    await expect(panel(page)).toHaveAttribute('data-model-run', 'failed', { timeout: RUN_TIMEOUT });
    const banner = panel(page).locator(`[data-model-error="${code}"]`);
    await expect(banner, script).toContainText(words);
    await expect(banner).toContainText('Remedy:');
    await expect(page.locator('.transcript-list > .turn, .transcript-list > .message'), script).toHaveCount(
      0,
    );
  }
  expect(await fileOf(page, '/notes.md')).toContain('Status: draft');
});

test('Stop and Escape abort the open request', async ({ page }) => {
  await openPage(page, 'happy-path');
  for (const how of ['button', 'Escape'] as const) {
    const token = newToken();
    await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'slow', token) });
    await expect(panel(page)).toHaveAttribute('data-model-run', 'requesting');
    await expect.poll(() => posts(token).length).toBe(1);
    if (how === 'button') await panel(page).getByRole('button', { name: 'Stop' }).click();
    else await page.keyboard.press('Escape');
    await expect(panel(page), how).toHaveAttribute('data-model-run', 'stopped');
    await expect(panel(page).locator('[data-model-error]')).toHaveCount(0);
  }
});

test('the error-code experiment: the same task with coded and with vague errors, side by side', async ({
  page,
}) => {
  await openPage(page, 'stale-version');
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="auto-external"]').check();
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'stale-version', newToken()) });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  await expect(panel(page).locator('[data-model-compare]')).toHaveCount(0);
  await panel(page)
    .getByLabel(/Vague errors/)
    .check();
  await panel(page).getByRole('button', { name: 'Run the task' }).click();
  await expect(panel(page)).toHaveAttribute('data-model-errors', 'vague');
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  // The model read "edit failed."; the cards keep the code.
  await expect(page.locator('article[data-error-code="FS_STALE_VERSION"]')).toHaveCount(2);
  await expect(page.locator('article[data-error-code="FS_STALE_VERSION"]').first()).toContainText(
    'edit failed.',
  );
  const table = panel(page).locator('[data-model-compare]');
  const row = (key: string) => table.locator(`tr[data-compare="${key}"] td`).allTextContents();
  expect(await row('calls')).toEqual(['4', '3']);
  expect(await row('reReadAfterStale')).toEqual(['yes', 'no']);
  expect(await row('externalKept')).toEqual(['yes', 'yes']);
  expect(await row('outcomeMet')).toEqual(['yes', 'no']);
  expect(await row('codes')).toEqual(['FS_STALE_VERSION', 'FS_STALE_VERSION, FS_STALE_VERSION']);
  // A run whose connection failed is no arm of the experiment: the comparison stays as it was.
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'rate', newToken()) });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'failed', { timeout: RUN_TIMEOUT });
  expect(await row('status')).toEqual(['finished', 'finished']);
});

test('a planted key is nowhere: not in IndexedDB, localStorage, the log, an export, a share link, the sandbox’s inputs, the page or the console', async ({
  page,
}) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  page.on('pageerror', (e) => logs.push(String(e)));
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await openPage(page, 'stale-version', { sandbox: '1' });
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="auto-external"]').check();
  const token = newToken();
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'stale-version', token) });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  // A server that echoes the key in its error: the page shows it masked.
  await connect(page, { provider: 'anthropic', baseUrl: baseOf('anthropic', 'auth', token) });
  await expect(panel(page).locator('[data-model-detail]')).toHaveText(
    'Incorrect API key provided: [your key]',
  );

  const sandboxCalls = await page.evaluate(() => JSON.stringify(window.__model!.sandboxCalls));
  expect(sandboxCalls).toContain('"preExecute"');
  expect(sandboxCalls).toContain('/app/config.json');
  await page.evaluate(() => window.__model!.app.saved());
  const stored = await page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const out: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await req(indexedDB.open(name!));
      for (const store of db.objectStoreNames) {
        const s = db.transaction(store).objectStore(store);
        out.push(
          JSON.stringify({ name, store, keys: await req(s.getAllKeys()), values: await req(s.getAll()) }),
        );
      }
      db.close();
    }
    return out.join('\n');
  });
  expect(stored).toContain('"model":{"provider":"openai","model":"fake-1"');
  const log = await page.evaluate(() => JSON.stringify(window.__model!.app.pg.run.session.events));
  const storage = await page.evaluate(() =>
    JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }),
  );
  const dom = await page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea')].map(
      (e) => (e as HTMLInputElement).value,
    );
    return document.documentElement.outerHTML + values.join('\n');
  });
  await page.locator('[data-action="more"]').click();
  const download = page.waitForEvent('download');
  await page.locator('[data-action="export"]').click();
  const exported = await readFile((await (await download).path())!, 'utf8');
  expect(exported).toContain('"format": "harness-playground/session"');
  await page.locator('[data-action="more"]').click();
  await page.locator('[data-action="share"]').click();
  const link = await page.locator('[data-share-link]').inputValue();
  expect(link).toContain('?s=1.');

  const places = {
    stored,
    storage,
    log,
    dom,
    exported,
    link,
    sandboxCalls,
    console: logs.join('\n'),
    urls: urls.join('\n'),
  };
  for (const [where, text] of Object.entries(places)) expect(text, where).not.toContain(KEY);
  // The key went out only to the base URL typed, in its header.
  for (const r of fake.requests(token).filter((r) => r.method === 'POST')) {
    expect(r.path).toMatch(new RegExp(`^/(stale-version|auth)/${token}/v1/`));
    expect(JSON.stringify(r.body)).not.toContain(KEY);
  }
});

test('“Remember in this tab” keeps the key in this tab’s sessionStorage only, and the dialog has it after a reload', async ({
  page,
}) => {
  await openPage(page, 'happy-path');
  await connect(page, { provider: 'openai', baseUrl: baseOf('openai', 'chat', newToken()), remember: true });
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).toContain(KEY);
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(KEY);
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-model-ready', 'true', { timeout: RUN_TIMEOUT });
  await page.locator('[data-action="model-test"]').click();
  const dialog = page.locator('dialog[data-dialog="model"]');
  await expect(dialog.getByLabel('API key')).toHaveValue(KEY);
  await expect(dialog.getByLabel('Remember in this tab')).toBeChecked();
  await dialog.getByLabel('Remember in this tab').uncheck();
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect(panel(page)).toHaveAttribute('data-model-run', 'done', { timeout: RUN_TIMEOUT });
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(KEY);
});

test('the dialog: presets fill the fields, each with its CORS set-up beside it, and a bad field says what is wrong', async ({
  page,
}) => {
  await openPage(page, 'happy-path');
  await page.locator('[data-action="model-test"]').click();
  const dialog = page.locator('dialog[data-dialog="model"]');
  await expect(dialog.locator('[data-model-promise]')).toContainText('sent only to the base URL');
  const origin = new URL(page.url()).origin;
  await expect(dialog.locator('[data-preset-cors="ollama"]')).toContainText(`OLLAMA_ORIGINS=${origin}`);
  await expect(dialog.locator('[data-preset-cors="lmstudio"]')).toContainText('Enable CORS');
  await expect(dialog.locator('[data-preset-cors="anthropic"]')).toContainText(
    'anthropic-dangerous-direct-browser-access',
  );
  await dialog.locator('[data-preset="ollama"]').click();
  await expect(dialog.getByLabel('Base URL')).toHaveValue('http://localhost:11434/v1');
  await expect(dialog.locator('[data-preset="ollama"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('[data-model-endpoint]')).toHaveText(
    'Requests go to http://localhost:11434/v1/chat/completions and nowhere else.',
  );
  await dialog.locator('[data-preset="anthropic"]').click();
  await expect(dialog.getByLabel('Provider')).toHaveValue('anthropic');
  await dialog.getByLabel('API key').fill('');
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect(dialog.locator('[data-model-field-error="key"]')).toHaveText('the Anthropic API needs a key');
  await expect(dialog.getByLabel('API key')).toBeFocused();
  await dialog.getByLabel('Base URL').fill('http://192.168.1.9:11434/v1');
  await dialog.getByLabel('API key').fill('k');
  await dialog.getByRole('button', { name: 'Use this model' }).click();
  await expect(dialog.locator('[data-model-field-error="baseUrl"]')).toContainText(
    'localhost and 127.0.0.1 only',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(panel(page)).toHaveAttribute('data-model-run', 'idle');
});

test('the dialog and the panel pass an axe scan, in English and Chinese', async ({ page }) => {
  const AxeBuilder = (await import('@axe-core/playwright')).default;
  const scan = async (where: string) => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad, where).toEqual([]);
  };
  for (const lang of ['en', 'zh']) {
    await openPage(page, 'stale-version', { lang });
    await page.locator('[data-action="model-test"]').click();
    await scan(`${lang}: the dialog`);
    await page.keyboard.press('Escape');
    await page.evaluate(
      (base) => window.__model!.run.start({ provider: 'openai', baseUrl: base, model: 'fake-1', key: 'k' }),
      baseOf('openai', 'auth', newToken()),
    );
    await expect(panel(page).locator('[data-model-error="MODEL_AUTH"]')).toBeVisible();
    await scan(`${lang}: the panel with a failure`);
  }
});
