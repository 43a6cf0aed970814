import { FsError } from './errors';

/** The longest normalized path a backend accepts, in UTF-16 code units. */
export const MAX_PATH_LENGTH = 1024;

/** The longest single path segment a backend accepts, in UTF-16 code units. */
export const MAX_SEGMENT_LENGTH = 255;

const REMEDY = 'Use an absolute path inside the workspace, such as /src/app.ts.';

/**
 * Characters nobody sees: controls (NUL, a line break, a tab…), invisible format characters (zero-width
 * spaces, bidirectional overrides, a byte order mark…), line and paragraph separators, and halves of a
 * surrogate pair. Each makes a path look like another one, or like more than one line, to the person
 * reading a card or answering an approval, and to the model reading a list of paths. The zero-width
 * joiner and non-joiner are the exception when they stand between two characters that are not ASCII: there
 * they are part of how a name is written (an emoji of a family, a word in Persian or Hindi). Beside an ASCII
 * character, a slash, or at either end, they are unseen.
 */
const UNSEEN =
  /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]|(?<=^|[\0-\x7f])[\u200c\u200d]|[\u200c\u200d](?=$|[\0-\x7f])/u;
const EVERY_UNSEEN = new RegExp(UNSEEN.source, 'gu');

/**
 * `text` with each `UNSEEN` character written as its escape (`\u202e`), but those `keep` holds; the rest
 * as it is. A bidirectional override escaped cannot reorder the text around it.
 */
export function escapeUnseen(text: string, keep = ''): string {
  return text.replace(EVERY_UNSEEN, (c) =>
    keep.includes(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A path `normalizePath` gives back unchanged, if it has no `UNSEEN` character: one or more segments, each a slash and
 * 1 to 255 characters other than a slash, and neither `.` nor `..`.
 */
const NORMAL = /^(?:\/(?!\.\.?(?:\/|$))[^/]{1,255})+$/;

/**
 * Normalizes a path the model or a person typed into the absolute POSIX form the backends store:
 * `a/b`, `/a/./b`, `//a//b/` all become `/a/b`, and `..` steps up one segment. The root itself is `/`.
 * Nothing else is decoded or folded: `%2e%2e`, a backslash or a full-width dot is a character of a name.
 * Throws `FS_INVALID_PATH` for an empty or blank path, a NUL or another control or invisible character
 * (`UNSEEN`), `..` above the root, a path over 1024 characters or a segment over 255.
 */
export function normalizePath(raw: string): string {
  // Most paths arrive normal already (every file tool normalizes its path several times per call).
  if (typeof raw === 'string' && raw.length <= MAX_PATH_LENGTH && NORMAL.test(raw) && !UNSEEN.test(raw)) {
    return raw;
  }
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalid(raw, 'the path is empty', 'Give the path of a file, such as /src/app.ts.');
  }
  if (raw.includes('\0')) {
    throw invalid(raw, 'the path contains a NUL character', 'Remove the NUL character from the path.');
  }
  const unseen = UNSEEN.exec(raw)?.[0];
  if (unseen !== undefined) {
    const point = `U+${unseen.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw invalid(
      raw,
      `the path contains ${point}, a control or invisible character`,
      'Write the path with visible characters only.',
    );
  }
  const segments: string[] = [];
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) {
        throw invalid(raw, '".." climbs above the root', REMEDY);
      }
      continue;
    }
    if (segment.length > MAX_SEGMENT_LENGTH) {
      throw invalid(
        raw,
        `a segment is ${segment.length} characters long (at most ${MAX_SEGMENT_LENGTH})`,
        REMEDY,
      );
    }
    segments.push(segment);
  }
  const path = '/' + segments.join('/');
  if (path.length > MAX_PATH_LENGTH) {
    throw invalid(raw, `the path is ${path.length} characters long (at most ${MAX_PATH_LENGTH})`, REMEDY);
  }
  return path;
}

/**
 * `normalizePath` for a path that must name a file: additionally refuses the root directory `/`.
 * Backends normalize every path they are given with it.
 */
export function normalizeFilePath(raw: string): string {
  const path = normalizePath(raw);
  if (path === '/') {
    throw invalid(
      raw,
      'it names the root directory, not a file',
      'Give the path of a file, such as /notes.md.',
    );
  }
  return path;
}

/**
 * The directories that contain a normalized path, outermost first, starting with the root:
 * `/a/b/c.txt` → `['/', '/a', '/a/b']`. Directories are implied by the files inside them.
 */
export function parentDirs(path: string): string[] {
  const dirs = ['/'];
  let end = path.indexOf('/', 1);
  while (end !== -1) {
    dirs.push(path.slice(0, end));
    end = path.indexOf('/', end + 1);
  }
  return path === '/' ? [] : dirs;
}

/** Orders strings by UTF-16 code units, the order IndexedDB sorts string keys in. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function invalid(raw: unknown, why: string, remedy: string): FsError {
  return new FsError('FS_INVALID_PATH', `Invalid path ${show(raw)}: ${why}.`, remedy);
}

// A 100 KB path would swamp the message; the start is enough to recognise it. Characters that cannot be
// seen are written as escapes, so that a bidirectional override cannot reorder the message itself.
function show(raw: unknown): string {
  if (typeof raw !== 'string') return String(raw);
  return escapeUnseen(JSON.stringify(raw.length > 80 ? raw.slice(0, 80) + '…' : raw));
}
