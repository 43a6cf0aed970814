// The first page's JavaScript budget (README, "Folder layout"): what dist/index.html loads statically, gzipped,
// must stay within 100 kB, and with that alone the first view is painted: the lesson, its transcript and
// its controls. The engine (zod, the harness, the tools, the filesystem, the rest of the interface)
// loads at once beside it, and the page is ready when it has. And the embed kit a tutorial page loads
// stays under 10 kB.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FIRST_LOAD_BUDGET, firstLoad, kB } from '../../scripts/first-load.mjs';
import { moreItem } from './app';
import { holdTheEngine } from './hold-engine';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
/** A built-in lesson's point, as its file words it. */
const teaches = (id: string, lang: 'en' | 'zh') =>
  (
    JSON.parse(readFileSync(new URL(`../../src/model/scenarios/${id}.json`, import.meta.url), 'utf8')) as {
      teaches: Record<'en' | 'zh', string>;
    }
  ).teaches[lang];

test('the first page loads at most 100 kB of gzipped JavaScript', async () => {
  const { files, gzip } = await firstLoad(dist);
  const lines = files.map((f) => `  ${f.file}: ${kB(f.gzip)} gzip`);
  console.log(`First load, JavaScript: ${kB(gzip)} gzipped of ${kB(FIRST_LOAD_BUDGET)}\n${lines.join('\n')}`);
  test.info().annotations.push({ type: 'first-load', description: `${kB(gzip)} gzipped` });
  expect(FIRST_LOAD_BUDGET).toBeLessThanOrEqual(100_000);
  expect(files.length).toBeGreaterThan(0);
  expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});

test('the first view (the lesson, its transcript, its controls) paints with the first load alone', async ({
  page,
}) => {
  const engine = await holdTheEngine(page);
  await page.goto('./?scenario=stale-version', { waitUntil: 'commit' });
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-first-view', 'true');
  // The engine was asked for at once, beside the paint: it is what is held.
  await expect.poll(() => engine.held().length).toBeGreaterThan(0);
  const lesson = page.locator('[data-teaches]');
  await lesson.scrollIntoViewIfNeeded();
  await expect(lesson).toHaveText(teaches('stale-version', 'en'));
  await expect(page.locator('.topbar .scenario-title')).toHaveText('Stale version');
  await expect(page.locator('.transcript-list .empty')).toHaveText(
    'Press Play or Step to start the scenario.',
  );
  const play = page.locator('[data-action="play"]');
  await expect(play).toBeVisible();
  await expect(play).toHaveText('▶ Play');
  // Not ready, and nothing can be started, until the engine is in.
  await expect(play).toBeDisabled();
  await expect(page.locator('[data-action="step"]')).toBeDisabled();
  await expect(app).not.toHaveAttribute('data-ready', 'true');

  await engine.release();
  await expect(app).toHaveAttribute('data-ready', 'true');
  await expect(app).not.toHaveAttribute('data-first-view');
  await expect(play).toBeEnabled();
  await expect(lesson).toHaveText(teaches('stale-version', 'en'));
  await expect(page.locator('.topbar .scenario-title')).toHaveText('Stale version');
});

test('README "Teaching with it": with present=1 the first view is already in presentation mode, so the projector does not reflow when the page goes live', async ({
  page,
}) => {
  const engine = await holdTheEngine(page);
  await page.goto('./?scenario=stale-version&present=1', { waitUntil: 'commit' });
  const app = page.locator('#app');
  await expect(app).toHaveAttribute('data-first-view', 'true');
  await expect(app).toHaveAttribute('data-present', 'true');
  const fontSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(await fontSize()).toBe(21);
  await expect(page.locator('.tagline')).toBeHidden();
  const lesson = page.locator('[data-teaches]');
  await expect(lesson).toBeInViewport();
  const before = await lesson.boundingBox();

  await engine.release();
  await expect(app).toHaveAttribute('data-ready', 'true');
  await expect(app).toHaveAttribute('data-present', 'true');
  expect(await fontSize()).toBe(21);
  const after = await lesson.boundingBox();
  // The lesson's point stays where the class first saw it, give or take a few pixels.
  expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(8);
  expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(8);
});

test('the first view: More is aria-disabled and looks it, as the disabled Step beside it does, and a hover does not light it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const engine = await holdTheEngine(page);
  await page.goto('./?scenario=stale-version', { waitUntil: 'commit' });
  await expect(page.locator('#app')).toHaveAttribute('data-first-view', 'true');
  await expect.poll(() => engine.held().length).toBeGreaterThan(0);
  const more = page.locator('.topbar .more-menu > summary');
  const step = page.locator('[data-action="step"]');
  await expect(more).toHaveAttribute('aria-disabled', 'true');
  await expect(more).toHaveText('⋯ More');
  await expect(step).toBeDisabled();
  const look = (el: Element) => {
    const style = getComputedStyle(el);
    return { opacity: style.opacity, color: style.color, cursor: style.cursor };
  };
  const disabled = await step.evaluate(look);
  expect(disabled.opacity).not.toBe('1');
  expect(await more.evaluate(look)).toEqual(disabled);
  // So do its disabled selects (the speed, the language, the theme): nothing there looks live.
  const unlike = await page
    .locator('.topbar :is(button, select):disabled')
    .evaluateAll((els) =>
      els.filter((el) => getComputedStyle(el).opacity !== '0.5').map((el) => el.outerHTML.slice(0, 60)),
    );
  expect(unlike).toEqual([]);
  const border = () => more.evaluate((el) => getComputedStyle(el).borderColor);
  const before = await border();
  await more.hover();
  expect(await border()).toBe(before);
  // A click opens nothing.
  await more.click();
  await expect(page.locator('.topbar .more-menu')).not.toHaveAttribute('open');
  await page.screenshot({ path: test.info().outputPath('first-view-1280.png') });
  await engine.release();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
});

test('the first view shows the lesson whose run a reload carries on, in the language asked for', async ({
  page,
}) => {
  await page.goto('./?scenario=truncation&lang=zh');
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
  await page.locator('[data-action="step"]').click();
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
  await page.evaluate(() =>
    (window as unknown as { playground: { saved(): Promise<void> } }).playground.saved(),
  );

  const engine = await holdTheEngine(page);
  await page.goto('./?lang=zh', { waitUntil: 'commit' });
  await expect(page.locator('#app')).toHaveAttribute('data-first-view', 'true');
  const title = page.locator('.topbar .scenario-title');
  await expect(title).toHaveText('截断');
  await expect(page.locator('[data-action="play"]')).toHaveText('▶ 播放');
  await engine.release();
  await expect(page.locator('#app')).toHaveAttribute('data-ready', 'true');
  // The run carried on is that lesson's: the first view did not show another.
  await expect(title).toHaveText('截断');
  await expect(page.locator('[data-progress]')).toHaveAttribute('data-step', '1');
});

test('the embed kit, dist/embed.js, is under 10 kB gzipped', () => {
  const gzip = gzipSync(readFileSync(join(dist, 'embed.js'))).length;
  console.log(`Embed kit: ${kB(gzip)} gzipped of 10.0 kB`);
  test.info().annotations.push({ type: 'embed-kit', description: `${kB(gzip)} gzipped` });
  expect(gzip).toBeGreaterThan(1000);
  expect(gzip).toBeLessThan(10_000);
});

// README "Folder layout": a reload carries the last run on, and the first view names that run's policy
// (kept as a hint beside the lesson's), so the header's word does not change when the page goes live.
test('README "Folder layout": a reload that carries on a run under Prompt only, or under none, names that policy in the first view', async ({
  page,
}) => {
  const policy = page.locator('[data-run-policy]');
  const app = page.locator('#app');
  await page.goto('./?scenario=stale-version');
  await expect(app).toHaveAttribute('data-ready', 'true');
  await moreItem(page, 'choose-policy');
  await page.locator('dialog[data-dialog="policy"] [data-policy="prompt-only"]').click();
  await expect(policy).toHaveText('Policy: Prompt only');
  const hint = () => page.evaluate(() => localStorage.getItem('harness-playground:policy'));

  for (const [name, id] of [
    ['Prompt only', 'prompt-only'],
    ['none', ''],
  ] as const) {
    if (id === '') {
      await page.locator('[data-action="more"]').click();
      await page.locator('[data-action="policy"]').setChecked(false);
      await expect(policy).toHaveText('Policy: none');
    }
    // The session is saved (and the hint with it) a moment after the run changes.
    await expect.poll(hint).toBe(id);
    const engine = await holdTheEngine(page);
    await page.goto('./', { waitUntil: 'commit' });
    await expect(app).toHaveAttribute('data-first-view', 'true');
    await expect.poll(() => engine.held().length).toBeGreaterThan(0);
    const first = page.locator('#app[data-first-view] .run-policy');
    await expect(first).toBeVisible();
    await expect(first).toHaveText(`Policy: ${name}`);
    await expect(page.locator('.topbar .scenario-title')).toHaveText('Stale version');
    await engine.release();
    await expect(app).toHaveAttribute('data-ready', 'true');
    await expect(policy).toHaveText(`Policy: ${name}`);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});
