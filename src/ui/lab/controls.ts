import { MAX_LAB_PLUGINS, type LabPlugin } from '../../model';
import { h } from '../dom';
import { labelled, tr } from '../i18n';
import { lt } from './strings';

import { DEADLINES } from './kept';

/** One plugin as the slot list shows it. */
export interface SlotLine {
  label: string;
  enabled: boolean;
  applied: boolean;
  /** Why it does not run as written: switched off, never applied, edited since Apply; null when it does. */
  state: string | null;
  error: boolean;
}

/** What the slot list and the toolbar do. */
export interface LabControlsSpec {
  select: (index: number) => void;
  enable: (index: number, on: boolean) => void;
  add: () => void;
  apply: () => void;
  setLanguage: (language: LabPlugin['language']) => void;
  setOrder: (order: LabPlugin['order']) => void;
  setDeadline: (ms: number) => void;
  remove: () => void;
  download: () => void;
  open: () => void;
  tryIt: () => void;
}

/** The list of the visitor's plugins, each with its switch, and "+ New plugin" while there is room. */
export function slotsView(
  lines: readonly SlotLine[],
  selected: number,
  spec: LabControlsSpec,
): HTMLElement[] {
  const rows: HTMLElement[] = lines.map((line, i) =>
    h(
      'div',
      {
        class: 'lab-slot',
        'data-slot': i,
        'data-selected': String(i === selected),
        'data-applied': String(line.applied),
        'data-error': line.error ? 'true' : undefined,
      },
      h('input', {
        type: 'checkbox',
        'aria-label': labelled('labEnabled', line.label),
        'data-action': 'lab-enabled',
        checked: line.enabled,
        onchange: (e: Event) => spec.enable(i, (e.target as HTMLInputElement).checked),
      }),
      h(
        'button',
        {
          type: 'button',
          class: 'lab-slot-name',
          'aria-pressed': String(i === selected),
          onclick: () => spec.select(i),
        },
        line.label,
        line.state && h('span', { class: 'muted small' }, ` · ${line.state}`),
      ),
    ),
  );
  if (lines.length < MAX_LAB_PLUGINS) {
    rows.push(
      h(
        'button',
        { type: 'button', class: 'ghost', 'data-action': 'lab-new', onclick: spec.add },
        tr('labNew'),
      ),
    );
  }
  return rows;
}

function field<V extends string | number>(
  id: string,
  label: string,
  value: V,
  options: readonly (readonly [V, string])[],
  change: (v: string) => void,
): HTMLElement {
  return h(
    'label',
    { class: 'lab-field' },
    h('span', { class: 'muted small' }, label),
    h(
      'select',
      { 'data-action': id, onchange: (e: Event) => change((e.target as HTMLSelectElement).value) },
      options.map(([v, text]) => h('option', { value: String(v), selected: v === value }, text)),
    ),
  );
}

/** Apply (Run, for code from a link), Try it, the language, the order and the deadline. */
export function toolbarView(
  slot: Pick<LabPlugin, 'language' | 'order'>,
  state: { busy: boolean; fromLink: boolean; deadlineMs: number; canTry: boolean },
  spec: LabControlsSpec,
): HTMLElement[] {
  const ghost = (action: string, label: string, title: string, onclick: () => void, disabled = false) =>
    h('button', { type: 'button', class: 'ghost', 'data-action': action, title, disabled, onclick }, label);
  return [
    h(
      'button',
      {
        type: 'button',
        class: 'primary',
        'data-action': state.fromLink ? 'lab-run' : 'lab-apply',
        disabled: state.busy,
        onclick: spec.apply,
      },
      state.fromLink ? `▶ ${tr('labRun')}` : tr('labApply'),
    ),
    ghost('lab-try', `▶ ${lt('tryIt')}`, lt('tryItTitle'), spec.tryIt, state.busy || !state.canTry),
    field(
      'lab-language',
      tr('labLanguage'),
      slot.language,
      [
        ['js', 'JavaScript'],
        ['ts', 'TypeScript'],
      ] as const,
      (v) => spec.setLanguage(v as LabPlugin['language']),
    ),
    field(
      'lab-order',
      tr('labOrder'),
      slot.order,
      [
        ['pre', tr('labOrderPre')],
        ['default', tr('labOrderDefault')],
      ] as const,
      (v) => spec.setOrder(v as LabPlugin['order']),
    ),
    field(
      'lab-deadline',
      tr('labDeadline'),
      state.deadlineMs,
      DEADLINES.map((ms) => [ms, String(ms)] as const),
      (v) => spec.setDeadline(Number(v)),
    ),
  ];
}

/** What is done with the selected plugin as a whole: Download, Open file (into a slot) and Remove. */
export function fileActionsView(spec: LabControlsSpec): HTMLElement[] {
  const ghost = (action: string, label: string, title: string | undefined, onclick: () => void) =>
    h('button', { type: 'button', class: 'ghost', 'data-action': action, title, onclick }, label);
  return [
    ghost('lab-download', `⤓ ${lt('download')}`, lt('downloadTitle'), spec.download),
    ghost('lab-open', lt('open'), lt('openTitle'), spec.open),
    ghost('lab-remove', tr('labRemove'), undefined, spec.remove),
  ];
}
