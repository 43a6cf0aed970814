// The site served as a static host should serve it (the README's headers, scripts/serve.mjs --headers),
// under the Content-Security-Policy the build puts in index.html: the app, the plugin lab with its
// sandbox, and an embed on another origin all run without a single violation, and the sandbox's frame can
// neither leave nor reach the network.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { APP_PATH, HOST_HEADERS, serve } from '../../scripts/serve.mjs';
import { RUN_TIMEOUT, playByMouse } from './app';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const servers: Server[] = [];
let app = '';
let hostOrigin = '';
/** Paths asked of the server that stands for "anywhere else on the network". */
const reached: string[] = [];
let elsewhere = '';

const portOf = (server: Server) => (server.address() as AddressInfo).port;

test.beforeAll(async () => {
  const site = await serve({ port: 0, headers: true });
  const host = await serve({ port: 0, headers: true });
  const other = createServer((req, res) => {
    reached.push(req.url ?? '');
    res.end('reached');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  servers.push(site, host, other);
  app = `http://127.0.0.1:${portOf(site)}${APP_PATH}`;
  // Another host name and port: another origin, as a tutorial page would be.
  hostOrigin = `http://localhost:${portOf(host)}`;
  elsewhere = `http://127.0.0.1:${portOf(other)}`;
});

test.afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * Records every Content-Security-Policy violation in any frame of the context (each frame reports its own
 * `securitypolicyviolation` events as console errors) and every console error and uncaught error.
 */
async function watch(context: BrowserContext, page: Page): Promise<string[]> {
  await context.addInitScript(() => {
    addEventListener(
      'securitypolicyviolation',
      (e) =>
        console.error(
          `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI} in ${e.documentURI}` +
            ` (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`,
        ),
      true,
    );
  });
  const problems: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return problems;
}

const ready = (page: Page) =>
  expect(page.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });

test('the build ships no source maps by default', () => {
  const files = readdirSync(dist, { recursive: true }).map(String);
  expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  const scripts = files.filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    // The comment a bundler leaves at the end of a chunk that has a map (TypeScript's own code names it).
    const mapped = /\/\/# sourceMappingURL=\S+\s*$/.test(readFileSync(`${dist}${file}`, 'utf8'));
    expect(mapped, `${file} points at a source map`).toBe(false);
  }
});

test('the app is served with the host headers and its policy, and plays without a violation', async ({
  context,
  page,
}) => {
  const problems = await watch(context, page);
  const response = await page.goto(`${app}?scenario=stale-version&speed=instant`);
  for (const [name, value] of Object.entries(HOST_HEADERS)) expect(response?.headers()[name]).toBe(value);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  for (const directive of [
    "default-src 'self'",
    "'wasm-unsafe-eval'",
    "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ]) {
    expect(policy).toContain(directive);
  }
  const scripts = policy?.split(';').find((d) => d.trim().startsWith('script-src'));
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(policy).not.toContain("'unsafe-eval'");
  await ready(page);
  await playByMouse(page);
  // The file editor (CodeMirror and its styles) and the SQL engine (sql.js, WebAssembly) load too.
  await page.locator('[role="tab"][data-tab="files"]').click();
  await page.locator('li[data-file] button').first().click();
  await expect(page.locator('.editor-host .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
  await page.goto(`${app}?scenario=sql-redaction&speed=instant`);
  await ready(page);
  await playByMouse(page);
  await expect(page.locator('article[data-tool="sql_query"]').first()).toBeVisible();
  expect(problems).toEqual([]);
});

const TOOL_PLUGIN = `export const name = 'echo-tool';
export function preExecute(input) {
  return { verdict: 'allow' };
}
export const tool = {
  name: 'echo',
  description: 'Says back what it is given.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute(args) { return { said: args.text }; },
  render(args, value) { return [{ type: 'text', text: 'echo: ' + value.said }]; },
};
`;

test('the lab applies a plugin in its sandbox and runs a call of its tool without a violation', async ({
  context,
  page,
}) => {
  const problems = await watch(context, page);
  await page.goto(`${app}?scenario=happy-path&speed=instant`);
  await ready(page);
  await page.locator('[role="tab"][data-tab="lab"]').click();
  await expect(page.locator('[data-lab] .cm-content')).toBeVisible({ timeout: RUN_TIMEOUT });
  await page.locator('[data-lab] .cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(TOOL_PLUGIN);
  await page.locator('[data-action="lab-apply"]').click();
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok', { timeout: RUN_TIMEOUT });

  await page.locator('[role="tab"][data-tab="manual"]').click();
  const form = page.locator('form.manual');
  await form.getByLabel('Tool').selectOption('echo');
  await form.getByLabel('Arguments (JSON)').fill('{"text": "under a policy"}');
  await form.getByRole('button', { name: 'Send call' }).click();
  await expect(page.locator('article[data-tool="echo"] [data-model-view]')).toHaveText(
    'echo: under a policy',
    {
      timeout: RUN_TIMEOUT,
    },
  );
  // The TypeScript compiler runs under the policy too.
  await page.locator('[role="tab"][data-tab="lab"]').click();
  await page.locator('[data-action="lab-language"]').selectOption('ts');
  await page.locator('[data-action="lab-apply"]').click();
  await expect(page.locator('.lab-status')).not.toHaveAttribute('data-tone', 'busy', {
    timeout: RUN_TIMEOUT,
  });
  expect(problems).toEqual([]);
});

test('the sandbox frame can neither navigate away nor open a connection', async ({ context, page }) => {
  const problems = await watch(context, page);
  await page.goto(`${app}?scenario=lab-deny-secrets&speed=instant`);
  await ready(page);
  await expect(page.locator('[data-slot="0"]')).toHaveAttribute('data-applied', 'true', {
    timeout: RUN_TIMEOUT,
  });
  const sandbox = page.frames().find((f) => f !== page.mainFrame() && f.url() === 'about:srcdoc');
  expect(sandbox, 'the sandbox frame').toBeDefined();
  const tried = await sandbox!.evaluate(async (target) => {
    const outcome: Record<string, string> = {
      rtc: typeof (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection,
      webkitRtc: typeof (globalThis as { webkitRTCPeerConnection?: unknown }).webkitRTCPeerConnection,
    };
    outcome.fetch = await fetch(`${target}/fetch?secret=1`).then(
      () => 'answered',
      () => 'refused',
    );
    const image = new Image();
    image.src = `${target}/image?secret=1`;
    navigator.sendBeacon?.(`${target}/beacon`, 'secret');
    location.href = `${target}/navigate?secret=1`;
    return outcome;
  }, elsewhere);
  expect(tried).toEqual({ rtc: 'undefined', webkitRtc: 'undefined', fetch: 'refused' });
  // The page's frame-src refuses the navigation: the frame shows an error page, never the address.
  await expect.poll(() => problems.some((p) => p.includes('frame-src')), { timeout: RUN_TIMEOUT }).toBe(true);
  expect(sandbox!.url()).not.toContain(elsewhere);
  expect(reached).toEqual([]);
});

test('an embed on another origin runs under the headers without a violation in either page', async ({
  context,
  page,
}) => {
  const problems = await watch(context, page);
  const embedded = `${app}?embed=1&scenario=stale-version&speed=instant`;
  await page.goto(`${hostOrigin}/test-pages/embed-host.html?app=${encodeURIComponent(embedded)}`);
  const frame = page.frameLocator('iframe[name="playground"]');
  await expect(frame.locator('#app')).toHaveAttribute('data-ready', 'true', { timeout: RUN_TIMEOUT });
  await expect(frame.locator('#app')).toHaveAttribute('data-embed', 'true');
  await page.evaluate(() => window.__host!.send({ type: 'harness-playground:command', command: 'play' }));
  // Play pauses at the scripted edit for the visitor; the host makes it with the `external` command,
  // then plays on.
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => window.__host!.send({ type: 'harness-playground:command', command: 'external' }));
  await expect(frame.locator('#app')).toHaveAttribute('data-waiting', 'false', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => window.__host!.send({ type: 'harness-playground:command', command: 'play' }));
  // The lesson's question stops Play; the host reveals it and plays on to the end.
  await expect(frame.locator('#app')).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => window.__host!.send({ type: 'harness-playground:command', command: 'reveal' }));
  await expect(frame.locator('#app')).toHaveAttribute('data-asking', 'false');
  await page.evaluate(() => window.__host!.send({ type: 'harness-playground:command', command: 'play' }));
  await expect(frame.locator('#app')).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  await expect(frame.locator('article[data-error-code="FS_STALE_VERSION"]').first()).toBeVisible();
  expect(problems).toEqual([]);
});
