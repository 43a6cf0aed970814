import { AMBIGUOUS_LINES, FsError, type MatchDetail } from './errors';
import type { EditSpec } from './types';

/** What `applyEdit` did to a file's content. */
export interface EditResult {
  after: string;
  replacements: number;
  /** The match was found only by the Unicode fallback. */
  normalized: boolean;
  /** The 1-based inclusive line range of the original content, from the first match to the last. */
  lines: [number, number];
  /** Each match's own 1-based inclusive line range in the original content, in order. */
  spans: [number, number][];
}

/** A match in the original content, as a half-open range of UTF-16 offsets. */
interface Hit {
  start: number;
  end: number;
}

// Each folded character is one UTF-16 unit mapped to one unit, so folding never moves an offset; only the
// CRLF → LF step does, and `origin` accounts for it.
const FOLDS: [string, string][] = [
  ['\u2018\u2019\u201A\u201B', "'"],
  ['\u201C\u201D\u201E\u201F', '"'],
  ['\u2010\u2011\u2012\u2013\u2014\u2015', '-'],
  ['\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000', ' '],
];
const FOLD = new Map(FOLDS.flatMap(([from, to]) => [...from].map((ch): [string, string] => [ch, to])));
const FOLDABLE = new RegExp(`[${FOLDS.map(([from]) => from).join('')}]`);

/**
 * Replaces `spec.oldString` with `spec.newString` in `content`, literally. `old_string` must occur exactly
 * once unless `replaceAll`. Line endings do not matter for matching (an LF `old_string` matches CRLF
 * text); the inserted text takes the endings of the region it replaces, and every byte outside the
 * replaced regions is kept (mixed endings, a BOM, a final newline or its absence). With
 * `spec.unicodeFallback`, and only when the search found nothing, smart quotes, dashes and odd spaces are
 * folded to ASCII on both sides and a unique match is accepted (`normalized: true`).
 * Throws `FS_EMPTY_OLD_STRING`, `FS_NO_CHANGE`, `FS_EDIT_NOT_FOUND` or `FS_AMBIGUOUS_EDIT`.
 */
export function applyEdit(content: string, spec: EditSpec): EditResult {
  const { oldString, newString } = spec;
  if (oldString === '') {
    throw new FsError(
      'FS_EMPTY_OLD_STRING',
      'The text to find is empty, so there is nothing to replace.',
      'Give the exact text to replace; to set the whole content of a file, write it instead.',
      { kind: 'empty' },
    );
  }
  if (oldString === newString) {
    throw noChange('the text to find and its replacement are identical', { kind: 'identical' });
  }
  let hits = search(content, oldString, false, spec.replaceAll === true);
  const normalized = hits.length === 0 && spec.unicodeFallback === true;
  if (normalized) hits = search(content, oldString, true, spec.replaceAll === true);
  if (hits.length === 0) throw notFound(normalized);
  const after = splice(content, hits, newString);
  if (after === content) {
    throw noChange('the replacement leaves the file exactly as it was', { kind: 'no-effect' });
  }
  const at = linesOf(
    content,
    hits.flatMap((hit) => [hit.start, hit.end - 1]),
  );
  const spans = hits.map((_, i): [number, number] => [at[2 * i]!, at[2 * i + 1]!]);
  const lines: [number, number] = [spans[0]![0], spans[spans.length - 1]![1]];
  return { after, replacements: hits.length, normalized, lines, spans };
}

/**
 * Splits text into lines without their terminators (LF or CRLF). A final line ending ends the last line
 * rather than starting an empty one, so `'a\nb\n'` has two lines and `''` has none.
 */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The number of lines `splitLines` finds, without building them. */
export function countLines(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i < text.length - 1) count++;
  }
  return count;
}

/** The 1-based line number of a UTF-16 offset in `text`. */
export function lineAt(text: string, offset: number): number {
  return linesOf(text, [offset])[0]!;
}

/** Finds the matches of `needle` in `content`, as ranges of the original; throws when ambiguous. */
function search(content: string, needle: string, unicode: boolean, all: boolean): Hit[] {
  const hay = fold(content, unicode);
  const want = fold(needle, unicode).text;
  // Overlapping occurrences count towards ambiguity ("aa" in "aaa" is two places), not towards replace_all.
  const found = occurrences(hay.text, want, !all);
  if (found.length > 1 && !all) {
    const first = found.slice(0, AMBIGUOUS_LINES).map((at) => hay.origin(at));
    const lines = linesOf(content, first);
    const where = `${lines.length === found.length ? 'on' : 'the first on'} lines ${[...new Set(lines)].join(', ')}`;
    throw new FsError(
      'FS_AMBIGUOUS_EDIT',
      `The text to find occurs ${found.length} times (${where})${unicode ? ' after folding quotes, dashes and spaces' : ''}; it must occur exactly once.`,
      'Give more surrounding text so that it occurs once, or set replaceAll to replace every occurrence.',
      { kind: 'ambiguous', count: found.length, lines, folded: unicode },
    );
  }
  return found.map((at) => ({ start: hay.origin(at), end: hay.origin(at + want.length) }));
}

function occurrences(hay: string, needle: string, overlapping: boolean): number[] {
  const found: number[] = [];
  const step = overlapping ? 1 : needle.length;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + step)) found.push(at);
  return found;
}

/** Text with CRLF folded to LF (and, for the fallback, Unicode look-alikes to ASCII), mapped back. */
interface Folded {
  text: string;
  /** The original offset of a folded offset (the folded length maps to the original length). */
  origin: (offset: number) => number;
}

function fold(text: string, unicode: boolean): Folded {
  const needsFold = text.includes('\r\n') || (unicode && FOLDABLE.test(text));
  if (!needsFold) return { text, origin: (offset) => offset };
  const parts: string[] = [];
  const origins: number[] = [];
  for (let i = 0; i < text.length; i++) {
    origins.push(i);
    if (text[i] === '\r' && text[i + 1] === '\n') {
      parts.push('\n');
      i++;
      continue;
    }
    const ch = text[i]!;
    parts.push(unicode ? (FOLD.get(ch) ?? ch) : ch);
  }
  origins.push(text.length);
  return { text: parts.join(''), origin: (offset) => origins[offset]! };
}

/** Builds the new content: the gaps between hits verbatim, each hit replaced by `insert` in its endings. */
function splice(content: string, hits: Hit[], insert: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const hit of hits) {
    parts.push(content.slice(last, hit.start), withEndings(insert, content, hit));
    last = hit.end;
  }
  parts.push(content.slice(last));
  return parts.join('');
}

/**
 * Gives `insert` the line endings of the region it replaces: line by line when both have as many line
 * breaks, else the region's first ending, else the nearest ending outside it. A file without any line
 * break leaves `insert` as it is.
 */
function withEndings(insert: string, content: string, hit: Hit): string {
  const pieces = insert.split(/\r?\n/);
  if (pieces.length === 1) return insert;
  const region = endingsIn(content, hit.start, hit.end);
  const fallback = region[0] ?? nearbyEnding(content, hit);
  if (fallback === null) return insert;
  const breaks = pieces.length - 1;
  return pieces.reduce((text, piece, k) =>
    k === 0 ? piece : text + (region.length === breaks ? region[k - 1]! : fallback) + piece,
  );
}

function endingsIn(content: string, start: number, end: number): string[] {
  const endings: string[] = [];
  for (let i = content.indexOf('\n', start); i !== -1 && i < end; i = content.indexOf('\n', i + 1)) {
    endings.push(i > start && content[i - 1] === '\r' ? '\r\n' : '\n');
  }
  return endings;
}

function nearbyEnding(content: string, hit: Hit): string | null {
  const next = content.indexOf('\n', hit.end);
  if (next !== -1) return next > 0 && content[next - 1] === '\r' ? '\r\n' : '\n';
  const previous = hit.start > 0 ? content.lastIndexOf('\n', hit.start - 1) : -1;
  if (previous !== -1) return previous > 0 && content[previous - 1] === '\r' ? '\r\n' : '\n';
  return null;
}

/**
 * The 1-based line numbers of `offsets` (UTF-16 offsets in `text`, ascending), counting the line breaks
 * before each once, without listing where every line starts.
 */
function linesOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let brk = text.indexOf('\n');
  for (const offset of offsets) {
    while (brk !== -1 && brk < offset) {
      line++;
      brk = text.indexOf('\n', brk + 1);
    }
    lines.push(line);
  }
  return lines;
}

function noChange(why: string, detail: MatchDetail): FsError {
  return new FsError(
    'FS_NO_CHANGE',
    `Nothing to do: ${why}.`,
    'Give as the replacement the text you want in place of the text found, or skip this edit.',
    detail,
  );
}

function notFound(afterFallback: boolean): FsError {
  const also = afterFallback ? ', not even after folding quotes, dashes and spaces' : '';
  return new FsError(
    'FS_EDIT_NOT_FOUND',
    `The text to find is not in the file${also}.`,
    'Re-read the file and copy the exact text to replace, including whitespace and indentation.',
    { kind: 'not-found', folded: afterFallback },
  );
}
