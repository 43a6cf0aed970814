// A stage: one scenario being played, as the playground holds it. Its run of the harness (built through
// the composition root), its script, and how a stage starts: afresh, or carried on from a saved run.
import type { FsBackend } from '../fs/types';
import { fakeClock, type Approve, type HarnessEvent } from '../harness';
import type { ModelInfo } from '../model/model-settings';
import type { PolicySpec } from '../plugins/policies';
import { resumeScript, type ScriptProgress } from '../model/progress';
import { scenarioPolicyIds, type Lang, type Scenario, type ScenarioPolicyId } from '../model/scenario';
import { startScript, type ScriptState } from '../model/script';
import type { SqlEngine } from '../tools/sql';
import type { CallTracker } from './calls';
import { createRun, type Run, type RunSpec, type VisitorExtras } from './run';
import { ScriptPlayer } from './script-player';

/** The model's provider, name and base URL, copied field by field so that no key can come along. */
export function modelInfoOf(model: ModelInfo): ModelInfo {
  return { provider: model.provider, model: model.model, baseUrl: model.baseUrl };
}

/** What a run is, to save it and to carry it on after a reload: its log and the script's progress. */
export interface SavedRun {
  /** The session id, as in the log's `session/start`. */
  id: string;
  scenario: string;
  /** Whether an edit-safety policy was installed. */
  policy: boolean;
  /** Which one, by id, when it was not `dsh-ledger` (the observation policy). */
  edits?: ScenarioPolicyId;
  progress: ScriptProgress;
  events: readonly HarnessEvent[];
  /** The real model that drove the run, when one did (never the key); absent for the script. */
  model?: ModelInfo;
}

/** The run as it stands, to save it (see `Playground.resume`). The log is a copy. */
export function savedRun({ run, script, scenario, model }: Stage): SavedRun {
  return {
    id: run.session.id,
    scenario: scenario.id,
    policy: run.policyId !== null,
    ...editsOf(run.policyId),
    progress: script.progress(),
    events: [...run.session.events],
    ...(model ? { model: { ...model } } : {}),
  };
}

// A run's policy is one of the registry's, which are exactly the scenario format's ids (see src/run/run.ts).
const editsOf = (id: string | null): Pick<SavedRun, 'edits'> => {
  const known = scenarioPolicyIds.find((policy) => policy === id);
  return known && known !== 'dsh-ledger' ? { edits: known } : {};
};

// The fake clock of every session: the same times on every run, so replays and exports match.
const CLOCK_START = Date.UTC(2026, 0, 1, 9);
const CLOCK_STEP = 1000;

/** What every stage of a playground is built with. */
export interface StageContext {
  fs: FsBackend;
  approve?: Approve;
  sqlEngine?: () => Promise<SqlEngine>;
  visitor: VisitorExtras;
  calls: CallTracker;
  lang: () => Lang;
  changed: () => void;
}

/** A scenario being played: its run of the harness and its script. */
export interface Stage {
  scenario: Scenario;
  run: Run;
  script: ScriptPlayer;
  /** The real model driving this run, or null when the script does. */
  model: ModelInfo | null;
}

/** The parts of a stage that are fixed before its run is built. */
export type StageSpec = Pick<RunSpec, 'policy' | 'edits' | 'session' | 'plugins'> & {
  script: ScriptState;
  /** Call ids of the calls the visitor made by hand. */
  manual: readonly string[];
  model: ModelInfo | null;
};

/**
 * Builds a stage: the run (through the composition root) and its script. The scenario's races land
 * through the script, so a race knows nothing of the playground around it.
 */
export function stage(context: StageContext, scenario: Scenario, parts: StageSpec): Stage {
  const { fs, approve, sqlEngine, visitor, calls, lang, changed } = context;
  const run = createRun({
    fs,
    scenario,
    policy: parts.policy,
    ...(parts.edits ? { edits: parts.edits } : {}),
    session: parts.session,
    ...(parts.plugins ? { plugins: parts.plugins } : {}),
    visitor,
    ...(approve ? { approve } : {}),
    ...(sqlEngine ? { sqlEngine } : {}),
    // Called only while a call runs, long after `script` exists.
    race: (path) => script.race(path),
  });
  const script = new ScriptPlayer({ fs, scenario, run, calls, lang, changed }, parts.script, parts.manual);
  return { scenario, run, script, model: parts.model };
}

/** Puts the workspace back to the scenario's files: a fresh start, so versions begin again at v1. */
export async function restoreFiles(fs: FsBackend, scenario: Scenario): Promise<void> {
  await fs.reset(scenario.files, { kind: 'external', who: 'reset' });
}

/** Options of `Playground.open` and `load`. */
export interface LoadOptions {
  /** Whether the run gets an edit-safety policy (default true). */
  policy?: boolean;
  /**
   * Which policy, when not `dsh-ledger` (the observation policy): one of src/plugins/policies, loaded by
   * the caller, so that a page that never needs one never loads it.
   */
  edits?: PolicySpec;
  /**
   * A real model drives the run instead of the script (the agent loop, `src/run/agent.ts`): the script's
   * steps are not taken, Play and Step have nothing to do (`done`), and "Simulate external edit" makes the
   * script's external changes in order, then appends lines. Only its provider, name and base URL are kept.
   */
  model?: ModelInfo | null;
}

/** The parts of a fresh stage of `scenario`: a new session, the script at its start. */
export function freshParts(scenario: Scenario, options: LoadOptions): StageSpec {
  const model = options.model ? modelInfoOf(options.model) : null;
  return {
    policy: options.policy !== false,
    ...(options.edits ? { edits: options.edits } : {}),
    session: { id: `${scenario.id}-${Date.now().toString(36)}`, clock: fakeClock(CLOCK_START, CLOCK_STEP) },
    plugins: scenario.plugins ?? [],
    script: startScript(scenario, model !== null),
    manual: [],
    model,
  };
}

/**
 * The parts of a stage carrying on a saved run of `scenario` (after a page reload): the session continues
 * its log, and the script is the log folded through its reducer (`resumeScript`). A run a real model drove
 * (`saved.model`) is carried on as it ended, the script's external changes it had not met left for the
 * button. Throws a `RangeError` saying why when the run does not fit the scenario, or (a model's run) was
 * cut off in the middle of a call, or ran under a policy other than `edits` (which its caller loads).
 */
export function resumedParts(scenario: Scenario, saved: SavedRun, edits?: PolicySpec): StageSpec {
  if (saved.scenario !== scenario.id) {
    throw new RangeError(`Session "${saved.id}" is a run of "${saved.scenario}", not of "${scenario.id}"`);
  }
  const last = saved.events.at(-1)?.at ?? CLOCK_START - CLOCK_STEP;
  const session = { id: saved.id, log: saved.events, clock: fakeClock(last + CLOCK_STEP, CLOCK_STEP) };
  if (saved.model) {
    const results = new Set(saved.events.flatMap((e) => (e.type === 'tool/result' ? [e.callId] : [])));
    const cut = saved.events.find((e) => e.type === 'tool/call' && !results.has(e.callId));
    if (cut) throw new RangeError(`Session "${saved.id}" was cut off in the middle of a call`);
  }
  if ((saved.edits ?? 'dsh-ledger') !== (edits?.id ?? 'dsh-ledger'))
    throw new RangeError(`Session "${saved.id}" ran under the policy "${saved.edits}", not "${edits?.id}"`);
  const folded = resumeScript(scenario, saved.events, saved.progress, saved.model !== undefined);
  if (!folded.ok) throw new RangeError(`Session "${saved.id}" cannot be resumed: ${folded.error}`);
  return {
    policy: saved.policy,
    ...(edits ? { edits } : {}),
    session,
    plugins: folded.value.plugins ?? scenario.plugins ?? [],
    script: folded.value,
    manual: saved.progress.manual,
    model: saved.model ? modelInfoOf(saved.model) : null,
  };
}
