// Benchmarks of the built test pages in one headless Chromium (`npm run bench` builds dist/ and
// .test-dist/ first). Everything is measured in one browser process: warm-up runs first, then several
// repeats whose median is reported.
//
//   node scripts/bench.mjs [--write] [--profile] [--repeats 5] [--only a,b,c,ui,sandbox]
//
//   (a) 1,000 read+edit cycles through the whole harness (Registry, hooks, fs-observation-policy,
//       IdbBackend, session log) against the same data work as bare idb-keyval get/set calls; beside
//       them the IdbBackend alone, the harness over the in-memory backend, and the harness against raw
//       IndexedDB get/put calls that commit at once;
//   (b) the same on a 5 MB, 100,000-line file read through a 200-line window;
//   (c) guarded edits per second with two tabs racing on one file.
//
// --write puts the table and the machine it ran on into BENCHMARKS.md (between the bench markers);
// --profile prints where the harness spends its time in (a) and (b), from a CPU profile of one run.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { formatNumber, loadAverage, median, startBench, writeBlock } from './bench-report.mjs';
import { TEST_PAGES_PATH } from './serve.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const REPEATS = option('repeats', 5);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : ['a', 'b', 'c'];

/** The cycle benchmarks: the harness and the bare baseline run the same spec. */
const ALL_CYCLES = [
  {
    id: 'a',
    title: '1,000 read+edit cycles, 20-line file (≈1 KB), whole-file reads',
    spec: { cycles: 1000, lines: 20, window: 200 },
    block: 10,
    warmup: { cycles: 200, lines: 20, window: 200 },
  },
  {
    id: 'b',
    title: '20 read+edit cycles, 100,000-line file (5 MB), 200-line read window',
    spec: { cycles: 20, lines: 100_000, window: 200 },
    block: 2,
    warmup: { cycles: 5, lines: 100_000, window: 200 },
  },
];
const CYCLES = ALL_CYCLES.filter((c) => only.includes(c.id));
const RACE = { count: 200, workers: 4 };
/**
 * The whole harness; the same harness over the in-memory backend (its own work, with no storage round
 * trip in between); the IdbBackend alone (to tell storage from harness); bare idb-keyval; and the same
 * get and put on raw IndexedDB, each transaction told to commit at once as the IdbBackend's are.
 */
const KINDS = ['harness', 'memory', 'backend', 'bare', 'early'];

const fmt = (x, digits = 2) => formatNumber(x, digits);
/** The lowest and highest of some ratios: "1.40–1.89". */
const spread = (xs) => `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

function machine(browserVersion) {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    cpu = os.cpus()[0]?.model ?? cpu;
  }
  return {
    cpus: os.availableParallelism(),
    cpu,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    load: loadAverage,
    node: process.version,
    browser: `Chromium ${browserVersion}`,
  };
}

async function openPage(context, origin, file) {
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`bench: page error in ${file}: ${error.message}`));
  await page.goto(`${origin}${TEST_PAGES_PATH}${file}`);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  return page;
}

const openBench = (page, kind, spec) => page.evaluate(([k, s]) => window.__bench.open(k, s), [kind, spec]);
const runBlock = (page, handle, count) =>
  page.evaluate(([h, n]) => window.__bench.run(h, n), [handle, count]);
const closeBench = (page, handle) => page.evaluate((h) => window.__bench.close(h), handle);

/** Runs all cycles of one kind in one go (the warm-up and the profile). */
async function runCycles(page, kind, spec) {
  const handle = await openBench(page, kind, spec);
  const ms = await runBlock(page, handle, spec.cycles);
  await closeBench(page, handle);
  return ms;
}

/**
 * One repeat of a cycle benchmark: the three kinds, each on its own fresh database, take turns in blocks
 * of `block` cycles (the order rotating), so that a change in the machine's speed, or the browser's
 * storage pausing to tidy up, falls on all three alike. Returns each kind's total time.
 */
async function interleaved(page, c, round) {
  const handles = {};
  for (const kind of KINDS) handles[kind] = await openBench(page, kind, c.spec);
  const total = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (let b = 0; b * c.block < c.spec.cycles; b++) {
    const turn = (b + round) % KINDS.length;
    for (const kind of [...KINDS.slice(turn), ...KINDS.slice(0, turn)]) {
      total[kind] += await runBlock(page, handles[kind], Math.min(c.block, c.spec.cycles - b * c.block));
    }
  }
  for (const kind of KINDS) await closeBench(page, handles[kind]);
  return total;
}

/** One race: two tabs of one context fire guarded appends at one file; returns rates per second. */
async function race(context, origin, round) {
  const tabs = [
    await openPage(context, origin, 'fs-race.html'),
    await openPage(context, origin, 'fs-race.html'),
  ];
  const workspace = `bench-race-${Date.now()}-${round}`;
  for (const tab of tabs) await tab.evaluate((name) => window.__race.open(name), workspace);
  await tabs[0].evaluate(() => window.__race.create('/race.txt', 'start\n'));
  const startAt = Date.now() + 300;
  const spec = (tag) => ({ path: '/race.txt', tag, count: RACE.count, workers: RACE.workers, startAt });
  const results = await Promise.all(
    tabs.map((tab, i) => tab.evaluate((s) => window.__race.fire(s), spec('AB'[i]))),
  );
  const seconds = (Date.now() - startAt) / 1000;
  for (const tab of tabs) await tab.close();
  const attempts = results.flat();
  const applied = attempts.filter((a) => a.version !== undefined).length;
  const other = attempts.filter((a) => a.version === undefined && a.code !== 'FS_STALE_VERSION');
  if (other.length) throw new Error(`race: unexpected outcomes ${JSON.stringify(other.slice(0, 3))}`);
  return { seconds, attempts: attempts.length, applied };
}

async function profile(page, kind, spec) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await runCycles(page, kind, spec);
  const { profile: p } = await cdp.send('Profiler.stop');
  const self = new Map();
  const dt = new Map(p.nodes.map((n) => [n.id, 0]));
  p.samples.forEach((id, i) => dt.set(id, dt.get(id) + (p.timeDeltas[i] ?? 0)));
  let total = 0;
  for (const node of p.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.slice(url.lastIndexOf('/') + 1) : '';
    const key = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt.get(node.id));
    total += dt.get(node.id);
  }
  const byFile = new Map();
  for (const [key, us] of self) {
    const file =
      key.includes(' ') && key.split(' ')[1] ? key.split(' ')[1].replace(/-[\w-]+\.js.*$/, '') : key;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
  }
  console.log(
    [...byFile]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 12)
      .map(([f, us]) => `${f} ${fmt(us / 1000, 0)} ms`)
      .join(' | '),
  );
  const top = [...self].sort((x, y) => y[1] - x[1]).slice(0, 25);
  console.log(
    `\nprofile of ${kind} ${JSON.stringify(spec)}: ${fmt(total / 1000, 0)} ms sampled, top self time`,
  );
  for (const [key, us] of top) console.log(`  ${fmt((100 * us) / total, 1).padStart(5)} %  ${key}`);
}

function table(rows, raceRow) {
  const ms = (total, r) => `${fmt(total, 0)} ms (${fmt(total / r.cycles, 3)} ms/cycle)`;
  const lines = [
    '| benchmark | harness | IdbBackend alone | bare idb-keyval | harness ÷ bare | backend ÷ bare | harness over memory | harness ÷ raw, early commit |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| (${r.id}) ${r.title} | ${ms(r.harness, r)} | ${ms(r.backend, r)} | ${ms(r.bare, r)} | ` +
        `**${fmt(median(r.harnessRatios))}×** (${spread(r.harnessRatios)}) | ` +
        `${fmt(median(r.backendRatios))}× (${spread(r.backendRatios)}) | ${fmt(r.memory / r.cycles, 3)} ms/cycle | ` +
        `${fmt(median(r.earlyRatios))}× (${spread(r.earlyRatios)}) |`,
    ),
    '',
    'Times are medians over the repeats; each ratio is the median of the ratios within one repeat, with the',
    'lowest and highest of those in brackets. "Harness over memory" is the whole harness on the in-memory',
    'backend: its own work, with no IndexedDB round trip between the steps. The last column compares the',
    'harness with the same get and put on raw IndexedDB, each transaction told to commit as soon as its',
    'request is made, as the IdbBackend does and idb-keyval does not.',
  ];
  if (raceRow) {
    lines.push(
      '',
      '| benchmark | attempts / s (median) | applied / s (median) | applied of attempts | time (median) |',
      '|---|---:|---:|---:|---:|',
      `| (c) two tabs, ${RACE.count} guarded appends each (${RACE.workers} concurrent loops per tab) | ` +
        `${fmt(raceRow.attemptsPerSecond, 0)} | ${fmt(raceRow.appliedPerSecond, 0)} | ` +
        `${fmt(raceRow.applied, 0)} of ${fmt(raceRow.attempts, 0)} | ${fmt(raceRow.seconds * 1000, 0)} ms |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const { origin, browser, close } = await startBench('bench');
  try {
    const context = await browser.newContext();
    const page = await openPage(context, origin, 'bench.html');
    const info = machine(browser.version());
    console.log(`bench: ${info.browser}, ${info.cpus} × ${info.cpu}, ${info.memory}, ${REPEATS} repeats`);
    const loadBefore = info.load();

    for (const c of CYCLES) for (const kind of KINDS) await runCycles(page, kind, c.warmup);
    if (only.includes('c')) await race(context, origin, 'warm-up');

    const times = new Map(CYCLES.map((c) => [c.id, Object.fromEntries(KINDS.map((k) => [k, []]))]));
    const races = [];
    for (let r = 0; r < REPEATS; r++) {
      for (const c of CYCLES) {
        const total = await interleaved(page, c, r);
        for (const kind of KINDS) times.get(c.id)[kind].push(total[kind]);
      }
      if (only.includes('c')) races.push(await race(context, origin, r));
      process.stdout.write(`bench: repeat ${r + 1} of ${REPEATS} done\n`);
    }

    const rows = CYCLES.map((c) => ({
      id: c.id,
      title: c.title,
      cycles: c.spec.cycles,
      harness: median(times.get(c.id).harness),
      backend: median(times.get(c.id).backend),
      bare: median(times.get(c.id).bare),
      memory: median(times.get(c.id).memory),
      // The kinds take turns within a repeat, so a ratio within one repeat sees one machine load.
      harnessRatios: times.get(c.id).harness.map((t, i) => t / times.get(c.id).bare[i]),
      backendRatios: times.get(c.id).backend.map((t, i) => t / times.get(c.id).bare[i]),
      earlyRatios: times.get(c.id).harness.map((t, i) => t / times.get(c.id).early[i]),
      all: times.get(c.id),
    }));
    const raceRow = races.length
      ? {
          attemptsPerSecond: median(races.map((x) => x.attempts / x.seconds)),
          appliedPerSecond: median(races.map((x) => x.applied / x.seconds)),
          applied: median(races.map((x) => x.applied)),
          attempts: races[0].attempts,
          seconds: median(races.map((x) => x.seconds)),
        }
      : null;
    const text = table(rows, raceRow);
    console.log(`\n${text}\n`);
    for (const r of rows) {
      const show = (xs) => xs.map((x) => fmt(x, 0)).join(', ');
      const all = KINDS.map((k) => `${k} ${show(r.all[k])}`).join('; ');
      console.log(`(${r.id}) all repeats, ms: ${all}`);
    }
    if (races.length)
      console.log(
        `(c) all repeats, applied/attempts in s: ${races.map((x) => `${x.applied}/${x.attempts} in ${fmt(x.seconds)}`).join('; ')}`,
      );

    if (flag('write')) {
      const when = new Date().toISOString().slice(0, 10);
      const env = [
        `Measured ${when} with \`npm run bench\` (${REPEATS} repeats after a warm-up, medians), in one headless`,
        `${info.browser} process on ${info.cpus} × ${info.cpu}, ${info.memory} RAM, ${info.os}, Node ${info.node};`,
        `load average (1 / 5 / 15 min) ${loadBefore} at the start and ${info.load()} at the end.`,
      ].join('\n');
      await writeBlock({ name: 'bench', text: `${env}\n\n${text}`, heading: 'Figures' });
      console.log('bench: figures written to BENCHMARKS.md');
    }
    if (flag('profile')) for (const c of CYCLES) for (const k of KINDS) await profile(page, k, c.spec);
  } finally {
    await close();
  }
}

main()
  // Then the benchmarks of the playground page itself, in their own module and browser.
  .then(() => import('./bench-ui.mjs').then((ui) => ui.benchUi(args)))
  // And the plugin sandbox's, which reads the same arguments (`--write`, `--repeats`) from the command line.
  .then(() => import('./bench-sandbox.mjs'))
  // And the arena's whole matrix in the page (`--only …,arena`).
  .then(() => import('./bench-arena.mjs'))
  .catch((error) => {
    console.error(`bench: ${error.stack ?? error.message}`);
    process.exit(1);
  });
