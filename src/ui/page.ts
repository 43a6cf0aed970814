import type { FsBackend } from '../fs/types';
import { scenarioById } from '../model';
import { updateLedgers, type Ledger, type Ledgers } from '../plugins/fs-observation-policy';
import type { Playground } from '../run';
import { AskView } from './ask';
import { Banners } from './banners';
import { CompareView } from './compare';
import { h } from './dom';
import type { FileEditor } from './file-editor';
import { Follow } from './follow';
import { Header, type HeaderActions } from './header';
import { tr } from './i18n';
import type { PluginLab } from './lab';
import { ManualPanel } from './manual';
import { FilesList, LedgerPanel, LogPanel, ToolsPanel, type Panel } from './panels';
import { SidePanels } from './side';
import type { Replaying, UiStore } from './state';
import { splitHandle } from './split';
import { TranscriptView } from './transcript';
import { filesOfLog, type FileSource, type WorkspaceFiles } from './workspace';
import { policyName } from './policy-words';

/** What the page is built from: the run, the store, the features it shows and what its controls do. */
export interface PageSpec {
  root: HTMLElement;
  store: UiStore;
  pg: () => Playground;
  fs: FsBackend;
  files: WorkspaceFiles;
  editor: FileEditor;
  embed: boolean;
  actions: HeaderActions & {
    leaveReplay: () => void;
    /** A call the visitor makes as the model ("Play the model"). */
    callAsModel: (tool: string, args: unknown) => Promise<void>;
    /** Reveals the answer of the ask the script stands at. */
    reveal: () => void;
  };
  lab: () => PluginLab | null;
  /** A real model's run panel, once opened: shown above the transcript. */
  modelPanel: () => HTMLElement | null;
  openLab: () => void;
  /** Writing a scenario: one panel for the life of the page. */
  author: Panel;
  /** Changes when another replay is shown, so the transcript starts afresh. */
  replayKey: () => string;
}

/** The lab's side panel: a note until the lab has loaded (on first show), then the lab, which redraws itself. */
class LabPanel implements Panel {
  private readonly loading = h('p', { class: 'muted', 'data-lab-loading': '' }, tr('labLoading'));

  constructor(
    private readonly lab: () => PluginLab | null,
    private readonly open: () => void,
  ) {}

  get el(): HTMLElement {
    return this.lab()?.el ?? this.loading;
  }

  update(): void {
    if (!this.lab()) this.open();
  }
}

/** What a replay shows besides its transcript: its files and its ledger, folded from its log. */
interface Replayed {
  of: Replaying;
  files: FileSource;
  ledger: Ledger;
}

function replayed(replay: Replaying): Replayed {
  const start = replay.events[0];
  const session = start?.type === 'session/start' ? start.session : '';
  const ledgers = replay.events.reduce(updateLedgers, new Map() as Ledgers);
  return { of: replay, files: filesOfLog(replay.events), ledger: ledgers.get(session) ?? new Map() };
}

/**
 * The page in one language: header, banners, the lesson, the transcript with the side-by-side
 * comparison, the side panels and the status line. Built once per language; `update` brings each part up
 * to date in place. A replay shows its own title, files, ledger and log.
 */
export class PageView {
  readonly header: Header;
  readonly banners: Banners;
  readonly transcript = new TranscriptView();
  readonly compare: CompareView;
  readonly side: SidePanels;
  private readonly status = h('p', { class: 'status-line muted' });
  private readonly teaches = h('p', { class: 'teaches', 'data-teaches': '' });
  private readonly modelSlot = h('div', { class: 'model-slot' });
  private readonly follow: Follow;
  private readonly ask: AskView;
  private replay: Replayed | null = null;
  /** The replay the transcript shows (its key), or null when live. */
  private shownReplay: string | null = null;

  constructor(private readonly spec: PageSpec) {
    const { store, embed, actions, pg } = spec;
    this.header = new Header(store, actions, embed);
    this.banners = new Banners({
      store,
      embed,
      leaveReplay: actions.leaveReplay,
      // A control inside a closed menu stays connected but cannot take focus: then the run's next one.
      refocus: (was) => {
        if (was instanceof HTMLElement && was !== document.body) was.focus();
        if (document.activeElement !== was) this.header.controls.focusNext();
      },
    });
    this.compare = new CompareView(spec.fs, spec.files);
    this.ask = new AskView(actions.reveal);
    // In presentation mode the transcript scrolls inside its pane (see present.css), where it does.
    const scroller = () => {
      const pane = this.transcript.el.closest<HTMLElement>('.pane.transcript');
      return pane && getComputedStyle(pane).overflowY === 'auto' ? pane : null;
    };
    // At phone width the run bar and the banners are kept at the foot of the screen (see phone.css).
    const covered = () =>
      [this.header.runBar, this.banners.el]
        .filter((el) => getComputedStyle(el).position === 'fixed')
        .reduce((sum, el) => sum + el.offsetHeight, 0);
    this.follow = new Follow(this.transcript.el, () => store.get().run === 'playing', scroller, covered);
    this.transcript.onAppend(() => this.follow.appended());
    const files = (): FileSource => this.replayed()?.files ?? spec.files;
    // A replay has no file to open: contents were never logged.
    const open = (path: string) => void (store.get().replay ? undefined : spec.editor.open(path));
    const list = new FilesList(files, open, () => pg().scenario.focus);
    const ledger = () => this.replayed()?.ledger ?? pg().run.policy?.ledger(pg().run.session.id) ?? null;
    this.side = new SidePanels(
      store,
      {
        files: {
          el: h('div', { class: 'files-panel' }, list.el, spec.editor.el),
          update: () => list.update(),
        },
        ledger: new LedgerPanel(ledger, files, () => {
          const { replay, lang } = store.get();
          const runPolicy = pg().run.policyId;
          return replay || !runPolicy || runPolicy === 'dsh-ledger' ? null : policyName(runPolicy, lang);
        }),
        log: new LogPanel(() => store.get().replay?.events ?? pg().run.session.events),
        tools: new ToolsPanel(() => pg().run.registry),
        manual: new ManualPanel(pg, actions.callAsModel),
        lab: new LabPanel(spec.lab, spec.openLab),
        author: spec.author,
      },
      spec.root,
      embed,
    );
    const root = spec.root;
    root.classList.add('app');
    // The side panel sticks below the header (and in presentation mode the banners), whose heights
    // change as they wrap and come and go.
    const { el: header } = this.header;
    const { el: banners } = this.banners;
    const { runBar } = this.header;
    const observer = new ResizeObserver(() => {
      if (!header.isConnected) return;
      root.style.setProperty('--header-h', `${header.offsetHeight}px`);
      root.style.setProperty('--banners-h', `${banners.offsetHeight}px`);
      root.style.setProperty('--run-bar-h', `${runBar.offsetHeight}px`);
      this.follow.footChanged();
    });
    observer.observe(header);
    observer.observe(banners);
    observer.observe(runBar);
    if (embed) root.dataset.embed = 'true';
    const layout = h('div', { class: 'layout' });
    layout.append(
      h(
        'section',
        { class: 'pane transcript', id: 'pane-transcript', role: 'tabpanel' },
        h('h2', { class: 'visually-hidden' }, tr('transcript')),
        h('section', { class: 'lesson', 'aria-label': tr('lesson') }, this.teaches),
        this.modelSlot,
        this.compare.el,
        this.transcript.el,
        this.ask.el,
        this.follow.button,
      ),
      splitHandle(layout),
      h('div', { class: 'side-wrap' }, this.side.tablist, this.side.pane),
    );
    // In presentation mode the transcript's pane shrinks as banners come above it: follow that too.
    observer.observe(layout);
    root.replaceChildren(
      this.header.el,
      // What this is, in one sentence, on the first screen; each lesson then opens with its own line.
      ...(embed ? [] : [h('p', { class: 'tagline' }, tr('tagline'))]),
      this.banners.el,
      layout,
      h('footer', {}, this.status),
    );
  }

  /** The replay shown with its files and ledger, worked out once per replay; null when live. */
  private replayed(): Replayed | null {
    const replay = this.spec.store.get().replay;
    if (!replay) return (this.replay = null);
    // A long log is read in chunks, each a new replay object of the same events: fold them once.
    if (this.replay?.of.events !== replay.events) this.replay = replayed(replay);
    return this.replay;
  }

  /** Updates every part in place from the run and the store. */
  update(): void {
    const { root, store } = this.spec;
    const pg = this.spec.pg();
    const { run, replay, lang, present } = store.get();
    root.dataset.runState = run;
    root.dataset.scenario = pg.scenario.id;
    root.dataset.mode = replay ? 'replay' : 'live';
    root.dataset.waiting = String(Boolean(pg.script.state.waiting) && !replay);
    root.dataset.asking = String(pg.script.state.ask?.revealed === false && !replay);
    root.dataset.present = String(present);
    const { outcome } = store.get();
    if (outcome && !replay)
      root.dataset.outcome = outcome.ok ? 'ok' : outcome.unexpected ? 'unexpected' : 'mismatch';
    else delete root.dataset.outcome;
    // For tests and hosts: the actions taken, retries included (a step of the script may hold several).
    root.dataset.position = String(pg.script.state.position);
    const scenario = replay ? scenarioById(replay.scenario) : pg.scenario;
    const teaches = scenario?.teaches[lang] ?? '';
    if (this.teaches.textContent !== teaches) this.teaches.textContent = teaches;
    const model = this.spec.modelPanel();
    if (model && model.parentElement !== this.modelSlot) this.modelSlot.replaceChildren(model);
    this.header.update(pg, store);
    this.banners.update(pg);
    const shown = replay ? this.spec.replayKey() : null;
    if (shown !== this.shownReplay) this.follow.restart(shown !== null);
    this.shownReplay = shown;
    this.transcript.sync(
      replay
        ? {
            key: `${this.spec.replayKey()}${replay.read ? ':reading' : ''}`,
            entries: replay.entries,
            calls: new Map(),
            partial: replay.read !== null,
          }
        : { key: pg.run.session.id, entries: pg.run.session.live, calls: pg.run.calls },
    );
    // A new question comes into view as a new entry would: unless the visitor has scrolled up.
    const asked = this.ask.update(replay ? null : pg.script.state.ask, present, lang);
    if (asked && this.follow.followingNow) this.ask.el.scrollIntoView({ block: 'nearest' });
    this.compare.update(replay ? [] : (pg.scenario.sideBySide ?? []), lang, (path) => pg.script.raceOn(path));
    this.side.update();
    const status = tr('keysHint');
    if (this.status.textContent !== status) this.status.textContent = status;
    this.follow.update();
  }
}
