import { fill, h } from './dom';
import { tr } from './i18n';
import type { FsBackend } from '../fs/types';

/** What the file editor needs: the workspace, and how to save as someone other than the agent. */
export interface FileEditorSpec {
  fs: FsBackend;
  /** Saves the text as an external edit (a new version the agent has not seen). */
  save: (path: string, content: string) => Promise<void>;
}

/**
 * The file editor under the files list: CodeMirror (loaded on first use) with the file's text, and Save,
 * which changes the file behind the agent's back. It shows one file at a time, the one last opened.
 */
export class FileEditor {
  readonly el = h('div', { class: 'editor-host' });
  /** The path shown, if any. */
  path: string | null = null;

  constructor(private readonly spec: FileEditorSpec) {}

  /** Opens `path` (its current text and version); another open before the editor loads wins. */
  async open(path: string): Promise<void> {
    this.path = path;
    const file = await this.spec.fs.read(path);
    if (!file || this.path !== path) return;
    fill(this.el, h('p', { class: 'muted' }, tr('loadingEditor')));
    const { createEditor } = await import('./editor');
    if (this.path !== path) return;
    const host = h('div', { class: 'editor', 'data-editor-path': path });
    const save = h('button', { type: 'button', class: 'primary', 'data-action': 'save' }, tr('save'));
    fill(
      this.el,
      h('header', {}, h('code', {}, `${file.path} · ${file.version}`), save),
      h('p', { class: 'muted small' }, tr('editorNote')),
      host,
    );
    const view = createEditor(host, file.path, file.content, file.path);
    save.addEventListener('click', () => {
      void this.spec.save(file.path, view.state.doc.toString()).then(() => this.open(path));
    });
  }

  /** Shows the open file again (after someone changed it), or nothing when none is open. */
  async reopen(): Promise<void> {
    if (this.path) await this.open(this.path);
  }

  /** Closes the file (a new scenario). */
  close(): void {
    this.path = null;
    this.el.replaceChildren();
  }
}
