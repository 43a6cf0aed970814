import { h } from './dom';
import { tr } from './i18n';

/**
 * Asks the person a yes-or-no question in a modal dialog: `yes` → true; the other button, Escape or
 * closing it → false.
 */
export function confirmDialog(question: string, yes: string): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = false;
    const dialog: HTMLDialogElement = h(
      'dialog',
      { class: 'approval', 'data-dialog': 'confirm', 'aria-labelledby': 'confirm-question' },
      h('p', { id: 'confirm-question', class: 'approval-prompt' }, question),
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', 'data-action': 'cancel', onclick: () => dialog.close() }, tr('cancel')),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'confirm',
            onclick: () => {
              answer = true;
              dialog.close();
            },
          },
          yes,
        ),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** The keys of the page, in a dialog (the ? key). */
export function keysDialog(keys: readonly (readonly [string, string])[]): void {
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'gallery keys', 'data-dialog': 'keys', 'aria-labelledby': 'keys-title' },
    h(
      'header',
      {},
      h('h2', { id: 'keys-title' }, tr('keysTitle')),
      h('button', { type: 'button', class: 'ghost', onclick: () => dialog.close() }, tr('close')),
    ),
    h(
      'dl',
      { class: 'key-list' },
      keys.flatMap(([key, what]) => [h('dt', {}, h('kbd', {}, key)), h('dd', {}, what)]),
    ),
  );
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
