import { structuredPatch } from 'diff';
import type { DiffHunk } from '../harness';
import type { z } from 'zod';

/** The hunks of a change, with its +/− line counts. */
export interface DiffStats {
  hunks: z.infer<typeof DiffHunk>[];
  added: number;
  removed: number;
}

/** Diffs two texts line by line (context of 3 lines), with the counts a diff card shows. */
export function diffTexts(path: string, before: string, after: string): DiffStats {
  const { hunks } = structuredPatch(path, path, before, after, '', '', { context: 3 });
  let added = 0;
  let removed = 0;
  const out = hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => {
    for (const line of lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
    return { oldStart, oldLines, newStart, newLines, lines };
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
