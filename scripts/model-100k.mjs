// The long run of the model-based test: 100,000 random runs over the in-memory backend and 1,000 over
// fake-indexeddb (`npm test` runs 1,000 and 100). Override with MODEL_RUNS / MODEL_IDB_RUNS; replay a
// failure with the MODEL_SEED and MODEL_PATH that fast-check printed.
//
//   node scripts/model-100k.mjs        (npm run test:model)
import { spawnSync } from 'node:child_process';

const runs = process.env.MODEL_RUNS ?? '100000';
// As the test's own default: a hundredth of the in-memory runs, and never fewer than 100.
const idbRuns = process.env.MODEL_IDB_RUNS ?? String(Math.max(100, Math.round(Number(runs) / 100)));
const env = { ...process.env, MODEL_RUNS: runs, MODEL_IDB_RUNS: idbRuns };
const started = Date.now();
// The default reporter only: the JSON report in reports/ belongs to `npm test`.
const run = spawnSync('npx', ['vitest', 'run', 'tests/unit/fs/model-based.test.ts', '--reporter=default'], {
  stdio: 'inherit',
  env,
});
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`model: ${runs} in-memory runs and ${idbRuns} IndexedDB runs in ${seconds} s`);
process.exit(run.status ?? 1);
