import type { Card } from '../harness';
import { h, num } from './dom';
import { highlightInto } from './highlight-lazy';
import { tr } from './i18n';

type Of<K extends Card['card']> = Extract<Card, { card: K }>;

function readCard(card: Of<'read'>): HTMLElement {
  const to = card.offset + card.lines.length - 1;
  const label =
    card.totalLines === 0
      ? tr('emptyFile')
      : tr('linesOf', { from: num(card.offset), to: num(to), total: num(card.totalLines) });
  const partial = card.truncated ?? (card.offset > 1 || to < card.totalLines);
  const code = h('code', {}, card.lines.join('\n'));
  highlightInto(code, card.path, card.lines);
  return h(
    'div',
    { class: 'card-read' },
    h(
      'p',
      { class: 'card-head' },
      h('span', { class: 'path' }, card.path),
      ' ',
      h('span', { class: partial ? 'badge warn' : 'badge' }, label),
    ),
    h(
      'div',
      // Scrolls when the window is long: focusable so a keyboard can scroll it too.
      { class: 'code', tabindex: 0 },
      h(
        'pre',
        { class: 'gutter', 'aria-hidden': 'true' },
        card.lines.map((_, i) => card.offset + i).join('\n'),
      ),
      h('pre', { class: 'lines' }, code),
    ),
  );
}

function diffCard(card: Of<'diff'>): HTMLElement {
  const counts = h(
    'span',
    { class: 'counts' },
    h('span', { class: 'add' }, `+${card.added}`),
    ' ',
    h('span', { class: 'del' }, `−${card.removed}`),
  );
  const hunks = card.hunks.map((hunk) =>
    h(
      'div',
      { class: 'hunk', tabindex: 0 },
      h(
        'div',
        { class: 'hunk-head' },
        `@@ −${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ),
      hunk.lines.map((line) => {
        const kind = line[0] === '+' ? 'add' : line[0] === '-' ? 'del' : 'ctx';
        const sign = kind === 'add' ? '+' : kind === 'del' ? '−' : ' ';
        return h(
          'div',
          { class: `line ${kind}` },
          h('span', { class: 'sign', 'aria-hidden': 'true' }, sign),
          h('span', {}, line.slice(1) || ' '),
        );
      }),
    ),
  );
  return h(
    'div',
    { class: 'card-diff' },
    h(
      'p',
      { class: 'card-head' },
      h('span', { class: 'path' }, card.path),
      ' ',
      card.created && h('span', { class: 'badge' }, tr('created')),
      ' ',
      counts,
    ),
    diffFacts(card),
    hunks.length ? hunks : h('p', { class: 'muted' }, tr('noChanges')),
  );
}

/** What a diff card says of the file besides the change: its line endings, its BOM, the fallback. */
function diffFacts(card: Of<'diff'>): HTMLElement | null {
  const facts = [
    // LF is what a file has unless it says otherwise: only the others are worth a word.
    card.endings &&
      card.endings !== 'LF' &&
      h('span', { class: 'badge', 'data-endings': card.endings }, tr(`endings${card.endings}`)),
    card.bom && h('span', { class: 'badge', 'data-bom': 'true' }, tr('bomKept')),
    card.normalized &&
      h('span', { class: 'badge warn', 'data-normalized': 'true' }, `⚠ ${tr('unicodeFallback')}`),
  ].filter((fact): fact is HTMLSpanElement => Boolean(fact));
  return facts.length ? h('p', { class: 'card-facts' }, facts) : null;
}

function searchCard(card: Of<'search'>): HTMLElement {
  const groups = new Map<string, Of<'search'>['matches']>();
  for (const match of card.matches) groups.set(match.path, [...(groups.get(match.path) ?? []), match]);
  const status = card.truncated
    ? h(
        'span',
        { class: 'badge warn', 'data-truncated': 'true' },
        `⚠ ${tr('showingOf', { shown: num(card.matches.length), total: num(card.total) })}`,
      )
    : h('span', { class: 'badge' }, tr('allShown', { total: num(card.total) }));
  return h(
    'div',
    { class: 'card-search' },
    h('p', { class: 'card-head' }, h('code', {}, card.query), ' ', status),
    // Rows of a table (matches without line numbers, each with its data): one list, every row's data.
    card.matches.every((m) => m.line === undefined) && card.matches.some((m) => m.text !== undefined)
      ? h(
          'ol',
          { class: 'rows', tabindex: 0 },
          card.matches.map((m) =>
            h(
              'li',
              {},
              h('span', { class: 'ln' }, m.path),
              m.fields
                ? h(
                    'dl',
                    { class: 'fields' },
                    m.fields.map((f) =>
                      h('div', {}, h('dt', {}, f.label), h('dd', {}, h('code', {}, f.value))),
                    ),
                  )
                : h('code', {}, m.text ?? ''),
            ),
          ),
        )
      : [...groups].map(([path, matches]) =>
          h(
            'details',
            { class: 'group', open: true },
            h(
              'summary',
              {},
              h('span', { class: 'path' }, path),
              matches[0]?.line ? ` (${matches.length})` : '',
            ),
            matches.some((m) => m.line) &&
              h(
                'ol',
                { class: 'matches', tabindex: 0 },
                matches.map((m) =>
                  h('li', {}, h('span', { class: 'ln' }, String(m.line ?? '')), h('code', {}, m.text ?? '')),
                ),
              ),
          ),
        ),
    card.truncated &&
      h('p', { class: 'truncation' }, tr('truncatedWarn', { hidden: num(card.total - card.matches.length) })),
  );
}

/**
 * Renders any card. The one switch over the six kinds: the interface knows card kinds, never tool names.
 */
export function renderCard(card: Card): HTMLElement {
  switch (card.card) {
    case 'generic':
      return h('div', { class: 'card-generic' }, h('pre', {}, card.body));
    case 'terminal':
      return h(
        'div',
        { class: 'card-terminal' },
        h('pre', {}, h('span', { class: 'prompt' }, `$ ${card.command}\n`), card.output),
        h(
          'p',
          { class: card.exitCode === 0 ? 'badge' : 'badge warn' },
          tr('exitStatus', { code: card.exitCode ?? '—' }),
        ),
      );
    case 'diff':
      return diffCard(card);
    case 'read':
      return readCard(card);
    case 'search':
      return searchCard(card);
    case 'web':
      return h(
        'div',
        { class: 'card-web' },
        h('p', { class: 'web-title' }, card.pageTitle),
        h('p', { class: 'web-url' }, card.url),
        h('blockquote', {}, card.excerpt),
      );
    default: {
      const never: never = card;
      throw new RangeError(`Unknown card kind ${JSON.stringify(never)}`);
    }
  }
}
