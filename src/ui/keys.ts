import { confirmDialog, keysDialog } from './dialogs';
import { lang, tr } from './i18n';
import { openPresenterWindow } from './presenter-open';

/** What the keys drive. */
export interface KeyTarget {
  readonly state: string;
  /** A replay is shown: the run's keys do nothing then. */
  readonly replaying: boolean;
  /** Steps have been taken and the script is not done: a reset would lose them. */
  readonly midRun: boolean;
  play(): Promise<void>;
  pause(): void;
  step(): Promise<void>;
  back(): Promise<void>;
  reset(): Promise<void>;
  externalEdit(): Promise<void>;
  togglePresent(): void;
  /** The script stands at a question whose answer is not revealed yet. */
  readonly asking: boolean;
  /** Reveals the answer of that question. */
  reveal(): Promise<void>;
  /** Something runs that Stop would end: Play, a call, a real model's run. */
  readonly stoppable: boolean;
  /** Stops the call in progress, Play and a real model's run. */
  stop(): void;
}

/** The keys and what they do, for the ? dialog and the status line. */
export function keyList(): (readonly [string, string])[] {
  return [
    [tr('keySpace'), tr('keyPlay')],
    ['Esc', tr('keyStop')],
    ['→', tr('keyStep')],
    ['←', tr('keyBack')],
    ['E', tr('keyExternal')],
    ['Enter', tr('keyReveal')],
    ['N', tr('keyPresenter')],
    ['R', tr('keyReset')],
    ['P', tr('keyPresent')],
    ['?', tr('keyHelp')],
  ];
}

/** Resets, asking first when steps would be lost. */
async function resetAsking(app: KeyTarget): Promise<void> {
  if (app.midRun && !(await confirmDialog(tr('resetQuestion'), tr('reset')))) return;
  await app.reset();
}

/**
 * The page's keys, wherever focus is except in a text field, an editor or a dialog: Space plays or
 * pauses (on a focused button too: there Space would press the button instead, so a Step clicked with the
 * mouse would step again), Escape stops what runs, → steps, ← goes back a step, E makes the external edit, R resets (asking when
 * mid-run), P switches presentation mode, Enter reveals a question's answer, N opens the presenter view,
 * ? shows the keys. Keys with a modifier are left alone.
 */
export function handleKey(e: KeyboardEvent, app: KeyTarget): void {
  const target = e.target as HTMLElement | null;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (
    target?.closest(
      'input:not([type="checkbox"]):not([type="radio"]), textarea, select, [contenteditable], dialog, .cm-editor',
    )
  )
    return;
  if (document.querySelector('dialog[open]')) return;
  const run = (action: () => unknown) => {
    e.preventDefault();
    void action();
  };
  switch (e.key) {
    case '?':
      return run(() => keysDialog(keyList()));
    case 'p':
    case 'P':
      return run(() => app.togglePresent());
    case 'n':
    case 'N':
      return run(() => openPresenterWindow(lang()));
  }
  if (app.replaying) return;
  switch (e.key) {
    case 'Escape':
      // Only when something runs: else Escape keeps its other meanings (closing a menu).
      return app.stoppable ? run(() => app.stop()) : undefined;
    case ' ':
      if (app.asking && target?.closest('[data-choice]')) return;
      return run(() => (app.state === 'playing' ? app.pause() : app.play()));
    case 'ArrowRight':
      // On a tab, the arrow keys are the tab list's.
      if (target?.closest('[role="tab"]')) return;
      return run(() => app.step());
    case 'ArrowLeft':
      if (target?.closest('[role="tab"]')) return;
      return run(() => app.back());
    case 'e':
    case 'E':
      return run(() => app.externalEdit());
    case 'Enter':
      // A focused choice keeps its own Enter (a pick); any other button's gives way to Reveal.
      if (!app.asking || target?.closest('[data-choice]')) return;
      return run(() => app.reveal());
    case 'r':
    case 'R':
      return run(() => resetAsking(app));
  }
}
