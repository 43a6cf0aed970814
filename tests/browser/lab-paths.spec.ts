// README "Writing a plugin in the lab", "Paths arrive normalized": the spellings a newcomer tries against a
// path rule. Look-alikes are names (the rule judges the path the tool then writes); a path with a character
// nobody sees is refused with FS_INVALID_PATH, its code and remedy on the card, before any plugin is asked.
import { expect, test, type Page } from '@playwright/test';
import { openScenario, openTab, type WithApp, sendCall } from './app';
import { apply, openLab, typeCode } from './lab-helpers';

test.describe.configure({ timeout: 120_000 });

const paths = (page: Page) =>
  page.evaluate(async () =>
    (await (window as unknown as WithApp).playground.pg.fs.list()).map((f) => f.path),
  );

// The rule of my own: writes stay under /app/, nothing reads /secrets. It says what it saw.
const RULE = `export const name = 'app-only';
export function preExecute({ tool, args }) {
  const path = String(args.path);
  if (tool === 'write' && !path.startsWith('/app/')) {
    return { verdict: 'deny', reason: 'writes stay under /app/, not ' + JSON.stringify(path) };
  }
  if (tool === 'read' && (path === '/secrets' || path.startsWith('/secrets/'))) {
    return { verdict: 'deny', reason: 'no reading /secrets' };
  }
  return { verdict: 'allow' };
}
`;

test('a rule of my own holds for look-alike spellings, and an invisible character is refused with its code', async ({
  page,
}) => {
  await openScenario(page, 'happy-path');
  await openLab(page);
  await typeCode(page, RULE);
  await apply(page);
  await expect(page.locator('.lab-status')).toHaveAttribute('data-tone', 'ok');

  // Names, not steps up: each is written inside /app/, exactly where the rule looked.
  for (const raw of ['/app/%2e%2e/x.txt', '/app/..\\x.txt', '/app/\uff0e\uff0e/x.txt']) {
    const before = await paths(page);
    const card = await sendCall(page, 'write', { path: raw, content: 'in' });
    await expect(card).not.toHaveAttribute('data-error-code', /.+/);
    const added = (await paths(page)).filter((p) => !before.includes(p));
    expect(added).toEqual([raw]);
  }
  // A backslash path is one name at the root: outside /app/, denied, with what the rule saw.
  const root = await sendCall(page, 'write', { path: '\\app\\..\\x.txt', content: 'out' });
  await root.scrollIntoViewIfNeeded();
  await expect(root).toHaveAttribute('data-error-code', 'HOOK_DENIED');
  await expect(root).toContainText('writes stay under /app/, not "/\\\\app\\\\..\\\\x.txt"');

  // /secrets under other spellings is still /secrets.
  for (const raw of ['/app/../secrets/key', '//secrets//key', 'secrets/./key/']) {
    const card = await sendCall(page, 'read', { path: raw });
    await expect(card).toHaveAttribute('data-error-code', 'HOOK_DENIED');
  }

  // A zero-width space would make a second /app/x.txt that looks like the first: refused, said, kept out.
  await openTab(page, 'lab');
  const asked = await page.locator('.lab-call').count();
  expect(asked).toBe(7); // every call above, one hook call each
  const invisible = await sendCall(page, 'write', { path: '/app/x\u200b.txt', content: 'x' });
  await invisible.scrollIntoViewIfNeeded();
  await expect(invisible).toHaveAttribute('data-error-code', 'FS_INVALID_PATH');
  await expect(invisible).toContainText('U+200B, a control or invisible character');
  await expect(invisible).toContainText('Remedy: Write the path with visible characters only.');
  expect((await paths(page)).filter((p) => p.includes('\u200b'))).toEqual([]);
  // The call card keeps what the model wrote, and shows it as written: a right-to-left override would
  // make /app/<RLO>txt.exe look like /app/exe.txt.
  const reversed = await sendCall(page, 'read', { path: '/app/\u202etxt.exe' });
  await expect(reversed).toHaveAttribute('data-error-code', 'FS_INVALID_PATH');
  const callCard = page.locator('[data-entry="call"]').last().locator('.call');
  await callCard.scrollIntoViewIfNeeded();
  await expect(callCard).toContainText('/app/\\u202etxt.exe');
  await page.screenshot({ path: 'test-results/lab-paths.png' });
  // No plugin was asked about it: the console has no call more.
  await openTab(page, 'lab');
  await expect(page.locator('.lab-call')).toHaveCount(asked);
});
