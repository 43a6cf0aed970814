// Benchmarks of the playground page itself, in one headless Chromium against the built site served
// under its sub-path (`npm run bench` builds dist/ and .test-dist/ first and runs these after the
// filesystem benchmarks of scripts/bench.mjs):
//
//   (ui-1) time to interactive: navigation start to `#app[data-ready="true"]`, with the paint timings
//          of the Performance API, over cold loads (a fresh browser profile each); and the time to the
//          first view (the lesson's point in the transcript pane, painted before the engine has loaded)
//          and, for an address that takes one step (`?step=1`), to the first transcript entry;
//   (ui-2) a 200-step scenario played at instant speed through the page's own run loop, against the
//          same scenario run by the Playground on IndexedDB without any interface (the baseline);
//   (ui-3) opening an imported session of 5,000 events through the page's "Import session" file input:
//          time to the first cards on screen, against parsing and replaying the file without any
//          interface; and the DOM size, which must stay bounded (the transcript renders lazily).
//
//   node scripts/bench-ui.mjs [--write] [--repeats 5] [--load-only]   (from scripts/bench.mjs: --only …,ui)
//
// --load-only measures (ui-1) alone and prints it (to compare the first load of two builds).
//
// --write puts the table into BENCHMARKS.md between the bench-ui markers (its own section).
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { formatNumber, loadAverage, median, startBench, writeBlock } from './bench-report.mjs';
import { firstLoad, kB } from './first-load.mjs';
import { APP_PATH, TEST_PAGES_PATH } from './serve.mjs';

const STEPS = 200;
const EVENTS = 5000;
/** A quarter of the events, to show that the DOM does not grow with the log. */
const FEWER_EVENTS = 1250;
/** A DOM this large after opening 5,000 events would mean the transcript is not rendered lazily. */
const NODE_BOUND = 20_000;
const fmt = (x, digits = 0) => formatNumber(x, digits);
const ms = (x) => `${fmt(x, x < 10 ? 2 : 0)} ms`;
const load = loadAverage;

/**
 * Records, in the page, when the lesson's point is first painted in the transcript pane, when the first
 * transcript entry is, and when the app first says it is ready (installed before any script runs).
 */
function watchReady() {
  const seen = (name, met) => {
    if (window[name] === undefined && met()) window[name] = performance.now();
  };
  new MutationObserver((_, observer) => {
    const app = document.getElementById('app');
    seen('__lessonAt', () => Boolean(app?.querySelector('.pane.transcript [data-teaches]')?.textContent));
    seen('__entryAt', () =>
      Boolean(app?.querySelector('.transcript-list > .message, .transcript-list > .turn')),
    );
    seen('__readyAt', () => app?.dataset.ready === 'true');
    if (window.__readyAt !== undefined && window.__entryAt !== undefined) observer.disconnect();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

/** (ui-1) One cold load: a fresh profile, so IndexedDB starts empty and nothing is cached. */
async function coldLoad(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(watchReady);
    await page.goto(url);
    await page.waitForFunction(() => window.__readyAt !== undefined);
    const entry = new URL(url).searchParams.has('step');
    if (entry) await page.waitForFunction(() => window.__entryAt !== undefined);
    return await page.evaluate(async () => {
      const lcp = await new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? NaN)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(NaN), 1000);
      });
      const nav = performance.getEntriesByType('navigation')[0];
      const paint = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
      return {
        lesson: window.__lessonAt,
        entry: window.__entryAt ?? NaN,
        ready: window.__readyAt,
        firstPaint: paint('first-paint'),
        firstContentfulPaint: paint('first-contentful-paint'),
        largestContentfulPaint: lcp,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      };
    });
  } finally {
    await context.close();
  }
}

/** Opens the playground in a fresh profile and waits until it is ready. */
async function freshApp(browser, origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}${APP_PATH}?scenario=happy-path&speed=instant`);
  await page.waitForSelector('#app[data-ready="true"]');
  return { context, page };
}

/**
 * (ui-2) The long scenario through the page's run loop at instant speed, to the frame after the last
 * step: once in a fresh page (`first`), then loaded and played again in the same page (`again`, the
 * page's code compiled and warm, as the baseline's is after its warm-up).
 */
async function playInPage(browser, origin, scenario) {
  const { context, page } = await freshApp(browser, origin);
  try {
    return await page.evaluate(async (s) => {
      const app = window.playground;
      const once = async () => {
        await app.pg.load(s);
        const start = performance.now();
        await app.play();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
        return {
          ms: performance.now() - start,
          steps: app.pg.script.state.position,
          errors: app.pg.errors().length,
          state: app.state,
          nodes: document.getElementsByTagName('*').length,
        };
      };
      const first = await once();
      return { first, again: await once() };
    }, scenario);
  } finally {
    await context.close();
  }
}

/** (ui-3) Imports a session file through the page's file input; times change → first cards painted. */
async function importInPage(browser, origin, text) {
  const { context, page } = await freshApp(browser, origin);
  try {
    await page.evaluate(() => {
      window.__import = new Promise((resolve) => {
        let start = NaN;
        document.addEventListener('change', () => (start = performance.now()), { capture: true, once: true });
        const app = document.getElementById('app');
        const observer = new MutationObserver(() => {
          if (app.dataset.mode !== 'replay' || !app.querySelector('.transcript-list article')) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() =>
              resolve({
                ms: performance.now() - start,
                nodes: document.getElementsByTagName('*').length,
                shown: document.querySelectorAll('.transcript-list > .message, .transcript-list > .turn')
                  .length,
                earlier: document.querySelector('.transcript-list > .earlier')?.textContent ?? null,
              }),
            ),
          );
        });
        observer.observe(app, { subtree: true, childList: true, attributes: true });
      });
    });
    await page.setInputFiles('input[data-action="import-file"]', {
      name: 'bench-session.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    return await page.evaluate(() => window.__import);
  } finally {
    await context.close();
  }
}

/** The median of one figure of some loads, with the lowest and highest: "318 ms (290–350)". */
function spread(loads, key) {
  const xs = loads.map((l) => l[key]);
  return `${ms(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;
}

/** (ui-1) Cold loads of the page and of an address that takes one step, the first of each a warm-up. */
async function coldLoads(browser, origin, repeats) {
  console.log(`(ui-1) ${repeats + 1} cold loads of each of two addresses, the first a warm-up…`);
  const loads = [];
  const stepLoads = [];
  for (let r = 0; r <= repeats; r++) {
    loads.push(await coldLoad(browser, `${origin}${APP_PATH}`));
    stepLoads.push(await coldLoad(browser, `${origin}${APP_PATH}?scenario=happy-path&step=1`));
  }
  const kept = loads.slice(1);
  const tti = Object.fromEntries(Object.keys(kept[0]).map((k) => [k, median(kept.map((l) => l[k]))]));
  return { tti, loads: kept, stepLoads: stepLoads.slice(1) };
}

function table(r) {
  const per = (x) => `${ms(x)} (${fmt(x / STEPS, 2)} ms/step)`;
  const rows = [
    ['benchmark', 'the page', 'baseline, no interface', 'page ÷ baseline'],
    [
      "(ui-1) first view: navigation start → the lesson's point in the transcript pane",
      spread(r.loads, 'lesson'),
      '—',
      '—',
    ],
    ['(ui-1) time to interactive: navigation start → `#app[data-ready]`', spread(r.loads, 'ready'), '—', '—'],
    [
      '(ui-1) first transcript entry, `?scenario=happy-path&step=1`: navigation start → the entry',
      spread(r.stepLoads, 'entry'),
      '—',
      '—',
    ],
    [
      '(ui-1) first paint / first contentful paint / largest contentful paint',
      `${ms(r.tti.firstPaint)} / ${ms(r.tti.firstContentfulPaint)} / ${ms(r.tti.largestContentfulPaint)}`,
      '—',
      '—',
    ],
    ['(ui-1) JavaScript of the first load, gzipped', kB(r.size), '—', '—'],
    [
      `(ui-2) ${STEPS}-step scenario at instant speed (read, edit, …), the page's first run`,
      per(r.steps.first),
      per(r.steps.bare),
      `**${fmt(r.steps.first / r.steps.bare, 2)}×**`,
    ],
    [
      `(ui-2) the same, played again in the same page`,
      per(r.steps.again),
      per(r.steps.bare),
      `**${fmt(r.steps.again / r.steps.bare, 2)}×**`,
    ],
    [
      `(ui-3) open an imported ${fmt(r.open.events)}-event session (${fmt(r.open.bytes / 1000, 1)} kB): first cards on screen`,
      ms(r.open.ui),
      `${ms(r.open.bare)} (parse, check, replay)`,
      `**${fmt(r.open.ui / r.open.bare, 2)}×**`,
    ],
    [
      `(ui-3) DOM nodes after opening ${fmt(r.fewer.events)} / ${fmt(r.open.events)} events`,
      `${fmt(r.fewer.nodes)} / ${fmt(r.open.nodes)} (${r.open.shown} entries shown)`,
      '—',
      `${fmt(r.open.nodes / r.fewer.nodes, 2)}× for 4× the events`,
    ],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

/** Runs the interface benchmarks; `args` as on the command line (`--write`, `--repeats N`). */
export async function benchUi(args = []) {
  const only = args.indexOf('--only');
  if (only !== -1 && !args[only + 1]?.split(',').includes('ui')) return null;
  const i = args.indexOf('--repeats');
  const repeats = i === -1 ? 5 : Number(args[i + 1]);
  const { origin, browser, close } = await startBench('bench-ui');
  const loadBefore = load();
  try {
    const size = (await firstLoad()).gzip;
    const bench = await (await browser.newContext()).newPage();
    await bench.goto(`${origin}${TEST_PAGES_PATH}bench-ui.html`);
    await bench.waitForSelector('body[data-ready="true"]', { state: 'attached' });

    const { tti, loads, stepLoads } = await coldLoads(browser, origin, repeats);
    const all = (list, key) => list.map((l) => fmt(l[key])).join(', ');
    const loadLines = [
      `(ui-1) all cold loads, first view in ms: ${all(loads, 'lesson')}`,
      `(ui-1) all cold loads, ready in ms: ${all(loads, 'ready')}`,
      `(ui-1) all cold loads of ?step=1, first transcript entry in ms: ${all(stepLoads, 'entry')}`,
    ];
    if (args.includes('--load-only')) {
      console.log(`first load ${kB(size)} gzipped\n${loadLines.join('\n')}`);
      const row = (key, list = loads) => `${ms(median(list.map((l) => l[key])))}`;
      console.log(
        `medians: first view ${row('lesson')}, ready ${row('ready')}, entry ${row('entry', stepLoads)}`,
      );
      return { tti, loads, stepLoads, size };
    }

    console.log(`(ui-2) ${STEPS} steps, in the page and without it, ${repeats} times each after a warm-up…`);
    const scenario = await bench.evaluate((n) => window.__benchUi.scenario(n), STEPS);
    const first = [];
    const again = [];
    const bare = [];
    for (let r = 0; r <= repeats; r++) {
      const runs = await playInPage(browser, origin, scenario);
      for (const run of Object.values(runs))
        if (run.steps !== STEPS || run.errors !== 0 || run.state !== 'done')
          throw new Error(`(ui-2) the page's run went wrong: ${JSON.stringify(run)}`);
      const base = await bench.evaluate((n) => window.__benchUi.bare(n), STEPS);
      if (base.steps !== STEPS || base.errors !== 0) throw new Error(`(ui-2) the baseline went wrong`);
      if (r === 0) continue;
      first.push(runs.first.ms);
      again.push(runs.again.ms);
      bare.push(base.ms);
    }

    console.log(`(ui-3) opening ${FEWER_EVENTS} and ${EVENTS}-event sessions, ${repeats} times each…`);
    const opened = {};
    for (const events of [FEWER_EVENTS, EVENTS]) {
      const file = await bench.evaluate((n) => window.__benchUi.sessionText(n), events);
      const runs = [];
      const bases = [];
      for (let r = 0; r <= repeats; r++) {
        const run = await importInPage(browser, origin, file.text);
        const base = await bench.evaluate((text) => window.__benchUi.parseAndReplay(text), file.text);
        if (r === 0) continue;
        runs.push(run);
        bases.push(base.ms);
      }
      const last = runs.at(-1);
      opened[events] = {
        events: file.events,
        bytes: file.bytes,
        ui: median(runs.map((x) => x.ms)),
        bare: median(bases),
        nodes: median(runs.map((x) => x.nodes)),
        shown: last.shown,
        earlier: last.earlier,
      };
    }
    const results = {
      tti,
      loads,
      stepLoads,
      size,
      steps: { first: median(first), again: median(again), bare: median(bare) },
      open: opened[EVENTS],
      fewer: opened[FEWER_EVENTS],
    };
    const text = table(results);
    console.log(`\n${text}\n`);
    console.log(loadLines.join('\n'));
    console.log(
      `(ui-2) all repeats, ms: page's first run ${first.map((x) => fmt(x)).join(', ')}; again ${again.map((x) => fmt(x)).join(', ')}; baseline ${bare.map((x) => fmt(x)).join(', ')}`,
    );
    console.log(`(ui-3) "${results.open.earlier}" above the newest ${results.open.shown} entries`);
    const bounded = results.open.nodes < NODE_BOUND && results.open.nodes < results.fewer.nodes * 1.5;
    if (!bounded)
      throw new Error(
        `(ui-3) the DOM grew with the log: ${results.fewer.nodes} → ${results.open.nodes} nodes`,
      );

    if (args.includes('--write')) {
      const version = browser.version();
      const env = [
        `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${repeats} repeats after a warm-up, medians), in one`,
        `headless Chromium ${version} process on ${os.availableParallelism()} CPUs, Node ${process.version}; load average`,
        `(1 / 5 / 15 min) ${loadBefore} at the start and ${load()} at the end.`,
      ].join('\n');
      await writeBlock({ name: 'bench-ui', text: `${env}\n\n${text}`, heading: 'The playground page' });
      console.log('bench-ui: figures written to BENCHMARKS.md');
    }
    return results;
  } finally {
    await close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchUi(process.argv.slice(2)).catch((error) => {
    console.error(`bench-ui: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
