import { labExamples } from '../../model/lab-examples';
import { h } from '../dom';
import { lang, tr } from '../i18n';
import { apiDocs } from './docs';

/** What the lab's side column does. */
export interface LabSideSpec {
  /** Opens an example's scenario (the example comes with it). */
  openScenario: (id: string) => void;
  policy: boolean;
  setPolicy: (on: boolean) => void;
}

/**
 * The lab's side column, after the bench: what the lab is, the examples (each with what it shows), the
 * observation policy's switch (`#lab-policy`, kept to the policy's real state by the lab) and the API.
 */
export function labSide(spec: LabSideSpec): HTMLElement {
  const examples = h(
    'div',
    { class: 'lab-examples' },
    h('h3', {}, tr('labExamples')),
    h(
      'ul',
      {},
      labExamples.map((example) =>
        h(
          'li',
          {},
          h(
            'button',
            {
              type: 'button',
              class: 'lab-example',
              'data-example': example.id,
              'aria-describedby': `lab-example-${example.id}`,
              onclick: () => spec.openScenario(example.scenario),
            },
            example.title[lang()],
          ),
          h(
            'p',
            { class: 'lab-example-summary muted small', id: `lab-example-${example.id}` },
            example.summary[lang()],
          ),
        ),
      ),
    ),
  );
  const box = h('input', {
    type: 'checkbox',
    id: 'lab-policy',
    'data-action': 'lab-policy',
    checked: spec.policy,
    onchange: () => spec.setPolicy(box.checked),
  });
  return h(
    'div',
    { class: 'lab-side' },
    h('p', { class: 'muted small lab-intro' }, tr('labIntro')),
    examples,
    h(
      'p',
      { class: 'lab-policy' },
      box,
      ' ',
      h('label', { for: 'lab-policy' }, tr('labPolicy')),
      ' ',
      h('span', { class: 'muted small' }, tr('labPolicyNote')),
    ),
    apiDocs(),
  );
}
