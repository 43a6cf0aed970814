import type { CallResult, GuestFunction, SandboxError } from '../../sandbox';
import { h, num } from '../dom';
import { tr } from '../i18n';

/** One line of the console: a hook call, or a call of the plugin's tool (`tool.execute`, …). */
export interface ConsoleEntry {
  plugin: string;
  fn: GuestFunction;
  input: unknown;
  result: CallResult;
  /** Why a result that came back is not what the harness takes, when it is not. */
  invalid: SandboxError | null;
}

const MAX_CONSOLE = 200;

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

function entryView(n: number, { plugin, fn, input, result, invalid }: ConsoleEntry): HTMLElement {
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
}

/**
 * The lab's console: every call into the sandbox, newest first, with its input, its output (or error),
 * the time it took, the sandbox's memory and the plugin's console lines. A call adds its line at the top;
 * the oldest go beyond 200.
 */
export class LabConsole {
  readonly el: HTMLElement;
  private readonly list = h('ol', { class: 'lab-console-list', 'aria-live': 'off' });
  private readonly empty = h('li', { class: 'muted small' }, tr('labConsoleEmpty'));
  private calls = 0;

  constructor() {
    this.list.append(this.empty);
    this.el = h(
      'section',
      { class: 'lab-console', 'aria-label': tr('labConsole') },
      h(
        'header',
        {},
        h('h3', {}, tr('labConsole')),
        h(
          'button',
          { type: 'button', class: 'ghost', 'data-action': 'lab-clear', onclick: () => this.clear() },
          tr('labClear'),
        ),
      ),
      this.list,
    );
  }

  /** Adds one call at the top. */
  push(entry: ConsoleEntry): void {
    this.empty.remove();
    this.list.prepend(entryView(++this.calls, entry));
    while (this.list.children.length > MAX_CONSOLE) this.list.lastElementChild!.remove();
  }

  clear(): void {
    this.list.replaceChildren(this.empty);
  }
}
