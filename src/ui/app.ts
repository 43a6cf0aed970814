import type { FileInfo, FsBackend } from '../fs/types';
import {
  replayChunked,
  type HarnessEvent,
  type LiveCall,
  type Registry,
  type ReplayProgress,
  type TranscriptEntry,
} from '../harness';
import { Playground, replayTools, type PlaygroundSpec } from '../run';
import { loadSqlEngine } from '../run/sql-engine';
import {
  Autosave,
  encodeShare,
  labExampleById,
  readSessionFile,
  scenarioById,
  scenarios,
  serializeSessionFile,
  sessionFile,
  sessionFileName,
  shareUrl,
  type LabPlugin,
  type Lang,
  type Scenario,
  type SessionRecord,
  type SessionStore,
  type SpeedName,
} from '../model';
import { askApproval } from './approval';
import type { PluginLab } from './lab';
import { fill, h } from './dom';
import { galleryDialog } from './gallery';
import { rememberFocus } from './focus';
import { setLang, tr, type StringKey } from './i18n';
import { manualView } from './manual';
import { moreMenu } from './more-menu';
import { download, importMessage, pastSessionsDialog } from './sessions';
import { filesView, ledgerView, logView, toolsView } from './panels';
import { applyTheme, initialTheme, type Theme } from './theme';
import { sideBySideView, type Column } from './side-by-side';
import { TranscriptView } from './transcript';

/** What the run is doing; mirrored on the root as `data-run-state` for tests and embedding hosts. */
export type RunState = 'idle' | 'playing' | 'paused' | 'done';

/** Milliseconds between steps at each speed. */
export const speeds = { slow: 1600, normal: 800, fast: 250, instant: 0 } as const satisfies Record<
  SpeedName,
  number
>;
export type Speed = keyof typeof speeds;

type Tab = 'transcript' | 'files' | 'ledger' | 'log' | 'tools' | 'manual' | 'lab';
const tabs: { id: Tab; label: StringKey }[] = [
  { id: 'transcript', label: 'transcript' },
  { id: 'files', label: 'files' },
  { id: 'ledger', label: 'ledger' },
  { id: 'log', label: 'log' },
  { id: 'tools', label: 'tools' },
  { id: 'manual', label: 'playYourself' },
  { id: 'lab', label: 'lab' },
];

/** Options of the app. */
export interface AppSpec {
  root: HTMLElement;
  fs: FsBackend;
  lang: Lang;
  scenario: Scenario;
  /** A compact view for an iframe: the transcript and the button, no chrome. */
  embed?: boolean;
  speed?: Speed;
  /** A notice to show at once (a damaged link, an import error). */
  notice?: string;
  /** Where sessions are saved as they grow; without it nothing is kept (embeds, no storage). */
  sessions?: SessionStore | null;
  /** A saved run to carry on at start instead of loading `scenario` afresh. */
  resume?: SessionRecord | null;
  /** Whether runs get the observation policy (default true). */
  policy?: boolean;
  /** Plugin code from a share link: the lab opens with it, and it runs only when the visitor presses Run. */
  plugins?: LabPlugin[];
}

/** A replayed session: a log shown without running anything. */
interface Replaying {
  events: readonly HarnessEvent[];
  entries: readonly TranscriptEntry[];
  title: string;
  scenario: string;
}

/** A banner with a message: a warning (a damaged link, a refused import) or information. */
interface Notice {
  text: string;
  tone: 'warn' | 'info';
  /** A stable code shown beside the text (IMPORT_*, LINK_*), also as `data-code`. */
  code?: string;
  /** An address to show for copying (the share link). */
  link?: string;
}

/** What a saved session has besides its run: set when the session starts. */
interface SessionMeta {
  id: string;
  title: string;
  createdAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The playground page: header with the scenario and the run controls, the transcript, and the panels
 * (files, ledger, log, tools, play-the-model). Owns the run loop; the Playground owns the harness.
 */
export class App {
  readonly pg: Playground;
  state: RunState = 'idle';
  speed: Speed;
  replaying: Replaying | null = null;
  private files: FileInfo[] = [];
  /** Files the scenario compares side by side, as last read. */
  private columns: Column[] = [];
  private readonly compare = h('div', { class: 'compare' });
  private tab: Tab = 'transcript';
  private openPath: string | null = null;
  private busy: Promise<void> = Promise.resolve();
  private readonly transcript = new TranscriptView();
  private readonly replayTools: Registry;
  private readonly listeners = new Set<(app: App) => void>();
  private notice: Notice | null;
  /** Whether runs get the observation policy. */
  policy: boolean;
  private readonly autosave: Autosave | null;
  private meta: SessionMeta | null = null;
  /** The plugin lab, once it was first opened (it is loaded on demand). */
  private lab: PluginLab | null = null;
  private labLoading: Promise<void> | null = null;

  private readonly el = {
    title: h('span', { class: 'scenario-title' }),
    play: h('button', {
      type: 'button',
      class: 'primary',
      'data-action': 'play',
      'aria-keyshortcuts': 'Space',
    }),
    step: h('button', { type: 'button', 'data-action': 'step', 'aria-keyshortcuts': 'ArrowRight' }),
    reset: h('button', { type: 'button', 'data-action': 'reset', 'aria-keyshortcuts': 'R' }),
    speed: h('select', { id: 'speed', 'data-action': 'speed' }),
    external: h('button', { type: 'button', class: 'external', 'data-action': 'external' }),
    banner: h('div', { class: 'banners', 'aria-live': 'polite' }),
    tablist: h('div', { class: 'tabs', role: 'tablist' }),
    transcript: h('section', { class: 'pane transcript', id: 'pane-transcript', role: 'tabpanel' }),
    panel: h('section', { class: 'pane side', id: 'pane-side', role: 'tabpanel' }),
    editor: h('div', { class: 'editor-host' }),
    status: h('p', { class: 'status-line muted' }),
  };

  /**
   * Makes the app with its playground ready: the saved run carried on when it fits its scenario (else a
   * notice says why), or the scenario opened afresh.
   */
  static async create(spec: AppSpec): Promise<App> {
    const pgSpec: PlaygroundSpec = {
      fs: spec.fs,
      lang: spec.lang,
      sqlEngine: loadSqlEngine,
      approve: askApproval,
    };
    const saved = spec.resume;
    let notice: string | undefined;
    if (saved) {
      try {
        const scenario = scenarioById(saved.scenario);
        if (!scenario) throw new RangeError(`no scenario "${saved.scenario}"`);
        return new App(spec, Playground.resume(pgSpec, scenario, saved), true);
      } catch (error) {
        setLang(spec.lang);
        notice = tr('resumeFailed', { why: error instanceof Error ? error.message : String(error) });
      }
    }
    const pg = await Playground.open(pgSpec, spec.scenario, { policy: spec.policy ?? true });
    return new App(notice ? { ...spec, notice } : spec, pg, false);
  }

  private constructor(
    private readonly spec: AppSpec,
    pg: Playground,
    private readonly resumed: boolean,
  ) {
    setLang(spec.lang);
    this.pg = pg;
    this.replayTools = replayTools(spec.fs);
    this.speed = spec.speed ?? 'normal';
    this.notice = spec.notice ? { text: spec.notice, tone: 'warn' } : null;
    this.policy = spec.policy ?? true;
    const sessions = spec.sessions;
    this.autosave = sessions
      ? new Autosave(() => this.saveSession(sessions), {
          onError: (error) => console.warn('The session could not be saved:', error),
        })
      : null;
    this.pg.subscribe(() => this.autosave?.schedule());
    this.pg.subscribe(() => this.render());
    spec.fs.subscribe(() => void this.refreshFiles());
    this.el.play.addEventListener('click', () =>
      this.state === 'playing' ? this.pause() : void this.play(),
    );
    this.el.step.addEventListener('click', () => void this.step());
    this.el.reset.addEventListener('click', () => void this.reset());
    this.el.external.addEventListener('click', () => void this.externalEdit());
    this.el.speed.addEventListener('change', () => this.setSpeed(this.el.speed.value as Speed));
  }

  /** Hears every render (the embed API reports state this way). */
  onRender(listener: (app: App) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Builds the page and carries on the saved run it was given, else loads the first scenario. */
  async start(): Promise<void> {
    this.layout();
    const saved = this.spec.resume;
    // Plugin code from a link is the lab's to hold: the scenario opens as it is, without its example.
    const linked = Boolean(this.spec.plugins?.length);
    if (this.resumed && saved) await this.resume(saved);
    else if (this.pg.scenario.lab && !linked) await this.load(this.pg.scenario.id);
    else await this.refreshFiles();
    if (linked) {
      this.tab = 'lab';
      await this.openLab();
    }
    document.addEventListener('keydown', (e) => this.onKey(e));
    // The autosave runs a task after each change; a page going away writes what is left at once.
    window.addEventListener('pagehide', () => void this.autosave?.flush());
  }

  /** Carries on the saved run the playground was resumed from, with the workspace as it is. */
  private async resume(saved: SessionRecord): Promise<void> {
    const scenario = this.pg.scenario;
    this.policy = saved.policy;
    this.meta = { id: saved.id, title: saved.title, createdAt: saved.createdAt };
    // A lab scenario's plugin is not saved with the run: its example goes back in, the run carries on.
    const example = scenario.lab ? labExampleById(scenario.lab) : undefined;
    if (example) {
      if (!this.spec.embed) this.tab = 'lab';
      await (await this.openLab()).loadExample(example, false);
    }
    this.state = this.pg.done ? 'done' : this.pg.position > 0 ? 'paused' : 'idle';
    await this.refreshFiles();
  }

  /** Saves the live session as it stands (called by the autosave). */
  private async saveSession(store: SessionStore): Promise<void> {
    if (!this.pg.scenario) return;
    const run = this.pg.saved();
    if (this.meta?.id !== run.id) {
      const title = this.pg.scenario.title[this.spec.lang];
      this.meta = { id: run.id, title, createdAt: Date.now() };
    }
    const { title, createdAt } = this.meta;
    await store.save({ ...run, title, createdAt, updatedAt: Math.max(Date.now(), createdAt) });
  }

  /** Writes any change not saved yet; resolves when the store has it (tests, and before listing). */
  async saved(): Promise<void> {
    await this.autosave?.flush();
  }

  // ------------------------------------------------------------------ commands

  /**
   * Opens a scenario afresh (its files restored). A plugin-lab scenario comes with its example plugin,
   * applied through the lab, unless `asIs` (a reset keeps the plugins the visitor has now).
   */
  async load(id: string, asIs = false): Promise<void> {
    const scenario = scenarioById(id);
    if (!scenario) return;
    const example = scenario.lab && !asIs ? labExampleById(scenario.lab) : undefined;
    if (example) {
      if (!this.spec.embed) this.tab = 'lab';
      await (await this.openLab()).loadExample(example);
      return;
    }
    this.state = 'idle';
    this.replaying = null;
    await this.exclusive(() => this.pg.load(scenario, { policy: this.policy }));
    this.openPath = null;
    await this.refreshFiles();
  }

  /** Plays to the end at the chosen speed; scripted external edits happen by themselves. */
  async play(): Promise<void> {
    if (this.state === 'playing' || this.replaying) return;
    if (this.pg.done) return;
    this.setState('playing');
    while (this.isPlaying() && !this.pg.done) {
      await this.exclusive(() => this.pg.step(true));
      if (speeds[this.speed] > 0) await sleep(speeds[this.speed]);
      else await sleep(0);
    }
    if (this.pg.done) this.setState('done');
  }

  // A method, not a property read, so the compiler does not narrow it across awaits in the run loop.
  private isPlaying(): boolean {
    return this.state === 'playing';
  }

  pause(): void {
    if (this.state === 'playing') this.setState('paused');
  }

  /** One step. At a scripted external edit it waits for the visitor's button. */
  async step(): Promise<void> {
    if (this.replaying) return;
    this.pause();
    await this.exclusive(() => this.pg.step(false));
    this.setState(this.pg.done ? 'done' : 'paused');
  }

  async reset(): Promise<void> {
    this.pause();
    await this.load(this.pg.scenario.id, true);
  }

  /** Takes script steps until the position is `target` (share links, `?step=`); see Playground.advance. */
  async advance(target: number): Promise<void> {
    if (this.replaying || target <= this.pg.position) return;
    this.pause();
    await this.exclusive(() => this.pg.advance(target));
    this.setState(this.pg.done ? 'done' : 'paused');
  }

  /** The scenario's files restored and a new session; the old one stays under Past sessions. */
  async resetWorkspace(): Promise<void> {
    await this.reset();
  }

  /** Turns the observation policy on or off; the scenario starts again, as the policy is per session. */
  async setPolicy(on: boolean): Promise<void> {
    this.policy = on;
    const box = this.spec.root.querySelector<HTMLInputElement>('[data-action="policy"]');
    if (box) box.checked = on;
    await this.reset();
  }

  /** Loads the plugin lab (once) and shows it; resolves when it is ready. */
  async openLab(): Promise<PluginLab> {
    this.labLoading ??= import('./lab').then(({ PluginLab }) => {
      const plugins = this.spec.plugins ?? [];
      this.lab = new PluginLab({
        pg: this.pg,
        policy: () => this.policy,
        setPolicy: (on) => this.setPolicy(on),
        loadScenario: (id) => this.load(id, true),
        ...(plugins.length ? { initial: { plugins, fromLink: true } } : {}),
      });
    });
    await this.labLoading;
    this.render();
    return this.lab!;
  }

  // ------------------------------------------------------------------ sessions

  /** Downloads the shown session (the replayed one, else the live one) as a session file. */
  exportSession(): void {
    const events = this.replaying?.events ?? this.pg.session.events;
    const scenario = this.replaying?.scenario ?? this.pg.scenario.id;
    const title = this.replaying?.title ?? this.meta?.title ?? this.pg.scenario.title[this.spec.lang];
    const file = sessionFile({ scenario, title, events }, new Date());
    download(serializeSessionFile(file), sessionFileName(file));
  }

  /** Opens a session file in replay; a refused file only gets a notice saying why, nothing else changes. */
  async importSession(file: Blob): Promise<void> {
    const imported = await readSessionFile(file);
    if (!imported.ok) {
      this.setNotice(importMessage(imported.error), { code: imported.error.code });
      return;
    }
    this.notice = null;
    const { events, title, scenario } = imported.value;
    this.showReplay(events, title, scenario);
  }

  /** Copies a link to this scenario, its settings and its position; shows the link if copying fails. */
  async copyShareLink(): Promise<string | null> {
    let url: string;
    try {
      const token = await encodeShare({
        scenario: this.pg.scenario.id,
        lang: this.spec.lang,
        speed: this.speed,
        policy: this.policy,
        step: this.pg.position,
        ...(this.lab ? { plugins: this.lab.plugins() } : {}),
      });
      url = shareUrl(window.location.href, token);
    } catch (error) {
      this.setNotice(tr('shareFailed', { why: String(error) }));
      return null;
    }
    try {
      await navigator.clipboard.writeText(url);
      this.setNotice(tr('shareCopied'), { tone: 'info', link: url });
    } catch {
      this.setNotice(tr('shareManual'), { tone: 'info', link: url });
    }
    return url;
  }

  /** Lists the stored sessions; opening one shows it in replay. */
  async openPastSessions(): Promise<void> {
    const store = this.spec.sessions;
    if (!store) return;
    await this.saved();
    const dialog = pastSessionsDialog(
      await store.list(),
      this.pg.session.id,
      (id) => void this.openStored(id),
    );
    document.body.append(dialog);
    dialog.showModal();
  }

  private async openStored(id: string): Promise<void> {
    const record = await this.spec.sessions?.get(id);
    if (!record) this.setNotice(tr('sessionMissing'));
    else this.showReplay(record.events, record.title, record.scenario);
  }

  /** Changes a file behind the agent's back: the one the script waits for, or the open or focus file. */
  async externalEdit(): Promise<void> {
    await this.exclusive(() => this.pg.simulateExternalEdit('button', this.openPath ?? undefined));
    if (this.openPath) await this.openFile(this.openPath);
  }

  /**
   * Shows a log in replay mode: every card rebuilt from the log alone, in chunks that give the page a
   * turn between them; the transcript is drawn after the first chunk, then at most every 200 ms.
   */
  showReplay(events: readonly HarnessEvent[], title: string, scenario?: string): void {
    this.pause();
    const start = events[0]?.type === 'session/start' ? events[0].scenario : undefined;
    const replaying: Replaying = {
      events,
      title,
      scenario: scenario ?? start ?? this.pg.scenario.id,
      entries: [],
    };
    this.replaying = replaying;
    const stop = new AbortController();
    let drawn = -Infinity;
    const onProgress = ({ entries, done, total }: ReplayProgress) => {
      if (this.replaying !== replaying) return stop.abort();
      replaying.entries = entries;
      if (done < total && performance.now() - drawn < 200) return;
      drawn = performance.now();
      this.render();
    };
    const tools = (name: string) => this.replayTools.get(name);
    replayChunked(events, tools, { onProgress, signal: stop.signal }).catch(() => undefined);
    this.render();
  }

  leaveReplay(): void {
    this.replaying = null;
    this.render();
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
  }

  /** Shows a banner (a warning unless `tone` says otherwise), or removes it with null. */
  setNotice(text: string | null, more: Omit<Partial<Notice>, 'text'> = {}): void {
    this.notice = text === null ? null : { text, tone: 'warn', ...more };
    this.render();
  }

  private async exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.busy.then(task, task);
    this.busy = run.catch(() => undefined);
    await run;
  }

  private setState(state: RunState): void {
    this.state = state;
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (
      e.ctrlKey ||
      e.metaKey ||
      e.altKey ||
      target?.closest('input, textarea, select, [contenteditable], dialog, .cm-editor')
    )
      return;
    if (e.key === ' ' && !target?.closest('button, summary, a')) {
      e.preventDefault();
      if (this.state === 'playing') this.pause();
      else void this.play();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      void this.step();
    } else if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      void this.reset();
    }
  }

  // ------------------------------------------------------------------ files

  private async refreshFiles(): Promise<void> {
    this.files = await this.spec.fs.list();
    const wanted = this.pg.scenario?.sideBySide ?? [];
    this.columns = await Promise.all(
      wanted.map(async ({ label, path }) => ({
        label: label[this.spec.lang],
        path,
        file: await this.spec.fs.read(path),
        race: this.pg.raceOn(path),
      })),
    );
    this.render();
  }

  async openFile(path: string): Promise<void> {
    this.openPath = path;
    const file = await this.spec.fs.read(path);
    if (!file) return;
    fill(this.el.editor, h('p', { class: 'muted' }, tr('loadingEditor')));
    const { createEditor } = await import('./editor');
    if (this.openPath !== path) return;
    const host = h('div', { class: 'editor', 'data-editor-path': path });
    const save = h('button', { type: 'button', class: 'primary', 'data-action': 'save' }, tr('save'));
    fill(
      this.el.editor,
      h('header', {}, h('code', {}, `${file.path} · ${file.version}`), save),
      h('p', { class: 'muted small' }, tr('editorNote')),
      host,
    );
    const view = createEditor(host, file.path, file.content, file.path);
    save.addEventListener(
      'click',
      () =>
        void this.exclusive(() =>
          this.pg.saveExternally(file.path, view.state.doc.toString(), 'editor'),
        ).then(() => this.openFile(path)),
    );
  }

  // ------------------------------------------------------------------ view

  private laidOut = false;

  private layout(): void {
    this.laidOut = true;
    const root = this.spec.root;
    root.classList.add('app');
    if (this.spec.embed) root.dataset.embed = 'true';
    this.transcript.el.remove();
    const header = h(
      'header',
      { class: 'topbar' },
      !this.spec.embed && h('h1', {}, tr('appTitle')),
      this.spec.embed
        ? h('span', { class: 'scenario-name' }, this.el.title)
        : h(
            'button',
            {
              type: 'button',
              class: 'scenario-picker',
              'data-action': 'scenarios',
              'aria-haspopup': 'dialog',
              onclick: () => this.openGallery(),
            },
            h('span', { class: 'muted' }, `${tr('scenario')}: `),
            this.el.title,
            ' ▾',
          ),
      h(
        'div',
        { class: 'controls', role: 'group', 'aria-label': tr('transcript') },
        this.el.play,
        this.el.step,
        this.el.reset,
        h('label', { class: 'speed' }, h('span', {}, tr('speed')), this.el.speed),
      ),
      this.el.external,
      !this.spec.embed &&
        moreMenu({
          policy: this.policy,
          history: Boolean(this.spec.sessions),
          exportSession: () => this.exportSession(),
          importSession: (file) => void this.importSession(file),
          share: () => void this.copyShareLink(),
          setPolicy: (on) => void this.setPolicy(on),
          resetWorkspace: () => void this.resetWorkspace(),
          pastSessions: () => void this.openPastSessions(),
        }),
      // Last, so they sit at the right end of the bar and wrap as a pair on narrower screens.
      !this.spec.embed && this.prefs(),
    );
    root.replaceChildren(
      header,
      this.el.banner,
      h(
        'div',
        { class: 'layout' },
        this.el.transcript,
        h('div', { class: 'side-wrap' }, this.el.tablist, this.el.panel),
      ),
      h('footer', {}, this.el.status),
    );
    fill(
      this.el.transcript,
      h('h2', { class: 'visually-hidden' }, tr('transcript')),
      this.compare,
      this.transcript.el,
    );
  }

  /** Language and theme: small selects at the end of the header. */
  private prefs(): HTMLElement {
    const langSelect = h(
      'select',
      {
        id: 'lang',
        'data-action': 'lang',
        onchange: (e: Event) => this.switchLang((e.target as HTMLSelectElement).value as Lang),
      },
      h('option', { value: 'en', selected: this.spec.lang === 'en' }, 'English'),
      h('option', { value: 'zh', selected: this.spec.lang === 'zh' }, '中文'),
    );
    const current = initialTheme();
    const themeSelect = h(
      'select',
      {
        id: 'theme',
        'data-action': 'theme',
        onchange: (e: Event) => applyTheme((e.target as HTMLSelectElement).value as Theme),
      },
      (['system', 'light', 'dark'] as const).map((t) =>
        h('option', { value: t, selected: t === current }, tr(t)),
      ),
    );
    return h(
      'div',
      { class: 'prefs' },
      h('label', { for: 'lang', class: 'visually-hidden' }, tr('language')),
      langSelect,
      h('label', { for: 'theme', class: 'visually-hidden' }, tr('theme')),
      themeSelect,
    );
  }

  /** Switches every visible string; model messages already said stay as they were said. */
  switchLang(lang: Lang): void {
    setLang(lang);
    this.spec.lang = lang;
    this.pg.lang = lang;
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = tr('appTitle');
    const url = new URL(window.location.href);
    url.searchParams.set('lang', lang);
    history.replaceState(null, '', url);
    this.transcript.clear();
    this.layout();
    this.lab?.layout();
    this.render();
  }

  private openGallery(): void {
    const dialog = galleryDialog(scenarios, this.pg.scenario.id, (id) => void this.load(id));
    document.body.append(dialog);
    dialog.showModal();
  }

  private renderControls(): void {
    const playing = this.state === 'playing';
    this.el.play.textContent = playing ? `❚❚ ${tr('pause')}` : `▶ ${tr('play')}`;
    this.el.play.setAttribute('aria-pressed', String(playing));
    this.el.play.disabled = Boolean(this.replaying) || (this.pg.done && !playing);
    this.el.step.textContent = `⇥ ${tr('step')}`;
    this.el.step.disabled = Boolean(this.replaying) || this.pg.done;
    this.el.reset.textContent = `↺ ${tr('reset')}`;
    this.el.external.textContent = `✎ ${tr('simulateExternal')}`;
    this.el.external.classList.toggle('attention', Boolean(this.pg.waiting));
    this.el.external.disabled = Boolean(this.replaying);
    this.el.title.textContent = this.pg.scenario.title[this.spec.lang];
    fill(
      this.el.speed,
      (Object.keys(speeds) as Speed[]).map((s) =>
        h('option', { value: s, selected: s === this.speed }, tr(s)),
      ),
    );
    this.el.status.textContent = `${tr('stepOf', { n: this.pg.position })} · ${tr('keysHint')}`;
  }

  private renderBanners(): void {
    const banners: HTMLElement[] = [];
    if (this.notice) banners.push(this.noticeView(this.notice));
    if (!this.spec.fs.persistent && !this.spec.embed)
      banners.push(h('p', { class: 'banner warn', 'data-banner': 'memory' }, tr('notPersistent')));
    if (this.pg.waiting) {
      const step = this.pg.scenario.steps.find((s) => 'external' in s && s.external === this.pg.waiting);
      const note = step && 'note' in step ? step.note[this.spec.lang] : '';
      banners.push(
        h(
          'p',
          { class: 'banner attention', 'data-banner': 'waiting' },
          `✎ ${tr('waitingExternal', { note })}`,
        ),
      );
    }
    if (this.replaying)
      banners.push(
        h(
          'p',
          { class: 'banner info', 'data-banner': 'replay' },
          `↻ ${this.replaying.title}: ${tr('replayMode')} `,
          h('button', { type: 'button', onclick: () => this.leaveReplay() }, tr('leaveReplay')),
        ),
      );
    if (this.pg.done && !this.replaying)
      banners.push(h('p', { class: 'banner done', 'data-banner': 'done' }, `✓ ${tr('done')}`));
    fill(this.el.banner, banners);
  }

  private noticeView(notice: Notice): HTMLElement {
    const { text, tone, code, link } = notice;
    return h(
      'div',
      {
        class: `banner ${tone}`,
        role: tone === 'warn' ? 'alert' : 'status',
        'data-banner': 'notice',
        'data-code': code,
      },
      code && h('code', { class: 'err-code' }, code),
      code && ' ',
      text,
      link &&
        h('input', {
          type: 'text',
          readonly: true,
          class: 'share-link',
          value: link,
          'data-share-link': '',
          'aria-label': tr('shareLink'),
          onfocus: (e: Event) => (e.target as HTMLInputElement).select(),
        }),
      ' ',
      h('button', { type: 'button', class: 'ghost', onclick: () => this.setNotice(null) }, tr('close')),
    );
  }

  private renderTabs(): void {
    const visible = this.spec.embed ? [] : tabs;
    fill(
      this.el.tablist,
      visible.map((t) =>
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            id: `tab-${t.id}`,
            class: t.id === 'transcript' ? 'tab phone-only' : 'tab',
            'aria-selected': String(
              this.tab === t.id || (this.tab === 'transcript' && t.id === 'files' && !this.isPhone()),
            ),
            'aria-controls': t.id === 'transcript' ? 'pane-transcript' : 'pane-side',
            'data-tab': t.id,
            onclick: () => {
              this.tab = t.id;
              this.render();
            },
          },
          tr(t.label),
        ),
      ),
    );
    this.spec.root.dataset.tab = this.tab;
  }

  private isPhone(): boolean {
    return window.matchMedia('(max-width: 760px)').matches;
  }

  private renderPanel(): void {
    const tab = this.tab === 'transcript' ? 'files' : this.tab;
    const ledger = this.pg.policy?.ledger(this.pg.session.id) ?? null;
    const panel: Record<Exclude<Tab, 'transcript'>, () => HTMLElement | HTMLElement[]> = {
      files: () => [
        filesView(this.files, (p) => void this.openFile(p), this.pg.scenario.focus),
        this.el.editor,
      ],
      ledger: () => ledgerView(ledger, this.files),
      log: () => logView(this.replaying?.events ?? this.pg.session.events),
      tools: () => toolsView(this.pg.registry),
      lab: () => this.lab?.el ?? h('p', { class: 'muted', 'data-lab-loading': '' }, tr('labLoading')),
      manual: () =>
        manualView(
          this.pg.registry,
          this.pg.scenario.focus ?? '/',
          async (tool, args) => void (await this.pg.callAsModel(tool, args)),
        ),
    };
    // The manual form keeps what the visitor typed: rebuild it only when it is first shown for a session.
    // The lab is one long-lived element: put it in once, and let it redraw itself.
    if (tab === 'lab' && !this.lab) void this.openLab();
    const key =
      tab === 'lab'
        ? `lab:${this.lab ? 'ready' : 'loading'}:${this.spec.lang}`
        : `${tab}:${this.pg.session.id}:${this.spec.lang}`;
    if ((tab === 'manual' || tab === 'lab') && this.el.panel.dataset.key === key) {
      if (tab === 'lab') this.lab?.render();
      return;
    }
    this.el.panel.dataset.key = key;
    this.el.panel.dataset.panel = tab;
    this.el.panel.setAttribute('aria-labelledby', `tab-${tab}`);
    fill(this.el.panel, panel[tab]());
  }

  /** Redraws what changed. Cheap: the transcript re-renders only entries that changed. */
  render(): void {
    // The first load restores files before its session exists, and file changes ask for a render.
    if (!this.laidOut) return;
    this.spec.root.dataset.runState = this.state;
    this.spec.root.dataset.scenario = this.pg.scenario.id;
    this.spec.root.dataset.mode = this.replaying ? 'replay' : 'live';
    this.spec.root.dataset.waiting = String(Boolean(this.pg.waiting));
    const focus = rememberFocus(this.spec.root);
    this.renderControls();
    this.renderBanners();
    this.renderTabs();
    const calls: ReadonlyMap<string, LiveCall> = this.pg.calls;
    this.transcript.update(this.replaying?.entries ?? this.pg.session.live, calls, Boolean(this.replaying));
    fill(this.compare, !this.replaying && this.columns.length > 0 && sideBySideView(this.columns));
    this.renderPanel();
    focus.restore();
    for (const listener of this.listeners) listener(this);
  }
}
