import type { Scenario } from '../model/scenario';
import { h } from './dom';
import { lang, tr } from './i18n';

/** The scenario picker: a dialog listing every scenario with one line on what it teaches. */
export function galleryDialog(
  scenarios: readonly Scenario[],
  current: string,
  pick: (id: string) => void,
): HTMLDialogElement {
  const list = (group: readonly Scenario[]) =>
    h(
      'ul',
      {},
      group.map((s) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'scenario',
              'data-scenario': s.id,
              'aria-current': s.id === current ? 'true' : undefined,
              onclick: () => {
                dialog.close();
                pick(s.id);
              },
            },
            h('strong', {}, s.title[lang()]),
            h('span', {}, s.teaches[lang()]),
          ),
        ),
      ),
    );
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'gallery', 'aria-labelledby': 'gallery-title' },
    h(
      'header',
      {},
      h('h2', { id: 'gallery-title' }, tr('chooseScenario')),
      h('button', { type: 'button', class: 'ghost', onclick: () => dialog.close() }, tr('close')),
    ),
    list(scenarios.filter((s) => !s.lab)),
    h('h3', { class: 'gallery-group' }, tr('labScenarios')),
    h('p', { class: 'muted small' }, tr('labScenariosNote')),
    list(scenarios.filter((s) => s.lab)),
  );
  dialog.addEventListener('close', () => dialog.remove());
  return dialog;
}
