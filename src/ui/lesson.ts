import type { HarnessEvent, Json } from '../harness';
import {
  readScenarioFile,
  scenarioById,
  type ExternalChange,
  type Scenario,
  type ScenarioPolicyId,
} from '../model';
import type { Playground } from '../run';
import { tr } from './i18n';
import { policyOptions, runPolicyState } from './run-policy';
import { Runner } from './runner';
import type { Notice, RunState, UiStore } from './state';

/** What the lesson's commands need of the rest of the page. */
export interface LessonSpec {
  pg: Playground;
  store: UiStore;
  /** Puts in a plugin-lab scenario's example plugin, through the lab, before the scenario opens. */
  applyExample: (scenario: Scenario) => Promise<void>;
  /** The file editor: closed when a scenario opens, shown again after an external edit. */
  editor: { readonly path: string | null; close(): void; reopen(): Promise<void> };
  /** "Write a scenario": while it records, the visitor's calls and external edits go into it. */
  recorder: () => {
    readonly recording: boolean;
    recordExternal(change: ExternalChange): void;
    recordCall(tool: string, args: Json, error: string | undefined): void;
  };
  /** Stops a real model's run. */
  stopModel: () => void;
}

/** Where the run stands, as the embed reports it and the page shows it. */
export interface LessonProgress {
  scenario: string;
  /** The script's steps taken. */
  position: number;
  done: boolean;
  /** The script waits for an external edit. */
  waiting: boolean;
}

/**
 * The lesson open in the page and the commands on its run: open a scenario, play, step, go back, reset,
 * edit a file from outside, call a tool as the model. It owns the playground and the run loop; the rest of
 * the page reads what it needs through it, never the playground.
 */
export class Lesson {
  readonly runner: Runner;

  constructor(private readonly spec: LessonSpec) {
    this.runner = new Runner(spec.store, () => spec.pg);
  }

  /** The playground, for the page's own views of the run (transcript, panels) and for tests. */
  get pg(): Playground {
    return this.spec.pg;
  }

  /** The scenario open. */
  get scenario(): Scenario {
    return this.spec.pg.scenario;
  }

  /** The session's id and its log so far. */
  get session(): { id: string; events: readonly HarnessEvent[] } {
    return this.spec.pg.run.session;
  }

  get progress(): LessonProgress {
    const { pg } = this.spec;
    return {
      scenario: pg.scenario.id,
      position: pg.script.state.step,
      done: pg.script.done,
      waiting: pg.script.state.waiting !== null,
    };
  }

  /** What the run is doing. */
  get state(): RunState {
    return this.spec.store.get().run;
  }

  /** A replay is shown. */
  get replaying(): boolean {
    return this.spec.store.get().replay !== null;
  }

  /** Steps have been taken and the script is not done. */
  get midRun(): boolean {
    return this.spec.pg.script.state.step > 0 && !this.spec.pg.script.done;
  }

  /** The script stands at an ask whose answer is not revealed yet. */
  get asking(): boolean {
    return this.spec.pg.script.state.ask?.revealed === false && !this.replaying;
  }

  /** Something runs that `stop` would end. */
  get stoppable(): boolean {
    const { run, modelRunning } = this.spec.store.get();
    return run === 'playing' || this.spec.pg.calling || modelRunning;
  }

  /** Opens a built-in scenario afresh (see `open`). */
  async load(id: string, asIs = false): Promise<void> {
    const scenario = scenarioById(id);
    if (scenario) await this.open(scenario, asIs);
  }

  /**
   * Opens any scenario afresh, its files restored: built-in or the visitor's own (file, link, embed,
   * authoring). A plugin-lab scenario comes with its example plugin unless `asIs` (a reset keeps the
   * plugins the visitor has now).
   */
  async open(scenario: Scenario, asIs = false): Promise<void> {
    const { pg, store } = this.spec;
    this.runner.pause();
    if (!asIs) await this.spec.applyExample(scenario);
    // A scenario opened anew runs under its own policy; a reset keeps the one the visitor chose.
    store.set({ replay: null, ...(asIs ? {} : { edits: null }) });
    const options = await policyOptions(store.get(), scenario);
    await this.runner.exclusive(() => pg.load(scenario, options));
    store.set({ run: 'idle', ...runPolicyState(pg) });
    this.spec.editor.close();
  }

  /** Opens a scenario file the visitor chose; a file refused is said in a notice with its code. */
  async openFile(file: Blob, notice: (text: string | null, more?: Partial<Notice>) => void): Promise<void> {
    const read = await readScenarioFile(file);
    if (!read.ok) {
      notice(tr('scenarioFileRefused', { why: read.error.message }), { code: read.error.code });
      return;
    }
    notice(null);
    await this.open(read.value);
  }

  /** The scenario's files restored and a new session; the old one stays under Past sessions. */
  async reset(): Promise<void> {
    this.runner.pause();
    await this.open(this.spec.pg.scenario, true);
  }

  /** Turns the observation policy on or off; the scenario starts again, as the policy is per session. */
  async setPolicy(on: boolean): Promise<void> {
    this.spec.store.set({ policy: on });
    await this.reset();
  }

  /**
   * Runs the scenario again under policy `id` (More → Policy…), the policy switch on; the choice holds
   * for this scenario's runs until another scenario opens.
   */
  async choosePolicy(id: ScenarioPolicyId): Promise<void> {
    this.spec.store.set({ policy: true, edits: id });
    await this.reset();
  }

  /**
   * One script step back: the scenario starts afresh and its steps are taken again up to the one before
   * (a run is deterministic, so it arrives where it was then).
   */
  async back(): Promise<void> {
    const target = this.spec.pg.script.state.step - 1;
    if (this.replaying || target < 0) return;
    await this.reset();
    await this.runner.advance(target);
  }

  /** Stops what runs: the call in progress (it ends with ABORTED), Play, and a real model's run. */
  stop(): void {
    this.runner.pause();
    this.spec.pg.stop();
    this.spec.stopModel();
  }

  /** Changes a file behind the agent's back: the one the script waits for, or the open or focus file. */
  async externalEdit(): Promise<void> {
    if (this.replaying) return;
    const { pg, editor } = this.spec;
    const recorder = this.spec.recorder();
    await this.runner.exclusive(async () => {
      const change = await pg.simulateExternalEdit('button', editor.path ?? undefined);
      if (recorder.recording) recorder.recordExternal(change);
    });
    await editor.reopen();
  }

  /** A call the visitor makes playing the model; a recording keeps it, with the error it met. */
  callAsModel(tool: string, args: unknown): Promise<void> {
    const { pg } = this.spec;
    const recorder = this.spec.recorder();
    return this.runner.exclusive(async () => {
      const live = await pg.callAsModel(tool, args);
      if (recorder.recording) recorder.recordCall(tool, live.entry.args, live.outcome.result.error?.code);
    });
  }

  /** The visitor says `text` as the model (authoring). */
  sayAsModel(text: string): void {
    this.spec.pg.sayAsModel(text);
  }
}
