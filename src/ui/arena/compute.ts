// The arena's matrix computed in the page: the same runs as `runArena`, one after another, with a turn
// for the page between them, so no task of the page grows long while it computes.
import type { Hazard } from '../../model/hazard';
import type { PolicySpec } from '../../plugins/policies';
import { runHazard, type ArenaRun } from '../../run/arena';

/**
 * Gives the page a turn: resolves in a task of its own. A MessageChannel message, because a chain of
 * `setTimeout(0)` is clamped to 4 ms a turn after a few, which would add up over a hundred and more runs.
 */
export function macrotask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Options of `computeArena`. */
export interface ComputeSpec {
  /** Told of each run as it ends, in the matrix's order (row by row). */
  onRun?: (run: ArenaRun) => void;
  /** Gives the page a turn (default `macrotask`). */
  yieldTo?: () => Promise<void>;
  /** The longest stretch of runs between two turns, in ms (default 20): the page answers in time. */
  sliceMs?: number;
  /** Stops after the run in progress (the view was closed); the runs made so far are returned. */
  signal?: AbortSignal;
}

/**
 * Runs every hazard under every policy, hazards in rows and policies in columns, each in a workspace of
 * its own; the page gets a turn at least every `sliceMs`. The runs equal `runArena`'s, in its order.
 */
export async function computeArena(
  hazards: readonly Hazard[],
  policies: readonly PolicySpec[],
  spec: ComputeSpec = {},
): Promise<ArenaRun[]> {
  const { onRun, yieldTo = macrotask, sliceMs = 20, signal } = spec;
  const runs: ArenaRun[] = [];
  let since = performance.now();
  for (const hazard of hazards) {
    for (const policy of policies) {
      if (signal?.aborted) return runs;
      const run = await runHazard(hazard, policy);
      runs.push(run);
      onRun?.(run);
      if (performance.now() - since >= sliceMs) {
        await yieldTo();
        since = performance.now();
      }
    }
  }
  return runs;
}
