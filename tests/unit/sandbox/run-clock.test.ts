// The deadline counts the guest's run time: a gap between two looks at the clock longer than GAP_CAP_MS is
// the thread waiting for a core, and counts GAP_CAP_MS. The wall clock still bounds the whole.
import { describe, expect, it } from 'vitest';
import { PROBE_POLL_MS } from '../../../src/sandbox/prelude';
import { GAP_CAP_MS, RunClock } from '../../../src/sandbox/run-clock';

/** A clock at `t`, moved by hand. */
function mk(deadlineMs = 100, wallMs = 1000) {
  const time = { t: 0 };
  const clock = new RunClock(() => time.t);
  clock.start(deadlineMs, wallMs);
  return { clock, time };
}

describe('RunClock', () => {
  it('counts short gaps whole', () => {
    const { clock, time } = mk();
    for (let i = 0; i < 10; i++) {
      time.t += 0.5;
      clock.look();
    }
    expect(clock.ran).toBeCloseTo(5);
  });

  it('counts a long gap (a wait for a core) as GAP_CAP_MS', () => {
    const { clock, time } = mk();
    time.t += 40;
    clock.look();
    expect(clock.ran).toBe(GAP_CAP_MS);
  });

  it('leaves the host’s own work uncounted', () => {
    const { clock, time } = mk();
    time.t += 1;
    clock.look();
    time.t += 1.5;
    clock.skip();
    time.t += 1;
    clock.look();
    expect(clock.ran).toBeCloseTo(2);
  });

  it('is past its deadline by run time, however much wall time passed', () => {
    const { clock, time } = mk(10, 1000);
    for (let i = 0; i < 10; i++) {
      time.t += 30;
      clock.look();
    }
    expect(clock.ran).toBe(10 * GAP_CAP_MS);
    expect(clock.overBy(time.t)).toBeCloseTo(10 * GAP_CAP_MS - 10);
  });

  it('is past its wall limit however little it ran', () => {
    const { clock, time } = mk(100, 50);
    time.t += 60;
    const t = clock.look();
    expect(clock.ran).toBe(GAP_CAP_MS);
    expect(clock.overBy(t)).toBe(10);
  });

  it('counts the run time past a limit from when it was first met, by run time or wall time', () => {
    const { clock, time } = mk(100, 50);
    time.t += 0.5;
    expect(clock.ranPastLimit(clock.look())).toBe(-1);
    time.t += 60;
    expect(clock.ranPastLimit(clock.look())).toBe(0);
    // Waiting is not running: the grace for a probe is counted in run time.
    time.t += 500;
    expect(clock.ranPastLimit(clock.look())).toBe(GAP_CAP_MS);
  });

  it('after stop, nothing is past any limit', () => {
    const { clock, time } = mk(1, 1);
    clock.stop();
    time.t += 100;
    expect(clock.overBy(clock.look())).toBeLessThan(0);
  });

  it('tells the probe to poll every PROBE_POLL_MS of run time, and not while the thread waits', () => {
    const { clock, time } = mk(1000, 100_000);
    const polls: number[] = [];
    for (let i = 0; i < 400; i++) {
      // Running 0.1 ms per look, with a 20 ms wait every 50 looks.
      time.t += i % 50 === 49 ? 20 : 0.1;
      if (clock.probe() < 0) polls.push(clock.ran);
    }
    // 400 looks: about 40 ms of running and 8 waits of GAP_CAP_MS each, so about 56 ms of run time.
    expect(clock.ran).toBeCloseTo(39.2 + 8 * GAP_CAP_MS);
    // Some 200 ms of wall time, but only as many polls as the run time holds.
    expect(polls.length).toBeLessThanOrEqual(clock.ran / PROBE_POLL_MS);
    expect(polls.length).toBeGreaterThanOrEqual(clock.ran / PROBE_POLL_MS - 2);
    for (let i = 1; i < polls.length; i++)
      expect(polls[i]! - polls[i - 1]!).toBeGreaterThanOrEqual(PROBE_POLL_MS);
  });

  it('tells the probe to poll at once past the deadline', () => {
    const { clock, time } = mk(1, 100_000);
    time.t += 0.1;
    expect(clock.probe()).toBeGreaterThan(0);
    time.t += 1;
    expect(clock.probe()).toBeLessThan(0);
    time.t += 0.1;
    expect(clock.probe()).toBeLessThan(0);
  });

  it('looks less often in a loop whose steps take almost nothing', () => {
    const { clock, time } = mk(1000, 100_000);
    let every = 1;
    for (let i = 0; i < 12; i++) {
      time.t += 0.001 * every;
      every = Math.abs(clock.probe());
    }
    expect(every).toBeGreaterThan(64);
  });
});
