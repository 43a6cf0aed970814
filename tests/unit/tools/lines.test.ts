import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineWindow, textLines } from '../../../src/tools/lines';

// Lines of a few kinds (empty, short, long enough that a plain slice of them would share its text),
// joined by LF or CRLF, with or without a final line break.
const text = fc
  .array(
    fc.tuple(
      fc.constantFrom('', 'a', 'x y', 'a line long enough to be sliced'),
      fc.constantFrom('\n', '\r\n'),
    ),
    {
      maxLength: 12,
    },
  )
  .chain((parts) =>
    fc.boolean().map((final) => {
      const joined = parts.map(([line, end]) => line + end).join('');
      return final || joined === '' ? joined : joined.replace(/\r?\n$/, '');
    }),
  );

describe('lineWindow', () => {
  it('gives the lines splitting the whole text gives, and their count', () => {
    fc.assert(
      fc.property(
        text,
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 0, max: 15 }),
        (t, offset, limit) => {
          const all = textLines(t);
          expect(lineWindow(t, offset, limit)).toEqual({
            lines: all.slice(offset - 1, offset - 1 + limit),
            total: all.length,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a window deep in a large text', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(lineWindow(big, 50_000, 3)).toEqual({
      lines: ['line 50000', 'line 50001', 'line 50002'],
      total: 100_000,
    });
  });
});
