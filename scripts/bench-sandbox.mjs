// Benchmarks of the plugin sandbox (src/sandbox) in one headless Chromium, on the built test page
// tests/browser/pages/bench-sandbox.html (`npm run bench` builds .test-dist/ first). After a warm-up,
// several repeats whose median is reported:
//
//   (s-1) engine start: `Sandbox.create()` (the worker script and wasm, the frame, the worker);
//   (s-2) the first postExecute call right after loading a small plugin in a freshly created sandbox,
//         and that load;
//   (s-3) warm hook round trips: the median of 200 postExecute calls carrying the input of a real read
//         of a 1 KB file, the plugin answering {action: 'pass'};
//   (s-4) `Session.call('read')` through the harness (MemoryBackend, the fs-observation-policy) with one
//         sandboxed post-execute plugin against none, as a ratio; once passing, once replacing content.
//
//   node scripts/bench-sandbox.mjs [--write] [--repeats 5]   (from scripts/bench.mjs: --only …,sandbox)
//
// --write puts the table into BENCHMARKS.md between the bench-sandbox markers (their own section).
import os from 'node:os';
import { formatNumber, loadAverage, median, startBench, writeBlock } from './bench-report.mjs';
import { TEST_PAGES_PATH } from './serve.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const REPEATS = option('repeats', 5);
const WARM_CALLS = 200;
const TOOL_CALLS = 200;
const BLOCK = 20;
/** The targets of issue #5. */
const TARGETS = { firstCallMs: 150, warmMedianMs: 5 };
/** The tool-call runs: none is the baseline of the other two. */
const KINDS = ['none', 'pass', 'replace'];

const quantile = (xs, q) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const fmt = (x, digits = 2) => formatNumber(x, digits);
const ms = (x) => `${fmt(x, x < 100 ? 2 : 0)} ms`;
const load = loadAverage;

/** One repeat of (s-4): the three kinds take turns in blocks of calls, so load falls on all alike. */
async function toolCalls(page, round) {
  const handles = {};
  for (const kind of KINDS) handles[kind] = await page.evaluate((k) => window.__sbench.open(k), kind);
  const total = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (let b = 0; b * BLOCK < TOOL_CALLS; b++) {
    const turn = (b + round) % KINDS.length;
    for (const kind of [...KINDS.slice(turn), ...KINDS.slice(0, turn)]) {
      total[kind] += await page.evaluate(([h, n]) => window.__sbench.run(h, n), [handles[kind], BLOCK]);
    }
  }
  for (const kind of KINDS) await page.evaluate((h) => window.__sbench.close(h), handles[kind]);
  return total;
}

function table(r) {
  const perCall = (total) => `${ms(total / TOOL_CALLS)} (${fmt(total, 0)} ms for ${TOOL_CALLS})`;
  const rows = [
    ['benchmark', 'median', 'target', 'all repeats'],
    [
      "(s-1) the page's first `Sandbox.create()` (the warm-up: downloads the engine's files)",
      ms(r.cold),
      '—',
      [r.cold],
    ],
    ['(s-1) engine start: `Sandbox.create()`', ms(r.create), '—', r.all.create],
    ['(s-2) load of a small plugin into that sandbox', ms(r.load), '—', r.all.load],
    [
      '(s-2) first postExecute call right after the load',
      `**${ms(r.first)}**`,
      `< ${TARGETS.firstCallMs} ms`,
      r.all.first,
    ],
    [
      `(s-3) warm postExecute round trip, median of ${WARM_CALLS} (input ${fmt(r.inputBytes / 1024, 1)} KB)`,
      `**${ms(r.warm)}**`,
      `< ${TARGETS.warmMedianMs} ms`,
      r.all.warm,
    ],
    [`(s-3) warm round trip, 95th percentile of ${WARM_CALLS}`, ms(r.warmP95), '—', r.all.warmP95],
    [
      `(s-4) \`read\` of 1 KB through the harness, no plugin`,
      perCall(r.none),
      '—',
      r.all.none.map((x) => x / TOOL_CALLS),
    ],
    [
      '(s-4) the same with one sandboxed postExecute plugin: `pass`',
      `${perCall(r.pass)}, **${fmt(r.passRatio)}×**`,
      '—',
      r.all.passRatio,
    ],
    [
      '(s-4) the same with one that replaces the content',
      `${perCall(r.replace)}, **${fmt(r.replaceRatio)}×**`,
      '—',
      r.all.replaceRatio,
    ],
  ].map((row, i) =>
    i === 0 ? row : [...row.slice(0, 3), row[3].map((x) => fmt(x, x < 10 ? 2 : 0)).join(', ')],
  );
  return [
    `| ${rows[0].join(' | ')} |`,
    '|---|---:|---:|---:|',
    ...rows.slice(1).map((row) => `| ${row.join(' | ')} |`),
    '',
    'Each figure is the median over the repeats; a ratio is the median of the ratios within one repeat',
    '(the runs with and without the plugin take turns in blocks of 20 calls); "all repeats" lists the',
    "repeats' own figures (ms, or ×), in order.",
  ].join('\n');
}

async function main() {
  const { origin, browser, close } = await startBench('bench-sandbox');
  const loadBefore = load();
  try {
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => console.error(`bench-sandbox: page error: ${error.message}`));
    page.on('console', (m) => m.type() === 'error' && console.error(`bench-sandbox: ${m.text()}`));
    await page.goto(`${origin}${TEST_PAGES_PATH}bench-sandbox.html`);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    console.log(
      `bench-sandbox: Chromium ${browser.version()}, ${os.availableParallelism()} CPUs, ${REPEATS} repeats`,
    );

    // The warm-up: the page's first sandbox fetches the engine's files; later ones reuse them.
    const cold = (await page.evaluate(() => window.__sbench.first())).createMs;
    await page.evaluate((n) => window.__sbench.warm(n), 50);
    await toolCalls(page, 0);

    const all = { create: [], load: [], first: [], warm: [], warmP95: [], none: [], pass: [], replace: [] };
    all.passRatio = [];
    all.replaceRatio = [];
    for (let r = 0; r < REPEATS; r++) {
      const first = await page.evaluate(() => window.__sbench.first());
      all.create.push(first.createMs);
      all.load.push(first.loadMs);
      all.first.push(first.firstCallMs);
      const times = await page.evaluate((n) => window.__sbench.warm(n), WARM_CALLS);
      all.warm.push(median(times));
      all.warmP95.push(quantile(times, 0.95));
      const total = await toolCalls(page, r);
      for (const kind of KINDS) all[kind].push(total[kind]);
      all.passRatio.push(total.pass / total.none);
      all.replaceRatio.push(total.replace / total.none);
      console.log(`bench-sandbox: repeat ${r + 1} of ${REPEATS} done`);
    }
    const results = {
      ...Object.fromEntries(Object.entries(all).map(([k, xs]) => [k, median(xs)])),
      cold,
      inputBytes: await page.evaluate(() => window.__sbench.inputBytes),
      all,
    };
    const text = table(results);
    console.log(`\n${text}\n`);
    const missed = [
      results.first >= TARGETS.firstCallMs && `first call ${ms(results.first)}`,
      results.warm >= TARGETS.warmMedianMs && `warm median ${ms(results.warm)}`,
    ].filter(Boolean);
    if (missed.length) console.log(`bench-sandbox: over the targets: ${missed.join(', ')}`);

    if (args.includes('--write')) {
      const env = [
        `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${REPEATS} repeats after a warm-up, medians), in one`,
        `headless Chromium ${browser.version()} process on ${os.availableParallelism()} CPUs, Node ${process.version}; load average`,
        `(1 / 5 / 15 min) ${loadBefore} at the start and ${load()} at the end.`,
      ].join('\n');
      await writeBlock({
        name: 'bench-sandbox',
        text: `${env}\n\n${text}`,
        heading: 'The plugin sandbox',
        before: 'The playground page',
      });
      console.log('bench-sandbox: figures written to BENCHMARKS.md');
    }
  } finally {
    await close();
  }
}

// From `npm run bench -- --only a,b`: the sandbox's figures only when `sandbox` is in the list.
const only = args.indexOf('--only');
const wanted = only === -1 || (args[only + 1] ?? '').split(',').includes('sandbox');
(wanted ? main() : Promise.resolve()).catch((error) => {
  console.error(`bench-sandbox: ${error.stack ?? error.message}`);
  process.exit(1);
});
