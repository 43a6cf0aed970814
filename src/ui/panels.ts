import type { FileInfo } from '../fs/types';
import type { HarnessEvent, Registry } from '../harness';
import type { Ledger } from '../plugins/fs-observation-policy';
import { h } from './dom';
import { tr } from './i18n';

/** The files panel: every file with its version; a click opens it in the editor. */
export function filesView(
  files: readonly FileInfo[],
  open: (path: string) => void,
  focus: string | undefined,
): HTMLElement {
  return h(
    'ul',
    { class: 'file-list' },
    files.map((f) =>
      h(
        'li',
        { 'data-file': f.path },
        h(
          'button',
          {
            type: 'button',
            class: 'file',
            onclick: () => open(f.path),
            'aria-label': tr('openFile', { path: f.path }),
          },
          h('span', { class: 'path' }, f.path),
          f.path === focus && h('span', { class: 'badge', title: tr('simulateExternal') }, '✎'),
          h('span', { class: 'version', 'data-version': f.version }, f.version),
        ),
      ),
    ),
  );
}

/**
 * The observation ledger: each path the agent knows, its state, and the file's current version; a row
 * whose recorded version is behind the file's is marked stale in words and a symbol, not colour alone.
 */
export function ledgerView(ledger: Ledger | null, files: readonly FileInfo[]): HTMLElement {
  if (!ledger) return h('p', { class: 'muted' }, tr('ledgerOff'));
  if (ledger.size === 0) return h('p', { class: 'muted' }, tr('ledgerEmpty'));
  const versions = new Map(files.map((f) => [f.path, f.version]));
  const rows = [...ledger]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, entry]) => {
      const now = versions.get(path);
      const known = entry.state === 'present' ? `present@${entry.version}` : tr('absent');
      const stale = entry.state === 'present' ? now !== entry.version : now !== undefined;
      return h(
        'tr',
        {
          'data-ledger-path': path,
          'data-state': entry.state,
          'data-version': entry.state === 'present' ? entry.version : '',
          'data-stale': stale ? 'true' : 'false',
          class: stale ? 'stale' : '',
        },
        h('td', { class: 'path' }, path),
        h(
          'td',
          {},
          known,
          entry.state === 'present' && entry.lines
            ? h('span', { class: 'muted' }, ` (${entry.lines.map(([a, b]) => `${a}–${b}`).join(', ')})`)
            : '',
        ),
        h('td', {}, now ?? '—'),
        h(
          'td',
          {},
          stale
            ? h('span', { class: 'badge warn' }, `⚠ ${tr('stale')}`)
            : h('span', { class: 'badge' }, `✓ ${tr('current')}`),
        ),
      );
    });
  return h(
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
    h('tbody', {}, rows),
  );
}

/** The raw event log, newest last; long logs show their tail. */
export function logView(events: readonly HarnessEvent[], limit = 300): HTMLElement {
  const shown = events.slice(-limit);
  return h(
    'ol',
    // Scrolls on its own: focusable so a keyboard can scroll it too.
    { class: 'event-log', start: events.length - shown.length, tabindex: 0 },
    shown.map((e) =>
      h(
        'li',
        { 'data-event': e.type },
        h('code', { class: 'type' }, e.type),
        ' ',
        h('code', { class: 'json' }, JSON.stringify(e)),
      ),
    ),
  );
}

/** Every tool as the model receives it: name, description, JSON Schema. */
export function toolsView(registry: Registry): HTMLElement {
  return h(
    'div',
    { class: 'tools-list' },
    registry
      .schemas()
      .map((s) =>
        h(
          'details',
          { class: 'tool-schema', 'data-tool-schema': s.name },
          h('summary', {}, h('code', {}, s.name)),
          h('p', {}, s.description),
          h('pre', { tabindex: 0 }, JSON.stringify(s.inputSchema, null, 2)),
        ),
      ),
  );
}
