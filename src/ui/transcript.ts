import type { LiveCall, TranscriptEntry } from '../harness';
import { h, num } from './dom';
import { entryView, patchEntry, unsettled } from './entries';
import { tr } from './i18n';

/** How many entries a long log shows at first; older ones come in pages, so long sessions open fast. */
const PAGE = 150;

/** Where the entries of the transcript come from: a live session, or a log shown in replay. */
export interface TranscriptSource {
  /** Changes when another session or replay is shown: the transcript then starts afresh. */
  key: string;
  entries: readonly TranscriptEntry[];
  /** Live values by call id (empty on replay: a replay never has values). */
  calls: ReadonlyMap<string, LiveCall>;
  /**
   * The entries are still being read (a long log, in chunks): only the first page of them is drawn, and
   * the source's `key` changes once they are all in, so the transcript then shows the newest page.
   */
  partial?: boolean;
}

/**
 * The transcript: model messages, call cards and result cards. Updated in place: a new entry appends its
 * node, a call getting its result patches its own node, and nothing else is touched; an entry's node
 * lives as long as the entry is shown. A long log shows its newest `PAGE` entries, older ones on request.
 */
export class TranscriptView {
  readonly el = h('div', { class: 'transcript-list' });
  // One button for the whole life of the view, so keyboard focus on it survives.
  private readonly earlier = h('button', { type: 'button', class: 'earlier', onclick: () => this.more() });
  private readonly empty = h('p', { class: 'empty muted' }, tr('emptyTranscript'));
  private key: string | null = null;
  private source: TranscriptSource | null = null;
  /** Nodes by entry seq, with the entry each shows. */
  private nodes = new Map<number, { entry: TranscriptEntry; node: HTMLElement }>();
  /** The index of the first entry shown. */
  private start = 0;
  /** Entries before this index are shown and settled: they never change again. */
  private settled = 0;
  private readonly appended = new Set<(nodes: readonly HTMLElement[]) => void>();

  /** Hears the nodes each update appended (to keep the newest in view). */
  onAppend(listener: (nodes: readonly HTMLElement[]) => void): () => void {
    this.appended.add(listener);
    return () => this.appended.delete(listener);
  }

  /** Shows `source`: appends new entries and patches changed ones, or starts afresh for a new source. */
  sync(source: TranscriptSource): void {
    if (source.key !== this.key) this.restart(source);
    this.source = source;
    const { entries, calls } = source;
    const added: HTMLElement[] = [];
    let settled = this.settled;
    const end = source.partial ? Math.min(entries.length, this.start + PAGE) : entries.length;
    for (let i = Math.max(this.start, this.settled); i < end; i++) {
      const entry = entries[i]!;
      const shown = this.nodes.get(entry.seq);
      const live = entry.kind === 'call' ? calls.get(entry.callId) : undefined;
      if (!shown) {
        const node = entryView(entry, live);
        this.nodes.set(entry.seq, { entry, node });
        // An entry may come in before one already shown (an external edit made during a call).
        const next = entries[i + 1];
        const before = next && this.nodes.get(next.seq)?.node;
        if (before) before.before(node);
        else this.el.append(node);
        added.push(node);
      } else if (shown.entry !== entry) {
        patchEntry(shown.node, entry, live);
        shown.entry = entry;
      }
      if (settled === i && !unsettled(entry)) settled = i + 1;
    }
    this.settled = settled;
    this.empty.hidden = entries.length > 0;
    if (added.length) for (const listener of this.appended) listener(added);
  }

  /** Forgets every node, so the next `sync` draws the transcript again (after a language change). */
  clear(): void {
    this.key = null;
  }

  private restart(source: TranscriptSource): void {
    this.key = source.key;
    this.nodes = new Map();
    this.start = Math.max(0, source.entries.length - PAGE);
    this.settled = this.start;
    this.el.replaceChildren(this.empty);
    this.empty.textContent = tr('emptyTranscript');
    this.showEarlier();
  }

  private showEarlier(): void {
    if (this.start === 0) {
      this.earlier.remove();
      return;
    }
    this.earlier.textContent = tr('showEarlier', { n: num(Math.min(this.start, PAGE)) });
    // Moving the button would take keyboard focus off it.
    if (this.el.firstChild !== this.earlier) this.el.prepend(this.earlier);
  }

  // Older entries go in before the first one shown; the ones shown stay as they are.
  private more(): void {
    const source = this.source;
    if (!source || this.start === 0) return;
    const from = Math.max(0, this.start - PAGE);
    const first = this.el.querySelector(':scope > .message, :scope > .turn');
    const older = source.entries.slice(from, this.start).map((entry) => {
      const live = entry.kind === 'call' ? source.calls.get(entry.callId) : undefined;
      const node = entryView(entry, live);
      this.nodes.set(entry.seq, { entry, node });
      return node;
    });
    if (first) first.before(...older);
    else this.el.append(...older);
    this.start = from;
    this.showEarlier();
  }
}
