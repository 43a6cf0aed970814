// The plugin lab as its author reads it (README "Writing a plugin in the lab"): a path rule judges the
// path the tool will use, whatever spelling the model sent; and a failed Apply leaves what ran before
// running, with the tool list, the header badge and the hooks all saying so.
import { expect, test } from '@playwright/test';
import { openScenario, openTab, storedText, sendCall } from './app';
import { apply, openLab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

// The README's path rule, as a visitor writes it.
const ONLY_APP = `export const name = 'only-app';
export function preExecute({ tool, args }) {
  if (tool === 'write' && !String(args.path).startsWith('/app/')) {
    return { verdict: 'deny', reason: 'writes stay inside /app' };
  }
  return { verdict: 'allow' };
}
`;

test('a path rule in a visitor’s plugin is not walked around by .. or //, and the card keeps what the model wrote', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, ONLY_APP);
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');

  for (const raw of ['/app/../escape.txt', '//app/..//escape.txt/.', '/app/../apple']) {
    const card = await sendCall(page, 'write', { path: raw, content: 'out' });
    await expect(card).toHaveAttribute('data-error-code', 'HOOK_DENIED');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('writes stay inside /app');
  }
  expect(await storedText(page, '/escape.txt')).toBeUndefined();
  expect(await storedText(page, '/apple')).toBeUndefined();

  const ok = await sendCall(page, 'write', { path: '/app/./sub/..//in.txt', content: 'in' });
  await expect(ok).not.toHaveAttribute('data-error-code', /.+/);
  expect(await storedText(page, '/app/in.txt')).toBe('in');
  // The call as the model wrote it stays on its card; the tool wrote where the hook looked.
  const callCard = page.locator('[data-entry="call"]').last().locator('.call');
  await callCard.scrollIntoViewIfNeeded();
  await expect(callCard).toContainText('/app/./sub/..//in.txt');
});

// A visitor's own tool declares its path field; the same rule judges it (README "Paths arrive normalized").
const OWN_TOOL = `export const name = 'only-app-tool';
export function preExecute({ tool, args }) {
  if (tool === 'note_at' && !String(args.path).startsWith('/app/')) {
    return { verdict: 'deny', reason: 'notes stay inside /app' };
  }
  return { verdict: 'allow' };
}
export const tool = {
  name: 'note_at',
  description: 'Says where it would put a note.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  paths: { path: 'file' },
  execute(args) { return { at: args.path }; },
  render(args, value) { return [{ type: 'text', text: 'note at ' + value.at }]; },
};
`;

test('a visitor’s tool declares its path field: a path rule judges the normalized path, the tool runs on it', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, OWN_TOOL);
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');

  for (const raw of ['/app/../escape.txt', '//app/..//escape.txt/.', 'app/../apple']) {
    const card = await sendCall(page, 'note_at', { path: raw });
    await expect(card).toHaveAttribute('data-error-code', 'HOOK_DENIED');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('notes stay inside /app');
  }
  const ok = await sendCall(page, 'note_at', { path: 'app/./sub/..//n.txt' });
  await expect(ok).not.toHaveAttribute('data-error-code', /.+/);
  await ok.scrollIntoViewIfNeeded();
  // The tool ran on the path the hook approved; the call card keeps what the model wrote.
  await expect(ok).toContainText('note at /app/n.txt');
  const callCard = page.locator('[data-entry="call"]').last().locator('.call');
  await callCard.scrollIntoViewIfNeeded();
  await expect(callCard).toContainText('app/./sub/..//n.txt');
});

const BROKEN = `export const name = 'only-app';
export function preExecute({ tool, args }) {
  return { verdict: 'allow' ;
}
`;

test('a failed Apply leaves the version applied before running, and says so', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, ONLY_APP);
  await apply(page);
  const badge = page.locator('button.plugins-on');
  await expect(badge).toHaveAttribute('data-active-plugins', '1');

  await typeCode(page, BROKEN);
  await apply(page);
  const status = page.locator('.lab-status');
  await expect(status).toHaveAttribute('data-tone', 'error');
  await expect(status).toContainText('Not applied');
  await expect(status).toContainText('The version applied before, “only-app”, still runs.');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute('data-active-plugins', '1');
  // Its hooks still answer: the rule it applied before still denies.
  const card = await sendCall(page, 'write', { path: '/outside.txt', content: 'x' });
  await expect(card).toHaveAttribute('data-error-code', 'HOOK_DENIED');
});

const WITH_TOOL = (label: string, extra = '') => `export const name = 'shout';
export const tool = {
  name: 'shout',
  description: 'Says a word loudly.',
  inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
  execute: ({ word }) => ({ said: word.toUpperCase() + '${label}' }),
  render: (_args, value) => [{ type: 'text', text: value.said }],
};
${extra}`;

test('a failed Apply keeps the plugin’s tool in the list, and the tool still answers', async ({ page }) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, WITH_TOOL('!'));
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');
  await typeCode(page, WITH_TOOL('?', 'throw new Error("not today");\n'));
  await apply(page);
  await expect(page.locator('.lab-status')).toContainText('still runs');
  const card = await sendCall(page, 'shout', { word: 'hey' });
  await expect(card).not.toHaveAttribute('data-error-code', /.+/);
  await card.locator('details.model-view summary').click();
  await expect(card.locator('[data-model-view]')).toHaveText('HEY!');
});

// README "Writing a plugin in the lab": a decider hands on what it does not decide, with {verdict: 'pass'}.
const ONLY_APP_DECIDER = `export const name = 'app-decider';
export function writeIntent({ path }) {
  if (path.startsWith('/app/')) return { verdict: 'pass' };
  return { verdict: 'refuse', code: 'FS_OUTSIDE_APP', message: path + ' is outside /app', remedy: 'write under /app/' };
}
`;

test('the lab says a decider after the built-in policy is never asked; placed before, it decides or passes', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, ONLY_APP_DECIDER);
  await apply(page);
  const place = page.locator('.lab-place');
  await expect(place).toHaveAttribute('data-asked', 'never');
  await expect(place).toHaveText(
    'writeIntent: after fs-observation-policy, which decides every write: this plugin is never asked. Choose “before the built-in policy” to be asked.',
  );
  await expect(page.locator('.lab-status')).not.toContainText('The next calls go through it');
  // It is true: the policy decides, the plugin is never called.
  await sendCall(page, 'write', { path: '/outside.txt', content: 'x' });
  expect(await storedText(page, '/outside.txt')).toBe('x');
  await expect(page.locator('.lab-call[data-hook="writeIntent"]')).toHaveCount(0);

  await openTab(page, 'lab');
  await page.locator('select[data-action="lab-order"]').selectOption('pre');
  await expect(place).toHaveAttribute('data-asked', 'first');
  await expect(place).toContainText("return {verdict: 'pass'} to let the policy decide");
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');
  const refused = await sendCall(page, 'write', { path: '/elsewhere.txt', content: 'x' });
  await expect(refused).toHaveAttribute('data-error-code', 'FS_OUTSIDE_APP');
  // Passed: the policy decides a new file under /app (create, no read needed).
  const passed = await sendCall(page, 'write', { path: '/app/new.txt', content: 'y' });
  await expect(passed).not.toHaveAttribute('data-error-code', /.+/);
  expect(await storedText(page, '/app/new.txt')).toBe('y');
  await expect(passed.locator('.decision')).toContainText('fs-observation-policy');
});

// README "Sandboxed plugins": a plugin's tool draws its own call card with presentCall.
const CARDS = (callCard: string) => `export const name = 'runner';
export const tool = {
  name: 'pretend_run',
  description: 'Pretends to run a command.',
  inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  execute: ({ command }) => ({ output: 'ran ' + command }),
  render: (_args, value) => [{ type: 'text', text: value.output }],
  presentCall: (args) => (${callCard}),
};
`;

test('a plugin tool’s presentCall draws its call card; a bad card falls back to generic with its reason', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(
    page,
    CARDS("{ card: 'terminal', command: '$ ' + args.command, output: '(running)', exitCode: null }"),
  );
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');
  await sendCall(page, 'pretend_run', { command: 'make test' });
  const call = page.locator('[data-entry="call"]').last().locator('.call');
  await call.scrollIntoViewIfNeeded();
  await expect(call).toHaveAttribute('data-call-card', 'terminal');
  await expect(call).toContainText('$ make test');
  await expect(call.locator('.fallback')).toHaveCount(0);

  await openLab(page);
  await typeCode(page, CARDS("{ card: 'terminal', command: 42 }"));
  await apply(page);
  await sendCall(page, 'pretend_run', { command: 'ls' });
  const bad = page.locator('[data-entry="call"]').last().locator('.call');
  await bad.scrollIntoViewIfNeeded();
  await expect(bad).toHaveAttribute('data-call-card', 'generic');
  await expect(bad.locator('.fallback')).toContainText('command');
});

// README "Writing a plugin in the lab" (A workspace): cards stay readable beside the lab, and the
// handle between them gives either more room.
for (const width of [1280, 1024]) {
  test(`at ${width} px with the lab open, card headers are whole and the split moves`, async ({ page }) => {
    await page.setViewportSize({ width, height: 720 });
    await openScenario(page, 'happy-path');
    await openLab(page);
    await typeCode(page, ONLY_APP.replace("tool === 'write' && ", ''));
    await apply(page);
    const card = await sendCall(page, 'str_replace_editor', {
      command: 'create',
      path: '/app/../outside.txt',
      file_text: 'x',
    });
    await openTab(page, 'lab');
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('header')).toContainText('HOOK_DENIED');
    // Nothing in a card's header runs past the card.
    const overflow = await card.evaluate((article) => {
      const box = article.getBoundingClientRect();
      return [...article.querySelectorAll('header *')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.right > box.right + 0.5 || r.left < box.left - 0.5;
      }).length;
    });
    expect(overflow).toBe(0);

    const transcript = page.locator('#pane-transcript');
    const before = (await transcript.boundingBox())!.width;
    const split = page.getByRole('separator', { name: 'Resize the transcript and the lab' });
    await split.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await transcript.boundingBox())!.width).toBeGreaterThan(before + 40);
    await expect(split).toHaveAttribute('aria-valuenow', '44');
  });
}

test('a plugin over the size limit is refused with PLUGIN_TOO_LARGE and a sentence; what ran before runs on', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, ONLY_APP);
  await apply(page);
  const schema = JSON.stringify({ type: 'object', description: 'x'.repeat(20_000) });
  await typeCode(
    page,
    `${ONLY_APP}export const tool = { name: 'big', description: 'Big.', inputSchema: ${schema} };\n`,
  );
  await apply(page);
  const status = page.locator('.lab-status');
  await expect(status).toHaveAttribute('data-code', 'PLUGIN_TOO_LARGE');
  await expect(status).toContainText('a plugin may have at most 16,000');
  await expect(status).toContainText('The version applied before, “only-app”, still runs.');
  await expect(status).not.toContainText('STORAGE_SAVE_FAILED');
});
