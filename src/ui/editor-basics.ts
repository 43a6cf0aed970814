import { history } from '@codemirror/commands';
import { syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

/**
 * What every editor of the page has: line numbers, undo history, token classes (tok-*) that the
 * stylesheet colours so both themes keep readable contrast, and its text as the labelled, focusable
 * part of the scrolling region (axe: scrollable-region-focusable).
 */
export function editorBasics(label: string): Extension[] {
  return [
    lineNumbers(),
    history(),
    syntaxHighlighting(classHighlighter),
    EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
  ];
}
