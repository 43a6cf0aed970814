import type { FileInfo, FsBackend } from '../fs/types';
import { replay, type HarnessEvent, type LiveCall, type Registry, type TranscriptEntry } from '../harness';
import { Playground, scenarioById, scenarios, type Lang, type Scenario } from '../model';
import { fill, h } from './dom';
import { galleryDialog } from './gallery';
import { setLang, tr, type StringKey } from './i18n';
import { manualView } from './manual';
import { filesView, ledgerView, logView, toolsView } from './panels';
import { applyTheme, initialTheme, type Theme } from './theme';
import { TranscriptView } from './transcript';

/** What the run is doing; mirrored on the root as `data-run-state` for tests and embedding hosts. */
export type RunState = 'idle' | 'playing' | 'paused' | 'done';

/** Milliseconds between steps at each speed. */
export const speeds = { slow: 1600, normal: 800, fast: 250, instant: 0 } as const;
export type Speed = keyof typeof speeds;

type Tab = 'transcript' | 'files' | 'ledger' | 'log' | 'tools' | 'manual';
const tabs: { id: Tab; label: StringKey }[] = [
  { id: 'transcript', label: 'transcript' },
  { id: 'files', label: 'files' },
  { id: 'ledger', label: 'ledger' },
  { id: 'log', label: 'log' },
  { id: 'tools', label: 'tools' },
  { id: 'manual', label: 'playYourself' },
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
}

/** A replayed session: a log shown without running anything. */
interface Replaying {
  events: readonly HarnessEvent[];
  entries: readonly TranscriptEntry[];
  title: string;
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
  private tab: Tab = 'transcript';
  private openPath: string | null = null;
  private busy: Promise<void> = Promise.resolve();
  private readonly transcript = new TranscriptView();
  private readonly replayTools: Registry;
  private readonly listeners = new Set<(app: App) => void>();
  private notice: string | null;

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

  constructor(private readonly spec: AppSpec) {
    setLang(spec.lang);
    this.pg = new Playground({ fs: spec.fs, lang: spec.lang });
    this.replayTools = this.pg.allTools();
    this.speed = spec.speed ?? 'normal';
    this.notice = spec.notice ?? null;
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

  /** Builds the page and loads the first scenario. */
  async start(): Promise<void> {
    this.layout();
    await this.load(this.spec.scenario.id);
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  // ------------------------------------------------------------------ commands

  /** Opens a scenario afresh (its files restored). */
  async load(id: string): Promise<void> {
    const scenario = scenarioById(id);
    if (!scenario) return;
    this.state = 'idle';
    this.replaying = null;
    await this.exclusive(() => this.pg.load(scenario));
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
    await this.load(this.pg.scenario.id);
  }

  /** Changes a file behind the agent's back: the one the script waits for, or the open or focus file. */
  async externalEdit(): Promise<void> {
    await this.exclusive(() => this.pg.simulateExternalEdit('button', this.openPath ?? undefined));
    if (this.openPath) await this.openFile(this.openPath);
  }

  /** Shows a log in replay mode: every card rebuilt from the log alone. */
  showReplay(events: readonly HarnessEvent[], title: string): void {
    this.pause();
    this.replaying = { events, title, entries: replay(events, (name) => this.replayTools.get(name)) };
    this.render();
  }

  leaveReplay(): void {
    this.replaying = null;
    this.render();
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
  }

  setNotice(text: string | null): void {
    this.notice = text;
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

  private layout(): void {
    const root = this.spec.root;
    root.classList.add('app');
    if (this.spec.embed) root.dataset.embed = 'true';
    this.transcript.el.remove();
    const header = h(
      'header',
      { class: 'topbar' },
      !this.spec.embed && h('h1', {}, tr('appTitle')),
      h(
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
    fill(this.el.transcript, h('h2', { class: 'visually-hidden' }, tr('transcript')), this.transcript.el);
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
    if (this.notice)
      banners.push(
        h(
          'p',
          { class: 'banner warn', role: 'alert' },
          this.notice,
          ' ',
          h('button', { type: 'button', class: 'ghost', onclick: () => this.setNotice(null) }, tr('close')),
        ),
      );
    if (!this.spec.fs.persistent)
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
      manual: () =>
        manualView(
          this.pg.registry,
          this.pg.scenario.focus ?? '/',
          async (tool, args) => void (await this.pg.callAsModel(tool, args)),
        ),
    };
    // The manual form keeps what the visitor typed: rebuild it only when it is first shown for a session.
    const key = `${tab}:${this.pg.session.id}:${this.spec.lang}`;
    if (tab === 'manual' && this.el.panel.dataset.key === key) return;
    this.el.panel.dataset.key = key;
    this.el.panel.dataset.panel = tab;
    this.el.panel.setAttribute('aria-labelledby', `tab-${tab}`);
    fill(this.el.panel, panel[tab]());
  }

  /** Redraws what changed. Cheap: the transcript re-renders only entries that changed. */
  render(): void {
    if (!this.pg.scenario) return;
    this.spec.root.dataset.runState = this.state;
    this.spec.root.dataset.scenario = this.pg.scenario.id;
    this.spec.root.dataset.mode = this.replaying ? 'replay' : 'live';
    this.spec.root.dataset.waiting = String(Boolean(this.pg.waiting));
    this.renderControls();
    this.renderBanners();
    this.renderTabs();
    const calls: ReadonlyMap<string, LiveCall> = this.pg.calls;
    this.transcript.update(this.replaying?.entries ?? this.pg.session.live, calls, Boolean(this.replaying));
    this.renderPanel();
    for (const listener of this.listeners) listener(this);
  }
}
