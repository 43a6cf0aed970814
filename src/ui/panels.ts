import { EVENT_TYPES, type HarnessEvent, type Registry, type ToolWords } from '../harness';
import type { Ledger, LedgerEntry } from '../plugins/fs-observation-policy';
import { fill, h } from './dom';
import { lang, tr } from './i18n';
import type { FileSource } from './workspace';

/**
 * A side panel: its element, kept for the life of the page (per language), and `update`, which brings
 * it up to date in place. The side panels call `update` only while the panel is shown, and once when it
 * is shown again.
 */
export interface Panel {
  readonly el: HTMLElement;
  update(): void;
}

/** Keeps `parent`'s children exactly `nodes`, in order, moving only what is out of place. */
export function place(parent: Element, nodes: readonly Node[]): void {
  nodes.forEach((node, i) => {
    if (parent.childNodes[i] !== node) parent.insertBefore(node, parent.childNodes[i] ?? null);
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild!.remove();
}

/** The files list: every file with its version; a click opens it in the editor. Rows are kept by path. */
export class FilesList {
  readonly el = h('ul', { class: 'file-list' });
  private rows = new Map<string, { li: HTMLElement; version: HTMLElement; focus: HTMLElement }>();

  constructor(
    private readonly source: () => FileSource,
    private readonly open: (path: string) => void,
    private readonly focus: () => string | undefined,
  ) {}

  update(): void {
    const focus = this.focus();
    const files = this.source();
    const rows = files.list().map(({ path, version }) => {
      let row = this.rows.get(path);
      if (!row) {
        const versionEl = h('span', { class: 'version' });
        const focusEl = h(
          'span',
          { class: 'badge', 'aria-hidden': 'true', title: tr('simulateExternal') },
          '✎',
        );
        const li = h(
          'li',
          { 'data-file': path },
          h(
            'button',
            { type: 'button', class: 'file', onclick: () => this.open(path) },
            h('span', { class: 'visually-hidden' }, tr('openPrefix')),
            h('span', { class: 'path' }, path),
            focusEl,
            versionEl,
          ),
        );
        row = { li, version: versionEl, focus: focusEl };
        this.rows.set(path, row);
      }
      if (row.version.textContent !== version) {
        row.version.textContent = version;
        row.version.dataset.version = version;
      }
      row.focus.hidden = path !== focus;
      return row.li;
    });
    const shown = new Set(files.list().map((f) => f.path));
    for (const path of this.rows.keys()) if (!shown.has(path)) this.rows.delete(path);
    place(this.el, rows);
  }
}

function ledgerCells(path: string, entry: LedgerEntry, now: string | undefined): HTMLElement[] {
  // The ledger's own words (present@v1, absent), as the design names its states; the title says them.
  const known =
    entry.state === 'present'
      ? h('code', { title: tr('knowsPresent', { version: entry.version }) }, `present@${entry.version}`)
      : h('code', { title: tr('knowsAbsent') }, 'absent');
  const stale = entry.state === 'present' ? now !== entry.version : now !== undefined;
  return [
    // A break may come before each slash but the first, so a narrow pane splits the path between its names.
    h(
      'td',
      { class: 'path' },
      path.split(/(?=\/)/).flatMap((part, i) => (i ? [h('wbr'), part] : [part])),
    ),
    h(
      'td',
      { class: 'known' },
      known,
      entry.state === 'present' && entry.lines
        ? h('span', { class: 'muted' }, ` (${entry.lines.map(([a, b]) => `${a}–${b}`).join(', ')})`)
        : '',
    ),
    h('td', {}, now ?? '—'),
    h(
      'td',
      { class: 'state' },
      stale ? staleWords() : h('span', { class: 'badge' }, `✓\u00a0${tr('current')}`),
    ),
  ];
}

/**
 * A stale row's state: a short pill with the state's word ("⚠ stale"), then its detail ("the file moved
 * on") that may wrap under it, so a narrow ledger never breaks up the pill.
 */
function staleWords(): (HTMLElement | string)[] {
  const pill = h('span', { class: 'badge warn' }, `⚠\u00a0${tr('stale')}`);
  return [pill, ' ', h('span', { class: 'state-detail' }, tr('staleDetail'))];
}

/**
 * The observation ledger: each path the agent knows, its state, and the file's current version; a row
 * whose recorded version is behind the file's is marked stale in words and a symbol, not colour alone.
 * A row is redrawn only when what it says changed.
 */
export class LedgerPanel implements Panel {
  readonly el = h('div', { class: 'ledger-panel' });
  private readonly body = h('tbody');
  private readonly table = h(
    'table',
    { class: 'ledger' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, tr('path')),
        h('th', { scope: 'col' }, tr('agentKnows')),
        h('th', { scope: 'col' }, tr('fileVersion')),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, tr('freshness'))),
      ),
    ),
    this.body,
  );
  private readonly note = h('p', { class: 'muted' });
  private rows = new Map<string, { tr: HTMLElement; says: string }>();

  constructor(
    private readonly ledger: () => Ledger | null,
    private readonly files: () => FileSource,
    /** The name of the run's policy when it is one that keeps no observation ledger, else null. */
    private readonly other: () => string | null = () => null,
  ) {}

  update(): void {
    const ledger = this.ledger();
    if (!ledger || ledger.size === 0) {
      const other = ledger ? null : this.other();
      this.note.textContent = other
        ? tr('ledgerOther', { policy: other })
        : tr(ledger ? 'ledgerEmpty' : 'ledgerOff');
      if (this.el.firstChild !== this.note) fill(this.el, this.note);
      this.rows.clear();
      this.body.replaceChildren();
      return;
    }
    if (this.el.firstChild !== this.table) fill(this.el, this.table);
    const rows = [...ledger]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, entry]) => {
        const now = this.files().version(path);
        const says = JSON.stringify([entry, now]);
        const old = this.rows.get(path);
        if (old && old.says === says) return old.tr;
        const stale = entry.state === 'present' ? now !== entry.version : now !== undefined;
        const row = old?.tr ?? h('tr', { 'data-ledger-path': path });
        row.dataset.state = entry.state;
        row.dataset.version = entry.state === 'present' ? entry.version : '';
        row.dataset.stale = String(stale);
        row.className = stale ? 'stale' : '';
        row.replaceChildren(...ledgerCells(path, entry, now));
        this.rows.set(path, { tr: row, says });
        return row;
      });
    place(this.body, rows);
  }
}

/** The raw event log, newest last, following the log as it grows; a long log shows its tail. */
export class LogPanel implements Panel {
  // Scrolls on its own: focusable so a keyboard can scroll it too.
  private readonly list = h('ol', { class: 'event-log', tabindex: 0 });
  private readonly filter = h(
    'select',
    { id: 'log-filter', 'data-action': 'log-filter', onchange: () => this.refilter() },
    h('option', { value: '' }, tr('logAllTypes')),
    EVENT_TYPES.map((type) => h('option', { value: type }, type)),
  );
  readonly el = h(
    'div',
    { class: 'log-panel' },
    h('p', { class: 'log-toolbar' }, h('label', { for: 'log-filter' }, tr('logShow')), ' ', this.filter),
    this.list,
  );
  private events: readonly HarnessEvent[] | null = null;
  private shown = 0;

  constructor(
    private readonly source: () => readonly HarnessEvent[],
    private readonly limit = 300,
  ) {}

  /** Shows only the events of the chosen type (all when none is chosen). */
  private refilter(): void {
    const type = this.filter.value;
    for (const li of this.list.children as HTMLCollectionOf<HTMLElement>)
      li.hidden = type !== '' && li.dataset.event !== type;
    this.list.dataset.filter = type;
    this.list.scrollTop = this.list.scrollHeight;
  }

  update(): void {
    const events = this.source();
    const list = this.list;
    // Another log (a new session, a replay): start again from its tail.
    if (events !== this.events || events.length < this.shown) {
      this.events = events;
      this.shown = Math.max(0, events.length - this.limit);
      list.replaceChildren();
    }
    // Following the log: it stays at its end if it was there (or was just started again).
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    const type = this.filter.value;
    const added = events.slice(this.shown).map((e, i) =>
      h(
        'li',
        // Numbered by its place in the log, which a filter does not change.
        { 'data-event': e.type, value: this.shown + i + 1, hidden: type !== '' && e.type !== type },
        h('code', { class: 'type' }, e.type),
        ' ',
        h('code', { class: 'json' }, JSON.stringify(e)),
      ),
    );
    this.shown = events.length;
    if (added.length === 0) return;
    list.append(...added);
    while (list.children.length > this.limit) list.firstElementChild!.remove();
    if (atEnd) list.scrollTop = list.scrollHeight;
  }
}

/** Every tool as the model receives it: name, description, JSON Schema. Drawn again when the tools change. */
export class ToolsPanel implements Panel {
  readonly el = h('div', { class: 'tools-list' });
  private shown: { registry: Registry; names: string } | null = null;

  constructor(private readonly registry: () => Registry) {}

  update(): void {
    const registry = this.registry();
    const names = registry
      .list()
      .map((t) => t.name)
      .join(' ');
    if (this.shown?.registry === registry && this.shown.names === names) return;
    this.shown = { registry, names };
    fill(
      this.el,
      registry
        .schemas()
        .map((s) =>
          h(
            'details',
            { class: 'tool-schema', 'data-tool-schema': s.name },
            h('summary', {}, h('code', {}, s.name)),
            ...describeTool(s.description, registry.get(s.name)?.words),
            h('pre', { tabindex: 0 }, JSON.stringify(s.inputSchema, null, 2)),
          ),
        ),
    );
  }
}

/**
 * A tool's description: the model's words, and the tool's own words for a person in their language when
 * it has them (a language it has none for shows the model's words as they are).
 */
function describeTool(description: string, forPeople: ToolWords | undefined): HTMLElement[] {
  const words = forPeople?.[lang()];
  if (!words) return [h('p', {}, description)];
  return [
    h('p', {}, words),
    h(
      'details',
      { class: 'verbatim' },
      h('summary', {}, tr('modelDescription')),
      h('pre', { lang: 'en' }, description),
    ),
  ];
}
