import type { ExternalChange } from '../model/scenario';
import { h } from './dom';
import { tr } from './i18n';

/** One file shown in the comparison, and the race that targets it. */
export interface Column {
  label: string;
  path: string;
  file: { content: string; version: string } | null;
  race: { change: ExternalChange; landed: boolean } | null;
}

function verdict(column: Column): HTMLElement | null {
  if (!column.race) return null;
  if (!column.race.landed) return h('p', { class: 'muted' }, tr('raceNotYet'));
  const mark = column.race.change.replace ?? column.race.change.append ?? '';
  const kept = Boolean(column.file?.content.includes(mark));
  return h(
    'p',
    { class: kept ? 'verdict kept' : 'verdict lost', 'data-kept': String(kept) },
    tr(kept ? 'changeKept' : 'changeLost'),
  );
}

/** Files next to each other, each with its final content and whether the other writer's change survived. */
export function sideBySideView(columns: readonly Column[]): HTMLElement {
  return h(
    'section',
    { class: 'side-by-side', 'aria-label': tr('sideBySide') },
    h('h3', {}, tr('sideBySide')),
    h(
      'div',
      { class: 'columns' },
      columns.map((c) =>
        h(
          'div',
          { class: 'column', 'data-compare-path': c.path },
          h('h4', {}, c.label),
          h('p', { class: 'path' }, `${c.path}${c.file ? ` · ${c.file.version}` : ''}`),
          h('pre', {}, c.file?.content ?? '—'),
          verdict(c),
        ),
      ),
    ),
  );
}
