import type { Plugin, PluginError, Tool } from '../harness';
import { MAX_LAB_PLUGINS, labExamples, starterPlugin, type LabExample, type LabPlugin } from '../model';
import type { Playground } from '../run';
import {
  Sandbox,
  checkResult,
  sandboxPlugin,
  sandboxTool,
  type CallResult,
  type GuestFunction,
  type LoadResult,
  type SandboxCall,
  type SandboxError,
} from '../sandbox';
import { fill, h, num } from './dom';
import { lang, tr } from './i18n';
import { createCodeEditor, type CodeEditor, type Mark } from './lab-editor';
import type { UiStore } from './state';

/** What the lab needs from the app around it. */
export interface LabSpec {
  pg: Playground;
  /** The interface's store: the lab shows the policy switch's real state from it. */
  store: UiStore;
  /** Switches the built-in observation policy (the run starts again). */
  setPolicy: (on: boolean) => Promise<void>;
  /** Loads a scenario afresh (an example's). */
  loadScenario: (id: string) => Promise<void>;
  /** Plugins to start with; `fromLink` holds them until the visitor presses Run. */
  initial?: { plugins: LabPlugin[]; fromLink: boolean };
}

type Status = { tone: 'info' | 'ok' | 'error' | 'busy'; text: string; code?: string };

/** One plugin of the lab: what the visitor wrote, and what of it runs now. */
interface Slot extends LabPlugin {
  /** What was applied last: the source (to tell edits since), the harness plugin and its tool. */
  applied: {
    source: string;
    name: string;
    plugin: Plugin;
    tools: Tool[];
    /** For TypeScript: the source line of each line of the JavaScript that runs (1-based, by index). */
    lines: number[] | null;
  } | null;
  sandbox: Sandbox | null;
  status: Status | null;
  marks: Mark[];
}

/** One line of the console: a hook call, or a call of the plugin's tool (`tool.execute`, …). */
interface ConsoleEntry {
  n: number;
  plugin: string;
  fn: GuestFunction;
  input: unknown;
  result: CallResult;
  invalid: SandboxError | null;
}

const MAX_CONSOLE = 200;
const DEADLINES = [50, 100, 250, 500, 1000] as const;

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
  private readonly log: ConsoleEntry[] = [];
  private calls = 0;
  private readonly editorHost = h('div', { class: 'lab-editor' });
  private readonly consoleEl = h('ol', { class: 'lab-console-list', 'aria-live': 'off' });
  private readonly statusEl = h('p', { class: 'lab-status', role: 'status', 'aria-live': 'polite' });
  private readonly toolbar = h('div', { class: 'lab-toolbar' });
  private readonly slotsEl = h('div', { class: 'lab-slots' });
  private readonly editor: CodeEditor;

  constructor(private readonly spec: LabSpec) {
    const initial = spec.initial?.plugins ?? [];
    this.fromLink = Boolean(spec.initial?.fromLink && initial.length);
    this.slots = (initial.length ? initial : [defaultPlugin()]).map((p) => this.slot(p));
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
   * Puts an example in as the only plugin, applies it and loads its scenario afresh; with `restart`
   * false the run goes on as it is (a saved run carried on after a reload).
   */
  async loadExample(example: LabExample, restart = true): Promise<void> {
    for (const slot of this.slots) slot.sandbox?.dispose();
    this.slots = [this.slot({ source: example.source, language: 'js', order: example.order, enabled: true })];
    this.fromLink = false;
    this.sync();
    this.select(0);
    await this.apply(this.current);
    if (restart) await this.spec.loadScenario(example.scenario);
    if (this.current.applied) {
      this.current.status = { tone: 'ok', text: tr('labExampleLoaded', { title: example.title[lang()] }) };
    }
    this.render();
  }

  private get current(): Slot {
    return this.slots[this.selected]!;
  }

  private slot(plugin: LabPlugin): Slot {
    return { ...plugin, applied: null, sandbox: null, status: null, marks: [] };
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
    this.slots.push(this.slot(defaultPlugin()));
    this.select(this.slots.length - 1);
  }

  private remove(): void {
    const slot = this.current;
    slot.sandbox?.dispose();
    this.slots.splice(this.selected, 1);
    if (this.slots.length === 0) this.slots.push(this.slot(defaultPlugin()));
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
    let js = source;
    let lines: number[] | null = null;
    if (slot.language === 'ts') {
      show({ tone: 'busy', text: tr('labCompiling') });
      const { compilePlugin } = await import('../sandbox/typescript');
      const compiled = await compilePlugin(source);
      if (!compiled.ok) {
        const marks = compiled.diagnostics.map((d) => ({
          line: d.line,
          column: d.column,
          from: d.from,
          to: d.to,
          message: `${d.code}: ${d.message}`,
        }));
        const first = compiled.diagnostics[0];
        const text = `${tr('labCompileFailed', { n: compiled.diagnostics.length })}${
          first ? ` ${tr('labRuntimeError', { line: first.line, message: first.message })}` : ''
        }`;
        return show({ tone: 'error', text, code: first?.code ?? 'TS' }, marks);
      }
      js = compiled.js;
      lines = compiled.lines;
    }
    if (!slot.sandbox) {
      show({ tone: 'busy', text: tr('labStarting') });
      try {
        slot.sandbox = await Sandbox.create({ deadlineMs: this.deadlineMs });
      } catch (error) {
        return show({ tone: 'error', text: tr('labFailed', { why: String(error) }), code: 'PLUGIN_ERROR' });
      }
    }
    show({ tone: 'busy', text: tr('labLoadingPlugin') });
    const loaded = await slot.sandbox.load(js);
    if (!loaded.ok) {
      // Loading replaced what the sandbox held: the old version is gone too.
      slot.applied = null;
      this.sync();
      const { error } = loaded;
      const marks = error.line
        ? [{ line: error.line, ...(error.column ? { column: error.column } : {}), message: error.message }]
        : [];
      return show(
        { tone: 'error', text: tr('labFailed', { why: describe(error) }), code: error.code },
        marks,
      );
    }
    slot.applied = { source, name: loaded.name, lines, ...this.harnessParts(slot, slot.sandbox, loaded) };
    const refused = this.sync().filter((r) => slot.applied?.tools.some((t) => t.name === r.tool));
    const parts = [
      ...loaded.hooks,
      ...(loaded.tool ? [tr('labAppliedTool', { tool: loaded.tool.name })] : []),
    ];
    const text = [
      tr('labApplied', { name: loaded.name, hooks: parts.join(', ') || tr('labNoHooks') }),
      ...refused.map((r) => tr('labToolRefused', { why: r.reason })),
    ].join(' ');
    show({ tone: refused.length ? 'error' : 'ok', text });
  }

  private harnessParts(slot: Slot, sandbox: Sandbox, loaded: Extract<LoadResult, { ok: true }>) {
    const plugin = sandboxPlugin(sandbox, loaded, {
      order: slot.order,
      onCall: (call: SandboxCall) =>
        this.heard(slot, { plugin: call.plugin, fn: call.hook, input: call.input, result: call.result }),
      onNoticeError: (error: PluginError) => console.warn(error.message),
    });
    const name = loaded.name;
    const tools = loaded.tool
      ? [
          sandboxTool(sandbox, loaded.tool, {
            onCall: ({ fn, args, result }) => this.heard(slot, { plugin: name, fn, input: args, result }),
          }),
        ]
      : [];
    return { plugin, tools };
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
  private heard(slot: Slot, call: Omit<ConsoleEntry, 'n' | 'invalid'>): void {
    const invalid = call.result.ok ? checkResult(call.fn, call.result.value) : null;
    this.log.push({ ...call, n: ++this.calls, invalid });
    if (this.log.length > MAX_CONSOLE) this.log.shift();
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
    this.renderConsole();
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
                onclick: () => void this.loadExample(example),
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
      h(
        'section',
        { class: 'lab-console', 'aria-label': tr('labConsole') },
        h(
          'header',
          {},
          h('h3', {}, tr('labConsole')),
          h(
            'button',
            {
              type: 'button',
              class: 'ghost',
              'data-action': 'lab-clear',
              onclick: () => {
                this.log.length = 0;
                this.renderConsole();
              },
            },
            tr('labClear'),
          ),
        ),
        this.consoleEl,
      ),
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
    this.renderConsole();
  }

  private renderSlots(): void {
    fill(
      this.slotsEl,
      this.slots.map((slot, i) => {
        const state = !slot.enabled
          ? tr('labOff')
          : !slot.applied
            ? tr('labNotApplied')
            : slot.applied.source !== slot.source
              ? tr('labEdited')
              : null;
        const label = slot.applied?.name ?? nameIn(slot.source) ?? tr('labUnnamed', { n: i + 1 });
        return h(
          'div',
          {
            class: 'lab-slot',
            'data-slot': i,
            'data-selected': String(i === this.selected),
            'data-applied': String(Boolean(slot.applied)),
            'data-error': slot.status?.tone === 'error' ? 'true' : undefined,
          },
          h('input', {
            type: 'checkbox',
            'aria-label': `${tr('labEnabled')}: ${label}`,
            'data-action': 'lab-enabled',
            checked: slot.enabled,
            onchange: (e: Event) => this.setEnabled(slot, (e.target as HTMLInputElement).checked),
          }),
          h(
            'button',
            {
              type: 'button',
              class: 'lab-slot-name',
              'aria-pressed': String(i === this.selected),
              onclick: () => this.select(i),
            },
            label,
            state && h('span', { class: 'muted small' }, ` · ${state}`),
          ),
        );
      }),
      this.slots.length < MAX_LAB_PLUGINS &&
        h(
          'button',
          { type: 'button', class: 'ghost', 'data-action': 'lab-new', onclick: () => this.add() },
          tr('labNew'),
        ),
    );
  }

  private renderToolbar(): void {
    const slot = this.current;
    const select = <V extends string | number>(
      id: string,
      label: string,
      value: V,
      options: readonly (readonly [V, string])[],
      change: (v: string) => void,
    ) =>
      h(
        'label',
        { class: 'lab-field' },
        h('span', { class: 'muted small' }, label),
        h(
          'select',
          { 'data-action': id, onchange: (e: Event) => change((e.target as HTMLSelectElement).value) },
          options.map(([v, text]) => h('option', { value: String(v), selected: v === value }, text)),
        ),
      );
    const busy = slot.status?.tone === 'busy';
    fill(
      this.toolbar,
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          'data-action': this.fromLink ? 'lab-run' : 'lab-apply',
          disabled: busy,
          onclick: () => void (this.fromLink ? this.applyAll() : this.apply(slot)),
        },
        this.fromLink ? `▶ ${tr('labRun')}` : tr('labApply'),
      ),
      select(
        'lab-language',
        tr('labLanguage'),
        slot.language,
        [
          ['js', 'JavaScript'],
          ['ts', 'TypeScript'],
        ] as const,
        (v) => this.setLanguage(v as LabPlugin['language']),
      ),
      select(
        'lab-order',
        tr('labOrder'),
        slot.order,
        [
          ['pre', tr('labOrderPre')],
          ['default', tr('labOrderDefault')],
        ] as const,
        (v) => this.setOrder(v as LabPlugin['order']),
      ),
      select(
        'lab-deadline',
        tr('labDeadline'),
        this.deadlineMs,
        DEADLINES.map((ms) => [ms, String(ms)] as const),
        (v) => this.setDeadline(Number(v)),
      ),
      h(
        'button',
        { type: 'button', class: 'ghost', 'data-action': 'lab-remove', onclick: () => this.remove() },
        tr('labRemove'),
      ),
    );
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

  private renderConsole(): void {
    if (this.log.length === 0) {
      fill(this.consoleEl, h('li', { class: 'muted small' }, tr('labConsoleEmpty')));
      return;
    }
    fill(
      this.consoleEl,
      [...this.log].reverse().map(({ n, plugin, fn, input, result, invalid }) => {
        const error = result.ok ? invalid : result.error;
        const memory = result.ok ? ` · ${num(Math.round((result.memoryBytes ?? 0) / 1024))} KB` : '';
        return h(
          'li',
          { class: 'lab-call', 'data-hook': fn, 'data-outcome': error ? 'error' : 'ok' },
          h(
            'details',
            {},
            h(
              'summary',
              {},
              h('span', { class: 'muted' }, `#${n} `),
              h('strong', {}, fn),
              ` · ${plugin} · ${result.durationMs.toFixed(1)} ms${memory} · `,
              error ? h('code', { class: 'err-code' }, error.code) : h('span', {}, summarize(result.value)),
            ),
            h('p', { class: 'muted small' }, tr('labInput')),
            h('pre', { tabindex: 0 }, pretty(input)),
            h('p', { class: 'muted small' }, tr('labOutput')),
            h(
              'pre',
              { tabindex: 0 },
              error ? `${error.code} (${error.reason}): ${error.message}` : pretty(result.value),
            ),
            result.logs.length > 0 && h('p', { class: 'muted small' }, tr('labLogs')),
            result.logs.length > 0 && h('pre', { tabindex: 0 }, result.logs.join('\n')),
          ),
        );
      }),
    );
  }
}

function defaultPlugin(): LabPlugin {
  return { source: starterPlugin('js'), language: 'js', order: 'default', enabled: true };
}

/** The `name` a module exports, read from its text for labels before it is loaded. */
function nameIn(source: string): string | null {
  return /export\s+const\s+name\s*(?::\s*string\s*)?=\s*(['"`])([^'"`\n]{1,60})\1/.exec(source)?.[2] ?? null;
}

function describe(error: SandboxError): string {
  const at = error.line ? ` (line ${error.line}${error.column ? `:${error.column}` : ''})` : '';
  return `${error.message}${at}`;
}

/** A decision in a few words: its verdict or action, or the start of its JSON. */
function summarize(value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    const head = v.verdict ?? v.action;
    if (typeof head === 'string') {
      const extra = 'content' in v ? ' content' : 'value' in v ? ' value' : '';
      return `${head}${extra}`;
    }
  }
  const json = JSON.stringify(value) ?? 'undefined';
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
}

function pretty(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'undefined';
  return text.length > 4000 ? `${text.slice(0, 4000)}\n…` : text;
}

/** The API, short, in the lab itself; the README has the long form. */
function apiDocs(): HTMLElement {
  return h(
    'details',
    { class: 'lab-docs' },
    h('summary', {}, tr('labDocs')),
    h('p', { class: 'muted small' }, tr('labTypesNote')),
    h('pre', { tabindex: 0 }, API_SUMMARY),
  );
}

const API_SUMMARY = `export const name = 'my-plugin';            // required

// Before a call. Return one decision:
export function preExecute({ session, callId, tool, args }) {
  return { verdict: 'allow' }
      // | { verdict: 'deny', reason: '…' }
      // | { verdict: 'ask', prompt: '…' }   (the person decides)
}

// After a call. input.result = { content, error?, meta? }; input.value = what programs read.
export function postExecute({ session, callId, tool, args, result, value }) {
  return { action: 'pass' }
      // | { action: 'accept', content: [...] }  the model's text only
      // | { action: 'accept', value: … }        the value; content, meta and card are rebuilt
      // | { action: 'block', feedback: '…' }    an error the model can act on
      // never content and value together
}

// Slot hooks: the first listener alone decides (order 'pre' goes before the built-in policy).
export function writeIntent({ session, callId, tool, path }) {
  return { verdict: 'proceed', guard: { kind: 'createIfAbsent' } }
      // guard: { kind: 'none' } | { kind: 'replaceIfVersion', version: 'v3' }
      // | { verdict: 'refuse', code: 'MY_CODE', message: '…', remedy: '…' }
}
export function editIntent({ session, callId, tool, path }) {
  return { verdict: 'proceed', guard: { kind: 'ifVersion', version: 'v3' } };
}

// Told of every fs/observed event; its answer is ignored.
export function observed(event) {}

// A tool of your own (its arguments: JSON Schema):
export const tool = {
  name: 'my_tool', description: '…',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  execute(args) { return { any: 'json' }; },          // the value
  render(args, value) { return [{ type: 'text', text: '…' }]; },  // pure: what the model reads
};

// Limits per call: the deadline above, 32 MB of memory, a 128 KB stack. No DOM, storage,
// network or timers; Date is fixed and Math.random seeded. Only JSON crosses the bridge.`;
