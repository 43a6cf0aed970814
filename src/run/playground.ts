import type { FsBackend } from '../fs/types';
import type { CallOptions, Hooks, LiveCall, Registry, Session } from '../harness';
import type { ModelInfo } from '../model/model-settings';
import { applyChange, type ExternalChange, type Lang, type Scenario } from '../model/scenario';
import { askAfter, reactTo, type AskState } from '../model/scripted';
import type { ObservationPolicy } from '../plugins/fs-observation-policy';
import type { RefusedTool, Run, VisitorExtras } from './run';
import {
  freshParts,
  hearOtherTabs,
  noteOf,
  restoreFiles,
  resumedParts,
  savedRun,
  stage,
  writeExternally,
  type ExternalWho,
  type LoadOptions,
  type PlaygroundSpec,
  type SavedRun,
  type Stage,
} from './stage';

export type { ExternalWho, LoadOptions, PlaygroundSpec, SavedRun } from './stage';

/**
 * The playground without its DOM: a workspace, one run of the harness (built whole by `createRun`), and
 * the scripted model stepping through a scenario. Made ready by `Playground.open` or `Playground.resume`;
 * `load` replaces the run with a fresh one. The UI and the tests drive it alike.
 */
export class Playground {
  readonly fs: FsBackend;
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
    this.visitor = spec.visitor ?? { plugins: [], tools: [] };
    this.current = first;
    hearOtherTabs(
      spec.fs,
      () => this.current.run.session,
      () => this.changed(),
    );
  }

  /** The language the script speaks now: the spec's `lang`, read each time. */
  get lang(): Lang {
    return this.spec.lang?.() ?? 'en';
  }

  /** A playground with `scenario` started afresh: its files restored, a new session, the script at its start. */
  static async open(
    spec: PlaygroundSpec,
    scenario: Scenario,
    options: LoadOptions = {},
  ): Promise<Playground> {
    await restoreFiles(spec.fs, scenario);
    const visitor = spec.visitor ?? { plugins: [], tools: [] };
    return new Playground(spec, stage(spec, visitor, scenario, freshParts(scenario, options)));
  }

  /**
   * A playground carrying on a saved run of `scenario` (after a page reload) with the workspace as it is,
   * the policy's ledger rebuilt from the log; see `resumedParts` for the script, and what throws. Values
   * of the old calls are gone for good.
   */
  static resume(spec: PlaygroundSpec, scenario: Scenario, saved: SavedRun): Playground {
    const visitor = spec.visitor ?? { plugins: [], tools: [] };
    return new Playground(spec, stage(spec, visitor, scenario, resumedParts(scenario, saved)));
  }

  /**
   * Starts `scenario` afresh: its files restored, a new run of the harness, the script at its start. A
   * call still running in the old run is stopped first.
   */
  async load(scenario: Scenario, options: LoadOptions = {}): Promise<void> {
    this.stop();
    await restoreFiles(this.fs, scenario);
    this.current = stage(this.spec, this.visitor, scenario, freshParts(scenario, options));
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
  /** The ask the script stands at: asking (only `reveal` goes on) or revealed; null elsewhere. */
  get ask(): AskState | null {
    return this.current.script.ask;
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
    return savedRun(this.current);
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
    // At an ask, only Reveal goes on (and a run that makes everything itself).
    if (script.ask && !script.ask.revealed && !auto) return;
    const action = script.queue.shift();
    if (!action) return;
    script.position++;
    if (action.step !== undefined) script.step = action.step;
    script.ask = askAfter(action);
    if (action.kind === 'say') run.session.say(action.text[this.lang]);
    else if (action.kind === 'use') {
      run.session.say(action.text[this.lang]);
      run.usePlugins(action.plugins);
    } else if (action.kind === 'external') {
      script.waiting = action.change;
      if (auto) await this.simulateExternalEdit('scenario');
    } else if (action.kind === 'call') {
      const live = await this.stoppable(run, action.tool, action.args);
      run.calls.set(live.entry.callId, live);
      script.queue.unshift(...reactTo(action, live.outcome.result));
    }
    this.changed();
  }

  /** Reveals the answer of the ask the script stands at: the right choice and why; the next step goes on. */
  async reveal(): Promise<void> {
    if (this.current.script.ask?.revealed === false) await this.step(true);
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
      // An ask before the target is passed, answered: it is not where the run stops.
      await this.step(script.ask !== null);
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
    const note = scripted ? noteOf(scenario, scripted, this.lang) : undefined;
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
