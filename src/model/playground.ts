import {
  Hooks,
  Registry,
  Session,
  fakeClock,
  type Approve,
  type HarnessEvent,
  type LiveCall,
  type Plugin,
  type SessionSpec,
  type Tool,
} from '../harness';
import type { FsBackend } from '../fs/types';
import { fsObservationPolicy, type ObservationPolicy } from '../plugins/fs-observation-policy';
import { brokenTools } from '../tools/broken';
import { countWordsTool, shellTool, webFetchTool } from '../tools/teaching';
import { fileTools } from '../tools/toolbox';
import { sqlQueryTool, type SqlEngine } from '../tools/sql';
import { strengthTools } from '../tools/strengths';
import { scenarioPlugins } from './plugins';
import { deriveScript, type ScriptProgress } from './progress';
import type { ExternalChange, Lang, Scenario } from './scenario';
import { actionsOf, reactTo, type Action } from './scripted';

/** What a run is, to save it and to carry it on after a reload: its log and the script's progress. */
export interface SavedRun {
  /** The session id, as in the log's `session/start`. */
  id: string;
  scenario: string;
  /** Whether the observation policy was installed. */
  policy: boolean;
  progress: ScriptProgress;
  events: readonly HarnessEvent[];
}

// The fake clock of every session: the same times on every run, so replays and exports match.
const CLOCK_START = Date.UTC(2026, 0, 1, 9);
const CLOCK_STEP = 1000;

/** Options of a playground. */
export interface PlaygroundSpec {
  fs: FsBackend;
  lang?: Lang;
  approve?: Approve;
  /** Opens the SQL engine of the `sql` tool set; loaded on first use. Without it, that set is absent. */
  sqlEngine?: () => Promise<SqlEngine>;
}

/** Plugins and tools the visitor added (the plugin lab), installed into every run. */
export interface VisitorExtras {
  plugins: readonly Plugin[];
  tools: readonly Tool[];
}

/** A visitor's tool that was not installed, and why. */
export interface RefusedTool {
  tool: string;
  reason: string;
}

/** Applies an external change to a text: the first `find` replaced, else a line appended. */
export function applyChange(content: string, change: ExternalChange): string {
  const at = change.find === undefined ? -1 : content.indexOf(change.find);
  if (change.find !== undefined && at >= 0) {
    return content.slice(0, at) + (change.replace ?? '') + content.slice(at + change.find.length);
  }
  const line = change.append ?? 'changed outside the agent';
  if (content === '' || content.endsWith('\n')) return `${content}${line}\n`;
  return `${content}\n${line}`;
}

/**
 * The playground without its DOM: a workspace, the harness with its tools and policy, one agent
 * session, and the scripted model stepping through a scenario. The UI and the tests drive it alike.
 */
export class Playground {
  readonly fs: FsBackend;
  lang: Lang;
  scenario!: Scenario;
  hooks!: Hooks;
  registry!: Registry;
  policy: ObservationPolicy | null = null;
  session!: Session;
  /** Live calls by call id: the only place canonical values live. */
  readonly calls = new Map<string, LiveCall>();
  /** Steps taken so far in this run. */
  position = 0;
  /** The external change the script is waiting for the visitor to make, when it is. */
  waiting: ExternalChange | null = null;
  private queue: Action[] = [];
  /** Call ids of the calls the visitor made by hand, which are not the script's. */
  private manual: string[] = [];
  private externalEdits = 0;
  private readonly listeners = new Set<() => void>();
  private readonly approve: Approve | undefined;
  private readonly sqlEngine: (() => Promise<SqlEngine>) | undefined;
  /** Races of the scenario that have not been run yet, by path. */
  private races = new Map<string, ExternalChange>();
  /** The scenario plugins installed now, and how to remove them. */
  plugins: string[] = [];
  private uninstallPlugins: (() => void)[] = [];
  /** What the visitor added in the plugin lab: kept across loads, installed into every run. */
  private visitor: VisitorExtras = { plugins: [], tools: [] };
  private uninstallVisitor: (() => void)[] = [];
  /** The visitor's tools left out of the current run because their names were taken, and why. */
  refusedTools: RefusedTool[] = [];

  constructor(spec: PlaygroundSpec) {
    this.fs = spec.fs;
    this.lang = spec.lang ?? 'en';
    this.approve = spec.approve;
    this.sqlEngine = spec.sqlEngine;
  }

  /** Hears every change of state (a step, an edit, a load). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Tools for a scenario: the file tools, plus the sets it asks for. */
  private toolsFor(scenario: Pick<Scenario, 'tools' | 'unicodeFallback'>): Tool[] {
    const tools = fileTools(this.fs, { unicodeFallback: () => scenario.unicodeFallback ?? false });
    if (scenario.tools?.includes('teaching')) {
      tools.push(shellTool(this.fs), webFetchTool(), countWordsTool(this.fs));
    }
    if (scenario.tools?.includes('broken')) tools.push(...brokenTools());
    if (scenario.tools?.includes('sql') && this.sqlEngine) tools.push(sqlQueryTool(this.sqlEngine));
    if (scenario.tools?.includes('strengths'))
      tools.push(...strengthTools(this.fs, (path) => this.race(path)));
    return tools;
  }

  /** The scenario's race on `path`, and whether it has landed yet; null when there is none. */
  raceOn(path: string): { change: ExternalChange; landed: boolean } | null {
    const change = this.scenario.races?.find((c) => c.path === path);
    return change ? { change, landed: !this.races.has(path) } : null;
  }

  /** Lands the scenario's race for `path`, once: someone else's change in the gap before a write. */
  private async race(path: string): Promise<void> {
    const change = this.races.get(path);
    if (!change) return;
    this.races.delete(path);
    const file = await this.fs.read(path);
    await this.saveExternally(path, applyChange(file?.content ?? '', change), 'scenario');
  }

  /** Every tool any scenario uses, by name: what a replay needs to rebuild cards from a log. */
  allTools(): Registry {
    const registry = new Registry();
    for (const tool of this.toolsFor({ tools: ['teaching', 'broken', 'sql', 'strengths'] }))
      registry.register(tool);
    return registry;
  }

  /** Starts `scenario` afresh: its files restored, a new session, the script at its start. */
  async load(scenario: Scenario, options: { policy?: boolean } = {}): Promise<void> {
    this.scenario = scenario;
    this.races = new Map((scenario.races ?? []).map((change) => [change.path, change]));
    await this.restoreFiles();
    this.harness(scenario, options.policy !== false, {
      id: `${scenario.id}-${Date.now().toString(36)}`,
      scenario: scenario.id,
      clock: fakeClock(CLOCK_START, CLOCK_STEP),
    });
    this.usePlugins(scenario.plugins ?? []);
    this.queue = actionsOf(scenario.steps);
    this.position = 0;
    this.waiting = null;
    this.manual = [];
    this.externalEdits = 0;
    this.changed();
  }

  /**
   * Carries on a saved run of `scenario` (after a page reload) with the workspace as it is: the session
   * continues its log, the policy's ledger is rebuilt from it, and the script's queue is re-derived by
   * taking its steps again against the logged results. Values of the old calls are gone for good.
   * Throws a `RangeError` saying why when the run does not fit the scenario's script.
   */
  resume(scenario: Scenario, run: SavedRun): void {
    if (run.scenario !== scenario.id) {
      throw new RangeError(`Session "${run.id}" is a run of "${run.scenario}", not of "${scenario.id}"`);
    }
    const derived = deriveScript(scenario.steps, run.events, run.progress);
    if (!derived.ok) throw new RangeError(`Session "${run.id}" cannot be resumed: ${derived.error}`);
    const last = run.events.at(-1)?.at ?? CLOCK_START - CLOCK_STEP;
    this.scenario = scenario;
    this.harness(scenario, run.policy, {
      id: run.id,
      log: run.events,
      clock: fakeClock(last + CLOCK_STEP, CLOCK_STEP),
    });
    this.policy?.restore(run.events);
    const landed = new Set(
      run.events.flatMap((e) => (e.type === 'external/edit' && e.who === 'scenario' ? [e.path] : [])),
    );
    this.races = new Map((scenario.races ?? []).filter((c) => !landed.has(c.path)).map((c) => [c.path, c]));
    this.usePlugins(derived.value.plugins ?? scenario.plugins ?? []);
    this.queue = derived.value.queue;
    this.position = derived.value.position;
    this.waiting = derived.value.waiting;
    this.manual = [...run.progress.manual];
    this.externalEdits = run.events.filter((e) => e.type === 'external/edit').length;
    this.changed();
  }

  /** The run as it stands, to save it (see `resume`). The log is a copy. */
  saved(): SavedRun {
    return {
      id: this.session.id,
      scenario: this.scenario.id,
      policy: this.policy !== null,
      progress: { position: this.position, waiting: this.waiting !== null, manual: [...this.manual] },
      events: [...this.session.events],
    };
  }

  /** Replaces the scenario's built-in plugins (not the observation policy) with `ids`. */
  usePlugins(ids: readonly string[]): void {
    for (const uninstall of this.uninstallPlugins) uninstall();
    this.uninstallPlugins = ids.flatMap((id) => {
      const make = scenarioPlugins[id];
      return make ? [this.hooks.install(make())] : [];
    });
    this.plugins = [...ids];
  }

  /**
   * Replaces the visitor's plugins and tools (the plugin lab) with `extras`, in the current run at once
   * (if one is loaded) and in every run after it. A tool whose name is taken is left out; the answer says
   * which and why, and so does `refusedTools` after each later load.
   */
  useVisitor(extras: VisitorExtras): { refused: RefusedTool[] } {
    this.visitor = { plugins: [...extras.plugins], tools: [...extras.tools] };
    // Before the first load there is no run yet: the extras wait for it.
    if (this.hooks) this.installVisitor();
    this.changed();
    return { refused: this.refusedTools };
  }

  private installVisitor(): void {
    for (const uninstall of this.uninstallVisitor) uninstall();
    const { hooks, registry } = this;
    this.uninstallVisitor = this.visitor.plugins.map((plugin) => hooks.install(plugin));
    const refused: RefusedTool[] = [];
    for (const tool of this.visitor.tools) {
      if (registry.get(tool.name)) {
        refused.push({ tool: tool.name, reason: `a tool named "${tool.name}" is already registered` });
        continue;
      }
      registry.register(tool);
      // Bound to this run's registry: after a load, it must not remove the new run's tool of that name.
      this.uninstallVisitor.push(() => registry.unregister(tool.name));
    }
    this.refusedTools = refused;
  }

  /** Builds the hooks, the policy, the registry and the session of a run. */
  private harness(
    scenario: Scenario,
    policy: boolean,
    session: Pick<SessionSpec, 'id' | 'clock' | 'log' | 'scenario'>,
  ): void {
    this.hooks = new Hooks();
    this.uninstallPlugins = [];
    this.policy = policy
      ? fsObservationPolicy({ onlyEditWhatWasRead: scenario.onlyEditWhatWasRead ?? false })
      : null;
    if (this.policy) this.hooks.install(this.policy);
    this.registry = new Registry();
    for (const tool of this.toolsFor(scenario)) this.registry.register(tool);
    this.installVisitor();
    this.session = new Session({
      ...session,
      registry: this.registry,
      hooks: this.hooks,
      checkPurity: true,
      ...(this.approve ? { approve: this.approve } : {}),
    });
    this.calls.clear();
  }

  /** Puts the workspace back to the scenario's files (an external change of kind "reset"). */
  async restoreFiles(): Promise<void> {
    for (const file of await this.fs.list())
      await this.fs.delete(file.path, { kind: 'external', who: 'reset' });
    for (const [path, content] of Object.entries(this.scenario.files)) {
      await this.fs.write(path, content, { kind: 'none' }, { kind: 'external', who: 'reset' });
    }
  }

  /** The script has nothing left to do. */
  get done(): boolean {
    return this.queue.length === 0 && !this.waiting;
  }

  /**
   * Takes one step. With `auto`, a scripted external edit is made at once; without it, the script waits
   * for the visitor to press "Simulate external edit" (and `step` does nothing until then).
   */
  async step(auto = false): Promise<void> {
    if (this.waiting) {
      if (auto) await this.simulateExternalEdit('scenario');
      return;
    }
    const action = this.queue.shift();
    if (!action) return;
    this.position++;
    if (action.kind === 'say') this.session.say(action.text[this.lang]);
    else if (action.kind === 'use') {
      this.session.say(action.text[this.lang]);
      this.usePlugins(action.plugins);
    } else if (action.kind === 'external') {
      this.waiting = action.change;
      if (auto) await this.simulateExternalEdit('scenario');
    } else {
      const live = await this.session.call(action.tool, action.args);
      this.calls.set(live.entry.callId, live);
      this.queue.unshift(...reactTo(action, live.outcome.result));
    }
    this.changed();
  }

  /**
   * Takes steps until `position` is `target` (a share link, `?step=`): scripted external edits are made
   * as the script reaches them, except one at the very last step, which is left waiting, as it was.
   */
  async advance(target: number): Promise<void> {
    while (!this.done && this.position < target) {
      if (this.waiting) await this.simulateExternalEdit('scenario');
      else await this.step(false);
    }
  }

  /** Runs the script to its end (tests and "skip to end"); scripted external edits are made at once. */
  async runToEnd(limit = 1000): Promise<void> {
    while (!this.done && limit-- > 0) await this.step(true);
  }

  /**
   * Changes a file behind the agent's back, through the same backend, and logs it. Makes the change the
   * script is waiting for, if any; else appends a line to `path` (default: the scenario's focus file).
   */
  async simulateExternalEdit(who: 'button' | 'scenario' | 'editor' = 'button', path?: string): Promise<void> {
    const change = this.waiting ?? {
      path: path ?? this.scenario.focus ?? '/README.md',
      append: `external edit #${this.externalEdits + 1}`,
    };
    const file = await this.fs.read(change.path);
    const next = applyChange(file?.content ?? '', change);
    await this.saveExternally(change.path, next, who);
    this.waiting = null;
    this.changed();
  }

  /** Writes a file as someone other than the agent (the file editor, the button), and logs it. */
  async saveExternally(path: string, content: string, who: 'button' | 'scenario' | 'editor'): Promise<void> {
    const done = await this.fs.write(path, content, { kind: 'none' }, { kind: 'external', who });
    this.externalEdits++;
    this.session.emit({ type: 'external/edit', path: done.path, who, version: done.version });
    this.changed();
  }

  /** A call made by the visitor playing the model: the result arrives exactly as the model's would. */
  async callAsModel(tool: string, args: unknown): Promise<LiveCall> {
    const live = await this.session.call(tool, args);
    this.calls.set(live.entry.callId, live);
    this.manual.push(live.entry.callId);
    this.changed();
    return live;
  }

  /** The error codes the agent has met so far, in order. */
  errors(): string[] {
    return [...this.calls.values()].flatMap((c) =>
      c.outcome.result.error ? [c.outcome.result.error.code] : [],
    );
  }
}
