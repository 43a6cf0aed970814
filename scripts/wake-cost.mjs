// How much a hand-off between two threads costs on this machine.
//
// `node scripts/wake-cost.mjs` runs a ping-pong between the main thread and a worker through a shared
// counter (Atomics.wait / Atomics.notify). Before each ping the main thread works for a set number of
// microseconds, while the worker, having answered, waits. The pauses take turns ping by ping, so a
// change of the machine's state falls on all of them alike. Reported: the round trip's median and 90th
// percentile for each pause (the pause itself is not in it). A few microseconds means the worker was
// still awake when asked; tens of microseconds is what waking a thread that had gone to sleep costs.
// BENCHMARKS.md uses it to explain benchmark (a).
import { Worker, isMainThread, workerData } from 'node:worker_threads';

const PAUSES_US = [0, 2, 5, 10, 25, 50];
const ROUNDS = 3000;
const [IDLE, PING, PONG, STOP] = [0, 1, 2, 3];

const now = () => process.hrtime.bigint();
const work = (us) => {
  const until = now() + BigInt(Math.round(us * 1000));
  while (now() < until);
};

if (isMainThread) {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL(import.meta.url), { workerData: cell.buffer });
  const trips = PAUSES_US.map(() => []);
  for (let round = 0; round < ROUNDS + 100; round++) {
    PAUSES_US.forEach((pause, i) => {
      work(pause);
      const started = now();
      Atomics.store(cell, 0, PING);
      Atomics.notify(cell, 0);
      while (Atomics.load(cell, 0) !== PONG) Atomics.wait(cell, 0, PING);
      const took = Number(now() - started) / 1000;
      Atomics.store(cell, 0, IDLE);
      if (round >= 100) trips[i].push(took);
    });
  }
  Atomics.store(cell, 0, STOP);
  Atomics.notify(cell, 0);
  await worker.terminate();
  const at = (sorted, q) => sorted[Math.floor(q * (sorted.length - 1))].toFixed(1);
  console.log('pause before the ping | round trip, median | 90th percentile');
  PAUSES_US.forEach((pause, i) => {
    const sorted = trips[i].sort((a, b) => a - b);
    console.log(
      `${String(pause).padStart(6)} µs | ${at(sorted, 0.5).padStart(8)} µs | ${at(sorted, 0.9).padStart(8)} µs`,
    );
  });
} else {
  const cell = new Int32Array(workerData);
  for (;;) {
    const state = Atomics.load(cell, 0);
    if (state === STOP) break;
    if (state !== PING) {
      Atomics.wait(cell, 0, state);
      continue;
    }
    Atomics.store(cell, 0, PONG);
    Atomics.notify(cell, 0);
  }
}
