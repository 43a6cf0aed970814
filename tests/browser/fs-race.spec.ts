import { expect, test, type Page } from '@playwright/test';
import type { Attempt } from './pages/fs-race';
import { testPage } from './env';

const PATH = '/race.txt';
const START = 'start\n';
const COUNT = 200;

async function tab(page: Page, workspace: string): Promise<void> {
  await page.goto(testPage('fs-race.html'));
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  expect(await page.evaluate((name) => window.__race!.open(name), workspace)).toEqual({ persistent: true });
}

test('two tabs racing 200 guarded edits each lose no update and apply only edits whose version held', async ({
  context,
}) => {
  // 400 IndexedDB transactions from two tabs; generous for a loaded machine (timings are never asserted).
  test.setTimeout(120_000);
  const workspace = `race-${test.info().workerIndex}-${Date.now()}`;
  const [a, b] = [await context.newPage(), await context.newPage()];
  await tab(a, workspace);
  await tab(b, workspace);
  const initial = await a.evaluate(({ path, start }) => window.__race!.create(path, start), {
    path: PATH,
    start: START,
  });

  const startAt = Date.now() + 500;
  const fire = (page: Page, tag: string) =>
    page.evaluate((spec) => window.__race!.fire(spec), {
      path: PATH,
      tag,
      count: COUNT,
      workers: 4,
      startAt,
    });
  const [fromA, fromB] = await Promise.all([fire(a, 'A'), fire(b, 'B')]);
  const attempts: Attempt[] = [...fromA, ...fromB];
  expect(attempts).toHaveLength(2 * COUNT);

  // Every attempt was either applied or refused as stale; nothing else went wrong.
  const applied = attempts.filter((t) => t.version !== undefined);
  const refused = attempts.filter((t) => t.version === undefined);
  test
    .info()
    .annotations.push({ type: 'race', description: `${applied.length} applied, ${refused.length} stale` });
  expect(new Set(refused.map((t) => t.code))).toEqual(new Set(refused.length ? ['FS_STALE_VERSION'] : []));
  // Both tabs got edits through and both lost some: the edits really interleaved.
  for (const mine of [fromA, fromB]) {
    expect(
      mine.some((t) => t.version !== undefined),
      'some edits of each tab applied',
    ).toBe(true);
    expect(
      mine.some((t) => t.version === undefined),
      'some edits of each tab refused',
    ).toBe(true);
  }

  const { content, version, journal } = await a.evaluate((path) => window.__race!.state(path), PATH);
  const lines = content.split('\n');
  for (const t of applied)
    expect(
      lines.filter((l) => l === t.token),
      t.token,
    ).toHaveLength(1);
  for (const t of refused) expect(content.includes(t.token), t.token).toBe(false);

  // The journal orders the accepted edits; each was guarded by the version the one before produced.
  const edits = journal.filter((m) => m.op === 'edit');
  expect(edits).toHaveLength(applied.length);
  const byVersion = new Map(applied.map((t) => [t.version!, t]));
  const chain = edits.map((m) => byVersion.get(m.version!)!);
  expect(chain.every(Boolean), 'every journaled edit is an applied attempt').toBe(true);
  expect(chain.map((t) => t.read)).toEqual([initial, ...chain.slice(0, -1).map((t) => t.version)]);
  expect(version).toBe(chain.at(-1)!.version);
  // No lost update: the file is the start plus every accepted token, in the order of their versions.
  expect(content).toBe(START + chain.map((t) => `${t.token}\n`).join(''));
  // A refused edit read a version that another edit (the applied one guarded by it) replaced.
  const guards = new Set(chain.map((t) => t.read));
  for (const t of refused) expect(guards.has(t.read), `${t.token} read ${t.read}`).toBe(true);

  // Each tab heard its own commits directly and the other tab's over the BroadcastChannel.
  const own = (mine: Attempt[]) => mine.filter((t) => t.version !== undefined).length;
  await expect
    .poll(() => Promise.all([a, b].map((p) => p.evaluate(() => window.__race!.heard()))), {
      timeout: 20_000,
    })
    .toEqual([
      { own: 1 + own(fromA), otherTab: own(fromB) },
      { own: own(fromB), otherTab: 1 + own(fromA) },
    ]);
});
