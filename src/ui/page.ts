import type { FsBackend } from '../fs/types';
import type { Playground } from '../run';
import { Banners } from './banners';
import { CompareView } from './compare';
import { h } from './dom';
import type { FileEditor } from './file-editor';
import { Header, type HeaderActions } from './header';
import { tr } from './i18n';
import type { PluginLab } from './lab';
import { ManualPanel } from './manual';
import { FilesList, LedgerPanel, LogPanel, ToolsPanel, type Panel } from './panels';
import { SidePanels } from './side';
import type { UiStore } from './state';
import { TranscriptView } from './transcript';
import type { WorkspaceFiles } from './workspace';

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
  };
  lab: () => PluginLab | null;
  openLab: () => void;
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

/**
 * The page in one language: header, banners, the transcript with the side-by-side comparison, the side
 * panels and the status line. Built once per language; `update` brings each part up to date in place.
 */
export class PageView {
  readonly header: Header;
  readonly banners: Banners;
  readonly transcript = new TranscriptView();
  readonly compare: CompareView;
  readonly side: SidePanels;
  private readonly status = h('p', { class: 'status-line muted' });

  constructor(private readonly spec: PageSpec) {
    const { store, embed, actions, pg } = spec;
    this.header = new Header(store, actions, embed);
    this.banners = new Banners({
      store,
      persistent: spec.fs.persistent,
      embed,
      leaveReplay: actions.leaveReplay,
    });
    this.compare = new CompareView(spec.fs, spec.files);
    const files = new FilesList(
      spec.files,
      (path) => void spec.editor.open(path),
      () => pg().scenario.focus,
    );
    this.side = new SidePanels(
      store,
      {
        files: {
          el: h('div', { class: 'files-panel' }, files.el, spec.editor.el),
          update: () => files.update(),
        },
        ledger: new LedgerPanel(() => pg().policy?.ledger(pg().session.id) ?? null, spec.files),
        log: new LogPanel(() => store.get().replay?.events ?? pg().session.events),
        tools: new ToolsPanel(() => pg().registry),
        manual: new ManualPanel(pg, actions.callAsModel),
        lab: new LabPanel(spec.lab, spec.openLab),
      },
      spec.root,
      embed,
    );
    const root = spec.root;
    root.classList.add('app');
    if (embed) root.dataset.embed = 'true';
    root.replaceChildren(
      this.header.el,
      this.banners.el,
      h(
        'div',
        { class: 'layout' },
        h(
          'section',
          { class: 'pane transcript', id: 'pane-transcript', role: 'tabpanel' },
          h('h2', { class: 'visually-hidden' }, tr('transcript')),
          this.compare.el,
          this.transcript.el,
        ),
        h('div', { class: 'side-wrap' }, this.side.tablist, this.side.pane),
      ),
      h('footer', {}, this.status),
    );
  }

  /** Updates every part in place from the run and the store. */
  update(): void {
    const { root, store } = this.spec;
    const pg = this.spec.pg();
    const { run, replay, lang } = store.get();
    root.dataset.runState = run;
    root.dataset.scenario = pg.scenario.id;
    root.dataset.mode = replay ? 'replay' : 'live';
    root.dataset.waiting = String(Boolean(pg.waiting));
    this.header.update(pg, store);
    this.banners.update(pg);
    this.transcript.sync(
      replay
        ? { key: this.spec.replayKey(), entries: replay.entries, calls: new Map() }
        : { key: pg.session.id, entries: pg.session.live, calls: pg.calls },
    );
    this.compare.update(replay ? [] : (pg.scenario.sideBySide ?? []), lang, (path) => pg.raceOn(path));
    this.side.update();
    const status = `${tr('stepOf', { n: pg.position })} · ${tr('keysHint')}`;
    if (this.status.textContent !== status) this.status.textContent = status;
  }
}
