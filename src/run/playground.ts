import type { FileSnapshot, FsBackend, Mutation } from '../fs/types';
import {
  MAX_EXTERNAL_DIFF_LINES,
  fakeClock,
  type Approve,
  type ExternalDiff,
  type CallOptions,
  type HarnessEvent,
  type Hooks,
  type LiveCall,
  type Registry,
  type Session,
} from '../harness';
import type { ModelInfo } from '../model/model-settings';
import { deriveScript, type ScriptProgress } from '../model/progress';
import { applyChange, type ExternalChange, type Lang, type Scenario } from '../model/scenario';
import { actionsOf, reactTo, type Action } from '../model/scripted';
import type { ObservationPolicy } from '../plugins/fs-observation-policy';
import { diffTexts } from '../tools/diff';
import type { SqlEngine } from '../tools/sql';
import { createRun, type RefusedTool, type Run, type RunSpec, type VisitorExtras } from './run';

/** The model's provider, name and base URL, copied field by field so that no key can come along. */
function modelInfoOf(model: ModelInfo): ModelInfo {
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

/** Who changes a file behind the agent's back, as the log's `external/edit` says. */
export type ExternalWho = 'button' | 'scenario' | 'editor';

// The fake clock of every session: the same times on every run, so replays and exports match.
const CLOCK_START = Date.UTC(2026, 0, 1, 9);
const CLOCK_STEP = 1000;

/** Options of a playground. */
export interface PlaygroundSpec {
  fs: FsBackend;
  lang?: Lang;
  approve?: Approve;
  /** Opens the SQL engine of the `sql` tool set; loaded on first use. Without it, that set is empty. */
  sqlEngine?: () => Promise<SqlEngine>;
  /** The visitor's plugins and tools, installed from the first run on. */
  visitor?: VisitorExtras;
}

/** Where the script stands in one run. */
interface Script {
  queue: Action[];
  /** Actions taken so far, the model's reactions included (what a saved run keeps). */
  position: number;
  /** Steps of the script taken so far; a retry is no step of its own. */
  step: number;
  /** The external change the script is waiting for the visitor to make, when it is. */
  waiting: ExternalChange | null;
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
interface Stage {
  scenario: Scenario;
  run: Run;
  script: Script;
  /** The real model driving this run, or null when the script does. */
  model: ModelInfo | null;
}

/** The parts of a stage that are fixed before its run is built. */
type StageSpec = Pick<RunSpec, 'policy' | 'session' | 'plugins'> & {
  script: Script;
  model: ModelInfo | null;
};

/**
 * Builds a stage: the run (through the composition root) and the script. The scenario's races land
 * through the run's own session, so a race knows nothing of the playground around it.
 */
function stage(spec: PlaygroundSpec, visitor: VisitorExtras, scenario: Scenario, parts: StageSpec): Stage {
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
function smallDiff(path: string, before: string, after: string): ExternalDiff {
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
async function writeExternally(
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

/** Puts the workspace back to the scenario's files: a fresh start, so versions begin again at v1. */
async function restoreFiles(fs: FsBackend, scenario: Scenario): Promise<void> {
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
function freshScript(scenario: Scenario, model = false): Script {
  return {
    queue: model ? [] : actionsOf(scenario.steps),
    position: 0,
    step: 0,
    waiting: null,
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

/**
 * The playground without its DOM: a workspace, one run of the harness (built whole by `createRun`), and
 * the scripted model stepping through a scenario. Made ready by `Playground.open` or `Playground.resume`;
 * `load` replaces the run with a fresh one. The UI and the tests drive it alike.
 */
export class Playground {
  readonly fs: FsBackend;
  lang: Lang;
  private current: Stage;
  private visitor: VisitorExtras;
  private readonly listeners = new Set<() => void>();
  /** The controllers of the calls running now, a script step's or the visitor's. */
  private readonly running = new Set<AbortController>();
  /** Controllers `stop` aborts besides the calls: an agent's, whose model request may be open. */
  private readonly attached = new Set<AbortController>();

  private constructor(
    private readonly spec: PlaygroundSpec,
    first: Stage,
  ) {
    this.fs = spec.fs;
    this.lang = spec.lang ?? 'en';
    this.visitor = spec.visitor ?? { plugins: [], tools: [] };
    this.current = first;
    spec.fs.subscribe((mutation, before) => void this.heard(mutation, before));
  }

  /**
   * Another tab changed a file behind the agent's back: the session logs it where it happened. When this
   * tab knew the file just before, the entry has the version it came from and the change as a diff.
   */
  private async heard({ by, path, version }: Mutation, before?: FileSnapshot): Promise<void> {
    if (by.kind !== 'external' || by.who !== 'other-tab') return;
    const session = this.current.run.session;
    const after = before && version !== null ? await this.spec.fs.read(path).catch(() => null) : null;
    const change =
      before && after?.version === version
        ? { from: before.version, diff: smallDiff(path, before.content, after.content) }
        : {};
    // A scenario opened while the file was read is another session: this one no longer shows.
    if (this.current.run.session !== session) return;
    session.emit({ type: 'external/edit', path, who: 'other-tab', version, ...change });
    this.changed();
  }

  /** A playground with `scenario` started afresh: its files restored, a new session, the script at its start. */
  static async open(
    spec: PlaygroundSpec,
    scenario: Scenario,
    options: LoadOptions = {},
  ): Promise<Playground> {
    await restoreFiles(spec.fs, scenario);
    const visitor = spec.visitor ?? { plugins: [], tools: [] };
    return new Playground(spec, stage(spec, visitor, scenario, Playground.freshParts(scenario, options)));
  }

  private static freshParts(scenario: Scenario, options: LoadOptions): StageSpec {
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
   * A playground carrying on a saved run of `scenario` (after a page reload) with the workspace as it is:
   * the session continues its log, the policy's ledger is rebuilt from it, and the script's queue is
   * re-derived by taking its steps again against the logged results. Values of the old calls are gone for
   * good. Throws a `RangeError` saying why when the run does not fit the scenario's script.
   *
   * A run a real model drove (`saved.model`) is carried on as it ended: its transcript and ledger are
   * back, the model is not asked again, and the script's external changes it had not met stay for the
   * button. One cut off in the middle of a call is not carried on.
   */
  static resume(spec: PlaygroundSpec, scenario: Scenario, saved: SavedRun): Playground {
    if (saved.scenario !== scenario.id) {
      throw new RangeError(`Session "${saved.id}" is a run of "${saved.scenario}", not of "${scenario.id}"`);
    }
    if (saved.model) return Playground.resumeModelRun(spec, scenario, saved, saved.model);
    const derived = deriveScript(scenario.steps, saved.events, saved.progress);
    if (!derived.ok) throw new RangeError(`Session "${saved.id}" cannot be resumed: ${derived.error}`);
    const landed = new Set(
      saved.events.flatMap((e) => (e.type === 'external/edit' && e.who === 'scenario' ? [e.path] : [])),
    );
    const last = saved.events.at(-1)?.at ?? CLOCK_START - CLOCK_STEP;
    const visitor = spec.visitor ?? { plugins: [], tools: [] };
    return new Playground(
      spec,
      stage(spec, visitor, scenario, {
        policy: saved.policy,
        session: { id: saved.id, log: saved.events, clock: fakeClock(last + CLOCK_STEP, CLOCK_STEP) },
        plugins: derived.value.plugins ?? scenario.plugins ?? [],
        script: {
          queue: derived.value.queue,
          position: derived.value.position,
          step: derived.value.step,
          waiting: derived.value.waiting,
          manual: [...saved.progress.manual],
          externalEdits: saved.events.filter((e) => e.type === 'external/edit').length,
          races: new Map((scenario.races ?? []).filter((c) => !landed.has(c.path)).map((c) => [c.path, c])),
          externals: [],
        },
        model: null,
      }),
    );
  }

  private static resumeModelRun(
    spec: PlaygroundSpec,
    scenario: Scenario,
    saved: SavedRun,
    model: ModelInfo,
  ): Playground {
    const results = new Set(saved.events.flatMap((e) => (e.type === 'tool/result' ? [e.callId] : [])));
    const cut = saved.events.find((e) => e.type === 'tool/call' && !results.has(e.callId));
    if (cut) throw new RangeError(`Session "${saved.id}" was cut off in the middle of a call`);
    const edits = saved.events.flatMap((e) => (e.type === 'external/edit' && e.who !== 'reset' ? [e] : []));
    // Each press of the button (or a scenario's own edit) took the next scripted change, while any was left.
    const made = edits.filter((e) => e.who === 'button' || e.who === 'scenario').length;
    const script = freshScript(scenario, true);
    const last = saved.events.at(-1)?.at ?? CLOCK_START - CLOCK_STEP;
    const visitor = spec.visitor ?? { plugins: [], tools: [] };
    return new Playground(
      spec,
      stage(spec, visitor, scenario, {
        policy: saved.policy,
        session: { id: saved.id, log: saved.events, clock: fakeClock(last + CLOCK_STEP, CLOCK_STEP) },
        plugins: scenario.plugins ?? [],
        script: { ...script, externalEdits: edits.length, externals: script.externals.slice(made) },
        model: modelInfoOf(model),
      }),
    );
  }

  /**
   * Starts `scenario` afresh: its files restored, a new run of the harness, the script at its start. A
   * call still running in the old run is stopped first.
   */
  async load(scenario: Scenario, options: LoadOptions = {}): Promise<void> {
    this.stop();
    await restoreFiles(this.fs, scenario);
    this.current = stage(this.spec, this.visitor, scenario, Playground.freshParts(scenario, options));
    this.changed();
  }

  /** Whether a call is running now (a script step's, or one the visitor made playing the model). */
  get calling(): boolean {
    return this.running.size > 0;
  }

  /**
   * Stops the calls running now. Each ends at once with `ABORTED` (or `ABORTED_BEFORE_DISPATCH` when its
   * tool had not started), with its result logged like any other; a change it had not committed is never
   * made. A stopped script step is taken: the model says it was stopped and goes on from the next step
   * when the run goes on. Returns how many calls were stopped; pausing the run is the caller's part.
   */
  stop(): number {
    const stopped = this.running.size;
    for (const controller of this.running) controller.abort();
    this.running.clear();
    // An agent's request to its model, too: `load` stops it before the run it belongs to is replaced.
    for (const controller of this.attached) controller.abort();
    this.attached.clear();
    return stopped;
  }

  /**
   * Makes `stop` (and so `load`) abort `controller` as well: an agent attaches the controller of its
   * whole run, whose model request may be open while no call runs. Returns the function that detaches it.
   */
  attach(controller: AbortController): () => void {
    this.attached.add(controller);
    return () => this.attached.delete(controller);
  }

  /**
   * A call of the current run that `stop` can end (and `options.signal`, when given); subscribers hear
   * that it started.
   */
  private async stoppable(
    run: Run,
    tool: string,
    args: unknown,
    options: CallOptions = {},
  ): Promise<LiveCall> {
    const controller = new AbortController();
    const outer = options.signal;
    const relay = () => controller.abort(outer?.reason);
    if (outer?.aborted) relay();
    else outer?.addEventListener('abort', relay, { once: true });
    this.running.add(controller);
    this.changed();
    try {
      const unparsed = options.unparsed ? { unparsed: options.unparsed } : {};
      return await run.session.call(tool, args, { signal: controller.signal, ...unparsed });
    } finally {
      outer?.removeEventListener('abort', relay);
      this.running.delete(controller);
    }
  }

  /** Hears every change of state (a step, an edit, a load, a call starting). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  // ------------------------------------------------------------------ the current run

  get scenario(): Scenario {
    return this.current.scenario;
  }
  get run(): Run {
    return this.current.run;
  }
  get session(): Session {
    return this.current.run.session;
  }
  get hooks(): Hooks {
    return this.current.run.hooks;
  }
  get registry(): Registry {
    return this.current.run.registry;
  }
  get policy(): ObservationPolicy | null {
    return this.current.run.policy;
  }
  /** Live calls by call id: the only place canonical values live. */
  get calls(): ReadonlyMap<string, LiveCall> {
    return this.current.run.calls;
  }
  /** The built-in plugins installed now. */
  get plugins(): readonly string[] {
    return this.current.run.plugins();
  }
  /** The visitor's tools left out of the current run because their names were taken, and why. */
  get refusedTools(): readonly RefusedTool[] {
    return this.current.run.refusedTools();
  }
  /** Actions taken so far in this run, the model's reactions included. */
  get position(): number {
    return this.current.script.position;
  }
  /** Steps of the script taken so far (what "step 3 of 5" counts; a retry is no step). */
  get scriptStep(): number {
    return this.current.script.step;
  }
  /** How many steps the script has. */
  get scriptSteps(): number {
    return this.current.scenario.steps.length;
  }
  /** The external change the script is waiting for the visitor to make, when it is. */
  get waiting(): ExternalChange | null {
    return this.current.script.waiting;
  }
  /** The real model driving the current run (provider, name, base URL), or null when the script does. */
  get model(): ModelInfo | null {
    return this.current.model;
  }
  /**
   * In a run a real model drives: the script's external change "Simulate external edit" makes next, or
   * null when none is left (the button then appends a line).
   */
  get nextExternal(): ExternalChange | null {
    return this.current.script.externals[0] ?? null;
  }
  /** The script has nothing left to do. */
  get done(): boolean {
    return this.current.script.queue.length === 0 && !this.current.script.waiting;
  }

  /** The scenario's race on `path`, and whether it has landed yet; null when there is none. */
  raceOn(path: string): { change: ExternalChange; landed: boolean } | null {
    const change = this.scenario.races?.find((c) => c.path === path);
    return change ? { change, landed: !this.current.script.races.has(path) } : null;
  }

  /** The run as it stands, to save it (see `resume`). The log is a copy. */
  saved(): SavedRun {
    const { run, script, scenario, model } = this.current;
    return {
      id: run.session.id,
      scenario: scenario.id,
      policy: run.policy !== null,
      progress: { position: script.position, waiting: script.waiting !== null, manual: [...script.manual] },
      events: [...run.session.events],
      ...(model ? { model: { ...model } } : {}),
    };
  }

  /**
   * Replaces the visitor's plugins and tools (the plugin lab) with `extras`, in the current run at once
   * and in every run after it. A tool whose name is taken is left out; the answer says which and why, and
   * so does `refusedTools` after each later load.
   */
  useVisitor(extras: VisitorExtras): { refused: RefusedTool[] } {
    this.visitor = { plugins: [...extras.plugins], tools: [...extras.tools] };
    const refused = this.current.run.useVisitor(this.visitor);
    this.changed();
    return { refused };
  }

  // ------------------------------------------------------------------ the script

  /**
   * Takes one step. With `auto`, a scripted external edit is made at once; without it, the script waits
   * for the visitor to press "Simulate external edit" (and `step` does nothing until then).
   */
  async step(auto = false): Promise<void> {
    const { run, script } = this.current;
    if (script.waiting) {
      if (auto) await this.simulateExternalEdit('scenario');
      return;
    }
    const action = script.queue.shift();
    if (!action) return;
    script.position++;
    if (action.step !== undefined) script.step = action.step;
    if (action.kind === 'say') run.session.say(action.text[this.lang]);
    else if (action.kind === 'use') {
      run.session.say(action.text[this.lang]);
      run.usePlugins(action.plugins);
    } else if (action.kind === 'external') {
      script.waiting = action.change;
      if (auto) await this.simulateExternalEdit('scenario');
    } else {
      const live = await this.stoppable(run, action.tool, action.args);
      run.calls.set(live.entry.callId, live);
      script.queue.unshift(...reactTo(action, live.outcome.result));
    }
    this.changed();
  }

  /**
   * Takes the script's first `target` steps (a share link, `?step=`, Back), each with the model's
   * reactions to it: scripted external edits are made as the script reaches them, except one at the very
   * last step, which is left waiting, as it was.
   */
  async advance(target: number): Promise<void> {
    for (;;) {
      const { script } = this.current;
      if (this.done) return;
      if (script.waiting) {
        if (script.step >= target) return;
        await this.simulateExternalEdit('scenario');
        continue;
      }
      const reaction = script.queue[0]?.step === undefined;
      if (script.step >= target && !reaction) return;
      await this.step(false);
    }
  }

  /** Runs the script to its end (tests and "skip to end"); scripted external edits are made at once. */
  async runToEnd(limit = 1000): Promise<void> {
    while (!this.done && limit-- > 0) await this.step(true);
  }

  /**
   * Changes a file behind the agent's back, through the same backend, and logs it. Makes the change the
   * script is waiting for, if any; else appends a line to `path` (default: the scenario's focus file).
   * Resolves with the change it made.
   */
  async simulateExternalEdit(who: ExternalWho = 'button', path?: string): Promise<ExternalChange> {
    const { script, scenario, run } = this.current;
    // In a run a real model drives, the script's own changes come first, in order, whatever is open.
    const scripted = script.waiting ?? script.externals[0] ?? null;
    const change = scripted ?? {
      path: path ?? scenario.focus ?? '/README.md',
      append: `external edit #${script.externalEdits + 1}`,
    };
    // Taken before the first await: two presses in a row make two changes, never the same one twice.
    if (!script.waiting && scripted) script.externals.shift();
    const file = await this.fs.read(change.path);
    const content = applyChange(file?.content ?? '', change);
    const note = scripted ? this.noteOf(scripted) : undefined;
    await writeExternally(this.fs, run.session, script, {
      path: change.path,
      content,
      who,
      ...(note ? { note } : {}),
    });
    script.waiting = null;
    this.changed();
    return change;
  }

  /** What the script says about a change it waits for, in the language of the moment. */
  private noteOf(change: ExternalChange): string | undefined {
    const step = this.scenario.steps.find((s) => 'external' in s && s.external === change);
    return step && 'note' in step ? step.note[this.lang] : undefined;
  }

  /** Writes a file as someone other than the agent (the file editor, the button), and logs it. */
  async saveExternally(path: string, content: string, who: ExternalWho): Promise<void> {
    const { run, script } = this.current;
    await writeExternally(this.fs, run.session, script, { path, content, who });
    this.changed();
  }

  /**
   * A call made by the visitor playing the model: the result arrives exactly as the model's would. `stop`
   * ends it like a script's call.
   */
  async callAsModel(tool: string, args: unknown): Promise<LiveCall> {
    const { run, script } = this.current;
    const live = await this.stoppable(run, tool, args);
    run.calls.set(live.entry.callId, live);
    script.manual.push(live.entry.callId);
    this.changed();
    return live;
  }

  /**
   * Words the visitor says as the model (recording a scenario): logged as the model's message. Like a call
   * made by hand, it is not the script's, so a run holding one is not carried on after a reload.
   */
  sayAsModel(text: string): void {
    this.current.run.session.say(text);
    this.changed();
  }

  /**
   * A call the connected model asked for (the agent loop): made and logged exactly like the script's or
   * the visitor's, stopped by `stop` or by `options.signal`. `options.unparsed` says the model's arguments
   * were text that is not JSON (then `args` is that text): the call ends with `INVALID_ARGS`.
   */
  async callAsAgent(tool: string, args: unknown, options: CallOptions = {}): Promise<LiveCall> {
    const { run } = this.current;
    const live = await this.stoppable(run, tool, args, options);
    run.calls.set(live.entry.callId, live);
    this.changed();
    return live;
  }

  /** The connected model said `text` (a whole turn's text, once it is complete): a `model/message`. */
  sayAsAgent(text: string): void {
    this.current.run.session.say(text);
    this.changed();
  }

  /** The error codes the agent has met so far, in order. */
  errors(): string[] {
    return [...this.calls.values()].flatMap((c) =>
      c.outcome.result.error ? [c.outcome.result.error.code] : [],
    );
  }
}
