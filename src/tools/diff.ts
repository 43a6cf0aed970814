import { structuredPatch } from 'diff';
import type { DiffHunk } from '../harness';
import type { z } from 'zod';

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
 * Diffs two texts line by line (context of 3 lines), with the counts a diff card shows. Lines both texts
 * share at the start and at the end are set aside first (beyond the context), so an edit in a large file
 * costs what the changed region costs, not what the file costs.
 */
export function diffTexts(path: string, before: string, after: string): DiffStats {
  const a = keptLines(before);
  const b = keptLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
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
    return { oldStart: oldStart + from, oldLines, newStart: newStart + from, newLines, lines };
  });
  return { hunks: out, added, removed };
}

/** The hunks as unified-diff text for the model, at most `maxLines` lines, saying how many were left out. */
export function hunksText(hunks: DiffStats['hunks'], maxLines = 40): string {
  const all = hunks.flatMap((h) => [
    `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`,
    ...h.lines,
  ]);
  if (all.length <= maxLines) return all.join('\n');
  return [...all.slice(0, maxLines), `… ${all.length - maxLines} more diff lines not shown`].join('\n');
}

/** "+3 −1" */
export function counts(stats: { added: number; removed: number }): string {
  return `+${stats.added} −${stats.removed}`;
}
