// README "The arena", in the page: More → Arena (and ?arena=1) runs every hazard under every policy and
// under the plugin open in the lab, shows the matrix with its legend and totals, replays a cell's run in
// the transcript, downloads the matrix, and keeps the page answering while it computes.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { builtInHazardFiles } from '../../src/model/hazards';
import { policyIds } from '../../src/plugins/policies';
import { parseHazards } from '../../src/run/arena';
import { onScreen, openScenario, RUN_TIMEOUT, type Screen } from './app';
import { apply, openLab, typeCode } from './lab-helpers';

const hazards = parseHazards(builtInHazardFiles);
const labels = {
  kept: 'kept',
  'lost-update': 'lost update',
  'false-refusal': 'false refusal',
  corrupted: 'corrupted',
};
const arena = (page: Page) => page.locator('dialog[data-dialog="arena"]');
const cell = (page: Page, hazard: string, policy: string) =>
  page.locator(`[data-arena-cell][data-hazard="${hazard}"][data-policy="${policy}"]`);

/** More → Arena, then waits until every run has ended. */
async function openArena(page: Page): Promise<void> {
  await page.locator('[data-action="more"]').click();
  await page.locator('.menu-panel [data-action="arena"]').click();
  await expect(arena(page)).toBeVisible();
  await expect(arena(page)).toHaveAttribute('data-state', 'done', { timeout: RUN_TIMEOUT });
}

test.describe('README "The arena": the matrix in the page', () => {
  test('step 1, More → Arena: every hazard under every policy gets the outcome its file expects', async ({
    page,
  }) => {
    await openScenario(page, 'happy-path');
    await openArena(page);
    await expect(page.locator('[data-arena-cell]')).toHaveCount(hazards.length * policyIds.length);
    const shown = await page.locator('[data-arena-cell]').evaluateAll((els) =>
      els.map((el) => {
        const d = (el as HTMLElement).dataset;
        return [d.hazard, d.policy, d.outcome, el.textContent];
      }),
    );
    const expected = hazards.flatMap((h) =>
      policyIds.map((p) => [h.id, p, h.expect[p], expect.stringContaining(labels[h.expect[p]!])]),
    );
    expect(shown).toEqual(expected);
    await expect(arena(page).locator('.arena-status')).toContainText(`${shown.length} runs in`);
  });

  test('each cell reads as words, the legend says what they mean, and totals count each policy', async ({
    page,
  }) => {
    await openScenario(page, 'happy-path');
    await openArena(page);
    const one = cell(page, 'unread-edit', 'dsh-ledger');
    await one.scrollIntoViewIfNeeded();
    await expect(one).toBeVisible();
    await expect(one).toHaveText('⊘ false refusal');
    const legend = arena(page).locator('.arena-legend');
    await legend.scrollIntoViewIfNeeded();
    await expect(legend).toContainText('lost update');
    await expect(legend).toContainText('a change by someone else was silently overwritten');
    await expect(legend).toContainText('a safe edit was refused');
    for (const id of ['dsh-ledger', 'prompt-only']) {
      const lost = hazards.filter((h) => h.expect[id] === 'lost-update').length;
      await expect(
        page.locator(`[data-arena-total][data-policy="${id}"][data-outcome="lost-update"]`),
      ).toHaveText(String(lost));
    }
    // With no plugin applied in the lab, "Your policy" says so and has no cells.
    const yours = arena(page).locator('th[data-policy="yours"]');
    await expect(yours).toContainText('Your policy');
    await expect(yours).toContainText('No plugin is applied in the lab');
    await expect(page.locator('[data-arena-cell][data-policy="yours"]')).toHaveCount(0);
  });

  test('step 2, a click on a cell replays that run in the transcript, with its cards', async ({ page }) => {
    const app = await openScenario(page, 'happy-path');
    await openArena(page);
    await cell(page, 'unread-edit', 'dsh-ledger').click();
    await expect(arena(page)).toHaveCount(0);
    await expect(app).toHaveAttribute('data-mode', 'replay');
    await expect(page.locator('.banner')).toContainText('An edit of a file never read under dsh-ledger');
    const refused = page.locator('article[data-card][data-error-code="FS_NOT_OBSERVED"]');
    await refused.scrollIntoViewIfNeeded();
    await expect(refused).toBeVisible();
    await expect(refused).toContainText('FS_NOT_OBSERVED');
  });

  test('step 2 at 1280×720: the replay opens at its top, its banner and "Back to live" on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const app = await openScenario(page, 'happy-path');
    await openArena(page);
    // A run longer than the screen: followed to its end, it would push the banner off the top.
    await cell(page, 'edit-distant-region', 'unique-match').click();
    await expect(app).toHaveAttribute('data-mode', 'replay');
    // Every card of the run is in (the last edit's result too), and nothing scrolled the banner away.
    await expect(page.locator('article[data-card]').last()).toContainText('decided by unique-match');
    await expect(page.locator('[data-action="new-entries"]')).toBeHidden();
    const banner = page.locator('.banner', { hasText: 'A change far from the edit under unique-match' });
    await expect(banner).toBeInViewport();
    await expect(banner.getByRole('button', { name: 'Back to live' })).toBeInViewport({ ratio: 1 });
  });

  test('step 2, two agents: the second agent’s change is in the replay, where it landed, made by another agent', async ({
    page,
  }) => {
    await openScenario(page, 'happy-path');
    await openArena(page);
    await cell(page, 'two-agents', 'prompt-only').click();
    await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay');
    // The header names the replayed run's policy, not the live run's.
    const policy = page.locator('[data-run-policy]');
    await expect(policy).toHaveAttribute('data-run-policy', 'prompt-only');
    await expect(policy).toHaveText('Policy: Prompt only');
    const theirs = page.locator('.transcript-list [data-entry="external"][data-who="agent"]');
    await theirs.scrollIntoViewIfNeeded();
    await expect(theirs).toBeInViewport();
    await expect(theirs).toContainText('made by another agent, in a session of its own');
    await expect(theirs.locator('[data-versions]')).toHaveText('v1 → v2');
    await expect(theirs.locator('.hunk')).toContainText('retries = 5');
    // It sits between the first agent's read and its write, which then loses it.
    const order = await page.locator('.transcript-list [data-entry]').evaluateAll((els) =>
      els.map((el) => {
        const d = (el as HTMLElement).dataset;
        return d.who ?? el.querySelector<HTMLElement>('[data-tool]')?.dataset.tool;
      }),
    );
    expect(order).toEqual(['read', 'agent', 'write']);
    await page.getByRole('button', { name: 'Back to live' }).click();
    await expect(policy).toHaveAttribute('data-run-policy', 'dsh-ledger');
  });

  test('Enter on a cell replays it too; the arena opens again as it was', async ({ page }) => {
    const app = await openScenario(page, 'happy-path');
    await openArena(page);
    await cell(page, 'change-and-back', 'prompt-only').focus();
    await page.keyboard.press('Enter');
    await expect(app).toHaveAttribute('data-mode', 'replay');
    await expect(page.locator('.banner')).toContainText('A change, and a change back under prompt-only');
    // Its external edits are in the transcript, where they happened.
    await expect(page.locator('.transcript-list [data-entry="external"]').first()).toBeVisible();
    await openArena(page);
    await expect(page.locator('[data-arena-cell]')).toHaveCount(hazards.length * policyIds.length);
  });

  test('?arena=1 opens the arena with the page', async ({ page }) => {
    await page.goto('./?arena=1');
    await expect(arena(page)).toBeVisible({ timeout: RUN_TIMEOUT });
    await expect(arena(page)).toHaveAttribute('data-state', 'done', { timeout: RUN_TIMEOUT });
    await expect(cell(page, 'race-in-gap', 'runtime-check')).toHaveAttribute('data-outcome', 'lost-update');
  });

  // How long the page's longest task is while the matrix computes is a figure of `npm run bench`
  // (scripts/bench-arena.mjs), not a test. What is tested is the page's side of it: the runs are made
  // in a worker, and the page draws each run that has ended, saying how far it is. The test holds the
  // worker's messages at the page's door and lets them in a few at a time, so that no clock decides
  // what it sees.
  test('the runs are made in a worker, and the cells fill in as they end, with how far it is', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const held: (() => void)[] = [];
      const door = window as unknown as { letIn: (n: number) => number };
      door.letIn = (n) => {
        for (const deliver of held.splice(0, n)) deliver();
        return held.length;
      };
      const Real = window.Worker;
      window.Worker = class extends Real {
        override set onmessage(listener: ((e: MessageEvent) => void) | null) {
          super.onmessage = (e: MessageEvent) => {
            const kind = (e.data as { kind?: string } | null)?.kind;
            if (kind === 'run' || kind === 'done') held.push(() => listener?.call(this, e));
            else listener?.call(this, e);
          };
        }
      };
    });
    await openScenario(page, 'happy-path');
    const total = hazards.length * policyIds.length;
    const status = arena(page).locator('.arena-status');
    const [worker] = await Promise.all([
      page.waitForEvent('worker'),
      (async () => {
        await page.locator('[data-action="more"]').click();
        await page.locator('.menu-panel [data-action="arena"]').click();
      })(),
    ]);
    expect(worker.url()).toMatch(/^blob:/);
    const letIn = (n: number) =>
      page.evaluate((k) => (window as unknown as { letIn: (k: number) => number }).letIn(k), n);
    // The worker ends every run and says it is done; nothing of that has reached the page yet.
    await expect.poll(() => letIn(0)).toBe(total + 1);
    await expect(page.locator('[data-arena-cell]')).toHaveCount(0);
    let drawn = 0;
    for (const upTo of [1, 40, total]) {
      await letIn(upTo - drawn);
      drawn = upTo;
      await expect(status).toHaveText(`Running ${upTo} of ${total} runs…`);
      await expect(page.locator('[data-arena-cell]')).toHaveCount(upTo);
      await expect(arena(page)).toHaveAttribute('data-state', 'running');
    }
    // The end: the line says how long it took.
    await letIn(1);
    await expect(arena(page)).toHaveAttribute('data-state', 'done');
    await expect(status).toHaveText(new RegExp(`^${total} runs in \\d+\\.\\d s\\.$`));
    await expect(page.locator('[data-arena-cell]')).toHaveCount(total);
  });

  test('step 3, the downloads: JSON harness-playground/arena version 1, and SVG', async ({ page }) => {
    await openScenario(page, 'happy-path');
    await openArena(page);
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-action="arena-json"]').click(),
    ]);
    expect(json.suggestedFilename()).toBe('arena.json');
    const doc = JSON.parse(await readFile((await json.path())!, 'utf8'));
    expect(doc.format).toBe('harness-playground/arena');
    expect(doc.version).toBe(1);
    expect(doc.cells).toHaveLength(hazards.length * policyIds.length);
    expect(
      doc.cells.find(
        (c: { hazard: string; policy: string }) => c.hazard === 'unread-edit' && c.policy === 'dsh-ledger',
      ).outcome,
    ).toBe('false-refusal');
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-action="arena-svg"]').click(),
    ]);
    expect(svg.suggestedFilename()).toBe('arena-matrix.svg');
    const image = await readFile((await svg.path())!, 'utf8');
    expect(image.startsWith('<svg')).toBe(true);
    expect(image).toContain('unread-edit');
  });
});

// README "The arena", step 1, on a projector (1280×720): the matrix is read from the back of a room.
test('README "The arena" at 1280×720: the matrix fills the dialog’s width, and its head row and legend stay in view as it scrolls', async ({
  browser,
}) => {
  await onScreen(browser, { width: 1280, height: 720, scale: 1 }, async (page) => {
    await openScenario(page, 'happy-path');
    await openArena(page);
    const box = arena(page).locator('.arena-scroll');
    const widths = await box.evaluate((el) => ({
      box: el.clientWidth,
      table: el.querySelector('table')!.getBoundingClientRect().width,
    }));
    // No strip of empty dialog beside the table, and no sideways scrolling either.
    expect(widths.table).toBeGreaterThanOrEqual(widths.box - 2);
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const size = await cell(page, 'edit-distant-region', 'dsh-ledger').evaluate((el) =>
      parseFloat(getComputedStyle(el).fontSize),
    );
    expect(size).toBeGreaterThanOrEqual(13.5);
    // The last hazard, scrolled to: the policies' names above it and the legend below are still seen.
    const last = cell(page, 'unread-edit', 'fuzzy-whitespace');
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(arena(page).locator('thead th[data-policy="dsh-ledger"]')).toBeInViewport({ ratio: 1 });
    await expect(arena(page).locator('.arena-legend')).toBeInViewport({ ratio: 1 });
    await expect(arena(page).getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
  });
});

// README "The arena", step 2: a cell's replay on a zoomed projector and on a phone.
for (const [name, screen, touch] of [
  ['at 150 % zoom (853×480)', { width: 853, height: 480, scale: 1.5 }, false],
  ['on a phone (375×812)', { width: 375, height: 812, scale: 2 }, true],
] as [string, Screen, boolean][]) {
  test(`README "The arena" ${name}: a cell's replay is not cut off, and its controls are reachable`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: screen.height },
      deviceScaleFactor: screen.scale,
      hasTouch: touch,
      isMobile: touch,
    });
    try {
      const page = await context.newPage();
      const app = await openScenario(page, 'happy-path');
      await openArena(page);
      const one = cell(page, 'two-agents', 'prompt-only');
      await one.scrollIntoViewIfNeeded();
      await expect(one).toBeInViewport({ ratio: 1 });
      await (touch ? one.tap() : one.click());
      await expect(app).toHaveAttribute('data-mode', 'replay');
      const banner = page.locator('.banner', { hasText: 'Two agents on one file under prompt-only' });
      await expect(banner).toBeInViewport();
      const back = banner.getByRole('button', { name: 'Back to live' });
      await expect(back).toBeInViewport({ ratio: 1 });
      // Nothing wider than the screen: no card, banner or control runs off its right edge.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.width,
      );
      // Every card of the run can be brought into view and read whole in its width.
      for (const card of await page.locator('.transcript-list article[data-card]').all()) {
        await card.scrollIntoViewIfNeeded();
        const { x, width } = (await card.boundingBox())!;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x + width).toBeLessThanOrEqual(screen.width);
      }
      await (touch ? back.tap() : back.click());
      await expect(app).toHaveAttribute('data-mode', 'live');
    } finally {
      await context.close();
    }
  });
}

test('README "The hazards": in Chinese the rows, the columns’ notes and a replay’s title are Chinese', async ({
  page,
}) => {
  await openScenario(page, 'happy-path', { lang: 'zh' });
  await openArena(page);
  const row = arena(page).locator('tr[data-hazard="two-agents"] th');
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  await expect(row).toContainText('两个智能体改同一个文件');
  await expect(row).toHaveAttribute('title', /第二个编辑了它/);
  // A policy's column says what it checks in Chinese too.
  await expect(arena(page).locator('th[data-policy="prompt-only"]')).toHaveAttribute(
    'title',
    /^只有提示语要求模型重读/,
  );
  await cell(page, 'two-agents', 'prompt-only').click();
  await expect(page.locator('#app')).toHaveAttribute('data-mode', 'replay');
  await expect(page.locator('.banner').first()).toContainText('两个智能体改同一个文件');
});

test('the arena, in English and in Chinese, has no serious or critical axe violation', async ({ page }) => {
  for (const lang of ['en', 'zh']) {
    await openScenario(page, 'happy-path', { lang });
    await openArena(page);
    const { violations } = await new AxeBuilder({ page })
      .include('dialog[data-dialog="arena"]')
      .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    const bad = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad, lang).toEqual([]);
  }
});

test.describe('README "The arena": Your policy', () => {
  test('the plugin applied in the lab is a column of its own, named in its header', async ({ page }) => {
    await openScenario(page, 'happy-path');
    await openLab(page);
    await typeCode(
      page,
      [
        "export const name = 'no-edits';",
        "export function writeIntent() { return { verdict: 'proceed', guard: { kind: 'none' } }; }",
        'export function editIntent() {',
        "  return { verdict: 'refuse', code: 'FS_NO_EDITS', message: 'no edits here', remedy: 'write the file' };",
        '}',
      ].join('\n'),
    );
    await apply(page);
    await openArena(page);
    const column = page.locator('[data-arena-cell][data-policy="yours"]');
    await expect(column).toHaveCount(hazards.length);
    await expect(arena(page).locator('th[data-policy="yours"]')).toContainText('the lab’s “no-edits”');
    // A safe edit refused; a write over someone's file let through.
    await expect(cell(page, 'unread-edit', 'yours')).toHaveAttribute('data-outcome', 'false-refusal');
    await expect(cell(page, 'unread-overwrite', 'yours')).toHaveAttribute('data-outcome', 'lost-update');
    await cell(page, 'unread-edit', 'yours').click();
    const refused = page.locator('article[data-card][data-error-code="FS_NO_EDITS"]');
    await refused.scrollIntoViewIfNeeded();
    await expect(refused).toBeVisible();
  });

  test('a plugin that decides nothing: the header says so, and the column is as without a policy', async ({
    page,
  }) => {
    await openScenario(page, 'happy-path');
    await openLab(page);
    await apply(page); // the starter: a preExecute and a postExecute, no intents
    await openArena(page);
    await expect(arena(page).locator('th[data-policy="yours"]')).toContainText('decided nothing');
    const column = (policy: string) =>
      page
        .locator(`[data-arena-cell][data-policy="${policy}"]`)
        .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.outcome));
    expect(await column('yours')).toEqual(await column('prompt-only'));
  });
});
