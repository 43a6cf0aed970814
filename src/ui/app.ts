import type { FsBackend } from '../fs/types';
import { replayChunked, type HarnessEvent, type Registry, type ReplayProgress } from '../harness';
import {
  labExampleById,
  parseScenarioFile,
  readScenarioFile,
  scenarioById,
  scenarios,
  type LabPlugin,
  type Lang,
  type Scenario,
  type SessionRecord,
  type SessionStore,
} from '../model';
import { Playground, replayTools, type PlaygroundSpec } from '../run';
import { loadSqlEngine } from '../run/sql-engine';
import { askApproval } from './approval';
import { FileEditor } from './file-editor';
import { galleryDialog } from './gallery';
import { setLang, tr } from './i18n';
import { handleKey } from './keys';
import type { PluginLab } from './lab';
import { checkOutcome } from './outcome';
import { PageView } from './page';
import { readFlag, writeFlag } from './prefs';
import { Persistence } from './persistence';
import { Runner } from './runner';
import { uiStore, type Notice, type RunState, type Speed, type UiStore } from './state';
import { WorkspaceFiles } from './workspace';

export { speeds, type RunState, type Speed } from './state';

/** The kept choice "let the scenario make its external edits". */
const AUTO_EXTERNAL = 'auto-external';

/** Options of the app. */
export interface AppSpec {
  root: HTMLElement;
  fs: FsBackend;
  lang: Lang;
  scenario: Scenario;
  /** A compact view for an iframe: the transcript and the button, no chrome. */
  embed?: boolean;
  speed?: Speed;
  /** A notice to show at once (a damaged link, a refused scenario file), with its code when it has one. */
  notice?: { text: string; code?: string };
  /** Where sessions are saved as they grow; without it nothing is kept (embeds, no storage). */
  sessions?: SessionStore | null;
  /** A saved run to carry on at start instead of loading `scenario` afresh. */
  resume?: SessionRecord | null;
  /** Whether runs get the observation policy (default true). */
  policy?: boolean;
  /** Plugin code from a share link: the lab opens with it, and it runs only when the visitor presses Run. */
  plugins?: LabPlugin[];
  /** Play makes the scenario's external edits itself (`autoplay=1`); else the visitor's choice. */
  autoExternal?: boolean;
  /** Start in presentation mode (`present=1`). */
  present?: boolean;
}

/**
 * The playground page. It composes the features (header and run controls, banners, transcript, side
 * panels, sessions, the lab) around one Playground and one store; each feature updates its own part in
 * place when the run or the store changes, at most once per batch of changes.
 */
export class App {
  readonly store: UiStore;
  private readonly runner: Runner;
  private readonly persistence: Persistence;
  private readonly files: WorkspaceFiles;
  private readonly editor: FileEditor;
  private readonly replayRegistry: Registry;
  private readonly listeners = new Set<(app: App) => void>();
  private page: PageView | null = null;
  private lab: PluginLab | null = null;
  private labLoading: Promise<PluginLab> | null = null;
  private flushQueued = false;
  private replays = 0;

  /**
   * Makes the app with its playground ready: the saved run carried on when it fits its scenario (else a
   * notice says why), or the scenario opened afresh.
   */
  static async create(spec: AppSpec): Promise<App> {
    setLang(spec.lang);
    const pgSpec: PlaygroundSpec = {
      fs: spec.fs,
      lang: spec.lang,
      sqlEngine: loadSqlEngine,
      approve: askApproval,
    };
    const saved = spec.resume;
    if (saved) {
      try {
        const scenario = savedScenario(saved);
        return new App(spec, Playground.resume(pgSpec, scenario, saved), saved);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        spec = { ...spec, notice: { text: tr('resumeFailed', { why }) } };
      }
    }
    const pg = await Playground.open(pgSpec, spec.scenario, { policy: spec.policy ?? true });
    return new App(spec, pg, null);
  }

  private constructor(
    private readonly spec: AppSpec,
    readonly pg: Playground,
    private readonly resumed: SessionRecord | null,
  ) {
    const notice: Notice | null = spec.notice ? { ...spec.notice, tone: 'warn' } : null;
    this.store = uiStore({
      lang: spec.lang,
      policy: pg.policy !== null,
      speed: spec.speed ?? 'normal',
      notice,
      autoExternal: spec.autoExternal ?? readFlag(AUTO_EXTERNAL, false),
      present: spec.present ?? false,
    });
    this.runner = new Runner(this.store, () => this.pg);
    this.files = new WorkspaceFiles(spec.fs);
    this.editor = new FileEditor({
      fs: spec.fs,
      save: (path, content) => this.runner.exclusive(() => this.pg.saveExternally(path, content, 'editor')),
    });
    this.replayRegistry = replayTools(spec.fs);
    this.persistence = new Persistence({
      store: this.store,
      sessions: spec.sessions ?? null,
      pg: () => this.pg,
      labPlugins: () => this.lab?.plugins() ?? null,
      replay: (events, title, scenario) => this.showReplay(events, title, scenario),
      resumed: resumed && { id: resumed.id, title: resumed.title, createdAt: resumed.createdAt },
    });
    pg.subscribe(() => {
      this.persistence.schedule();
      this.changed();
    });
    this.files.subscribe(() => this.changed());
    this.store.on(['lang'], () => this.relayout());
    this.store.on(['run'], (state) => {
      // A run that stops is saved at once; while it plays, saves are spaced out.
      if (state.run !== 'playing') this.persistence.schedule();
      if (state.run === 'done') void this.checkOutcome();
      else if (state.outcome) this.store.set({ outcome: null });
    });
    this.store.on(null, () => this.changed());
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

  get speed(): Speed {
    return this.store.get().speed;
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
      const example = scenario.lab ? labExampleById(scenario.lab) : undefined;
      if (example) {
        if (!this.spec.embed) this.store.set({ tab: 'lab' });
        await (await this.openLab()).useExample(example);
      }
      this.runner.settle();
    } else if (scenario.lab && !linked) {
      // Plugin code from a link is the lab's to hold: then the scenario opens as it is, without its example.
      await this.load(scenario.id);
    }
    if (linked) {
      this.store.set({ tab: 'lab' });
      await this.openLab();
    }
    await this.files.refresh();
    this.reportBadRecords();
    document.addEventListener('keydown', (e) => handleKey(e, this));
    if (!this.spec.embed) acceptDrops((file) => void this.openDropped(file));
    this.flush();
  }

  /** Compares the finished run with what its scenario says it ends with; the page shows it. */
  private async checkOutcome(): Promise<void> {
    // A lab scenario states the outcome of a run without its example plugin, which the lab has applied.
    if (this.pg.scenario.lab) return;
    const session = this.pg.session;
    const checked = await checkOutcome(this.pg.scenario, this.pg.errors(), this.spec.fs);
    if (this.pg.session === session && this.store.get().run === 'done') this.store.set({ outcome: checked });
  }

  /** Says what damaged records of this browser's storage were set aside, if any (and no other notice shows). */
  private reportBadRecords(): void {
    const problems = [...this.spec.fs.problems(), ...(this.spec.sessions?.problems() ?? [])];
    if (problems.length === 0 || this.store.get().notice) return;
    const where = [...new Set(problems.map((p) => p.key))].slice(0, 3).join(', ');
    this.setNotice(tr('badRecords', { n: problems.length, where }), { code: 'STORAGE_BAD_RECORD' });
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

  /**
   * Opens any scenario afresh: a built-in one, or one of the visitor's own (a file, a link, the embed
   * API, the authoring panel). See `load` for `asIs`.
   */
  async open(scenario: Scenario, asIs = false): Promise<void> {
    const example = scenario.lab && !asIs ? labExampleById(scenario.lab) : undefined;
    this.runner.pause();
    if (example) {
      if (!this.spec.embed) this.store.set({ tab: 'lab' });
      await (await this.openLab()).useExample(example);
    }
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

  /** A JSON file dropped on the page: a session file is imported into replay, anything else opened as a scenario. */
  private async openDropped(file: File): Promise<void> {
    const head = await file.slice(0, 4096).text();
    if (/"format"\s*:\s*"harness-playground\/session"/.test(head)) await this.importSession(file);
    else await this.openScenarioFile(file);
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
    await this.runner.exclusive(() => this.pg.simulateExternalEdit('button', this.editor.path ?? undefined));
    await this.editor.reopen();
  }

  // ------------------------------------------------------------------ sessions

  exportSession(): void {
    this.persistence.exportSession();
  }

  importSession(file: Blob): Promise<void> {
    return this.persistence.importSession(file);
  }

  copyShareLink(): Promise<string | null> {
    return this.persistence.copyShareLink();
  }

  /**
   * Shows a log in replay mode: every card rebuilt from the log alone, in chunks that give the page a
   * turn between them. The first cards show after the first chunk, the rest at most every 200 ms, and a
   * long log shows how far it has come.
   */
  showReplay(events: readonly HarnessEvent[], title: string, scenario?: string): void {
    this.runner.pause();
    const start = events[0]?.type === 'session/start' ? events[0].scenario : undefined;
    const base = { events, title, scenario: scenario ?? start ?? this.pg.scenario.id };
    const key = ++this.replays;
    const shown = () => this.replays === key && this.store.get().replay?.events === events;
    this.store.set({ replay: { ...base, entries: [], read: { done: 0, total: events.length } } });
    const stop = new AbortController();
    let drawn = -Infinity;
    const onProgress = ({ entries, done, total }: ReplayProgress) => {
      if (!shown()) return stop.abort();
      if (done < total && performance.now() - drawn < 200) return;
      drawn = performance.now();
      this.store.set({
        replay: { ...base, entries: entries.slice(), read: done < total ? { done, total } : null },
      });
    };
    const tools = (name: string) => this.replayRegistry.get(name);
    replayChunked(events, tools, { onProgress, signal: stop.signal }).catch(() => undefined);
  }

  leaveReplay(): void {
    this.store.set({ replay: null });
  }

  /** Shows a banner (a warning unless `tone` says otherwise), or removes it with null. */
  setNotice(text: string | null, more: Omit<Partial<Notice>, 'text'> = {}): void {
    this.store.set({ notice: text === null ? null : { text, tone: 'warn', ...more } });
  }

  /** Loads the plugin lab (once) and shows it; resolves when it is ready. */
  openLab(): Promise<PluginLab> {
    this.labLoading ??= import('./lab').then(({ PluginLab }) => {
      const plugins = this.spec.plugins ?? [];
      this.lab = new PluginLab({
        pg: this.pg,
        store: this.store,
        setPolicy: (on) => this.setPolicy(on),
        openScenario: (id) => this.load(id),
        ...(plugins.length ? { initial: { plugins, fromLink: true } } : {}),
      });
      this.changed();
      return this.lab;
    });
    return this.labLoading;
  }

  private openGallery(): void {
    const dialog = galleryDialog(scenarios, this.pg.scenario.id, (id) => void this.load(id));
    document.body.append(dialog);
    dialog.showModal();
  }

  /** Switches every visible string; model messages already said stay as they were said. */
  switchLang(lang: Lang): void {
    this.store.set({ lang });
  }

  // ------------------------------------------------------------------ view

  /** Builds the page in the language now in use (at start, and when the language changes). */
  private relayout(): void {
    const { lang } = this.store.get();
    setLang(lang);
    this.pg.lang = lang;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = tr('appTitle');
    if (this.page) {
      const url = new URL(window.location.href);
      url.searchParams.set('lang', lang);
      history.replaceState(null, '', url);
    }
    this.lab?.layout();
    this.page = new PageView({
      root: this.spec.root,
      store: this.store,
      pg: () => this.pg,
      fs: this.spec.fs,
      files: this.files,
      editor: this.editor,
      embed: Boolean(this.spec.embed),
      actions: {
        play: () => void this.play(),
        pause: () => this.pause(),
        step: () => void this.step(),
        back: () => void this.back(),
        present: () => this.togglePresent(),
        reset: () => void this.reset(),
        external: () => void this.externalEdit(),
        speed: (speed) => this.setSpeed(speed),
        scenarios: () => this.openGallery(),
        lang: (l) => this.switchLang(l),
        leaveReplay: () => this.leaveReplay(),
        callAsModel: (tool, args) =>
          this.runner.exclusive(async () => void (await this.pg.callAsModel(tool, args))),
        more: {
          history: Boolean(this.spec.sessions),
          exportSession: () => this.exportSession(),
          importSession: (file) => void this.importSession(file),
          openScenario: (file) => void this.openScenarioFile(file),
          share: () => void this.copyShareLink(),
          setPolicy: (on) => void this.setPolicy(on),
          setAutoExternal: (on) => this.setAutoExternal(on),
          resetWorkspace: () => void this.reset(),
          pastSessions: () => void this.persistence.openPastSessions(),
        },
      },
      lab: () => this.lab,
      openLab: () => void this.openLab(),
      replayKey: () => `replay:${this.replays}`,
    });
    this.flush();
  }

  /** Asks for one update of every view, after the changes of this moment have all been made. */
  private changed(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  /** Updates every view in place from the run and the store, and tells who listens. */
  private flush(): void {
    this.flushQueued = false;
    if (!this.page) return;
    this.page.update();
    for (const listener of this.listeners) listener(this);
  }
}

/** The scenario a saved run ran: the one it carries (a scenario of the visitor's own), or a built-in. */
function savedScenario(saved: SessionRecord): Scenario {
  if (saved.custom !== undefined) {
    const read = parseScenarioFile(saved.custom);
    if (!read.ok) throw new RangeError(`its scenario no longer reads (${read.error.message})`);
    return read.value;
  }
  const scenario = scenarioById(saved.scenario);
  if (!scenario) throw new RangeError(`no scenario "${saved.scenario}"`);
  return scenario;
}

/** Hears JSON files dropped anywhere on the page (and only those: other drops keep their meaning). */
function acceptDrops(open: (file: File) => void): void {
  const files = (e: DragEvent) => [...(e.dataTransfer?.items ?? [])].some((i) => i.kind === 'file');
  document.addEventListener('dragover', (e) => {
    if (files(e)) e.preventDefault();
  });
  document.addEventListener('drop', (e) => {
    const file = [...(e.dataTransfer?.files ?? [])].find(
      (f) => /\.json$/i.test(f.name) || f.type === 'application/json',
    );
    if (!file) return;
    e.preventDefault();
    open(file);
  });
}
