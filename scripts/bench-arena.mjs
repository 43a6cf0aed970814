// The arena's benchmark, in one headless Chromium against the built site (`npm run bench` builds dist/
// first): More → Arena clicked in a fresh context, the whole matrix (every hazard under every policy, 153
// runs in the page's worker) computed, after a warm-up, several times; the median is reported against
// the bound of 3 s. Two figures: the worker's own time from its start to its last run, and the
// time the visitor waits, from the click on More → Arena to the last cell drawn.
//
//   node scripts/bench-arena.mjs [--write] [--repeats 5]   (from scripts/bench.mjs: --only …,arena)
//
// --write puts the table into BENCHMARKS.md between the bench-arena markers (its own section).
import os from 'node:os';
import { formatNumber, loadAverage, median, startBench, writeBlock } from './bench-report.mjs';
import { APP_PATH } from './serve.mjs';

const args = process.argv.slice(2);
const i = args.indexOf('--repeats');
const REPEATS = i === -1 ? 5 : Number(args[i + 1]);
/** The bound of issue #25 for the whole matrix, in ms. */
const BOUND_MS = 3000;
const ms = (x) => `${formatNumber(x, 0)} ms`;

/**
 * One fresh page: More → Arena clicked, and the time from that click to the last cell drawn (both taken
 * in the page), with the worker's own time.
 */
async function once(browser, origin) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${APP_PATH}?scenario=happy-path`);
    await page.waitForSelector('#app[data-ready="true"]', { state: 'attached', timeout: 30_000 });
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (e) => {
          if (e.target.closest?.('[data-action="arena"]')) window.__clickAt = performance.now();
        },
        { capture: true },
      );
      new MutationObserver(() => {
        if (document.querySelector('dialog[data-dialog="arena"][data-state="done"]'))
          window.__doneAt ??= performance.now();
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await page.locator('[data-action="more"]').click();
    await page.locator('.menu-panel [data-action="arena"]').click();
    const dialog = page.locator('dialog[data-dialog="arena"][data-state="done"]');
    await dialog.waitFor({ timeout: 30_000 });
    const wait = await page.evaluate(() => window.__doneAt - window.__clickAt);
    const worker = Number(await dialog.getAttribute('data-arena-ms'));
    const cells = await page.locator('[data-arena-cell]').count();
    if (cells !== 153) throw new Error(`bench-arena: ${cells} cells, not 153`);
    return { worker, wait };
  } finally {
    await context.close();
  }
}

async function main() {
  const loadBefore = loadAverage();
  const { origin, browser, close } = await startBench('bench-arena');
  try {
    console.log(`(arena) the whole matrix, ${REPEATS + 1} times, the first a warm-up…`);
    const runs = [];
    for (let r = 0; r <= REPEATS; r++) runs.push(await once(browser, origin));
    const kept = runs.slice(1);
    const worker = median(kept.map((x) => x.worker));
    const wait = median(kept.map((x) => x.wait));
    const text = [
      '| The arena, 17 hazards × 9 policies (153 runs)     | Median  | Bound  |',
      '| ------------------------------------------------- | ------- | ------ |',
      `| In the worker, start to the last run              | ${ms(worker).padEnd(7)} | ${ms(BOUND_MS)} |`,
      `| In the page, the click on More → Arena to the last cell | ${ms(wait).padEnd(7)} | ${ms(BOUND_MS)} |`,
    ].join('\n');
    console.log(`\n${text}\n`);
    console.log(
      `(arena) all repeats, ms: worker ${kept.map((x) => formatNumber(x.worker, 0)).join(', ')}; wait ${kept.map((x) => formatNumber(x.wait, 0)).join(', ')}`,
    );
    if (wait >= BOUND_MS) console.log(`bench-arena: over the bound: ${ms(wait)}`);
    if (args.includes('--write')) {
      const env = [
        `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${REPEATS} repeats after a warm-up, medians), in one`,
        `headless Chromium ${browser.version()} process on ${os.availableParallelism()} CPUs, Node ${process.version}; load average`,
        `(1 / 5 / 15 min) ${loadBefore} at the start and ${loadAverage()} at the end.`,
      ].join('\n');
      await writeBlock({ name: 'bench-arena', text: `${env}\n\n${text}`, heading: 'The arena' });
      console.log('bench-arena: figures written to BENCHMARKS.md');
    }
  } finally {
    await close();
  }
}

// From `npm run bench -- --only a,b`: the arena's figures only when `arena` is in the list.
const only = args.indexOf('--only');
const wanted = only === -1 || (args[only + 1] ?? '').split(',').includes('arena');
(wanted ? main() : Promise.resolve()).catch((error) => {
  console.error(`bench-arena: ${error.stack ?? error.message}`);
  process.exit(1);
});
