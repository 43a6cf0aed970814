import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

function languageFor(path: string): Extension {
  if (/\.m?[jt]sx?$/i.test(path)) return javascript({ typescript: /\.tsx?$/i.test(path) });
  if (/\.json$/i.test(path)) return json();
  if (/\.md$/i.test(path)) return markdown();
  if (/\.py$/i.test(path)) return python();
  return [];
}

/** A CodeMirror editor for one file. Loaded only when a file is first opened. */
export function createEditor(parent: HTMLElement, path: string, content: string, label: string): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: content,
      extensions: [
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        // Token classes (tok-*) coloured by the stylesheet, so both themes keep readable contrast.
        syntaxHighlighting(classHighlighter),
        languageFor(path),
        EditorView.lineWrapping,
        // Keeps a CRLF file CRLF when it is saved from the editor.
        content.includes('\r\n') ? EditorState.lineSeparator.of('\r\n') : [],
        // The text is the focusable part of the scrolling region (axe: scrollable-region-focusable).
        EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
      ],
    }),
  });
}
