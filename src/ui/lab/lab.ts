import { MAX_LAB_PLUGINS, labExamples, starterPlugin, type LabExample, type LabPlugin } from '../../model';
import type { Playground } from '../../run';
import { checkResult } from '../../sandbox';
import { fill, h } from '../dom';
import { lang, tr } from '../i18n';
import type { UiStore } from '../state';
import { LabConsole, type ConsoleEntry } from './console';
import { slotsView, toolbarView, type LabControlsSpec } from './controls';
import { apiDocs } from './docs';
import { createCodeEditor, type CodeEditor, type Mark } from './editor';
import { defaultPlugin, harnessParts, loadSlot, nameIn, slotOf, type Slot, type Status } from './slot';

/** What the lab needs from the app around it. */
export interface LabSpec {
  pg: Playground;
  /** The interface's store: the lab shows the policy switch's real state from it. */
  store: UiStore;
  /** Switches the built-in observation policy (the run starts again). */
  setPolicy: (on: boolean) => Promise<void>;
  /** Opens an example's scenario, which comes with the example (the app asks `useExample`). */
  openScenario: (id: string) => Promise<void>;
  /** Plugins to start with; `fromLink` holds them until the visitor presses Run. */
  initial?: { plugins: LabPlugin[]; fromLink: boolean };
}

/**
 * The plugin lab: examples, the visitor's plugins (each in its own sandbox), a code editor with inline
 * errors, Apply, switches, and a console of every hook call. Loaded only when the lab is first opened.
 */
export class PluginLab {
  readonly el = h('div', { class: 'lab', 'data-lab': '' });
  private slots: Slot[] = [];
  private selected = 0;
  private deadlineMs = 250;
  private fromLink: boolean;
  private readonly console = new LabConsole();
  private readonly editorHost = h('div', { class: 'lab-editor' });
  private readonly statusEl = h('p', { class: 'lab-status', role: 'status', 'aria-live': 'polite' });
  private readonly toolbar = h('div', { class: 'lab-toolbar' });
  private readonly slotsEl = h('div', { class: 'lab-slots' });
  private readonly editor: CodeEditor;

  constructor(private readonly spec: LabSpec) {
    const initial = spec.initial?.plugins ?? [];
    this.fromLink = Boolean(spec.initial?.fromLink && initial.length);
    this.slots = (initial.length ? initial : [defaultPlugin()]).map((p) => slotOf(p));
    const first = this.current;
    this.editor = createCodeEditor(this.editorHost, {
      text: first.source,
      typescript: first.language === 'ts',
      label: tr('lab'),
      onChange: () => this.edited(),
    });
    this.layout();
    this.render();
    spec.store.on(['policy'], () => this.render());
  }

  /** The plugins as they stand (a share link carries them). */
  plugins(): LabPlugin[] {
    return this.slots.map(({ source, language, order, enabled }) => ({ source, language, order, enabled }));
  }

  /** Applies every plugin that is switched on (Run, for code from a link); resolves when all are in. */
  async applyAll(): Promise<void> {
    this.fromLink = false;
    for (const slot of this.slots) if (slot.enabled) await this.apply(slot);
    this.render();
  }

  /**
   * Puts an example in as the only plugin and applies it, into the run as it is: the app loads its
   * scenario around it (or carries on a saved run of it).
   */
  async useExample(example: LabExample): Promise<void> {
    for (const slot of this.slots) slot.sandbox?.dispose();
    this.slots = [slotOf({ source: example.source, language: 'js', order: example.order, enabled: true })];
    this.fromLink = false;
    this.sync();
    this.select(0);
    await this.apply(this.current);
    if (this.current.applied) {
      this.current.status = { tone: 'ok', text: tr('labExampleLoaded', { title: example.title[lang()] }) };
    }
    this.render();
  }

  private get current(): Slot {
    return this.slots[this.selected]!;
  }

  // ------------------------------------------------------------------ actions

  // Every edit already lands in the slot's source (see `edited`): switching only shows another slot.
  private select(index: number): void {
    this.selected = Math.max(0, Math.min(index, this.slots.length - 1));
    const slot = this.current;
    this.editor.setText(slot.source, slot.language === 'ts');
    this.editor.mark(slot.marks);
    this.render();
  }

  private add(): void {
    if (this.slots.length >= MAX_LAB_PLUGINS) return;
    this.slots.push(slotOf(defaultPlugin()));
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
    this.render();
  }

  private setOrder(order: LabPlugin['order']): void {
    const slot = this.current;
    slot.order = order;
    // The order is fixed when the listeners are installed: apply again so it takes effect now.
    if (slot.applied) void this.apply(slot);
  }

  private setEnabled(slot: Slot, on: boolean): void {
    slot.enabled = on;
    if (on && !slot.applied && !this.fromLink) void this.apply(slot);
    else this.sync();
    this.render();
  }

  private setDeadline(ms: number): void {
    this.deadlineMs = ms;
    // Limits are fixed when a sandbox starts: start each again with the new one at its next Apply.
    for (const slot of this.slots) {
      slot.sandbox?.dispose();
      slot.sandbox = null;
      if (slot.applied && slot.enabled) void this.apply(slot);
    }
  }

  /** Checks (TypeScript), loads the slot's code into its sandbox and installs it; errors go inline. */
  async apply(slot: Slot): Promise<void> {
    const source = slot.source;
    const show = (status: Status, marks: Mark[] = []) => {
      slot.status = status;
      slot.marks = marks;
      if (slot === this.current) this.editor.mark(marks);
      this.render();
    };
    const ready = await loadSlot(slot, this.deadlineMs, (text) => show({ tone: 'busy', text }));
    if (!ready.ok) {
      if (ready.error.lost) {
        slot.applied = null;
        this.sync();
      }
      return show(ready.error.status, ready.error.marks);
    }
    const { loaded, lines } = ready.value;
    const parts = harnessParts(slot, ready.value, (call) => this.heard(slot, call));
    slot.applied = { source, name: loaded.name, lines, ...parts };
    const refused = this.sync().filter((r) => slot.applied?.tools.some((t) => t.name === r.tool));
    const exported = [
      ...loaded.hooks,
      ...(loaded.tool ? [tr('labAppliedTool', { tool: loaded.tool.name })] : []),
    ];
    const text = [
      tr('labApplied', { name: loaded.name, hooks: exported.join(', ') || tr('labNoHooks') }),
      ...refused.map((r) => tr('labToolRefused', { why: r.reason })),
    ].join(' ');
    show({ tone: refused.length ? 'error' : 'ok', text });
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
    const error = call.result.ok ? invalid : call.result.error;
    if (error) {
      // TypeScript runs as the JavaScript it compiled to: its lines map back to the visitor's.
      const line = error.line && (slot.applied?.lines ? slot.applied.lines[error.line - 1] : error.line);
      const at = line ? tr('labRuntimeError', { line, message: error.message }) : error.message;
      slot.status = { tone: 'error', text: `${call.fn}: ${at}`, code: error.code };
      // A line can be marked only while the text is still the one that ran.
      if (line && slot.applied?.source === slot.source) {
        const column = slot.language === 'js' ? error.column : undefined;
        slot.marks = [{ line, ...(column ? { column } : {}), message: error.message }];
        if (slot === this.current) this.editor.mark(slot.marks);
      }
      this.renderSlots();
      this.renderStatus();
    }
  }

  // ------------------------------------------------------------------ view

  /** Builds the lab's parts again in the language now in use (the editor keeps its text). */
  layout(): void {
    const examples = h(
      'div',
      { class: 'lab-examples' },
      h('h3', {}, tr('labExamples')),
      h(
        'ul',
        {},
        labExamples.map((example) =>
          h(
            'li',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'lab-example',
                'data-example': example.id,
                title: example.summary[lang()],
                onclick: () => void this.spec.openScenario(example.scenario),
              },
              example.title[lang()],
            ),
          ),
        ),
      ),
    );
    fill(
      this.el,
      h('p', { class: 'muted small lab-intro' }, tr('labIntro')),
      examples,
      h('h3', {}, tr('labPlugins')),
      this.slotsEl,
      this.toolbar,
      this.editorHost,
      this.statusEl,
      this.policySwitch(),
      this.console.el,
      apiDocs(),
    );
  }

  private policySwitch(): HTMLElement {
    const box = h('input', {
      type: 'checkbox',
      id: 'lab-policy',
      'data-action': 'lab-policy',
      checked: this.spec.store.get().policy,
      onchange: (e: Event) => void this.spec.setPolicy((e.target as HTMLInputElement).checked),
    });
    return h(
      'p',
      { class: 'lab-policy' },
      box,
      ' ',
      h('label', { for: 'lab-policy' }, tr('labPolicy')),
      ' ',
      h('span', { class: 'muted small' }, tr('labPolicyNote')),
    );
  }

  /** Redraws the parts that change (the editor keeps its own state). */
  render(): void {
    const box = this.el.querySelector<HTMLInputElement>('#lab-policy');
    if (box) box.checked = this.spec.store.get().policy;
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
  };

  private renderSlots(): void {
    const lines = this.slots.map((slot, i) => ({
      label: slot.applied?.name ?? nameIn(slot.source) ?? tr('labUnnamed', { n: i + 1 }),
      enabled: slot.enabled,
      applied: Boolean(slot.applied),
      state: !slot.enabled
        ? tr('labOff')
        : !slot.applied
          ? tr('labNotApplied')
          : slot.applied.source !== slot.source
            ? tr('labEdited')
            : null,
      error: slot.status?.tone === 'error',
    }));
    fill(this.slotsEl, slotsView(lines, this.selected, this.controls));
  }

  private renderToolbar(): void {
    const slot = this.current;
    const state = {
      busy: slot.status?.tone === 'busy',
      fromLink: this.fromLink,
      deadlineMs: this.deadlineMs,
    };
    fill(this.toolbar, toolbarView(slot, state, this.controls));
  }

  private renderStatus(): void {
    const status = this.fromLink
      ? ({ tone: 'error', text: tr('labFromLink') } as Status)
      : this.current.status;
    this.statusEl.dataset.tone = status?.tone ?? 'info';
    fill(
      this.statusEl,
      status?.code && h('code', { class: 'err-code' }, status.code),
      status?.code && ' ',
      status?.text ?? '',
    );
  }
}
