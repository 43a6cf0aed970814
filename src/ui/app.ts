import type { HarnessEvent } from '../harness';
import { readScenarioFile, scenarioById, type Lang, type ModelInfo, type Scenario } from '../model';
import type { SessionRecord } from '../storage';
import { replayTools, type Playground } from '../run';
import { pageActions } from './actions';
import { authorPanel } from './author/host';
import type { AuthorPanel } from './author/panel';
import { acceptDrops } from './drops';
import { FileEditor } from './file-editor';
import { showLang, speakFrom, tr } from './i18n';
import { handleKey } from './keys';
import { LabLoader } from './lab-loader';
import { hasKeptPlugins } from './lab/kept';
import type { PluginLab } from './lab';
import { watchOutcomes } from './outcome';
import { PageView } from './page';
import { AUTO_EXTERNAL, writeFlag } from './prefs';
import { ModelFeature } from './model-feature';
import { Persistence } from './persistence';
import { Redraw } from './redraw';
import { Replays } from './replays';
import { Runner } from './runner';
import { badRecordsNotice, initialState, startPlayground, type AppSpec } from './start';
import { uiStore, type Notice, type RunState, type Speed, type UiStore } from './state';
import { WorkspaceFiles } from './workspace';

export { speeds, type RunState, type Speed } from './state';
export type { AppSpec } from './start';

/**
 * The playground page. It composes the features (header and run controls, banners, transcript, side
 * panels, sessions, the lab) around one Playground and one store; each feature updates its own part in
 * place when the run or the store changes, at most once per batch of changes.
 */
export class App {
  readonly store: UiStore;
  private readonly runner: Runner;
  /** Sessions: saved as they grow, exported, imported, shared, listed. */
  readonly persistence: Persistence;
  private readonly files: WorkspaceFiles;
  private readonly editor: FileEditor;
  private readonly replays: Replays;
  /** Writing a scenario: kept for the life of the page, so a draft survives a language change. */
  private readonly author: AuthorPanel;
  /** A real model to drive the run, loaded on first use. */
  private readonly model: ModelFeature;
  private readonly listeners = new Set<(app: App) => void>();
  private page: PageView | null = null;
  /** The plugin lab, loaded on first show. */
  readonly lab: LabLoader;
  private readonly redraw: Redraw;

  /**
   * Makes the app with its playground ready: the saved run carried on when it fits its scenario (else a
   * notice says why), or the scenario opened afresh.
   */
  static async create(spec: AppSpec): Promise<App> {
    speakFrom(() => spec.lang);
    const { pg, resumed, refusal } = await startPlayground(spec);
    return new App(refusal ? { ...spec, notice: { text: refusal } } : spec, pg, resumed);
  }

  private constructor(
    private readonly spec: AppSpec,
    readonly pg: Playground,
    private readonly resumed: SessionRecord | null,
  ) {
    this.store = uiStore(initialState(spec, pg));
    speakFrom(() => this.store.get().lang);
    this.redraw = new Redraw(this.store, () => this.flush());
    this.runner = new Runner(this.store, () => this.pg);
    this.files = new WorkspaceFiles(spec.fs);
    this.editor = new FileEditor({
      fs: spec.fs,
      save: (path, content) => this.runner.exclusive(() => this.pg.saveExternally(path, content, 'editor')),
    });
    this.replays = new Replays(this.store, {
      tools: replayTools(spec.fs),
      more: (name) => this.lab.current?.visitorTool(name),
      scenario: () => this.pg.scenario.id,
    });
    this.author = authorPanel(this, spec);
    this.model = new ModelFeature({
      pg: () => this.pg,
      store: this.store,
      exclusive: (task) => this.runner.exclusive(task),
      shown: () => this.redraw.request(),
    });
    const plugins = spec.plugins ?? [];
    this.lab = new LabLoader(
      {
        pg,
        store: this.store,
        setPolicy: (on) => this.setPolicy(on),
        openScenario: (id) => this.load(id),
        playScenario: async (scenario) => {
          await this.open(scenario, true);
          await this.play();
        },
        ...(plugins.length ? { initial: { plugins, fromLink: true } } : {}),
        ...(spec.kept !== undefined ? { kept: spec.kept } : {}),
      },
      () => this.redraw.request(),
    );
    this.persistence = new Persistence({
      store: this.store,
      sessions: spec.sessions ?? null,
      pg: () => this.pg,
      labPlugins: () => this.lab.current?.plugins() ?? null,
      replay: (events, title, scenario, model) => this.showReplay(events, title, scenario, model),
      resumed: resumed && { id: resumed.id, title: resumed.title, createdAt: resumed.createdAt },
    });
    pg.subscribe(() => {
      this.persistence.schedule();
      this.redraw.request();
    });
    this.files.subscribe(() => this.redraw.request());
    this.store.on(['lang'], () => this.relayout());
    this.store.on(['run'], (state) => {
      // A run that stops is saved at once; while it plays, saves are spaced out.
      if (state.run !== 'playing') this.persistence.schedule();
    });
    watchOutcomes(this.store, () => this.pg, spec.fs);
    this.store.on(null, () => this.redraw.request());
  }

  /** Hears every update of the page (the embed API reports state this way). */
  onChange(listener: (app: App) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What the run is doing. */
  get state(): RunState {
    return this.store.get().run;
  }

  /** A replay is shown. */
  get replaying(): boolean {
    return this.store.get().replay !== null;
  }

  /** Steps have been taken and the script is not done. */
  get midRun(): boolean {
    return this.pg.scriptStep > 0 && !this.pg.done;
  }

  /** Builds the page and carries on what it was made with; resolves when the first view is ready. */
  async start(): Promise<void> {
    this.relayout();
    const linked = Boolean(this.spec.plugins?.length);
    const scenario = this.pg.scenario;
    if (this.resumed) {
      // A lab scenario's plugin is not saved with the run: its example goes back in, the run carries on.
      await this.lab.applyExample(scenario, !this.spec.embed);
      this.runner.settle();
    } else if (scenario.lab && !linked) {
      // Plugin code from a link is the lab's to hold: then the scenario opens as it is, without its example.
      // Opened as it is, not by id: an author's file made for a lab example gets the example too.
      await this.open(scenario);
    }
    if (linked) {
      this.store.set({ tab: 'lab' });
      await this.openLab();
    } else if (!this.spec.embed && (await hasKeptPlugins(this.spec.kept))) {
      // The visitor's plugins kept in this browser take part in runs again, as before the reload.
      await this.openLab();
    }
    await this.files.refresh();
    // What damaged records of this browser's storage were set aside, unless another notice shows.
    const bad = badRecordsNotice(this.spec.fs, this.spec.sessions ?? null);
    if (bad && !this.store.get().notice) this.setNotice(bad, { code: 'STORAGE_BAD_RECORD' });
    document.addEventListener('keydown', (e) => handleKey(e, this));
    if (!this.spec.embed) {
      acceptDrops({
        session: (file) => this.persistence.importSession(file),
        scenario: (file) => this.openScenarioFile(file),
      });
    }
    this.redraw.now();
  }

  /** Writes any change not saved yet; resolves when the store has it. */
  saved(): Promise<void> {
    return this.persistence.saved();
  }

  // ------------------------------------------------------------------ run commands

  /**
   * Opens a built-in scenario afresh (its files restored). A plugin-lab scenario comes with its example
   * plugin, applied through the lab, unless `asIs` (a reset keeps the plugins the visitor has now).
   */
  async load(id: string, asIs = false): Promise<void> {
    const scenario = scenarioById(id);
    if (scenario) await this.open(scenario, asIs);
  }

  /** Opens any scenario afresh, built-in or the visitor's own (file, link, embed, authoring); see `load`. */
  async open(scenario: Scenario, asIs = false): Promise<void> {
    this.runner.pause();
    if (!asIs) await this.lab.applyExample(scenario, !this.spec.embed);
    this.store.set({ replay: null });
    await this.runner.exclusive(() => this.pg.load(scenario, { policy: this.store.get().policy }));
    this.store.set({ run: 'idle', policy: this.pg.policy !== null });
    this.editor.close();
  }

  play(): Promise<void> {
    return this.runner.play();
  }

  pause(): void {
    this.runner.pause();
  }

  step(): Promise<void> {
    return this.runner.step();
  }

  /** Reveals the answer of the ask the script stands at (Reveal, Enter). */
  reveal(): Promise<void> {
    return this.runner.reveal();
  }

  /** The script stands at an ask whose answer is not revealed yet. */
  get asking(): boolean {
    return this.pg.ask?.revealed === false && !this.replaying;
  }

  /** Takes the script's first `target` steps (share links, `?step=`). */
  advance(target: number): Promise<void> {
    return this.runner.advance(target);
  }

  /**
   * One script step back: the scenario starts afresh and its steps are taken again up to the one before
   * (a run is deterministic, so it arrives where it was then).
   */
  async back(): Promise<void> {
    const target = this.pg.scriptStep - 1;
    if (this.store.get().replay || target < 0) return;
    await this.reset();
    await this.runner.advance(target);
  }

  /** Something runs that `stop` would end. */
  get stoppable(): boolean {
    const { run, modelRunning } = this.store.get();
    return run === 'playing' || this.pg.calling || modelRunning;
  }

  /** Stops what runs: the call in progress (it ends with ABORTED), Play, and a real model's run. */
  stop(): void {
    this.runner.pause();
    this.pg.stop();
    this.model.stop();
  }

  /** More → Model…: a real model's settings, and its run on the scenario. */
  configureModel(): Promise<void> {
    return this.model.configure();
  }

  /** Turns presentation mode on or off. */
  togglePresent(): void {
    this.store.set({ present: !this.store.get().present });
  }

  /** Whether Play makes the scenario's external edits itself; kept in this browser. */
  setAutoExternal(on: boolean): void {
    writeFlag(AUTO_EXTERNAL, on);
    this.store.set({ autoExternal: on });
  }

  /** The scenario's files restored and a new session; the old one stays under Past sessions. */
  async reset(): Promise<void> {
    this.runner.pause();
    await this.open(this.pg.scenario, true);
  }

  /** Opens a scenario file the visitor chose (More → Open scenario file…, or dropped on the page). */
  async openScenarioFile(file: Blob): Promise<void> {
    const read = await readScenarioFile(file);
    if (!read.ok) {
      this.setNotice(tr('scenarioFileRefused', { why: read.error.message }), { code: read.error.code });
      return;
    }
    this.setNotice(null);
    await this.open(read.value);
  }

  /** Turns the observation policy on or off; the scenario starts again, as the policy is per session. */
  async setPolicy(on: boolean): Promise<void> {
    this.store.set({ policy: on });
    await this.reset();
  }

  setSpeed(speed: Speed): void {
    this.store.set({ speed });
  }

  /** Changes a file behind the agent's back: the one the script waits for, or the open or focus file. */
  async externalEdit(): Promise<void> {
    if (this.store.get().replay) return;
    await this.runner.exclusive(async () => {
      const change = await this.pg.simulateExternalEdit('button', this.editor.path ?? undefined);
      if (this.author.recording) this.author.recordExternal(change);
    });
    await this.editor.reopen();
  }

  /** A call the visitor makes playing the model; a recording keeps it, with the error it met. */
  callAsModel(tool: string, args: unknown): Promise<void> {
    return this.runner.exclusive(async () => {
      const live = await this.pg.callAsModel(tool, args);
      if (this.author.recording)
        this.author.recordCall(tool, live.entry.args, live.outcome.result.error?.code);
    });
  }

  /** Shows a log in replay mode (see `Replays`); the run, if playing, pauses. */
  showReplay(
    events: readonly HarnessEvent[],
    title: string,
    scenario?: string,
    model?: ModelInfo | null,
  ): void {
    this.runner.pause();
    this.replays.show(events, title, scenario, model ?? null);
  }

  leaveReplay(): void {
    this.store.set({ replay: null });
  }

  /** Shows a banner (a warning unless `tone` says otherwise), or removes it with null. */
  setNotice(text: string | null, more: Omit<Partial<Notice>, 'text'> = {}): void {
    this.store.set({ notice: text === null ? null : { text, tone: 'warn', ...more } });
  }

  /** Switches every visitor plugin off (the header's badge): runs go on without them. */
  switchPluginsOff(): void {
    this.lab.current?.switchAllOff();
  }

  /** Loads the plugin lab (once); resolves when it is ready. */
  openLab(): Promise<PluginLab> {
    return this.lab.open();
  }

  /** Switches every visible string; model messages already said stay as they were said. */
  switchLang(lang: Lang): void {
    this.store.set({ lang });
  }

  // ------------------------------------------------------------------ view

  /** Builds the page in the language now in use (at start, and when the language changes). */
  private relayout(): void {
    showLang(this.page !== null);
    this.lab.current?.layout();
    this.author.layout();
    this.page = new PageView({
      author: this.author,
      root: this.spec.root,
      store: this.store,
      pg: () => this.pg,
      fs: this.spec.fs,
      files: this.files,
      editor: this.editor,
      embed: Boolean(this.spec.embed),
      actions: pageActions(this, Boolean(this.spec.sessions)),
      lab: () => this.lab.current,
      modelPanel: () => this.model.el,
      openLab: () => void this.openLab(),
      replayKey: () => this.replays.key,
    });
    this.redraw.now();
  }

  /** Updates every view in place from the run and the store, and tells who listens. */
  private flush(): void {
    if (!this.page) return;
    this.page.update();
    for (const listener of this.listeners) listener(this);
  }
}
