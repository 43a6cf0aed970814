import { MAX_LAB_PLUGINS, starterPlugin, type LabPlugin, type Scenario } from '../../model';
import type { LabExample } from '../../model/lab-examples';
import type { Tool } from '../../harness';
import { checkResult } from '../../sandbox';
import { fill, h } from '../dom';
import { lang, tr } from '../i18n';
import { LabConsole, type ConsoleEntry } from './console';
import type { LabControlsSpec } from './controls';
import { createCodeEditor, type CodeEditor, type Mark } from './editor';
import { downloadPlugin, readPluginFile } from './file';
import type { LabSpec } from './spec';
import { KeptSaver, keptOf } from './kept';
import {
  appliedStatus,
  defaultPlugin,
  harnessParts,
  loadSlot,
  markFailure,
  slotOf,
  type Slot,
  type Status,
} from './slot';
import { placeOf } from './place';
import { labSide } from './side';
import { lt } from './strings';
import { tryPlugin } from './try-it';
import { LabView, type LabState } from './view';

export type { LabSpec } from './spec';

/**
 * The plugin lab: examples, the visitor's plugins (each in its own sandbox), a code editor with inline
 * errors and help, Apply, switches, and a console of every hook call. Its plugins are kept in this
 * browser as they change and come back, applied as they were, after a reload. Loaded only when the lab
 * is first opened (or at start, when plugins are kept: see `hasKeptPlugins`).
 */
export class PluginLab {
  readonly el = h('div', { class: 'lab', 'data-lab': '' });
  /** Resolves when the kept plugins (if any) are back and applied; every action waits for it. */
  readonly ready: Promise<void>;
  private slots: Slot[] = [];
  private selected = 0;
  private deadlineMs: number = 250;
  private fromLink: boolean;
  private readonly console = new LabConsole();
  private readonly view = new LabView(this.console, (file) => void this.openFile(file));
  private readonly editor: CodeEditor;
  private readonly saver: KeptSaver;
  private readonly activeListeners = new Set<(n: number) => void>();
  private active = 0;
  /** A note for the lab as a whole (restored, a file refused), shown when the plugin has nothing newer. */
  private note: Status | null = null;

  constructor(private readonly spec: LabSpec) {
    const initial = spec.initial?.plugins ?? [];
    this.fromLink = Boolean(spec.initial?.fromLink && initial.length);
    this.slots = (initial.length ? initial : [defaultPlugin()]).map((p) => slotOf(p));
    const first = this.current;
    this.editor = createCodeEditor(this.view.editorHost, {
      text: first.source,
      typescript: first.language === 'ts',
      label: tr('lab'),
      onChange: () => this.edited(),
    });
    const snapshot = () => keptOf(this.slots, this.selected, this.deadlineMs, this.fromLink);
    const failed = (text: string, code: string) => this.setNote({ tone: 'error', text, code });
    this.saver = new KeptSaver(snapshot, failed, undefined, spec.kept);
    this.layout();
    this.render();
    spec.store.on(['policy'], () => this.render());
    // Plugins from a link replace what was kept (and are kept, held, in their place).
    this.ready = initial.length ? this.saver.replace() : this.restore();
  }

  /** The plugins as they stand (a share link carries them). */
  plugins(): LabPlugin[] {
    return this.slots.map(({ source, language, order, enabled }) => ({ source, language, order, enabled }));
  }

  /** The open plugin as last applied (not the edits since), or null: the arena's "Your policy". */
  openPlugin(): Slot['applied'] {
    return this.current.applied;
  }

  /** How many of the visitor's plugins take part in runs now: applied and switched on. */
  activePlugins(): number {
    return this.slots.filter((s) => s.enabled && s.applied).length;
  }

  /** Hears the number of active plugins each time it changes; returns the function that stops it. */
  onActiveChange(listener: (active: number) => void): () => void {
    this.activeListeners.add(listener);
    return () => this.activeListeners.delete(listener);
  }

  /** Switches every visitor plugin off: no run is affected by them until one is switched on again. */
  switchAllOff(): void {
    for (const slot of this.slots) slot.enabled = false;
    this.sync();
    this.changed();
    this.render();
  }

  /**
   * The visitor's tool named `name`, for a replay's lookup (after the built-in tools): its cards are the
   * ones the sandbox made in this page, else generic cards saying why.
   */
  visitorTool(name: string): Tool | undefined {
    for (const slot of this.slots) {
      const found = slot.applied?.tools.find((t) => t.name === name);
      if (found) return found;
    }
    return undefined;
  }

  /** Applies every plugin that is switched on (Run, for code from a link); resolves when all are in. */
  async applyAll(): Promise<void> {
    await this.ready;
    this.fromLink = false;
    for (const slot of this.slots) if (slot.enabled) await this.apply(slot);
    this.changed();
    this.render();
  }

  /** Puts an example in as the only plugin and applies it; the app loads its scenario around it. */
  async useExample(example: LabExample): Promise<void> {
    await this.ready;
    const source = lang() === 'zh' ? example.sourceZh : example.source;
    for (const slot of this.slots) slot.sandbox?.dispose();
    this.slots = [slotOf({ source, language: 'js', order: example.order, enabled: true })];
    this.fromLink = false;
    this.sync();
    this.select(0);
    await this.apply(this.current);
    if (this.current.applied) {
      this.current.status = { tone: 'ok', text: tr('labExampleLoaded', { title: example.title[lang()] }) };
    }
    this.render();
  }

  /** Writes the lab's plugins to this browser's storage now (they are saved as they change anyway). */
  saved(): Promise<void> {
    return this.saver.flush();
  }

  private get current(): Slot {
    return this.slots[this.selected]!;
  }

  /** Something the visitor keeps changed: it is saved shortly, and the page hears the active count. */
  private changed(): void {
    this.saver.schedule();
    const active = this.activePlugins();
    if (active === this.active) return;
    this.active = active;
    for (const listener of this.activeListeners) listener(active);
  }

  /** Brings back the kept plugins and applies each that was applied (the source it had then). */
  private async restore(): Promise<void> {
    const { kept, problem } = await this.saver.read();
    if (problem) {
      this.setNote({ tone: 'error', text: lt('keptBad', { why: problem.reason }), code: problem.code });
      return;
    }
    if (!kept) return;
    this.slots = kept.plugins.map(({ appliedSource: _applied, ...plugin }) => slotOf(plugin));
    this.deadlineMs = kept.deadlineMs;
    this.fromLink = kept.fromLink;
    this.select(kept.selected);
    if (this.fromLink) return this.setNote({ tone: 'info', text: lt('restoredHeld') });
    let applied = 0;
    for (const [i, slot] of this.slots.entries()) {
      const source = kept.plugins[i]!.appliedSource;
      if (source === null || !slot.enabled) continue;
      await this.apply(slot, source);
      if (slot.applied) applied++;
    }
    this.note = { tone: 'ok', text: lt('restored', { n: applied }) };
    for (const slot of this.slots) if (slot.status?.tone === 'ok') slot.status = null;
    this.changed();
    this.render();
  }

  private setNote(note: Status): void {
    this.note = note;
    if (this.current.status?.tone !== 'error') this.current.status = null; // an error says what runs: it stays
    this.renderStatus();
  }

  // Every edit already lands in the slot's source (see `edited`): switching only shows another slot.
  private select(index: number): void {
    this.selected = Math.max(0, Math.min(index, this.slots.length - 1));
    const slot = this.current;
    this.editor.setText(slot.source, slot.language === 'ts');
    this.editor.mark(slot.marks);
    this.changed();
    this.render();
  }

  private add(plugin: LabPlugin = defaultPlugin()): void {
    if (this.slots.length >= MAX_LAB_PLUGINS) return;
    this.slots.push(slotOf(plugin));
    this.select(this.slots.length - 1);
  }

  private remove(): void {
    const slot = this.current;
    slot.sandbox?.dispose();
    this.slots.splice(this.selected, 1);
    if (this.slots.length === 0) this.slots.push(slotOf(defaultPlugin()));
    this.sync();
    this.select(this.selected);
  }

  private edited(): void {
    const slot = this.current;
    slot.source = this.editor.text();
    if (slot.marks.length) {
      slot.marks = [];
      this.editor.mark([]);
    }
    this.changed();
    this.renderSlots();
  }

  private setLanguage(language: LabPlugin['language']): void {
    const slot = this.current;
    // The untouched starter becomes the other language's starter (typed, or not).
    const untouched = slot.source === starterPlugin(slot.language);
    slot.language = language;
    if (untouched) {
      slot.source = starterPlugin(language);
      this.editor.setText(slot.source, language === 'ts');
    } else this.editor.setTypeScript(language === 'ts');
    this.changed();
    this.render();
  }

  private setOrder(order: LabPlugin['order']): void {
    const slot = this.current;
    slot.order = order;
    this.changed();
    // The order is fixed when the listeners are installed: apply again so it takes effect now.
    if (slot.applied) void this.apply(slot, slot.applied.source);
  }

  private setEnabled(slot: Slot, on: boolean): void {
    slot.enabled = on;
    if (on && !slot.applied && !this.fromLink) void this.apply(slot);
    else this.sync();
    this.changed();
    this.render();
  }

  private setDeadline(ms: number): void {
    this.deadlineMs = ms;
    this.changed();
    // Limits are fixed when a sandbox starts: an applied plugin moves to a new one; an idle one is dropped.
    for (const slot of this.slots) {
      if (slot.applied) void this.apply(slot, slot.applied.source);
      else {
        slot.sandbox?.dispose();
        slot.sandbox = null;
      }
    }
  }

  /** Opens the chosen file as a plugin: in the untouched starter's slot, or a new one while there is room. */
  private async openFile(file: File): Promise<void> {
    const read = await readPluginFile(file);
    if (!read.ok) return this.setNote({ tone: 'error', text: read.error.message, code: read.error.code });
    const { source, language } = read.value;
    const slot = this.current;
    const untouched = !slot.applied && slot.source === starterPlugin(slot.language);
    if (untouched) {
      slot.source = source;
      slot.language = language;
      this.select(this.selected);
    } else if (this.slots.length < MAX_LAB_PLUGINS) {
      this.add({ source, language, order: 'default', enabled: true });
    } else {
      return this.setNote({ tone: 'error', text: lt('full', { n: MAX_LAB_PLUGINS }), code: 'LAB_FULL' });
    }
    this.setNote({ tone: 'info', text: lt('opened', { file: file.name }) });
  }

  /** Runs the current plugin's own scenario: a call of its tool, and a read, a write and an edit. */
  private async tryIt(): Promise<void> {
    const { pg, store, playScenario } = this.spec;
    const play =
      playScenario ??
      (async (scenario: Scenario) => {
        await pg.load(scenario, { policy: store.get().policy });
        store.set({ replay: null });
        await pg.script.runToEnd();
      });
    await tryPlugin(this.current, play, (note) => this.setNote(note));
  }

  /**
   * Checks (TypeScript), loads `source` (the slot's code unless given: the one applied before, on
   * restore) into its sandbox and installs it; errors go inline.
   */
  async apply(slot: Slot, source = slot.source): Promise<void> {
    const show = (status: Status, marks: Mark[] = []) => {
      slot.status = status;
      slot.marks = marks;
      if (slot === this.current && source === slot.source) this.editor.mark(marks);
      this.render();
    };
    this.note = null;
    const ready = await loadSlot(slot, source, this.deadlineMs, (text) => show({ tone: 'busy', text }));
    // Nothing that runs has changed: the version applied before (if any) still answers every call.
    if (!ready.ok) return show(ready.error.status, ready.error.marks);
    const { loaded, lines, sandbox } = ready.value;
    const parts = harnessParts(slot, ready.value, (call) => this.heard(slot, call));
    const before = slot.sandbox;
    slot.applied = { source, name: loaded.name, lines, loaded, ...parts };
    slot.sandbox = sandbox;
    const refused = this.sync().filter((r) => slot.applied?.tools.some((t) => t.name === r.tool));
    if (before && before !== sandbox) before.dispose(); // out of the harness now: its sandbox can go
    this.changed();
    show(appliedStatus(loaded, refused, placeOf(loaded.hooks, slot.order, this.spec.store.get().policy)));
  }

  /** Hands the harness every applied plugin that is switched on; returns the tools it refused. */
  private sync(): { tool: string; reason: string }[] {
    const live = this.slots.filter((s) => s.enabled && s.applied);
    return this.spec.pg.useVisitor({
      plugins: live.map((s) => s.applied!.plugin),
      tools: live.flatMap((s) => s.applied!.tools),
    }).refused;
  }

  /** A call into the sandbox came back: the console gets it, and a runtime error is marked at its line. */
  private heard(slot: Slot, call: Omit<ConsoleEntry, 'invalid'>): void {
    const invalid = call.result.ok ? checkResult(call.fn, call.result.value) : null;
    this.console.push({ ...call, invalid });
    if (!markFailure(slot, call, invalid)) return;
    this.note = null;
    if (slot === this.current) this.editor.mark(slot.marks);
    this.renderSlots();
    this.renderStatus();
  }

  /** Builds the lab's parts again in the language now in use (the editor keeps its text). */
  layout(): void {
    // The bench (plugins, editor, status, console) first: it is what a visitor works in.
    fill(
      this.el,
      h('div', { class: 'lab-bench' }, this.view.bench),
      labSide({
        openScenario: (id) => void this.spec.openScenario(id),
        policy: this.spec.store.get().policy,
        setPolicy: (on) => void this.spec.setPolicy(on),
      }),
    );
  }

  /** Redraws the parts that change (the editor keeps its own state). */
  render(): void {
    const box = this.el.querySelector<HTMLInputElement>('#lab-policy');
    if (box) box.checked = this.spec.store.get().policy;
    this.el.dataset.activePlugins = String(this.activePlugins());
    this.renderSlots();
    this.renderToolbar();
    this.renderStatus();
  }

  private readonly controls: LabControlsSpec = {
    select: (i) => this.select(i),
    enable: (i, on) => this.setEnabled(this.slots[i]!, on),
    add: () => this.add(),
    apply: () => void (this.fromLink ? this.applyAll() : this.apply(this.current)),
    setLanguage: (language) => this.setLanguage(language),
    setOrder: (order) => this.setOrder(order),
    setDeadline: (ms) => this.setDeadline(ms),
    remove: () => this.remove(),
    download: () => downloadPlugin(this.current),
    open: () => this.view.chooseFile(),
    tryIt: () => void this.tryIt(),
  };

  /** What the view draws from. */
  private state(): LabState {
    const { slots, selected, fromLink, deadlineMs, note } = this;
    const policy = this.spec.store.get().policy;
    return { slots, selected, fromLink, deadlineMs, note, current: this.current, policy };
  }
  private renderSlots(): void {
    this.view.slots(this.state(), this.controls);
  }
  private renderToolbar(): void {
    this.view.toolbar(this.state(), this.controls);
  }
  private renderStatus(): void {
    this.view.status(this.state());
  }
}
