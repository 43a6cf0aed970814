// More → Policy…: the nine edit-safety policies, each with what it checks and the product it models; a
// click runs the scenario again under the one chosen.
import { scenarioPolicyIds, type Lang, type ScenarioPolicyId } from '../model';
import { h } from './dom';
import { tr } from './i18n';
import { policyWords } from './policy-words';

/** What the dialog shows and does. */
export interface PolicyDialogSpec {
  lang: Lang;
  /** The run's policy now, by id (marked as the current one), or null when it has none. */
  current: string | null;
  /** Starts the scenario again under `id`. */
  choose: (id: ScenarioPolicyId) => void;
}

/** One policy as a button: its name, what it checks, and what it models. */
function option(id: ScenarioPolicyId, spec: PolicyDialogSpec, done: () => void): HTMLElement {
  const words = policyWords[id];
  const { lang } = spec;
  return h(
    'li',
    {},
    h(
      'button',
      {
        type: 'button',
        class: 'scenario policy-option',
        'data-policy': id,
        'aria-current': String(spec.current === id),
        onclick: () => {
          done();
          spec.choose(id);
        },
      },
      h(
        'strong',
        {},
        words.name[lang],
        spec.current === id && h('span', { class: 'policy-now' }, ` · ${tr('policyRunning')}`),
      ),
      h('span', {}, words.does[lang]),
      h('span', { class: 'policy-models' }, tr('policyModels', { product: words.models[lang], id })),
    ),
  );
}

/** Opens the dialog; it closes when a policy is chosen, on Close or on Escape. */
export function policyDialog(spec: PolicyDialogSpec): HTMLDialogElement {
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'gallery policies', 'data-dialog': 'policy', 'aria-labelledby': 'policy-title' },
    h(
      'header',
      {},
      h('h2', { id: 'policy-title' }, tr('policyTitle')),
      h('button', { type: 'button', class: 'ghost', onclick: () => dialog.close() }, tr('close')),
    ),
    h('p', { class: 'muted' }, tr('policyIntro')),
    h(
      'ul',
      {},
      scenarioPolicyIds.map((id) => option(id, spec, () => dialog.close())),
    ),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
