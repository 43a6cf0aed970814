import type { FsBackend } from '../../fs/types';
import {
  draftScenario,
  parseScenarioFile,
  recordedScenario,
  sameJson,
  serializeScenarioFile,
  scenarioFileName,
  type ExternalChange,
  type Recorded,
  type Scenario,
} from '../../model';
import type { Json } from '../../harness';
import { h } from '../dom';
import { lang, tr } from '../i18n';
import type { Panel } from '../panels';
import { download } from '../sessions';
import type { ScenarioEditor } from './editor';
import { locate } from './json-path';
import { copyId, embedSnippet, type ScenarioSource } from './snippet';

/** What the authoring panel needs from the app. */
export interface AuthorSpec {
  fs: FsBackend;
  /** The scenario open now: to edit it, to start a new one from its files, to act on without a draft. */
  current: () => Scenario;
  /** Where the scenario open now comes from (how a page embeds it). */
  source: () => ScenarioSource;
  /** Opens a scenario afresh in the playground. */
  open: (scenario: Scenario) => Promise<void>;
  /** Opens a scenario afresh and plays it. */
  play: (scenario: Scenario) => Promise<void>;
  /** The model says `text` (recording). */
  say: (text: string) => void;
  /** The address of the playground's own page, for the embed snippet. */
  appUrl: () => string;
  /** Hears a recording start and stop. */
  onRecording: (on: boolean) => void;
}

type Status = { tone: 'info' | 'ok' | 'error'; text: string; code?: string };

/**
 * Writing a scenario in the app: edit the one open (an author's file as it is, a built-in as a copy),
 * or start one (from the files as they are, or an empty workspace) and record it by playing the model
 * (its calls, its words in "The model says", and "Simulate external edit"); see and edit it as JSON with
 * the format's errors underlined, play it, export it, and copy the snippet that embeds it. Without a
 * draft, Play, Export and the snippet act on the scenario open. Its draft survives a language change;
 * the editor loads on first show.
 */
export class AuthorPanel implements Panel {
  readonly el = h('div', { class: 'author', 'data-author': '' });
  private readonly editorHost = h('div', { class: 'lab-editor author-editor' });
  private readonly statusEl = h('p', { class: 'lab-status', role: 'status', 'aria-live': 'polite' });
  private readonly snippetEl = h('textarea', {
    class: 'author-snippet',
    readonly: true,
    rows: 4,
    'data-embed-snippet': '',
    hidden: true,
  });
  private editor: ScenarioEditor | null = null;
  private loading: Promise<void> | null = null;
  private text = '';
  /** What was recorded since Record, while recording. */
  private recorded: Recorded[] | null = null;
  private draft: Scenario | null = null;
  private status: Status | null = null;
  /** What the status line shows now, so it is drawn again only when it changes. */
  private shownStatus = '';
  private readonly said = h('textarea', { id: 'author-says', rows: 2, 'data-action': 'author-says' });

  constructor(private readonly spec: AuthorSpec) {
    this.layout();
  }

  /** Whether a recording is under way (the app routes the visitor's calls and edits to it then). */
  get recording(): boolean {
    return this.recorded !== null;
  }

  /** A call the visitor made as the model, with the error it ended with, if any. */
  recordCall(tool: string, args: Json, error: string | undefined): void {
    this.recorded?.push(error ? { kind: 'call', tool, args, error } : { kind: 'call', tool, args });
    this.render();
  }

  /** An external edit made during the recording. */
  recordExternal(change: ExternalChange): void {
    this.recorded?.push({ kind: 'external', change });
    this.render();
  }

  /** Builds the panel's parts in the language in use; the draft and the editor stay. */
  layout(): void {
    const button = (action: string, label: string, run: () => void, primary = false) =>
      h(
        'button',
        { type: 'button', class: primary ? 'primary' : '', 'data-action': action, onclick: run },
        label,
      );
    this.said.placeholder = tr('authorSaysHint');
    this.el.replaceChildren(
      h('p', { class: 'muted small' }, tr('authorIntro')),
      h(
        'div',
        { class: 'lab-toolbar' },
        button('author-edit', tr('editScenario'), () => this.editOpen()),
        button('author-new', tr('newScenario'), () => void this.start(true)),
        button('author-new-empty', tr('newEmptyScenario'), () => void this.start(false)),
        button('author-record', tr('record'), () => void this.record(), true),
        button('author-stop', tr('stopRecording'), () => void this.stop()),
      ),
      h(
        'div',
        { class: 'author-says' },
        h('label', { for: 'author-says' }, tr('modelSays')),
        this.said,
        button('author-say', tr('say'), () => this.say()),
        button('author-ask', tr('askTheClass'), () => this.ask()),
      ),
      this.statusEl,
      this.editorHost,
      h(
        'div',
        { class: 'lab-toolbar' },
        button('author-play', tr('playScenario'), () => void this.play(), true),
        button('author-export', tr('exportScenario'), () => this.export()),
        button('author-snippet', tr('copyEmbedSnippet'), () => void this.snippet()),
      ),
      this.snippetEl,
    );
    this.render();
  }

  update(): void {
    this.loading ??= this.loadEditor();
    // Without a draft the status names the scenario open, which may have changed.
    if (!this.text && !this.status) this.render();
  }

  private async loadEditor(): Promise<void> {
    const { createScenarioEditor } = await import('./editor');
    this.editor = createScenarioEditor(this.editorHost, {
      text: this.text,
      label: tr('authorEditor'),
      onChange: () => this.edited(),
    });
  }

  private render(): void {
    const recording = this.recording;
    const q = (action: string) => this.el.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    for (const a of ['author-edit', 'author-new', 'author-new-empty', 'author-play'])
      q(a)!.disabled = recording;
    q('author-record')!.disabled = recording || !this.text;
    q('author-stop')!.disabled = !recording;
    q('author-say')!.disabled = !recording;
    q('author-ask')!.disabled = !recording;
    this.said.disabled = !recording;
    this.el.dataset.recording = String(recording);
    const status = recording
      ? { tone: 'info' as const, text: tr('recordingNow', { n: this.recorded!.length }) }
      : this.status;
    const text = status?.text ?? tr('authorOpenNow', { title: this.spec.current().title[lang()] });
    const key = JSON.stringify([status?.tone, status?.code, text]);
    if (key === this.shownStatus) return;
    this.shownStatus = key;
    this.statusEl.dataset.tone = status?.tone ?? 'info';
    this.statusEl.replaceChildren(
      ...(status?.code ? [h('code', { class: 'err-code' }, status.code), ' '] : []),
      text,
    );
  }

  /** Puts the scenario open into the editor: an author's file as it is, a built-in one as a copy. */
  private editOpen(): void {
    const open = this.spec.current();
    const builtIn = this.spec.source().kind === 'built-in';
    this.writeOut(builtIn ? { ...open, id: copyId(open.id) } : open);
    const title = open.title[lang()];
    this.status = { tone: 'ok', text: tr(builtIn ? 'editingCopy' : 'editingOpen', { title }) };
    this.render();
  }

  /**
   * What Play, Export and the snippet act on: the draft when there is one (null when it does not read),
   * else the scenario open; with where it comes from (a draft other than the scenario open is the
   * author's own).
   */
  private target(): { scenario: Scenario; source: ScenarioSource } | null {
    const open = this.spec.current();
    if (!this.text) return { scenario: open, source: this.spec.source() };
    const draft = this.edited();
    if (!draft) return null;
    const same = sameJson(draft as unknown as Json, open as unknown as Json);
    return { scenario: draft, source: same ? this.spec.source() : { kind: 'own' } };
  }

  private show(text: string): void {
    this.text = text;
    this.editor?.setText(text);
    this.edited();
  }

  /** Checks the text as a scenario file; marks the first problem where it is. */
  private edited(): Scenario | null {
    if (this.editor) this.text = this.editor.text();
    if (!this.text) return null;
    const read = parseScenarioFile(this.text);
    if (read.ok) {
      this.editor?.mark([]);
      if (this.status?.tone === 'error') this.status = null;
      this.render();
      return read.value;
    }
    const where = locate(this.text, read.error.path) ?? { from: 0, to: 1 };
    this.editor?.mark([{ ...where, message: `${read.error.code}: ${read.error.message}` }]);
    this.status = { tone: 'error', text: read.error.message, code: read.error.code };
    this.render();
    return null;
  }

  /** Every file of the workspace as it is now. */
  private async workspace(): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const { path } of await this.spec.fs.list()) {
      const file = await this.spec.fs.read(path);
      if (file) files[path] = file.content;
    }
    return files;
  }

  private async start(fromFiles: boolean): Promise<void> {
    const files = fromFiles ? await this.workspace() : {};
    const focus = fromFiles ? this.spec.current().focus : undefined;
    this.writeOut(draftScenario(files, focus && focus in files ? focus : Object.keys(files)[0]));
    this.status = { tone: 'ok', text: tr('authorStarted') };
    this.render();
  }

  private writeOut(scenario: Scenario): void {
    const file = serializeScenarioFile(scenario);
    if (file.ok) this.show(file.value);
    else this.status = { tone: 'error', text: file.error.message, code: file.error.code };
  }

  /** Starts recording: the draft's files, a fresh run with no script; what the visitor does is kept. */
  private async record(): Promise<void> {
    const scenario = this.edited();
    if (!scenario) return;
    this.draft = scenario;
    await this.spec.open({ ...scenario, steps: [] });
    this.recorded = [];
    this.spec.onRecording(true);
    this.render();
  }

  private say(): void {
    const text = this.said.value.trim();
    if (!this.recorded || !text) return;
    this.spec.say(text);
    this.recorded.push({ kind: 'say', text });
    this.said.value = '';
    this.render();
  }

  /** A question before the next call: the box's words (if any) become the question, reworded later. */
  private ask(): void {
    if (!this.recorded) return;
    this.recorded.push({ kind: 'ask', question: this.said.value.trim() });
    this.said.value = '';
    this.render();
  }

  /** Ends the recording: its steps, and the outcome the run ended with (errors, and every file now). */
  private async stop(): Promise<void> {
    const recorded = this.recorded;
    const draft = this.draft;
    if (!recorded || !draft) return;
    this.recorded = null;
    this.spec.onRecording(false);
    this.writeOut(recordedScenario(draft, recorded, await this.workspace()));
    this.status = { tone: 'ok', text: tr('recorded', { n: recorded.length }) };
    this.render();
  }

  private async play(): Promise<void> {
    const target = this.target();
    if (target) await this.spec.play(target.scenario);
  }

  private export(): void {
    const target = this.target();
    if (!target) return;
    const file = serializeScenarioFile(target.scenario);
    if (file.ok) download(file.value, scenarioFileName(target.scenario));
  }

  /** The HTML that embeds the scenario in a page: a built-in by id, a fetched file by its address, else by name. */
  private async snippet(): Promise<void> {
    const target = this.target();
    if (!target) return;
    const { scenario, source } = target;
    const text = embedSnippet(new URL('.', this.spec.appUrl()).href, scenario, source);
    this.snippetEl.value = text;
    this.snippetEl.hidden = false;
    try {
      await navigator.clipboard.writeText(text);
      const said =
        source.kind === 'built-in'
          ? tr('snippetBuiltIn', { id: source.id })
          : source.kind === 'url'
            ? tr('snippetUrl')
            : tr('snippetCopied', { file: scenarioFileName(scenario) });
      this.status = { tone: 'ok', text: said };
    } catch {
      this.status = { tone: 'info', text: tr('snippetManual') };
    }
    this.render();
  }
}
