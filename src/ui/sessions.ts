import type { ImportError, SessionHead } from '../model';
import { scenarioById } from '../model';
import { h, num } from './dom';
import { labelled, lang, tr } from './i18n';

/** The "Past sessions" dialog: every stored session, newest first, each opened in replay on request. */
export function pastSessionsDialog(
  heads: readonly SessionHead[],
  current: string,
  open: (id: string) => void,
): HTMLDialogElement {
  const when = (ms: number) => new Date(ms).toLocaleString(lang() === 'zh' ? 'zh-CN' : 'en-US');
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
    heads.length
      ? h('ul', { class: 'session-list' }, heads.map(row))
      : h('p', { class: 'muted' }, tr('noPastSessions')),
  );
  dialog.addEventListener('close', () => dialog.remove());
  return dialog;
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
