import { javascriptLanguage, typescriptLanguage } from '@codemirror/lang-javascript';
import { jsonLanguage } from '@codemirror/lang-json';
import { markdownLanguage } from '@codemirror/lang-markdown';
import { pythonLanguage } from '@codemirror/lang-python';
import type { Language } from '@codemirror/language';
import { classHighlighter, highlightCode } from '@lezer/highlight';

function languageOf(path: string): Language | null {
  if (/\.m?tsx?$/i.test(path)) return typescriptLanguage;
  if (/\.m?jsx?$/i.test(path)) return javascriptLanguage;
  if (/\.json$/i.test(path)) return jsonLanguage;
  if (/\.py$/i.test(path)) return pythonLanguage;
  if (/\.md$/i.test(path)) return markdownLanguage;
  return null;
}

/** Replaces the text of `target` with highlighted spans (classes `tok-*`) for the language of `path`. */
export function highlight(target: HTMLElement, path: string, code: string): void {
  const language = languageOf(path);
  if (!language || target.textContent !== code) return;
  const out = document.createDocumentFragment();
  highlightCode(
    code,
    language.parser.parse(code),
    classHighlighter,
    (text, classes) =>
      out.append(
        classes
          ? Object.assign(document.createElement('span'), { className: classes, textContent: text })
          : text,
      ),
    () => out.append('\n'),
  );
  target.replaceChildren(out);
}
