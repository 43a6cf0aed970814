// A stage: one scenario being played, as the playground holds it. Its run of the harness (built through
// the composition root), where its script stands, and how a stage starts: afresh, or carried on from a
// saved run. The Playground (playground.ts) drives a stage; this file builds one.
import type { FileSnapshot, FsBackend, Mutation } from '../fs/types';
import {
  MAX_EXTERNAL_DIFF_LINES,
  fakeClock,
  type Approve,
  type ExternalDiff,
  type HarnessEvent,
  type NewEvent,
  type Session,
} from '../harness';
import type { ModelInfo } from '../model/model-settings';
import { deriveScript, type ScriptProgress } from '../model/progress';
import { applyChange, type ExternalChange, type Lang, type Scenario } from '../model/scenario';
import { actionsOf, type Action, type AskState } from '../model/scripted';
import { diffTexts } from '../tools/diff';
import type { SqlEngine } from '../tools/sql';
import { createRun, type Run, type RunSpec, type VisitorExtras } from './run';

/** The model's provider, name and base URL, copied field by field so that no key can come along. */
export function modelInfoOf(model: ModelInfo): ModelInfo {
  return { provider: model.provider, model: model.model, baseUrl: model.baseUrl };
}

/** What a run is, to save it and to carry it on after a reload: its log and the script's progress. */
export interface SavedRun {
  /** The session id, as in the log's `session/start`. */
  id: string;
  scenario: string;
  /** Whether the observation policy was installed. */
  policy: boolean;
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
    policy: run.policy !== null,
    progress: { position: script.position, waiting: script.waiting !== null, manual: [...script.manual] },
    events: [...run.session.events],
    ...(model ? { model: { ...model } } : {}),
  };
}

/** Who changes a file behind the agent's back, as the log's `external/edit` says. */
export type ExternalWho = 'button' | 'scenario' | 'editor';

// The fake clock of every session: the same times on every run, so replays and exports match.
const CLOCK_START = Date.UTC(2026, 0, 1, 9);
const CLOCK_STEP = 1000;

/** Options of a playground. */
export interface PlaygroundSpec {
  fs: FsBackend;
  /** The language the script speaks, read at each say and note (the interface's); English without it. */
  lang?: () => Lang;
  approve?: Approve;
  /** Opens the SQL engine of the `sql` tool set; loaded on first use. Without it, that set is empty. */
  sqlEngine?: () => Promise<SqlEngine>;
  /** The visitor's plugins and tools, installed from the first run on. */
  visitor?: VisitorExtras;
}

/** Where the script stands in one run. */
export interface Script {
  queue: Action[];
  /** Actions taken so far, the model's reactions included (what a saved run keeps). */
  position: number;
  /** Steps of the script taken so far; a retry is no step of its own. */
  step: number;
  /** The external change the script is waiting for the visitor to make, when it is. */
  waiting: ExternalChange | null;
  /** The ask the script stands at, asking or revealed; null elsewhere. */
  ask: AskState | null;
  /** Call ids of the calls the visitor made by hand, which are not the script's. */
  manual: string[];
  externalEdits: number;
  /** Races of the scenario that have not landed yet, by path. */
  races: Map<string, ExternalChange>;
  /**
   * In a run a real model drives: the script's external changes not made yet, in order; "Simulate
   * external edit" makes the first. Empty in a scripted run, whose queue holds them.
   */
  externals: ExternalChange[];
}

/** A scenario being played: its run of the harness and where its script stands. */
export interface Stage {
  scenario: Scenario;
  run: Run;
  script: Script;
  /** The real model driving this run, or null when the script does. */
  model: ModelInfo | null;
}

/** The parts of a stage that are fixed before its run is built. */
export type StageSpec = Pick<RunSpec, 'policy' | 'session' | 'plugins'> & {
  script: Script;
  model: ModelInfo | null;
};

/**
 * Builds a stage: the run (through the composition root) and the script. The scenario's races land
 * through the run's own session, so a race knows nothing of the playground around it.
 */
export function stage(
  spec: PlaygroundSpec,
  visitor: VisitorExtras,
  scenario: Scenario,
  parts: StageSpec,
): Stage {
  const { script } = parts;
  const run = createRun({
    fs: spec.fs,
    scenario,
    policy: parts.policy,
    session: parts.session,
    ...(parts.plugins ? { plugins: parts.plugins } : {}),
    visitor,
    ...(spec.approve ? { approve: spec.approve } : {}),
    ...(spec.sqlEngine ? { sqlEngine: spec.sqlEngine } : {}),
    // Called only while a call runs, long after `run` exists.
    race: (path) => land(path),
  });
  const land = async (path: string): Promise<void> => {
    const change = script.races.get(path);
    if (!change) return;
    script.races.delete(path);
    const file = await spec.fs.read(path);
    const content = applyChange(file?.content ?? '', change);
    await writeExternally(spec.fs, run.session, script, { path, content, who: 'scenario' });
  };
  return { scenario, run, script, model: parts.model };
}

/** The change as the log keeps it: its diff, at most `MAX_EXTERNAL_DIFF_LINES` lines. */
export function smallDiff(path: string, before: string, after: string): ExternalDiff {
  const { hunks, added, removed } = diffTexts(path, before, after);
  const kept: ExternalDiff['hunks'] = [];
  let room = MAX_EXTERNAL_DIFF_LINES;
  for (const hunk of hunks) {
    if (room <= 0) break;
    kept.push(hunk.lines.length <= room ? hunk : { ...hunk, lines: hunk.lines.slice(0, room) });
    room -= hunk.lines.length;
  }
  return { added, removed, hunks: kept, truncated: room < 0 || kept.length < hunks.length };
}

/**
 * A file written by someone other than the agent, through the same backend, and logged where it
 * happened: who, the versions before and after, the change as a small diff, and the script's note.
 */
export async function writeExternally(
  fs: FsBackend,
  session: Session,
  script: Script,
  edit: { path: string; content: string; who: ExternalWho; note?: string },
): Promise<void> {
  const { path, content, who, note } = edit;
  const done = await fs.write(path, content, { kind: 'none' }, { kind: 'external', who });
  script.externalEdits++;
  session.emit({
    type: 'external/edit',
    path: done.path,
    who,
    version: done.version,
    from: done.previous,
    ...(done.unchanged ? {} : { diff: smallDiff(done.path, done.before ?? '', done.after) }),
    ...(note ? { note } : {}),
  });
}

/**
 * The log's event for a change another tab made: with the version it came from and the change as a
 * diff when this tab knew the file just before (`before`, from the backend) and can read what it is now.
 */
export async function otherTabEdit(
  fs: FsBackend,
  { path, version }: Mutation,
  before?: FileSnapshot,
): Promise<Extract<NewEvent, { type: 'external/edit' }>> {
  const after = before && version !== null ? await fs.read(path).catch(() => null) : null;
  const change =
    before && after?.version === version
      ? { from: before.version, diff: smallDiff(path, before.content, after.content) }
      : {};
  return { type: 'external/edit', path, who: 'other-tab', version, ...change };
}

/**
 * Another tab changed a file behind the agent's back: the session of the moment logs it where it
 * happened. When this tab knew the file just before, the entry has the version it came from and the
 * change as a diff.
 */
export function hearOtherTabs(fs: FsBackend, session: () => Session, changed: () => void): void {
  fs.subscribe((mutation, before) => {
    if (mutation.by.kind !== 'external' || mutation.by.who !== 'other-tab') return;
    const heard = session();
    void otherTabEdit(fs, mutation, before).then((edit) => {
      // A scenario opened while the file was read is another session: this one no longer shows.
      if (session() !== heard) return;
      heard.emit(edit);
      changed();
    });
  });
}

/** What the script says about one of its external changes, in `lang`. */
export function noteOf(scenario: Scenario, change: ExternalChange, lang: Lang): string | undefined {
  const step = scenario.steps.find((s) => 'external' in s && s.external === change);
  return step && 'note' in step ? step.note[lang] : undefined;
}

/** Puts the workspace back to the scenario's files: a fresh start, so versions begin again at v1. */
export async function restoreFiles(fs: FsBackend, scenario: Scenario): Promise<void> {
  await fs.reset(scenario.files, { kind: 'external', who: 'reset' });
}

/** The external changes of a scenario's script, in order. */
function scriptedChanges(scenario: Scenario): ExternalChange[] {
  return scenario.steps.flatMap((s) => ('external' in s ? [s.external] : []));
}

/**
 * A script at its start. For a run a real model drives (`model`), the script's steps are set aside: only
 * its external changes stay, for the button to make one by one.
 */
export function freshScript(scenario: Scenario, model = false): Script {
  return {
    queue: model ? [] : actionsOf(scenario.steps),
    position: 0,
    step: 0,
    waiting: null,
    ask: null,
    manual: [],
    externalEdits: 0,
    races: new Map((scenario.races ?? []).map((change) => [change.path, change])),
    externals: model ? scriptedChanges(scenario) : [],
  };
}

/** Options of `Playground.open` and `load`. */
export interface LoadOptions {
  /** Whether the run gets the observation policy (default true). */
  policy?: boolean;
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
    session: { id: `${scenario.id}-${Date.now().toString(36)}`, clock: fakeClock(CLOCK_START, CLOCK_STEP) },
    plugins: scenario.plugins ?? [],
    script: freshScript(scenario, model !== null),
    model,
  };
}

/**
 * The parts of a stage carrying on a saved run of `scenario` (after a page reload): the session continues
 * its log, and the script's queue is re-derived by taking its steps again against the logged results.
 * A run a real model drove (`saved.model`) is carried on as it ended, the script's external changes it
 * had not met left for the button. Throws a `RangeError` saying why when the run does not fit the
 * scenario, or (a model's run) was cut off in the middle of a call.
 */
export function resumedParts(scenario: Scenario, saved: SavedRun): StageSpec {
  if (saved.scenario !== scenario.id) {
    throw new RangeError(`Session "${saved.id}" is a run of "${saved.scenario}", not of "${scenario.id}"`);
  }
  const last = saved.events.at(-1)?.at ?? CLOCK_START - CLOCK_STEP;
  const session = { id: saved.id, log: saved.events, clock: fakeClock(last + CLOCK_STEP, CLOCK_STEP) };
  if (saved.model) return { policy: saved.policy, session, ...modelRunParts(scenario, saved, saved.model) };
  const derived = deriveScript(scenario.steps, saved.events, saved.progress);
  if (!derived.ok) throw new RangeError(`Session "${saved.id}" cannot be resumed: ${derived.error}`);
  const landed = new Set(
    saved.events.flatMap((e) => (e.type === 'external/edit' && e.who === 'scenario' ? [e.path] : [])),
  );
  return {
    policy: saved.policy,
    session,
    plugins: derived.value.plugins ?? scenario.plugins ?? [],
    script: {
      queue: derived.value.queue,
      position: derived.value.position,
      step: derived.value.step,
      waiting: derived.value.waiting,
      ask: derived.value.ask,
      manual: [...saved.progress.manual],
      externalEdits: saved.events.filter((e) => e.type === 'external/edit').length,
      races: new Map((scenario.races ?? []).filter((c) => !landed.has(c.path)).map((c) => [c.path, c])),
      externals: [],
    },
    model: null,
  };
}

function modelRunParts(
  scenario: Scenario,
  saved: SavedRun,
  model: ModelInfo,
): Pick<StageSpec, 'plugins' | 'script' | 'model'> {
  const results = new Set(saved.events.flatMap((e) => (e.type === 'tool/result' ? [e.callId] : [])));
  const cut = saved.events.find((e) => e.type === 'tool/call' && !results.has(e.callId));
  if (cut) throw new RangeError(`Session "${saved.id}" was cut off in the middle of a call`);
  const edits = saved.events.flatMap((e) => (e.type === 'external/edit' && e.who !== 'reset' ? [e] : []));
  // Each press of the button (or a scenario's own edit) took the next scripted change, while any was left.
  const made = edits.filter((e) => e.who === 'button' || e.who === 'scenario').length;
  const script = freshScript(scenario, true);
  return {
    plugins: scenario.plugins ?? [],
    script: { ...script, externalEdits: edits.length, externals: script.externals.slice(made) },
    model: modelInfoOf(model),
  };
}
