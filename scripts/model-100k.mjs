// The long run of the model-based test: 100,000 random runs over the in-memory backend and 1,000 over
// fake-indexeddb (`npm test` runs 1,000 and 100). Override with MODEL_RUNS / MODEL_IDB_RUNS; replay a
// failure with the MODEL_SEED and MODEL_PATH that fast-check printed.
//
//   node scripts/model-100k.mjs        (npm run test:model)
import { spawnSync } from 'node:child_process';

const env = { ...process.env, MODEL_RUNS: process.env.MODEL_RUNS ?? '100000' };
const started = Date.now();
// The default reporter only: the JSON report in reports/ belongs to `npm test`.
const run = spawnSync('npx', ['vitest', 'run', 'tests/unit/fs/model-based.test.ts', '--reporter=default'], {
  stdio: 'inherit',
  env,
});
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `model: ${env.MODEL_RUNS} in-memory runs, ${env.MODEL_IDB_RUNS ?? 'default'} IndexedDB runs, ${seconds} s`,
);
process.exit(run.status ?? 1);
