import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

/** A problem to underline: 1-based line, and a 1-based column when known (else the whole line). */
export interface Mark {
  line: number;
  column?: number;
  /** Offsets into the source, when the checker gave them (they win over line and column). */
  from?: number;
  to?: number;
  message: string;
  severity?: 'error' | 'warning';
}

/** The plugin lab's code editor: JavaScript or TypeScript, with marks for errors. */
export interface CodeEditor {
  view: EditorView;
  text(): string;
  /** Replaces the whole text (switching plugins); the undo history starts again. */
  setText(text: string, typescript: boolean): void;
  setTypeScript(on: boolean): void;
  /** Shows these problems in the gutter and underlined in the text; an empty list clears them. */
  mark(marks: readonly Mark[]): void;
}

/** Creates the lab's editor in `parent`. `onChange` hears every edit of the text. */
export function createCodeEditor(
  parent: HTMLElement,
  spec: { text: string; typescript: boolean; label: string; onChange: () => void },
): CodeEditor {
  const language = new Compartment();
  const extensions = (typescript: boolean) => [
    lineNumbers(),
    history(),
    indentOnInput(),
    bracketMatching(),
    lintGutter(),
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    // Token classes (tok-*) coloured by the stylesheet, so both themes keep readable contrast.
    syntaxHighlighting(classHighlighter),
    language.of(javascript({ typescript })),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': spec.label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) spec.onChange();
    }),
  ];
  const view = new EditorView({
    parent,
    state: EditorState.create({ doc: spec.text, extensions: extensions(spec.typescript) }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text, typescript) {
      view.setState(EditorState.create({ doc: text, extensions: extensions(typescript) }));
    },
    setTypeScript(on) {
      view.dispatch({ effects: language.reconfigure(javascript({ typescript: on })) });
    },
    mark(marks) {
      const doc = view.state.doc;
      const diagnostics: Diagnostic[] = marks.map((m) => {
        const line = doc.line(Math.min(Math.max(m.line, 1), doc.lines));
        let from = m.from ?? (m.column ? Math.min(line.from + m.column - 1, line.to) : line.from);
        let to = m.to ?? (m.column ? Math.min(from + 1, line.to) : line.to);
        from = Math.min(from, doc.length);
        to = Math.min(Math.max(to, from), doc.length);
        return { from, to, severity: m.severity ?? 'error', message: m.message };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
  };
}
