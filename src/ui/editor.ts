import { defaultKeymap, historyKeymap } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { editorBasics } from './editor-basics';

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
        editorBasics(label),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        languageFor(path),
        EditorView.lineWrapping,
        // Keeps a CRLF file CRLF when it is saved from the editor.
        content.includes('\r\n') ? EditorState.lineSeparator.of('\r\n') : [],
      ],
    }),
  });
}
