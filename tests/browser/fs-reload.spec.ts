import { expect, test, type Page } from '@playwright/test';
import { testPage } from './env';

async function ready(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
}

const call = (page: Page, tool: string, args: unknown) =>
  page.evaluate(([t, a]) => window.__reload!.call(t as string, a), [tool, args] as const);
const external = (page: Page, path: string, content: string) =>
  page.evaluate(([p, c]) => window.__reload!.external(p, c), [path, content] as const);
const snapshot = (page: Page) => page.evaluate(() => window.__reload!.snapshot());

test('a reload loses no commit, and the ledger rebuilt from the stored log still guards', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(testPage(`fs-reload.html?ws=reload-${test.info().workerIndex}-${Date.now()}`));
  await ready(page);
  await external(page, '/a.md', 'alpha\n');
  await external(page, '/b.md', 'beta\n');
  expect((await call(page, 'read', { path: '/a.md' })).code).toBeNull();
  expect((await call(page, 'read', { path: '/b.md' })).code).toBeNull();
  const edited = await call(page, 'edit', { path: '/a.md', old_string: 'alpha', new_string: 'ALPHA' });
  expect(edited.code).toBeNull();
  expect((await call(page, 'write', { path: '/c.md', content: 'c\n' })).code).toBeNull();
  expect((await call(page, 'read', { path: '/missing.md' })).code).toBe('FS_NOT_FOUND');
  // Someone changes /b.md after the agent read it, before the reload.
  await external(page, '/b.md', 'beta, changed\n');
  const before = await snapshot(page);
  expect(before.journal).toHaveLength(5);
  expect(new Map(before.ledger).get('/a.md')).toEqual({ state: 'present', version: edited.version });

  await page.reload();
  await ready(page);
  const after = await snapshot(page);
  expect(after.files, 'contents and versions').toEqual(before.files);
  expect(after.journal, 'journal').toEqual(before.journal);
  expect(after.ledger, 'ledger rebuilt from the stored log').toEqual(before.ledger);
  // The new page's session/start joined the stored log.
  expect(after.stored).toBe(before.stored + 1);

  // The agent goes on without re-reading: its own edit and write are remembered…
  expect(
    (await call(page, 'edit', { path: '/a.md', old_string: 'ALPHA', new_string: 'Alpha' })).code,
  ).toBeNull();
  expect((await call(page, 'write', { path: '/c.md', content: 'c, again\n' })).code).toBeNull();
  expect((await call(page, 'write', { path: '/missing.md', content: 'new\n' })).code).toBeNull();
  // …and the change made behind its back before the reload is still caught by the backend's version.
  expect((await call(page, 'edit', { path: '/b.md', old_string: 'beta', new_string: 'BETA' })).code).toBe(
    'FS_STALE_VERSION',
  );
  expect((await call(page, 'write', { path: '/b.md', content: 'mine\n' })).code).toBe('FS_STALE_VERSION');

  const end = await snapshot(page);
  expect(end.files.map((f) => [f.path, f.content])).toEqual([
    ['/a.md', 'Alpha\n'],
    ['/b.md', 'beta, changed\n'],
    ['/c.md', 'c, again\n'],
    ['/missing.md', 'new\n'],
  ]);
  expect(end.journal.slice(0, before.journal.length)).toEqual(before.journal);
  expect(end.journal.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
});
