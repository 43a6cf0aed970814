import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap } from '@codemirror/view';
import api from '../../sandbox/plugin-api.ts?raw';
import { editorBasics } from '../editor-basics';
import { pluginCompletions } from './help';
import { lt } from './strings';

/** A problem to underline: 1-based line, and a 1-based column when known (else the whole line). */
export interface Mark {
  line: number;
  column?: number;
  /** Offsets into the source, when the checker gave them (they win over line and column). */
  from?: number;
  to?: number;
  /** The first useful line, shown at once. */
  message: string;
  /** The whole message (a compiler's chain of reasons), one click away in the tooltip. */
  detail?: string;
  severity?: 'error' | 'warning';
}

/** A diagnostic's tooltip: its first useful line, and the full message behind a disclosure. */
function renderMark(message: string, detail: string | undefined): () => Node {
  return () => {
    const box = document.createElement('div');
    box.className = 'lab-mark';
    const first = document.createElement('p');
    first.textContent = message;
    box.append(first);
    if (detail && detail !== message) {
      const more = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = lt('fullChain');
      const pre = document.createElement('pre');
      pre.textContent = detail;
      more.append(summary, pre);
      box.append(more);
    }
    return box;
  };
}

// Types on hover, in TypeScript mode: the compiler is loaded there already.
const typeHover = (typescript: () => boolean) =>
  hoverTooltip(async (view, pos) => {
    if (!typescript()) return null;
    const { quickInfo } = await import('../../sandbox/typescript');
    const info = await quickInfo(view.state.doc.toString(), pos);
    if (!info) return null;
    return {
      pos: info.from,
      end: info.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'lab-hover';
        const code = document.createElement('pre');
        code.textContent = info.text;
        dom.append(code);
        if (info.doc) {
          const doc = document.createElement('p');
          doc.textContent = info.doc;
          dom.append(doc);
        }
        return { dom };
      },
    };
  });

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
  let ts = spec.typescript;
  const isTs = () => ts;
  const extensions = (typescript: boolean) => [
    editorBasics(spec.label),
    indentOnInput(),
    bracketMatching(),
    lintGutter(),
    autocompletion({ override: [pluginCompletions(api, isTs)], icons: false }),
    typeHover(isTs),
    keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
    language.of(javascript({ typescript })),
    // No line wrapping: code keeps its lines, and a long one scrolls sideways.
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
      ts = typescript;
      view.setState(EditorState.create({ doc: text, extensions: extensions(typescript) }));
    },
    setTypeScript(on) {
      ts = on;
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
        return {
          from,
          to,
          severity: m.severity ?? 'error',
          message: m.message,
          renderMessage: renderMark(m.message, m.detail),
        };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
  };
}
