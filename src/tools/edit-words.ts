// The matcher (src/fs/match.ts) refuses an edit with what it found; each editing tool words that refusal
// in the names of its own parameters, so that the model is never told of a parameter its tool lacks.
import { ToolError, counted, plural } from '../harness';
import { FsError, type MatchDetail } from '../fs/errors';
import { normalizeFilePath } from '../fs/paths';
import { count } from './lines';

/** How a tool names the parts of an edit, and the ways it offers to look again or write a whole file. */
export interface EditWords {
  tool: string;
  oldText: string;
  newText: string;
  /** The parameter that replaces every occurrence; absent when the tool has none. */
  replaceAll?: string;
  /** How to look at the file again, as the start of a sentence. */
  reread: string;
  /** How to set the whole content of a file with this tool. */
  whole: string;
}

/** The edit tool's words. */
export const EDIT_WORDS: EditWords = {
  tool: 'edit',
  oldText: 'old_string',
  newText: 'new_string',
  replaceAll: 'replace_all',
  reread: 'Re-read the file with read',
  whole: 'use write',
};

/** str_replace_editor's words: its str_replace replaces one occurrence, and it has no replace_all. */
export const EDITOR_WORDS: EditWords = {
  tool: 'str_replace_editor',
  oldText: 'old_str',
  newText: 'new_str',
  reread: 'View the file again (the view command)',
  whole: 'use the create command',
};

/** "2", "2 and 5", "2, 5 and 9". */
function list(items: readonly number[]): string {
  const shown = items.map(count);
  return shown.length < 2 ? shown.join('') : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** Where the occurrences of an ambiguous match are: every one when there are few, else the first. */
function where(detail: Extract<MatchDetail, { kind: 'ambiguous' }>): string {
  const lines = [...new Set(detail.lines)];
  if (detail.lines.length < detail.count) {
    return `the first ${count(detail.lines.length)} on ${plural(lines.length, 'line')} ${list(lines)}`;
  }
  return lines.length === 1 ? `all on line ${count(lines[0]!)}` : `on lines ${list(lines)}`;
}

const FOLDED = ' (after folding quotes, dashes and spaces)';

/** The message and remedy of a refusal the matcher described, for `path`, in `words`. */
export function matchRefusal(words: EditWords, path: string, detail: MatchDetail): [string, string] {
  const { oldText, newText } = words;
  const sameAgain = `Make ${newText} the text you want in place of ${oldText}, or skip this change.`;
  switch (detail.kind) {
    case 'empty':
      return [
        `${oldText} is empty, so there is nothing to find.`,
        `Give the exact text to replace; to set the whole content of a file, ${words.whole}.`,
      ];
    case 'identical':
      return [`Nothing to do: ${oldText} and ${newText} are identical.`, sameAgain];
    case 'no-effect':
      return [
        `Nothing to do: replacing ${oldText} with ${newText} leaves ${path} exactly as it was.`,
        sameAgain,
      ];
    case 'not-found':
      return [
        `${oldText} was not found in ${path}${detail.folded ? ', not even after folding quotes, dashes and spaces' : ''}.`,
        `${words.reread} and copy the exact text to replace, including whitespace and indentation.`,
      ];
    case 'ambiguous':
      return [
        `${oldText} occurs ${counted(detail.count, 'time')} in ${path}${detail.folded ? FOLDED : ''}, ${where(detail)}; it must occur exactly once.`,
        words.replaceAll
          ? `Add surrounding lines to make ${oldText} unique, or set ${words.replaceAll} to replace every occurrence.`
          : `Add surrounding lines to ${oldText} so that it occurs exactly once: ${words.tool} replaces a single occurrence.`,
      ];
  }
}

/**
 * Runs an edit and turns the matcher's refusal into a `ToolError` in `words`; any other failure passes
 * unchanged (the tools boundary turns the rest of the filesystem's errors into tool errors).
 */
export async function inTermsOf<T>(words: EditWords, path: string, edit: () => Promise<T>): Promise<T> {
  try {
    return await edit();
  } catch (thrown) {
    if (!(thrown instanceof FsError) || thrown.detail === undefined) throw thrown;
    const [message, remedy] = matchRefusal(words, shownPath(path), thrown.detail);
    throw new ToolError(thrown.code, message, remedy);
  }
}

function shownPath(path: string): string {
  try {
    return normalizeFilePath(path);
  } catch {
    return path;
  }
}
