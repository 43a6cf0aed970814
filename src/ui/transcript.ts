import type { CallEntry, LiveCall, TranscriptEntry } from '../harness';
import { renderCard } from './cards';
import { h, num } from './dom';
import { tr } from './i18n';

/** How many entries are on screen at first; older ones come in pages, so long sessions stay light. */
const PAGE = 150;

const bytes = (text: string) => new TextEncoder().encode(text).length;

function valueView(live: LiveCall | undefined, failed: boolean): HTMLElement | null {
  if (failed) return null;
  if (!live) return h('p', { class: 'value-note', 'data-value': 'unavailable' }, tr('valueUnavailable'));
  let json: string;
  try {
    json = JSON.stringify(live.value, null, 2) ?? 'undefined';
  } catch {
    json = String(live.value);
  }
  return h(
    'details',
    { class: 'value-view', 'data-value': 'live' },
    h('summary', {}, tr('value'), ' ', h('span', { class: 'badge' }, tr('notPersisted'))),
    h('pre', { tabindex: 0 }, json),
  );
}

function resultView(entry: CallEntry, live: LiveCall | undefined, replaying: boolean): HTMLElement {
  const result = entry.result;
  if (!result) return h('p', { class: 'pending', 'aria-live': 'polite' }, tr('pending'));
  const error = result.error;
  const impure = live?.impure ?? [];
  return h(
    'article',
    {
      class: `result${error ? ' is-error' : ''}`,
      'data-card': result.card.card.card,
      'data-tool': entry.tool,
      'data-error-code': error?.code,
      'data-impure': impure.length ? 'true' : undefined,
      'aria-label': `${tr('result')}: ${entry.tool}${error ? ` — ${error.code}` : ''}`,
    },
    h(
      'header',
      {},
      h('span', { class: 'role' }, tr('result')),
      ' ',
      h('span', { class: 'tool' }, entry.tool),
      result.card.card.title && h('span', { class: 'card-title' }, result.card.card.title),
    ),
    error &&
      h(
        'div',
        { class: 'error', role: 'note' },
        h('p', {}, h('strong', { class: 'err-code' }, `✖ ${error.code}`)),
        h('p', {}, error.message),
        error.remedy && h('p', { class: 'remedy' }, h('strong', {}, `${tr('remedy')}: `), error.remedy),
      ),
    entry.decisions.map((d) =>
      h('p', { class: 'decision' }, `⚖ ${tr('decidedBy', { hook: d.hook, plugin: d.plugin })}`),
    ),
    result.card.fallback &&
      h('p', { class: 'fallback' }, `⚠ ${tr('fallbackCard', { why: result.card.fallback })}`),
    impure.length > 0 &&
      h('p', { class: 'impure', role: 'note' }, `⚠ ${tr('impure', { which: impure.join(', ') })}`),
    !error && renderCard(result.card.card),
    h(
      'details',
      { class: 'model-view' },
      h(
        'summary',
        {},
        tr('modelSaw'),
        ' ',
        h(
          'span',
          { class: 'muted' },
          tr('bytesChars', { bytes: num(bytes(result.modelText)), chars: num(result.modelText.length) }),
        ),
      ),
      h('pre', { 'data-model-view': '', tabindex: 0 }, result.modelText),
    ),
    valueView(replaying ? undefined : live, Boolean(error)),
  );
}

function entryView(
  entry: TranscriptEntry,
  calls: ReadonlyMap<string, LiveCall>,
  replaying: boolean,
): HTMLElement {
  if (entry.kind === 'message') {
    return h(
      'div',
      { class: 'message', 'data-seq': entry.seq },
      h('span', { class: 'who' }, tr('model')),
      h('p', {}, entry.text),
    );
  }
  return h(
    'section',
    { class: 'turn', 'data-seq': entry.seq, 'data-call-id': entry.callId },
    h(
      'div',
      { class: 'call', 'data-call-card': entry.call.card.card },
      h(
        'header',
        {},
        h('span', { class: 'role' }, tr('call')),
        ' ',
        h('span', { class: 'tool' }, entry.tool),
      ),
      renderCard(entry.call.card),
    ),
    resultView(entry, calls.get(entry.callId), replaying),
  );
}

/**
 * Makes `parent`'s children exactly `nodes`, in order, touching only what changed: a step that adds one
 * entry appends one node instead of re-inserting the whole transcript (which made the browser restyle
 * and lay out every card again on every step), and focus inside kept nodes stays where it is.
 */
function place(parent: HTMLElement, nodes: readonly Node[]): void {
  const keep = new Set(nodes);
  for (const child of [...parent.childNodes]) if (!keep.has(child)) child.remove();
  let cursor = parent.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}

/**
 * The transcript: model messages, call cards and result cards. Re-renders only entries whose object
 * changed (entries are immutable), and shows the newest `PAGE` entries with older ones on request.
 */
export class TranscriptView {
  readonly el = h('div', { class: 'transcript-list' });
  // One button for the whole life of the view, so keyboard focus on it survives a re-render.
  private readonly earlier = h('button', { type: 'button', class: 'earlier', onclick: () => this.more() });
  private rendered = new Map<number, { entry: TranscriptEntry; node: HTMLElement }>();
  private shown = PAGE;
  private last: {
    entries: readonly TranscriptEntry[];
    calls: ReadonlyMap<string, LiveCall>;
    replaying: boolean;
  } | null = null;

  update(
    entries: readonly TranscriptEntry[],
    calls: ReadonlyMap<string, LiveCall>,
    replaying: boolean,
  ): void {
    if (this.last && (this.last.replaying !== replaying || this.last.calls !== calls)) this.rendered.clear();
    this.last = { entries, calls, replaying };
    const start = Math.max(0, entries.length - this.shown);
    const nodes: HTMLElement[] = [];
    if (start > 0) {
      this.earlier.textContent = tr('showEarlier', { n: num(Math.min(start, PAGE)) });
      nodes.push(this.earlier);
    }
    if (entries.length === 0) nodes.push(h('p', { class: 'empty muted' }, tr('emptyTranscript')));
    const next = new Map<number, { entry: TranscriptEntry; node: HTMLElement }>();
    for (const entry of entries.slice(start)) {
      const old = this.rendered.get(entry.seq);
      const node = old && old.entry === entry ? old.node : entryView(entry, calls, replaying);
      next.set(entry.seq, { entry, node });
      nodes.push(node);
    }
    this.rendered = next;
    place(this.el, nodes);
  }

  /** Forgets every rendered node (after a language change). */
  clear(): void {
    this.rendered.clear();
  }

  private more(): void {
    this.shown += PAGE;
    if (this.last) this.update(this.last.entries, this.last.calls, this.last.replaying);
  }
}
