// Characters nobody sees, made visible where the text is what someone wrote and must be read as written.
import { escapeUnseen } from '../fs/paths';

/**
 * `text` with each character a path may not hold (`UNSEEN` in `src/fs/paths.ts`) written as its escape
 * (`\u202e`), but for line breaks (LF, CR) and tabs, which a text may hold; other text as it is.
 */
export function showUnseen(text: string): string {
  return escapeUnseen(text, '\n\r\t');
}

/**
 * Rewrites the text of `node` and everything in it with `showUnseen`, in place: a call card shows what
 * the model sent, and a right-to-left override in a path would otherwise show `/app/exe.txt` for
 * `/app/\u202etxt.exe`. Returns `node`.
 */
export function revealUnseen<T extends Node>(node: T): T {
  const walker = node.ownerDocument!.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const value = text.nodeValue ?? '';
    const shown = showUnseen(value);
    if (shown !== value) text.nodeValue = shown;
  }
  return node;
}
