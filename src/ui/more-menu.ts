import { h } from './dom';
import { lang, tr } from './i18n';
import { openPresenterWindow } from './presenter-open';

/** What the items of the "More" menu do. */
export interface MoreMenuSpec {
  policy: boolean;
  /** Whether Play lets the scenario make its external edits itself. */
  autoExternal: boolean;
  setAutoExternal: (on: boolean) => void;
  /** Whether this browser keeps sessions (else "Past sessions" is disabled, and says why). */
  history: boolean;
  exportSession: () => void;
  importSession: (file: File) => void;
  /** Opens a scenario file of the visitor's own. */
  openScenario: (file: File) => void;
  /** Opens the settings of a real model to drive the run. */
  model: () => void;
  share: () => void;
  setPolicy: (on: boolean) => void;
  /** Opens More → Policy…: the policies to run the scenario under. */
  choosePolicy: () => void;
  resetWorkspace: () => void;
  pastSessions: () => void;
  /** Opens the edit-safety arena (loaded on first use). */
  arena: () => void;
}

/**
 * Moves an open panel sideways so it stays on the screen, wherever the header put its button, and on a short
 * screen makes it scroll within the room below its top: the header stays put, so the page cannot bring its
 * last items into view.
 */
function keepInView(panel: HTMLElement): void {
  panel.style.translate = '';
  panel.style.maxHeight = '';
  const { left, right, top, bottom } = panel.getBoundingClientRect();
  const margin = 8;
  if (bottom > window.innerHeight - margin)
    panel.style.maxHeight = `${Math.max(window.innerHeight - margin - top, 120)}px`;
  const shift =
    left < margin
      ? margin - left
      : right > window.innerWidth - margin
        ? window.innerWidth - margin - right
        : 0;
  if (shift) panel.style.translate = `${shift}px 0`;
}

/**
 * The menu's groups of items with one separator between two groups: a group with no items adds none, so
 * no separator stands first, last or next to another.
 */
function separated(groups: HTMLElement[][]): HTMLElement[] {
  return groups
    .filter((group) => group.length > 0)
    .flatMap((group, i) => (i === 0 ? group : [h('hr', { class: 'menu-sep' }), ...group]));
}

/** The menu as built: its element, and how to show the policy's real state in its switch. */
export interface MoreMenu {
  el: HTMLDetailsElement;
  setPolicy(on: boolean): void;
  setAutoExternal(on: boolean): void;
}

/**
 * The header's "More" menu: a `<details>` disclosure, so the keyboard and assistive technology get its
 * open/closed state for free. Escape or a click elsewhere closes it; choosing an item closes it too.
 */
export function moreMenu(spec: MoreMenuSpec): MoreMenu {
  const close = () => {
    menu.open = false;
  };
  const item = (action: string, label: string, run: () => void, more: Record<string, string> = {}) =>
    h(
      'button',
      {
        type: 'button',
        class: 'menu-item',
        'data-action': action,
        onclick: () => {
          close();
          run();
        },
        ...more,
      },
      label,
    );
  const file = h('input', {
    type: 'file',
    accept: '.json,application/json',
    hidden: true,
    'aria-label': tr('importFile'),
    'data-action': 'import-file',
    onchange: () => {
      const chosen = file.files?.[0];
      file.value = '';
      if (chosen) spec.importSession(chosen);
    },
  });
  const scenarioFile = h('input', {
    type: 'file',
    accept: '.json,application/json',
    hidden: true,
    'aria-label': tr('scenarioFile'),
    'data-action': 'open-scenario-file',
    onchange: () => {
      const chosen = scenarioFile.files?.[0];
      scenarioFile.value = '';
      if (chosen) spec.openScenario(chosen);
    },
  });
  const policy = h('input', {
    type: 'checkbox',
    'data-action': 'policy',
    checked: spec.policy,
    onchange: () => {
      close();
      spec.setPolicy(policy.checked);
    },
  });
  const auto = h('input', {
    type: 'checkbox',
    'data-action': 'auto-external',
    checked: spec.autoExternal,
    onchange: () => spec.setAutoExternal(auto.checked),
  });
  const panel = h(
    'div',
    { class: 'menu-panel', role: 'group', 'aria-label': tr('moreActions') },
    separated([
      [
        item('open-scenario', `${tr('openScenario')}…`, () => scenarioFile.click()),
        item('model', tr('modelMenu'), spec.model),
        item('export', tr('exportSession'), spec.exportSession),
        item('import', `${tr('importSession')}…`, () => file.click()),
        item('share', tr('share'), spec.share),
      ],
      [
        h('label', { class: 'menu-item check' }, policy, ' ', tr('policyRestarts')),
        item('choose-policy', `${tr('policyMenu')}…`, spec.choosePolicy),
      ],
      [h('label', { class: 'menu-item check' }, auto, ' ', tr('autoExternal'))],
      [
        item('arena', `${tr('arena')}…`, spec.arena),
        item('reset-workspace', tr('resetWorkspace'), spec.resetWorkspace),
        item('presenter', tr('presenterView'), () => openPresenterWindow(lang()), {
          'aria-keyshortcuts': 'N',
        }),
        item(
          'past-sessions',
          `${tr('pastSessions')}…`,
          spec.pastSessions,
          spec.history ? {} : { disabled: 'true', title: tr('noHistory') },
        ),
      ],
    ]),
    // The file pickers are never seen; they sit after the items, out of the separators' way.
    scenarioFile,
    file,
  );
  const menu: HTMLDetailsElement = h(
    'details',
    { class: 'more-menu' },
    h('summary', { 'data-action': 'more', 'aria-label': tr('moreActions') }, `⋯ ${tr('more')}`),
    panel,
  );
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    e.stopPropagation();
    close();
    menu.querySelector('summary')?.focus();
  });
  const outside = (e: Event) => {
    if (!menu.contains(e.target as Node)) close();
  };
  // Listen to the page only while open, so a menu that was replaced leaves no listener behind.
  menu.addEventListener('toggle', () => {
    if (menu.open) document.addEventListener('click', outside);
    else document.removeEventListener('click', outside);
    if (menu.open) keepInView(panel);
  });
  return {
    el: menu,
    setPolicy: (on) => {
      if (policy.checked !== on) policy.checked = on;
    },
    setAutoExternal: (on) => {
      if (auto.checked !== on) auto.checked = on;
    },
  };
}
