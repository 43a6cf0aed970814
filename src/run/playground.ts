import type { FsBackend } from '../fs/types';
import type { Approve, CallOptions, LiveCall } from '../harness';
import type { ModelInfo } from '../model/model-settings';
import type { ExternalChange, Lang, Scenario } from '../model/scenario';
import type { SqlEngine } from '../tools/sql';
import { CallTracker } from './calls';
import { hearOtherTabs } from './external';
import type { RefusedTool, Run, VisitorExtras } from './run';
import { loadPolicySpec } from './policy-load';
import type { ScriptPlayer } from './script-player';
import {
  freshParts,
  restoreFiles,
  resumedParts,
  savedRun,
  stage,
  type LoadOptions,
  type SavedRun,
  type Stage,
  type StageContext,
  type StageSpec,
} from './stage';

export type { ExternalWho } from './external';
export type { LoadOptions, SavedRun } from './stage';

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

/**
 * The playground without its DOM: a workspace, one run of the harness (built whole by `createRun`), and
 * the scripted model stepping through a scenario. Made ready by `Playground.open` or `Playground.resume`;
 * `load` replaces the run with a fresh one. Its parts are reached through it: `run` (session, registry,
 * policy, live calls) and `script` (where the script stands, and what moves it). The UI and the tests
 * drive it alike.
 */
export class Playground {
  readonly fs: FsBackend;
  private current: Stage;
  private visitor: VisitorExtras;
  private readonly listeners = new Set<() => void>();
  /** The calls running now, a script step's, the visitor's or an agent's: what `stop` ends. */
  private readonly tracker = new CallTracker(() => this.changed());

  private constructor(
    private readonly spec: PlaygroundSpec,
    scenario: Scenario,
    parts: StageSpec,
  ) {
    this.fs = spec.fs;
    this.visitor = spec.visitor ?? { plugins: [], tools: [] };
    this.current = stage(this.context(), scenario, parts);
    hearOtherTabs(
      spec.fs,
      () => this.current.run.session,
      () => {
        this.current.script.apply({ kind: 'edit', who: 'other-tab' });
        this.changed();
      },
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
    return new Playground(spec, scenario, freshParts(scenario, options));
  }

  /**
   * A playground carrying on a saved run of `scenario` (after a page reload) with the workspace as it is,
   * under the policy it had (`saved.edits`, loaded first), its ledger rebuilt from the log and the script
   * folded from it. See `resumedParts` for what rejects. Values of the old calls are gone for good.
   */
  static async resume(spec: PlaygroundSpec, scenario: Scenario, saved: SavedRun): Promise<Playground> {
    const edits = saved.edits ? await loadPolicySpec(saved.edits) : undefined;
    return new Playground(spec, scenario, resumedParts(scenario, saved, edits));
  }

  private context(): StageContext {
    const { fs, approve, sqlEngine } = this.spec;
    return {
      fs,
      ...(approve ? { approve } : {}),
      ...(sqlEngine ? { sqlEngine } : {}),
      visitor: this.visitor,
      calls: this.tracker,
      lang: () => this.lang,
      changed: () => this.changed(),
    };
  }

  /**
   * Starts `scenario` afresh: its files restored, a new run of the harness, the script at its start. A
   * call still running in the old run is stopped first.
   */
  async load(scenario: Scenario, options: LoadOptions = {}): Promise<void> {
    this.stop();
    await restoreFiles(this.fs, scenario);
    this.current = stage(this.context(), scenario, freshParts(scenario, options));
    this.changed();
  }

  /** Whether a call is running now (a script step's, or one the visitor made playing the model). */
  get calling(): boolean {
    return this.tracker.calling;
  }

  /**
   * Stops the calls running now (see `CallTracker.stop`) and an attached agent's request. A stopped
   * script step is taken: the model says it was stopped and goes on from the next step when the run goes
   * on. Returns how many calls were stopped; pausing the run is the caller's part.
   */
  stop(): number {
    return this.tracker.stop();
  }

  /**
   * Makes `stop` (and so `load`) abort `controller` as well: an agent attaches the controller of its
   * whole run, whose model request may be open while no call runs. Returns the function that detaches it.
   */
  attach(controller: AbortController): () => void {
    return this.tracker.attach(controller);
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
  /** The current run's script: where it stands (`state`), and what moves it. */
  get script(): ScriptPlayer {
    return this.current.script;
  }
  /** The real model driving the current run (provider, name, base URL), or null when the script does. */
  get model(): ModelInfo | null {
    return this.current.model;
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
   * Changes a file behind the agent's back, through the same backend, and logs it. Makes the change the
   * script is waiting for, if any; else appends a line to `path` (default: the scenario's focus file).
   * Resolves with the change it made.
   */
  simulateExternalEdit(who: 'button' | 'scenario' = 'button', path?: string): Promise<ExternalChange> {
    return this.current.script.edit(who, path);
  }

  /** Writes a file as the file editor does (someone other than the agent), and logs it. */
  saveExternally(path: string, content: string, _who: 'editor' = 'editor'): Promise<void> {
    return this.current.script.save(path, content);
  }

  // ------------------------------------------------------------------ calls not the script's

  /**
   * A call made by the visitor playing the model: the result arrives exactly as the model's would. `stop`
   * ends it like a script's call.
   */
  async callAsModel(tool: string, args: unknown): Promise<LiveCall> {
    const { run, script } = this.current;
    const live = await this.tracker.call(run, tool, args);
    script.byHand(live.entry.callId);
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
    const live = await this.tracker.call(this.current.run, tool, args, options);
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
    return [...this.run.calls.values()].flatMap((c) =>
      c.outcome.result.error ? [c.outcome.result.error.code] : [],
    );
  }
}
