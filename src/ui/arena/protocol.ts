// The messages between the arena's view (the page) and its worker, which runs the matrix away from the
// page so that the page never waits on it. Types only: the two sides are built apart.
import type { HarnessEvent } from '../../harness';
import type { ArenaOutcome } from '../../model/hazard';
import type { Refusal } from '../../run/arena';

/** The id of the "Your policy" column, in the view (`data-policy="yours"`) and in the exports. */
export const YOURS = 'yours';

/** A guest hook the worker may ask the page about (the page runs the lab's plugin in its sandbox). */
export type AskedHook = 'writeIntent' | 'editIntent';

/** A row of the matrix, as the view names it, in either language. */
export interface HazardInfo {
  id: string;
  title: { en: string; zh: string };
  teaches: { en: string; zh: string };
}

/** A column of the matrix, as the view names it. */
export interface PolicyInfo {
  id: string;
  summary: string;
  product: string;
}

/** One run as the view shows it and replays it. */
export interface RunInfo {
  hazard: string;
  policy: string;
  outcome: ArenaOutcome;
  refusals: Refusal[];
  log: HarnessEvent[];
}

/** What the page tells the worker. */
export type ToWorker =
  /** Runs the matrix; with `yours`, a column for the lab's plugin, whose hooks are those listed. */
  | { kind: 'start'; yours: { name: string; hooks: string[] } | null }
  /** The page's answer to an `ask`: the plugin's answer, or the error it failed with. */
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; message: string; code: string };

/** What the worker tells the page. */
export type FromWorker =
  | { kind: 'columns'; hazards: HazardInfo[]; policies: PolicyInfo[] }
  | { kind: 'run'; run: RunInfo }
  /** A write or edit intent for the lab's plugin. */
  | { kind: 'ask'; id: number; hook: AskedHook; input: unknown }
  /** An `fs/observed` event for the lab's plugin (it exports `observed`). */
  | { kind: 'observed'; event: HarnessEvent }
  /** A new workspace (or a resume): the lab's plugin starts afresh, as after a page reload. */
  | { kind: 'fresh' }
  /** Every run made: the time it took, the exports, and whether the lab's plugin decided anything. */
  | { kind: 'done'; ms: number; json: unknown; svg: string; decided: boolean }
  | { kind: 'failed'; message: string };
