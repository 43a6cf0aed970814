// The clock a guest's deadline is counted on. A page has no clock of a thread's own CPU time, and on a
// busy machine the worker's thread waits for a core now and then: counted on the wall clock, those waits
// ate the deadline, and a memory bomb that needs 120 ms of running to fill its heap was stopped at 250 ms
// as PLUGIN_TIMEOUT. So the engine looks at the clock often while the guest runs (at each interrupt poll,
// and about every TICK_MS in a loop, through its probe), and of each gap between two looks counts at most
// GAP_CAP_MS: a longer gap is a wait, not the guest running. A wall-clock limit still bounds the whole.

import { PROBE_POLL_MS } from './prelude';

/** The most of one gap between two looks at the clock that counts as the guest's run time, in ms. */
export const GAP_CAP_MS = 1;

/** About how often a loop probe looks at the clock, in ms: far below a scheduler's time slice. */
const TICK_MS = 0.25;

/** The most probe calls between two looks, for loops whose steps take almost nothing. */
const MAX_EVERY = 4096;

/** How many wall-clock ms one load or call may take at most, when its limits do not say. */
export const wallLimitOf = (deadlineMs: number): number => 4 * deadlineMs;

/**
 * The run time of one load or call: what the guest ran, counted in capped gaps, against its deadline, and
 * the wall-clock time it took, against its wall limit. `now` is injectable for tests.
 */
export class RunClock {
  /** The guest's run time since `start`, in ms. */
  ran = 0;
  private seen = 0;
  private wallEnd = Infinity;
  private deadlineMs = Infinity;
  private nextPoll = PROBE_POLL_MS;
  private every = 1;
  /** The run time at which the clock first found itself past a limit, or null. */
  private overAt: number | null = null;

  constructor(readonly now: () => number = () => performance.now()) {}

  /** Starts counting one load or call. */
  start(deadlineMs: number, wallMs: number): void {
    const t = this.now();
    this.ran = 0;
    this.seen = t;
    this.wallEnd = t + wallMs;
    this.deadlineMs = deadlineMs;
    this.nextPoll = PROBE_POLL_MS;
    this.every = 1;
    this.overAt = null;
  }

  /** Ends counting: until the next `start`, nothing is past any limit. */
  stop(): void {
    this.deadlineMs = Infinity;
    this.wallEnd = Infinity;
  }

  /** Counts the gap since the last look as run time, at most GAP_CAP_MS of it; returns the time now. */
  look(): number {
    const t = this.now();
    this.ran += Math.min(Math.max(0, t - this.seen), GAP_CAP_MS);
    this.seen = t;
    return t;
  }

  /** Leaves the time since the last look uncounted (the host's own work, such as measuring memory). */
  skip(): number {
    this.seen = this.now();
    return this.seen;
  }

  /** How far past its deadline the guest has run, in run time, or past its wall limit, in wall time. */
  overBy(t: number): number {
    return Math.max(this.ran - this.deadlineMs, t - this.wallEnd);
  }

  /** How far past its wall limit the load or call is, in wall-clock ms (negative within it). */
  wallOverBy(t: number): number {
    return t - this.wallEnd;
  }

  /**
   * How much run time has passed since the guest was first found past its deadline or its wall limit:
   * `-1` while it is within both. Run time, so that a guest starved past its wall limit still reaches a
   * loop probe before it is stopped elsewhere.
   */
  ranPastLimit(t: number): number {
    if (this.overAt === null) {
      if (this.overBy(t) <= 0) return -1;
      this.overAt = this.ran;
    }
    return this.ran - this.overAt;
  }

  /**
   * A loop probe's look: how many more probe calls until its next look, negative when it should make
   * the engine poll now (every PROBE_POLL_MS of run time, and at once past the deadline).
   */
  probe(): number {
    const before = this.seen;
    const t = this.look();
    const gap = t - before;
    if (gap < TICK_MS / 2 && this.every < MAX_EVERY) this.every *= 2;
    else if (gap > TICK_MS * 2 && this.every > 1) this.every >>= 1;
    if (this.ran < this.nextPoll && this.overBy(t) <= 0) return this.every;
    this.nextPoll = this.ran + PROBE_POLL_MS;
    return -this.every;
  }
}
