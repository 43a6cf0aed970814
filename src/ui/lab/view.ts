import { fill, h } from '../dom';
import { tr } from '../i18n';
import type { LabConsole } from './console';
import { fileActionsView, slotsView, toolbarView, type LabControlsSpec } from './controls';
import { placeOf } from './place';
import { nameIn, type Slot, type Status } from './slot';

/** What the bench shows: the plugins, the one selected, the Run gate of a link, the limit, the lab's note. */
export interface LabState {
  slots: readonly Slot[];
  selected: number;
  current: Slot;
  /** Plugins from a link, held until the visitor presses Run. */
  fromLink: boolean;
  deadlineMs: number;
  /** A note for the lab as a whole, shown when the plugin has nothing newer. */
  note: Status | null;
  /** Whether the built-in policy is on: where a decider stands depends on it. */
  policy: boolean;
}

/**
 * The bench's parts as the visitor sees them: the plugin list and its file actions, the toolbar, the
 * editor's place, the status line and the console. Each part is drawn again on its own when it changes.
 */
export class LabView {
  readonly editorHost = h('div', { class: 'lab-editor' });
  private readonly statusEl = h('p', { class: 'lab-status', role: 'status', 'aria-live': 'polite' });
  private readonly toolbarEl = h('div', { class: 'lab-toolbar' });
  private readonly placeEl = h('p', { class: 'lab-place', hidden: true });
  private readonly slotsEl = h('div', { class: 'lab-slots' });
  private readonly fileActions = h('div', { class: 'lab-file-actions' });
  /** The bench in the order a visitor works in it. */
  readonly bench: HTMLElement[];

  /** Where the visitor picks a plugin file to open. */
  private readonly fileInput: HTMLInputElement;

  constructor(console: LabConsole, open: (file: File) => void) {
    this.fileInput = h('input', {
      type: 'file',
      accept: '.js,.mjs,.cjs,.ts,.mts,.cts,text/javascript,text/typescript',
      hidden: true,
      'data-action': 'lab-open-file',
      onchange: () => {
        const file = this.fileInput.files?.[0];
        this.fileInput.value = '';
        if (file) open(file);
      },
    });
    this.bench = [
      h('div', { class: 'lab-head' }, h('h3', {}, tr('labPlugins')), this.slotsEl, this.fileActions),
      this.toolbarEl,
      this.placeEl,
      this.editorHost,
      this.statusEl,
      console.el,
      this.fileInput,
    ];
  }

  /** Asks the visitor for a plugin file (the file actions' Open). */
  chooseFile(): void {
    this.fileInput.click();
  }

  /** The plugin list: each one's name, switch and state (off, not applied, edited since, in error). */
  slots({ slots, selected }: LabState, controls: LabControlsSpec): void {
    const lines = slots.map((slot, i) => ({
      label: slot.applied?.name ?? nameIn(slot.source) ?? tr('labUnnamed', { n: i + 1 }),
      enabled: slot.enabled,
      applied: Boolean(slot.applied),
      state: !slot.enabled
        ? tr('labOff')
        : !slot.applied
          ? tr('labNotApplied')
          : slot.applied.source !== slot.source
            ? tr('labEdited')
            : null,
      error: slot.status?.tone === 'error',
    }));
    fill(this.slotsEl, slotsView(lines, selected, controls));
  }

  toolbar({ current: slot, fromLink, deadlineMs }: LabState, controls: LabControlsSpec): void {
    const canTry = Boolean(slot.applied && slot.enabled) && !fromLink;
    const state = { busy: slot.status?.tone === 'busy', fromLink, deadlineMs, canTry };
    fill(this.toolbarEl, toolbarView(slot, state, controls));
    fill(this.fileActions, fileActionsView(controls));
  }

  /** The status line: what happened last, with its code when it has one (also as `data-code`). */
  status({ fromLink, current, note, policy }: LabState): void {
    this.place(current, policy);
    const status: Status | null = fromLink
      ? { tone: 'error', text: tr('labFromLink') }
      : (current.status ?? note);
    const el = this.statusEl;
    el.dataset.tone = status?.tone ?? 'info';
    if (status?.code) el.dataset.code = status.code;
    else delete el.dataset.code;
    fill(
      el,
      status?.code && h('code', { class: 'err-code' }, status.code),
      status?.code && ' ',
      status?.text ?? '',
    );
  }

  /** Where the applied plugin's deciders stand relative to the built-in policy, and whether they are asked. */
  private place(slot: Slot, policy: boolean): void {
    const place =
      slot.applied && slot.enabled ? placeOf(slot.applied.loaded.hooks, slot.order, policy) : null;
    this.placeEl.hidden = !place;
    if (place) this.placeEl.dataset.asked = place.asked;
    else delete this.placeEl.dataset.asked;
    fill(this.placeEl, place?.text ?? '');
  }
}
