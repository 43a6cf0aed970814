import { applyPatch, structuredPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffTexts, type DiffStats } from '../../../src/tools/diff';

/**
 * The oracle: the diff the plain way. Both texts split whole into lines, the lines they share at the
 * start and the end set aside beyond the context of 3, and the rest always through the library.
 */
function diffByLibrary(path: string, before: string, after: string): DiffStats {
  const split = (t: string) => t.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const [a, b] = [split(before), split(after)];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const from = Math.max(0, head - 3);
  const skipEnd = Math.max(0, tail - 3);
  const middle = (lines: string[]) => lines.slice(from, lines.length - skipEnd).join('');
  const { hunks } = structuredPatch(path, path, middle(a), middle(b), '', '', { context: 3 });
  const lines = hunks.flatMap((h) => h.lines);
  return {
    hunks: hunks.map((h) => ({
      oldStart: h.oldStart + from,
      oldLines: h.oldLines,
      newStart: h.newStart + from,
      newLines: h.newLines,
      lines: h.lines,
    })),
    added: lines.filter((l) => l.startsWith('+')).length,
    removed: lines.filter((l) => l.startsWith('-')).length,
  };
}

const text = fc
  .array(fc.constantFrom('a', 'b', 'c', 'x y', ''), { maxLength: 30 })
  .chain((lines) => fc.boolean().map((final) => lines.join('\n') + (final && lines.length ? '\n' : '')));

/** A unified patch from our hunks, for the library to apply. */
const asPatch = (before: string, after: string) => {
  const { hunks } = diffTexts('/f', before, after);
  return { oldFileName: '/f', newFileName: '/f', oldHeader: '', newHeader: '', hunks };
};

describe('diffTexts', () => {
  it('gives hunks that turn the old text into the new one, with the counts of a full diff', () => {
    fc.assert(
      fc.property(text, text, (before, after) => {
        expect(applyPatch(before, asPatch(before, after))).toBe(after);
        const full = structuredPatch('/f', '/f', before, after, '', '', { context: 3 }).hunks.flatMap(
          (h) => h.lines,
        );
        const { added, removed } = diffTexts('/f', before, after);
        expect(added).toBe(full.filter((l) => l.startsWith('+')).length);
        expect(removed).toBe(full.filter((l) => l.startsWith('-')).length);
      }),
      { numRuns: 500 },
    );
  });

  it('gives exactly the hunks of the diff library, also where it takes the shortcut', () => {
    const line = fc.constantFrom('a\n', 'b\n', 'c\n', 'x y\n', '\n', 'z');
    const lines = (max: number) => fc.array(line, { maxLength: max }).map((l) => l.join(''));
    // A shared start and end around a replaced block: the shape of most edits. Long enough on both sides
    // that the lines split around the change leave many out (diffByLibrary splits both texts whole).
    const edit = fc
      .tuple(lines(20), lines(4), lines(4), lines(20))
      .map(([head, old, now, tail]) => [head + old + tail, head + now + tail] as const);
    fc.assert(
      fc.property(fc.oneof(edit, fc.tuple(text, text)), ([before, after]) => {
        expect(diffTexts('/f', before, after)).toEqual(diffByLibrary('/f', before, after));
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the hunks of the library where both texts share thousands of characters at either end', () => {
    // Long enough that the shared start and end are compared a block (1,024 characters) at a time.
    const line = fc.constantFrom('alpha\n', 'beta\n', 'gamma gamma\n', '\n', 'x');
    const lines = (min: number, max: number) =>
      fc.array(line, { minLength: min, maxLength: max }).map((l) => l.join(''));
    const edit = fc
      .tuple(lines(0, 900), lines(0, 6), lines(0, 6), lines(0, 900))
      .map(([head, old, now, tail]) => [head + old + tail, head + now + tail] as const);
    fc.assert(
      fc.property(edit, ([before, after]) => {
        expect(diffTexts('/f', before, after)).toEqual(diffByLibrary('/f', before, after));
      }),
      { numRuns: 300 },
    );
  });

  it('numbers the hunk of a change deep in a large file by its real lines', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1}`);
    const before = lines.join('\n') + '\n';
    const after = before.replace('line 50000\n', 'changed\n');
    const { hunks, added, removed } = diffTexts('/big', before, after);
    expect([added, removed]).toEqual([1, 1]);
    expect(hunks).toEqual([
      {
        oldStart: 49997,
        oldLines: 7,
        newStart: 49997,
        newLines: 7,
        lines: [
          ' line 49997',
          ' line 49998',
          ' line 49999',
          '-line 50000',
          '+changed',
          ' line 50001',
          ' line 50002',
          ' line 50003',
        ],
      },
    ]);
  });
});
