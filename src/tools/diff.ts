import { structuredPatch } from 'diff';
import { lineAt } from '../fs/match';
import { counted, type DiffHunk } from '../harness';
import type { z } from 'zod';
import { afterLines } from './lines';

/** The hunks of a change, with its +/− line counts. */
export interface DiffStats {
  hunks: z.infer<typeof DiffHunk>[];
  added: number;
  removed: number;
}

const CONTEXT = 3;

/** Lines with their endings kept, so joining them gives the text back byte for byte. */
function keptLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * Two texts as lines, and how many lines they share at the start (`head`) and the end (`tail`); `base`
 * more lines, the same in both, come before the first of `a` and `b`.
 */
interface Trimmed {
  a: string[];
  b: string[];
  head: number;
  tail: number;
  base: number;
}

/**
 * The lines of both texts around where they differ: the characters they share at the start and at the
 * end are found first, and only the lines between, with `CONTEXT` lines on either side, are split. So a
 * change in a large file costs what its region costs, and gives what splitting both texts whole would:
 * the lines left out before are counted in `base`, the ones left out after are equal lines beyond the
 * context.
 */
function trimAround(before: string, after: string): Trimmed {
  const same = sharedStart(before, after);
  const shift = after.length - before.length;
  const sameEnd = sharedEnd(before, after, Math.min(before.length, after.length) - same);
  // Back to the start of the line holding the first difference, then CONTEXT lines more.
  let start = same === 0 ? 0 : before.lastIndexOf('\n', same - 1) + 1;
  for (let k = 0; k < CONTEXT && start > 0; k++)
    start = start === 1 ? 0 : before.lastIndexOf('\n', start - 2) + 1;
  // After the first line break inside the shared end (a line start in both texts), then CONTEXT lines more.
  const cut = before.indexOf('\n', before.length - sameEnd);
  const end = afterLines(before, cut === -1 ? before.length : cut + 1, CONTEXT);
  const base = lineAt(before, start) - 1;
  const a = keptLines(before.slice(start, end));
  const b = keptLines(after.slice(start, end + shift));
  return trimLines(a, b, base);
}

/** Compared a block at a time first: comparing two slices is one call into the engine. */
const BLOCK = 1024;

/** How many characters `a` and `b` share at the start. */
function sharedStart(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n + BLOCK <= max && a.slice(n, n + BLOCK) === b.slice(n, n + BLOCK)) n += BLOCK;
  while (n < max && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` share at the end, at most `max`. */
function sharedEnd(a: string, b: string, max: number): number {
  let n = 0;
  while (
    n + BLOCK <= max &&
    a.slice(a.length - n - BLOCK, a.length - n) === b.slice(b.length - n - BLOCK, b.length - n)
  )
    n += BLOCK;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

function trimLines(a: string[], b: string[], base: number): Trimmed {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return { a, b, head, tail, base };
}

/**
 * Diffs two texts line by line (context of 3 lines), with the counts a diff card shows. Lines both texts
 * share at the start and at the end are set aside first (beyond the context), so an edit in a large file
 * costs what the changed region costs, not what the file costs. When what is left is one block of lines
 * replaced by others that share no line with it or its context, that block is the diff, and the library
 * is not needed (a property test holds this to the library run on both texts split whole).
 */
export function diffTexts(path: string, before: string, after: string): DiffStats {
  const trimmed = trimAround(before, after);
  return replacedBlock(trimmed) ?? patch(path, trimmed);
}

function patch(path: string, { a, b, head, tail, base }: Trimmed): DiffStats {
  const from = Math.max(0, head - CONTEXT);
  const skipEnd = Math.max(0, tail - CONTEXT);
  const { hunks } = structuredPatch(
    path,
    path,
    a.slice(from, a.length - skipEnd).join(''),
    b.slice(from, b.length - skipEnd).join(''),
    '',
    '',
    { context: CONTEXT },
  );
  let added = 0;
  let removed = 0;
  const out = hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => {
    for (const line of lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
    const skipped = from + base;
    return { oldStart: oldStart + skipped, oldLines, newStart: newStart + skipped, newLines, lines };
  });
  return { hunks: out, added, removed };
}

// The common case of an edit: some lines replaced by others. When no replaced or replacing line occurs
// elsewhere in the hunk, the only longest common subsequence is the context, so any minimal line diff is
// this hunk (removals first, as the library orders them). Lines without a final newline are left to the
// library, which marks them.
function replacedBlock({ a, b, head, tail, base }: Trimmed): DiffStats | null {
  const from = Math.max(0, head - CONTEXT);
  const to = [a.length - tail + Math.min(tail, CONTEXT), b.length - tail + Math.min(tail, CONTEXT)];
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  if (removed.length === 0 || added.length === 0) return null;
  if (!a[to[0]! - 1]!.endsWith('\n') || !b[to[1]! - 1]!.endsWith('\n')) return null;
  const before = a.slice(from, head);
  const after = a.slice(a.length - tail, to[0]);
  const context = new Set([...before, ...after]);
  const gone = new Set(removed);
  if (removed.some((line) => context.has(line))) return null;
  if (added.some((line) => context.has(line) || gone.has(line))) return null;
  const strip = (line: string) => line.slice(0, -1);
  const lines = [
    ...before.map((l) => ' ' + strip(l)),
    ...removed.map((l) => '-' + strip(l)),
    ...added.map((l) => '+' + strip(l)),
    ...after.map((l) => ' ' + strip(l)),
  ];
  const kept = before.length + after.length;
  const hunk = {
    oldStart: base + from + 1,
    oldLines: kept + removed.length,
    newStart: base + from + 1,
    newLines: kept + added.length,
    lines,
  };
  return { hunks: [hunk], added: added.length, removed: removed.length };
}

/** The hunks as unified-diff text for the model, at most `maxLines` lines, saying how many were left out. */
export function hunksText(hunks: DiffStats['hunks'], maxLines = 40): string {
  const all = hunks.flatMap((h) => [
    `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
    ...h.lines,
  ]);
  if (all.length <= maxLines) return all.join('\n');
  return [
    ...all.slice(0, maxLines),
    `... ${counted(all.length - maxLines, 'more diff line')} not shown`,
  ].join('\n');
}

/** "+3 −1" */
export function counts(stats: { added: number; removed: number }): string {
  return `+${stats.added} −${stats.removed}`;
}
