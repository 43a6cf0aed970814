import type { UseStore } from 'idb-keyval';
import type { FsBackend } from '../fs/types';
import type { HarnessEvent } from '../harness';
import type { LabPlugin, Lang, Scenario, ScenarioPolicyId } from '../model';
import type { SessionRecord, SessionStore } from '../storage';
import { replayTools } from '../run';
import { pageActions } from './actions';
import { authorPanel } from './author/host';
import type { AuthorPanel } from './author/panel';
import { FileEditor } from './file-editor';
import { speakFrom } from './i18n';
import { LabLoader, labSpec } from './lab-loader';
import { Lesson } from './lesson';
import { watchOutcomes } from './outcome';
import { PageHost } from './page-host';
import { ModelFeature } from './model-feature';
import { Persistence } from './persistence';
import { Replays } from './replays';
import { carryOn, initialState, startPlayground } from './start';
import { uiStore, type Notice, type ReplayMore, type RunState, type Speed, type UiStore } from './state';
import type { StorageState } from '../storage';
import { WorkspaceFiles } from './workspace';

export { speeds, type RunState, type Speed } from './state';

/** Options of the app. */
export interface AppSpec {
  root: HTMLElement;
  fs: FsBackend;
  lang: Lang;
  scenario: Scenario;
  /** The address `scenario` was fetched from (`?scenario-url=`): the embed snippet names the file by it. */
  scenarioUrl?: string;
  /** A compact view for an iframe: the transcript and the button, no chrome. */
  embed?: boolean;
  speed?: Speed;
  /** A notice to show at once (a damaged link, a refused scenario file), with its code when it has one. */
  notice?: { text: string; code?: string };
  /** Where sessions are saved as they grow; without it nothing is kept (embeds, no storage). */
  sessions?: SessionStore | null;
  /** Where the lab keeps its plugins; null keeps none (default: this browser's store). */
  kept?: UseStore | null;
  /**
   * Why the page keeps nothing (a banner with `STORAGE_UNAVAILABLE` says so), or null when it keeps what
   * it should; by default, whether `fs` is persistent (an embed keeps nothing on purpose, and says nothing).
   */
  storage?: StorageState | null;
  /** A saved run to carry on at start instead of loading `scenario` afresh. */
  resume?: SessionRecord | null;
  /** Whether runs get the observation policy (default true). */
  policy?: boolean;
  /** The policy runs get in place of the scenario's own (`?policy=<id>`). */
  edits?: ScenarioPolicyId;
  /** Plugin code from a share link: the lab opens with it, and it runs only when the visitor presses Run. */
  plugins?: LabPlugin[];
  /** Play makes the scenario's external edits itself (`autoplay=1`); else the visitor's choice. */
  autoExternal?: boolean;
  /** Start in presentation mode (`present=1`). */
  present?: boolean;
}

/**
 * The playground page. It composes the features around one lesson and one store: the lesson and its run
 * (`Lesson`), the page's views (`PageHost`), sessions, replays, the file editor, the plugin lab, writing
 * a scenario and a real model. Each feature keeps its own state and updates its own part in place; the
 * app's methods are the page's commands (its controls, keys, the embed and the presenter view use them).
 */
export class App {
  readonly store: UiStore;
  /** The lesson open and the commands on its run. */
  readonly lesson: Lesson;
  /** Sessions: saved as they grow, exported, imported, shared, listed. */
  readonly persistence: Persistence;
  /** The plugin lab, loaded on first show. */
  readonly lab: LabLoader;
  private readonly files: WorkspaceFiles;
  private readonly editor: FileEditor;
  private readonly replays: Replays;
  /** Writing a scenario: kept for the life of the page, so a draft survives a language change. */
  private readonly author: AuthorPanel;
  /** A real model to drive the run, loaded on first use. */
  private readonly model: ModelFeature;
  private readonly view: PageHost;

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
    pg: Lesson['pg'],
    private readonly resumed: SessionRecord | null,
  ) {
    const store = (this.store = uiStore(initialState(spec, pg)));
    const exclusive = (task: () => Promise<void> | void) => this.lesson.runner.exclusive(task);
    speakFrom(() => this.store.get().lang);
    this.files = new WorkspaceFiles(spec.fs);
    this.editor = new FileEditor({
      fs: spec.fs,
      save: (path, content) => exclusive(() => pg.saveExternally(path, content, 'editor')),
    });
    this.model = new ModelFeature({ pg: () => pg, store, exclusive, shown: () => this.view.request() });
    this.lesson = new Lesson({
      pg,
      store,
      applyExample: (scenario) => this.lab.applyExample(scenario, !spec.embed),
      editor: this.editor,
      recorder: () => this.author,
      stopModel: () => this.model.stop(),
    });
    // Writing a scenario shows the lesson open from the start: it comes after the lesson.
    this.author = authorPanel(this, spec);
    this.replays = new Replays(store, {
      tools: replayTools(spec.fs),
      more: (name) => this.lab.current?.visitorTool(name),
      scenario: () => pg.scenario.id,
    });
    this.lab = new LabLoader(labSpec(this, spec), () => this.view.request());
    this.persistence = new Persistence({
      store,
      sessions: spec.sessions ?? null,
      pg: () => pg,
      labPlugins: () => this.lab.current?.plugins() ?? null,
      replay: (events, title, scenario, model) => this.showReplay(events, title, { scenario, model }),
      resumed: resumed && { id: resumed.id, title: resumed.title, createdAt: resumed.createdAt },
    });
    this.view = new PageHost(() => pg, spec, {
      actions: pageActions(this, Boolean(spec.sessions)),
      store,
      files: this.files,
      editor: this.editor,
      author: this.author,
      lab: this.lab,
      modelPanel: () => this.model.el,
      replayKey: () => this.replays.key,
    });
    pg.subscribe(() => {
      this.persistence.schedule();
      this.view.request();
    });
    this.files.subscribe(() => this.view.request());
    store.on(['run'], (state) => {
      // A run that stops is saved at once; while it plays, saves are spaced out.
      if (state.run !== 'playing') this.persistence.schedule();
    });
    watchOutcomes(store, () => pg, spec.fs);
  }

  /** The playground (for tests and the console; the page's features go through `lesson`). */
  get pg(): Lesson['pg'] {
    return this.lesson.pg;
  }

  /** Hears every update of the page (the embed API reports state this way). */
  onChange(listener: (app: App) => void): () => void {
    return this.view.onChange(() => listener(this));
  }

  /** Builds the page and carries on what it was made with; resolves when the first view is ready. */
  async start(): Promise<void> {
    this.view.relayout();
    await carryOn({
      spec: this.spec,
      resumed: this.resumed,
      lesson: this.lesson,
      lab: this.lab,
      store: this.store,
      files: this.files,
      persistence: this.persistence,
      app: this,
    });
    this.view.now();
  }

  /** Writes any change not saved yet; resolves when the store has it. */
  saved(): Promise<void> {
    return this.persistence.saved();
  }

  // The run's commands (see `Lesson`), as the page's controls, keys, embed and presenter view call them.
  get state(): RunState {
    return this.lesson.state;
  }
  get replaying(): boolean {
    return this.lesson.replaying;
  }
  get midRun(): boolean {
    return this.lesson.midRun;
  }
  get asking(): boolean {
    return this.lesson.asking;
  }
  get stoppable(): boolean {
    return this.lesson.stoppable;
  }
  load = (id: string, asIs = false): Promise<void> => this.lesson.load(id, asIs);
  open = (scenario: Scenario, asIs = false): Promise<void> => this.lesson.open(scenario, asIs);
  play = (): Promise<void> => this.lesson.runner.play();
  pause = (): void => this.lesson.runner.pause();
  step = (): Promise<void> => this.lesson.runner.step();
  /** Reveals the answer of the ask the script stands at (Reveal, Enter). */
  reveal = (): Promise<void> => this.lesson.runner.reveal();
  /** Takes the script's first `target` steps (share links, `?step=`). */
  advance = (target: number): Promise<void> => this.lesson.runner.advance(target);
  back = (): Promise<void> => this.lesson.back();
  stop = (): void => this.lesson.stop();
  reset = (): Promise<void> => this.lesson.reset();
  externalEdit = (): Promise<void> => this.lesson.externalEdit();
  callAsModel = (tool: string, args: unknown): Promise<void> => this.lesson.callAsModel(tool, args);
  /** Opens a scenario file the visitor chose (More → Open scenario file…, or dropped on the page). */
  openScenarioFile = (file: Blob): Promise<void> =>
    this.lesson.openFile(file, (text, more) => this.setNotice(text, more));

  setPolicy = (on: boolean): Promise<void> => this.lesson.setPolicy(on);
  choosePolicy = (id: ScenarioPolicyId): Promise<void> => this.lesson.choosePolicy(id);

  /** More → Model…: a real model's settings, and its run on the scenario. */
  configureModel(): Promise<void> {
    return this.model.configure();
  }

  /** Turns presentation mode on or off. */
  togglePresent(): void {
    this.store.set({ present: !this.store.get().present });
  }

  setSpeed(speed: Speed): void {
    this.store.set({ speed });
  }

  /** Shows a log in replay mode (see `Replays`); the run, if playing, pauses. */
  showReplay(events: readonly HarnessEvent[], title: string, more: ReplayMore = {}): void {
    this.pause();
    this.replays.show(events, title, more);
  }

  /** Shows a banner (a warning unless `tone` says otherwise), or removes it with null. */
  setNotice(text: string | null, more: Omit<Partial<Notice>, 'text'> = {}): void {
    this.store.set({ notice: text === null ? null : { text, tone: 'warn', ...more } });
  }

  /** Switches every visible string; model messages already said stay as they were said. */
  switchLang(lang: Lang): void {
    this.store.set({ lang });
  }
}
