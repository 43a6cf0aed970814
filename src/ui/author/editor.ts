import { defaultKeymap, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { editorBasics } from '../editor-basics';

/** A problem to underline, at offsets into the text. */
export interface JsonMark {
  from: number;
  to: number;
  message: string;
}

/** The scenario editor: JSON text, with the format's errors underlined where they are. */
export interface ScenarioEditor {
  text(): string;
  setText(text: string): void;
  mark(marks: readonly JsonMark[]): void;
}

/** Creates the editor in `parent`; `onChange` hears every edit. Loaded on first use. */
export function createScenarioEditor(
  parent: HTMLElement,
  spec: { text: string; label: string; onChange: () => void },
): ScenarioEditor {
  const extensions = [
    editorBasics(spec.label),
    bracketMatching(),
    lintGutter(),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    json(),
    // Long strings (a file's content) wrap: the side panel is narrow, and nothing scrolls sideways out of reach.
    EditorView.lineWrapping,
    EditorView.updateListener.of((update) => {
      if (update.docChanged) spec.onChange();
    }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: spec.text, extensions }) });
  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    mark(marks) {
      const length = view.state.doc.length;
      const diagnostics: Diagnostic[] = marks.map((m) => {
        const from = Math.min(m.from, length);
        return { from, to: Math.min(Math.max(m.to, from), length), severity: 'error', message: m.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
  };
}
