import type { Approve } from '../harness';
import { h } from './dom';
import { tr } from './i18n';

/**
 * Asks the person about one call a plugin wants approved: a modal dialog with the plugin's prompt, the
 * tool and its arguments. Approve once → true; Deny, Escape or closing it → false.
 */
export const askApproval: Approve = ({ tool, args, prompt, plugin }) =>
  new Promise((resolve) => {
    let approved = false;
    const dialog = h(
      'dialog',
      { class: 'approval', 'aria-labelledby': 'approval-title', 'data-dialog': 'approval' },
      h('h2', { id: 'approval-title' }, tr('approveTitle')),
      h('p', { class: 'approval-prompt' }, prompt),
      h('p', { class: 'muted small' }, `${plugin} · ${tool}`),
      h('pre', { class: 'approval-args', tabindex: 0 }, JSON.stringify(args, null, 2) ?? ''),
      h(
        'div',
        { class: 'dialog-actions' },
        h('button', { type: 'button', 'data-action': 'deny', onclick: () => dialog.close() }, tr('deny')),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'data-action': 'approve',
            onclick: () => {
              approved = true;
              dialog.close();
            },
          },
          tr('approve'),
        ),
      ),
    );
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(approved);
    });
    document.body.append(dialog);
    dialog.showModal();
  });
