import type { FsBackend } from '../fs/types';
import type { Playground } from '../run';
import type { AuthorPanel } from './author/panel';
import type { FileEditor } from './file-editor';
import { showLang } from './i18n';
import type { LabLoader } from './lab-loader';
import { PageView, type PageSpec } from './page';
import { Redraw } from './redraw';
import type { UiStore } from './state';
import type { WorkspaceFiles } from './workspace';

/** The features whose parts the page shows. */
export interface PageParts {
  store: UiStore;
  files: WorkspaceFiles;
  editor: FileEditor;
  author: AuthorPanel;
  lab: LabLoader;
  /** A real model's run panel, once opened. */
  modelPanel: () => HTMLElement | null;
  /** Changes when another replay is shown. */
  replayKey: () => string;
  /** What the page's controls do. */
  actions: PageSpec['actions'];
}

/**
 * The page's views: built in the language in use (at start, and again when the language changes), and
 * brought up to date in place, at most once per batch of changes (`Redraw`); whoever listens hears each
 * update.
 */
export class PageHost {
  private page: PageView | null = null;
  private readonly redraw: Redraw;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly pg: () => Playground,
    private readonly spec: { root: HTMLElement; fs: FsBackend; embed?: boolean },
    private readonly parts: PageParts,
  ) {
    this.redraw = new Redraw(parts.store, () => this.flush());
    parts.store.on(['lang'], () => this.relayout());
    parts.store.on(null, () => this.request());
  }

  /** Something changed: the views update when it is time. */
  request(): void {
    this.redraw.request();
  }

  /** The views update now. */
  now(): void {
    this.redraw.now();
  }

  /** Hears every update of the page. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Builds the page in the language now in use (at start, and when the language changes). */
  relayout(): void {
    const { spec, parts } = this;
    showLang(this.page !== null);
    parts.lab.current?.layout();
    parts.author.layout();
    this.page = new PageView({
      author: parts.author,
      root: spec.root,
      store: parts.store,
      pg: this.pg,
      fs: spec.fs,
      files: parts.files,
      editor: parts.editor,
      embed: Boolean(spec.embed),
      actions: parts.actions,
      lab: () => parts.lab.current,
      modelPanel: parts.modelPanel,
      openLab: () => void parts.lab.open(),
      replayKey: parts.replayKey,
    });
    this.redraw.now();
  }

  /** Updates every view in place from the run and the store, and tells who listens. */
  private flush(): void {
    if (!this.page) return;
    this.page.update();
    for (const listener of this.listeners) listener();
  }
}
