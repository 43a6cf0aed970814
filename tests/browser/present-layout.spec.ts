// Presentation mode holds its shape through a whole run of stale-version, at 1280×720 (a projector) and
// at 853×480 (the same at 150 % zoom): the header never changes height, a banner never lies over the
// transcript, nothing is cut (the ledger's state whole), the transcript's code is at least 18 px, and the
// run controls and the ledger stay on screen however far the transcript scrolls.
// README "Teaching with it": the paragraph on presentation mode.
import { expect, test, type Page } from '@playwright/test';
import { scenarios } from '../../src/model';
import { RUN_TIMEOUT, button, focusBody, onScreen, openScenario, type Screen } from './app';

test.describe.configure({ timeout: 90_000 });

type Box = { top: number; bottom: number; left: number; right: number };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every banner's box and the transcript pane's, as laid out now. */
function boxes(page: Page): Promise<{ banners: Box[]; transcript: Box }> {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return {
      banners: [...document.querySelectorAll('.banners > .banner')].map(box),
      transcript: box(document.querySelector('.pane.transcript')!),
    };
  });
}

async function expectNoBannerOver(page: Page, when: string): Promise<void> {
  const { banners, transcript } = await boxes(page);
  expect(banners.length, `banners ${when}`).toBeGreaterThan(0);
  for (const banner of banners) expect(overlaps(banner, transcript), `a banner ${when}`).toBe(false);
}

/** The ledger fits its pane: no side scrolling, each row's state pill inside the pane and read whole. */
async function expectLedgerWhole(page: Page, pill: string, detail?: string): Promise<void> {
  const row = page.locator('tr[data-ledger-path="/app/config.json"]');
  await expect(row.locator('.badge')).toHaveText(pill);
  if (detail) await expect(row.locator('.state-detail')).toBeInViewport({ ratio: 1 });
  if (detail) await expect(row.locator('.state-detail')).toHaveText(detail);
  const fit = await page.evaluate(() => {
    const pane = document.querySelector('#pane-side')!;
    const badge = document.querySelector('tr[data-ledger-path] .badge')!.getBoundingClientRect();
    const p = pane.getBoundingClientRect();
    return {
      overflow: pane.scrollWidth - pane.clientWidth,
      inside:
        badge.left >= p.left && badge.right <= p.right && badge.top >= p.top && badge.bottom <= p.bottom,
    };
  });
  expect(fit).toEqual({ overflow: 0, inside: true });
  await expect(row.locator('.badge')).toBeInViewport({ ratio: 1 });
}

/** Every code text in the transcript set below 18 px: where, and its computed size. */
function smallCode(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('.transcript-list *')) {
      const style = getComputedStyle(el);
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '');
      if (!own || !/mono/i.test(style.fontFamily)) continue;
      const px = parseFloat(style.fontSize);
      if (px < 18) small.add(`${el.tagName.toLowerCase()}.${el.className} ${px}px`);
    }
    return [...small];
  });
}

/** The projector's screens the README's teaching walk is held to: 1280×720, and the same at 150 %. */
const PROJECTOR_SCREENS: (Screen & { name: string })[] = [
  { name: '1280×720', width: 1280, height: 720, scale: 1 },
  { name: '853×480 (150 % zoom)', width: 853, height: 480, scale: 1.5 },
];

for (const screen of PROJECTOR_SCREENS) {
  test(`presentation mode at ${screen.name} holds its shape through a run: header height, banners, ledger, code size`, async ({
    browser,
  }) => {
    await onScreen(browser, screen, async (page) => {
      const app = await openScenario(page, 'stale-version', { present: '1', speed: 'fast' });
      // Every height the header takes, from now to the end of the run.
      await page.evaluate(() => {
        const header = document.querySelector<HTMLElement>('header.topbar')!;
        const seen = ((window as unknown as { heights: number[] }).heights = [header.offsetHeight]);
        new ResizeObserver(() => seen.push(header.offsetHeight)).observe(header);
      });
      await focusBody(page);
      await page.keyboard.press(' ');
      await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
      await expect(page.locator('[data-banner="waiting"]')).toBeInViewport({ ratio: 1 });
      await expectNoBannerOver(page, 'while the script waits');
      await expectLedgerWhole(page, '✓ current');

      await page.keyboard.press('e');
      await expect(page.locator('[data-entry="external"]')).toBeInViewport();
      await expectLedgerWhole(page, '⚠ stale', 'the file moved on');
      await page.keyboard.press(' ');
      // The lesson's question stops Play; Enter reveals it, Space plays to the end.
      await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
      await page.keyboard.press('Enter');
      await expect(app).toHaveAttribute('data-asking', 'false');
      await page.keyboard.press(' ');
      await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
      await expectNoBannerOver(page, 'when done');
      await expectLedgerWhole(page, '✓ current');

      const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
      expect(new Set(heights).size, `header heights seen: ${heights.join(', ')}`).toBe(1);
      expect(await smallCode(page), 'code under 18 px').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        screen.width,
      );

      // The transcript scrolls in its own pane; the controls and the ledger stay on screen.
      const pane = page.locator('.pane.transcript');
      for (const to of ['top', 'bottom'] as const) {
        await pane.evaluate((el, where) => el.scrollTo({ top: where === 'top' ? 0 : el.scrollHeight }), to);
        for (const name of ['Play', 'Step', 'Back', 'Simulate external edit'])
          await expect(button(page, name), `${name} at the ${to}`).toBeInViewport({ ratio: 1 });
        await expect(page.locator('tr[data-ledger-path="/app/config.json"]')).toBeInViewport({ ratio: 1 });
      }
      const scrolled = await pane.evaluate((el) => ({
        long: el.scrollHeight > el.clientHeight,
        at: el.scrollTop,
      }));
      expect(scrolled.long).toBe(true);
      expect(scrolled.at).toBeGreaterThan(0);
      // The edit's entry, scrolled to, is whole on screen: no banner or header over it.
      const versions = page.locator('[data-entry="external"] [data-versions]');
      await versions.scrollIntoViewIfNeeded();
      await expect(versions).toBeInViewport({ ratio: 1 });
      const hit = await versions.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + 2, r.top + r.height / 2));
      });
      expect(hit, 'the edit’s v1 → v2 is on top, not under a banner').toBe(true);
    });
  });
}

test('presentation mode: the transcript follows in its own pane; scrolled up there, it stays put and "New entries" brings the newest back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const app = await openScenario(page, 'policy-strengths', { present: '1' });
  const pane = page.locator('.pane.transcript');
  const last = () => page.locator('.transcript-list > [data-entry]').last();
  for (let i = 0; i < 4; i++) {
    const before = await page.locator('[data-progress]').getAttribute('data-step');
    await button(page, 'Step').click();
    await expect(page.locator('[data-progress]')).not.toHaveAttribute('data-step', before ?? '');
  }
  // Followed: the newest entry is in view, the pane scrolled, the page itself not.
  await expect(last()).toBeInViewport();
  expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.mouse.move(300, 400);
  await page.mouse.wheel(0, -10_000);
  await expect.poll(() => pane.evaluate((el) => el.scrollTop)).toBe(0);
  await button(page, 'Play').click();
  // Play stops at the lesson's question: revealed and played on with the keys, which scroll nothing.
  await expect(app).toHaveAttribute('data-asking', 'true', { timeout: RUN_TIMEOUT });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Enter');
  await expect(app).toHaveAttribute('data-asking', 'false');
  await page.keyboard.press(' ');
  await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
  const newEntries = button(page, 'New entries');
  await expect(newEntries).toBeInViewport();
  await expect(last()).not.toBeInViewport();
  expect(await pane.evaluate((el) => el.scrollTop)).toBe(0);
  await newEntries.click();
  await expect(last()).toBeInViewport();
  await expect(newEntries).toBeHidden();
});

// README "Teaching with it", step 2: Play pauses at the external edit and the waiting banner comes above
// the transcript's pane, making it shorter; the entry just added must still be seen whole, not pushed
// below the pane's foot.
for (const screen of PROJECTOR_SCREENS) {
  test(`README "Teaching with it", step 2 at ${screen.name}: when the waiting banner comes, the newest entry is whole inside the transcript pane`, async ({
    browser,
  }) => {
    await onScreen(browser, screen, async (page) => {
      const app = await openScenario(page, 'stale-version', { present: '1', speed: 'normal' });
      await focusBody(page);
      await page.keyboard.press('ArrowRight');
      await expect(page.locator('[data-progress]')).toHaveText('step 1 of 6');
      await page.keyboard.press(' ');
      await expect(app).toHaveAttribute('data-waiting', 'true', { timeout: RUN_TIMEOUT });
      await expect(page.locator('[data-banner="waiting"]')).toBeInViewport({ ratio: 1 });
      await expect(page.locator('.transcript-list > [data-entry]').last()).toContainText(
        'I will turn debug on.',
      );
      // Where the newest entry stands against the pane's visible box (nothing scrolled by the test).
      const gap = () =>
        page.evaluate(() => {
          const pane = document.querySelector('.pane.transcript')!.getBoundingClientRect();
          const entries = document.querySelectorAll('.transcript-list > [data-entry]');
          const last = entries[entries.length - 1]!.getBoundingClientRect();
          return { above: pane.top - last.top, below: last.bottom - pane.bottom };
        });
      await expect.poll(async () => (await gap()).below, { timeout: 5_000 }).toBeLessThanOrEqual(0.5);
      expect((await gap()).above).toBeLessThanOrEqual(0.5);
      await expect(page.getByRole('button', { name: 'New entries' })).toBeHidden();
    });
  });
}

// README "Teaching with it", step 3: "The ledger row turns stale." On the projector the row's state pill
// reads on one line (two at most), whole: "⚠ stale" and its version cells not cut, its detail beside or
// under it.
for (const screen of PROJECTOR_SCREENS) {
  test(`README "Teaching with it", step 3 at ${screen.name}: the ledger's stale pill is read whole, on at most two lines`, async ({
    browser,
  }) => {
    await onScreen(browser, screen, async (page) => {
      const app = await openScenario(page, 'stale-version', { present: '1' });
      const row = page.locator('tr[data-ledger-path="/app/config.json"]');
      await focusBody(page);
      // Step with → until the script waits for its external edit; E makes it, and the row turns stale.
      const progress = page.locator('[data-progress]');
      for (let i = 0; i < 6 && (await app.getAttribute('data-waiting')) !== 'true'; i++) {
        const before = await progress.textContent();
        await page.keyboard.press('ArrowRight');
        await expect(progress).not.toHaveText(before ?? '');
      }
      await expect(app).toHaveAttribute('data-waiting', 'true');
      await page.keyboard.press('e');
      await expect(row).toHaveAttribute('data-stale', 'true');
      const pill = row.locator('.badge');
      await pill.scrollIntoViewIfNeeded();
      await expect(pill).toContainText('⚠ stale');
      await expect(pill).toBeInViewport({ ratio: 1 });
      // The state's detail is read whole too, in the pill or beside it.
      const state = row.locator('td').last();
      await expect(state).toContainText('the file moved on');
      await expect(state).toBeInViewport({ ratio: 1 });
      await expect(row.locator('td').nth(1)).toHaveText('present@v1');
      await expect(row.locator('td').nth(2)).toHaveText('v2');
      const shape = await pill.evaluate((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
        const text = r.height - chrome.reduce((sum, side) => sum + parseFloat(style[side]), 0);
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {
          lines: text / parseFloat(style.lineHeight),
          cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
          ellipsis: style.textOverflow === 'ellipsis' && style.overflow !== 'visible',
          onTop: el.contains(hit),
        };
      });
      expect(shape.lines, 'lines of the pill').toBeLessThanOrEqual(2.05);
      expect(shape).toMatchObject({ cut: false, ellipsis: false, onTop: true });
      for (const cell of await row.locator('td').all())
        expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`ledger-stale-${screen.width}.png`) });
    });
  });
}

/** The lessons (not the lab's examples): each is opened in presentation mode in front of a class. */
const LESSONS = scenarios.filter((s) => !s.lab).map((s) => s.id);

// README "Teaching with it": "the header keeps to one row" at 1280×720, for every lesson, however long
// its name, and the ledger beside the transcript is read whole, however long its paths. Each lesson is
// looked at where its ledger and its header are fullest: at its end ("step 17 of 17").
test('README "Teaching with it" at 1280×720, every lesson in presentation mode: the header keeps to one row and the ledger fits its pane', async ({
  browser,
}) => {
  await onScreen(browser, { width: 1280, height: 720, scale: 1 }, async (page) => {
    const seen: Record<string, { rows: number; ledgerOverflow: number; cut: string[] }> = {};
    for (const id of LESSONS) {
      const app = await openScenario(page, id, { present: '1', step: '99' });
      await expect(app).toHaveAttribute('data-run-state', 'done', { timeout: RUN_TIMEOUT });
      seen[id] = await page.evaluate(() => {
        const controls = [
          ...document.querySelectorAll<HTMLElement>('header.topbar :is(button, [data-progress])'),
        ];
        const shown = controls.filter((el) => el.offsetParent !== null);
        const middles = shown.map((el) => {
          const r = el.getBoundingClientRect();
          return Math.round((r.top + r.bottom) / 2 / 8);
        });
        const pane = document.querySelector('#pane-side')!;
        const p = pane.getBoundingClientRect();
        const cut = [...pane.querySelectorAll<HTMLElement>('.ledger td')]
          .filter((td) => {
            const r = td.getBoundingClientRect();
            return r.left < p.left || r.right > p.right;
          })
          .map((td) => td.textContent ?? '');
        return { rows: new Set(middles).size, ledgerOverflow: pane.scrollWidth - pane.clientWidth, cut };
      });
    }
    const bad = Object.entries(seen).filter(([, s]) => s.rows !== 1 || s.ledgerOverflow > 0 || s.cut.length);
    expect(Object.fromEntries(bad)).toEqual({});
    // A long name gives way last: its whole self is the picker's tooltip and in its name.
    await openScenario(page, 'arena-tour', { present: '1' });
    await expect(page.locator('[data-action="scenarios"] .scenario-title')).toHaveAttribute(
      'title',
      'One hazard, three policies',
    );
    await expect(page.locator('[data-action="scenarios"]')).toBeInViewport({ ratio: 1 });
  });
});
