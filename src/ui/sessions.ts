import type { ImportError } from '../model';
import type { DamagedSession, SessionHead } from '../storage';
import { scenarioById } from '../model';
import { h, num } from './dom';
import { labelled, lang, tr } from './i18n';

/** What the "Past sessions" dialog lists, and what opening a row does. */
export interface PastSessionsSpec {
  heads: readonly SessionHead[];
  /** Sessions set aside as damaged: listed among the others, marked, and opened only to say why. */
  damaged: readonly DamagedSession[];
  /** The live session's id (its row is marked "current"). */
  current: string;
  open: (id: string) => void;
  openDamaged: (session: DamagedSession) => void;
}

/**
 * The "Past sessions" dialog: every stored session, newest first, each opened in replay on request; a
 * damaged one (set aside) is listed in its place, marked, and its "Show why" button says why it cannot open.
 */
export function pastSessionsDialog(spec: PastSessionsSpec): HTMLDialogElement {
  const { heads, current, open } = spec;
  const when = (ms: number) => new Date(ms).toLocaleString(lang() === 'zh' ? 'zh-CN' : 'en-US');
  const listed = new Set(heads.map((s) => s.id));
  const damaged = spec.damaged.filter((d) => !listed.has(d.id));
  const damagedRow = (d: DamagedSession) => {
    const title = d.head?.title ?? tr('damagedUntitled', { id: d.id });
    const scenario = d.head && (scenarioById(d.head.scenario)?.title[lang()] ?? d.head.scenario);
    return h(
      'li',
      { 'data-session': d.id, 'data-damaged': '' },
      h(
        'div',
        {},
        h('strong', {}, title),
        h('span', { class: 'badge warn' }, tr('damagedSession')),
        h(
          'p',
          { class: 'muted small' },
          scenario && `${scenario} · `,
          tr('damagedMeta', { when: when(d.setAsideAt) }),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          'data-action': 'open-damaged-session',
          'aria-label': labelled('damagedWhy', title),
          onclick: () => {
            dialog.close();
            spec.openDamaged(d);
          },
        },
        tr('damagedWhy'),
      ),
    );
  };
  const row = (s: SessionHead) =>
    h(
      'li',
      { 'data-session': s.id },
      h(
        'div',
        {},
        h('strong', {}, s.title),
        s.id === current && h('span', { class: 'badge' }, tr('currentSession')),
        h(
          'p',
          { class: 'muted small' },
          tr('sessionMeta', {
            scenario: scenarioById(s.scenario)?.title[lang()] ?? s.scenario,
            step: s.progress.position,
            events: num(s.eventCount),
            when: when(s.updatedAt),
          }),
        ),
      ),
      h(
        'button',
        {
          type: 'button',
          'data-action': 'open-session',
          'aria-label': labelled(
            'openReplay',
            `${s.title}${lang() === 'zh' ? '，' : ', '}${when(s.updatedAt)}`,
          ),
          onclick: () => {
            dialog.close();
            open(s.id);
          },
        },
        tr('openReplay'),
      ),
    );
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'gallery sessions', 'aria-labelledby': 'sessions-title' },
    h(
      'header',
      {},
      h('h2', { id: 'sessions-title' }, tr('pastSessions')),
      h('button', { type: 'button', class: 'ghost', onclick: () => dialog.close() }, tr('close')),
    ),
    heads.length || damaged.length
      ? h('ul', { class: 'session-list' }, byTime(heads, damaged, row, damagedRow))
      : h('p', { class: 'muted' }, tr('noPastSessions')),
  );
  dialog.addEventListener('close', () => dialog.remove());
  return dialog;
}

/** The rows of sessions and damaged sessions together, the most recent first. */
function byTime(
  heads: readonly SessionHead[],
  damaged: readonly DamagedSession[],
  row: (s: SessionHead) => HTMLElement,
  damagedRow: (d: DamagedSession) => HTMLElement,
): HTMLElement[] {
  const all = [
    ...heads.map((s) => ({ at: s.updatedAt, make: () => row(s) })),
    ...damaged.map((d) => ({ at: d.head?.updatedAt ?? d.setAsideAt, make: () => damagedRow(d) })),
  ];
  return all.sort((a, b) => b.at - a.at).map((r) => r.make());
}

/** The notice of a damaged session opened from the list: what failed, why, and where its records are. */
export function damagedMessage(d: DamagedSession): string {
  const where = d.records
    .map((r) =>
      r.setAsideAs === null
        ? tr('recordLeft', { key: r.key })
        : tr('recordSetAside', { key: r.key, at: r.setAsideAs }),
    )
    .join(lang() === 'zh' ? '；' : '; ');
  return tr('sessionDamaged', {
    title: d.head?.title ?? tr('damagedUntitled', { id: d.id }),
    record: tr(d.record === 'head' ? 'recordHead' : 'recordLog'),
    reason: d.reason,
    where: where || tr('recordsNone'),
  });
}

/** The visitor's words for a refused import: the code's sentence with its details. */
export function importMessage(error: ImportError): string {
  const why = tr(error.code, {
    detail: error.detail,
    field: error.field ?? '',
    index: error.index ?? '',
  });
  return tr('importFailed', { why });
}

/** Offers `text` as a download named `name`. */
export function download(text: string, name: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
