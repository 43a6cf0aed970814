// Loop probes: a call put at the start of every loop body of a visitor's module before it runs. QuickJS
// polls its interrupt handler only every 10,000 operations and records a frame's position only at calls,
// so without them a loop whose steps are slow (big allocations) outlives its deadline, and a stopped loop
// without calls is reported at its function's first line. The probe (the prelude's) lets the engine look at
// its clock now and then (run-clock.ts) and, when a limit may have been reached, makes the engine poll at once: the stop is then
// thrown at the probe, and the loop's frame is positioned at the loop.
import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/javascript';
import { PROBE } from './wire';

const CALL = `${PROBE}();`;
const LOOPS = new Set(['ForStatement', 'WhileStatement', 'DoStatement']);

/** One insertion into the source: at `offset`, `text`; `loop` is the offset of the loop's keyword. */
interface Insertion {
  offset: number;
  text: string;
  loop?: number;
}

/** A module with its probes, and the way back from its positions to the visitor's. */
export interface Probed {
  code: string;
  /** The visitor's 1-based line and column of a position in `code`; a probe's own is its loop's. */
  position(line: number, column?: number): { line: number; column?: number };
}

/** The statement a loop runs each time: the last child of `for` and `while`, the one after `do`. */
function bodyOf(loop: SyntaxNode): SyntaxNode | null {
  return loop.name === 'DoStatement' ? (loop.firstChild?.nextSibling ?? null) : loop.lastChild;
}

function insertions(source: string): Insertion[] | null {
  const tree = parser.parse(source);
  const found: Insertion[] = [];
  let broken = false;
  tree.iterate({
    enter(node) {
      if (node.type.isError) broken = true;
      if (!LOOPS.has(node.name)) return;
      const body = bodyOf(node.node);
      if (!body) return;
      if (body.name === 'Block') found.push({ offset: body.from + 1, text: CALL, loop: node.from });
      else {
        found.push({ offset: body.from, text: `{${CALL}`, loop: node.from });
        found.push({ offset: body.to, text: '}' });
      }
    },
  });
  // Code the parser cannot read is left as it is: the engine says what is wrong with it, where.
  return broken ? null : found.sort((a, b) => a.offset - b.offset);
}

/** Where each offset falls: its 1-based line and column. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineColumn(starts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/**
 * Puts a probe at the start of every loop body of `source` (a body that is not a block becomes one), on
 * the same line, so lines never move; columns after an insertion are given back by `position`. Source
 * the parser finds errors in is returned unchanged.
 */
export function probeLoops(source: string): Probed {
  const found = insertions(source);
  if (!found || found.length === 0) return { code: source, position: (line, column) => ({ line, column }) };
  let code = '';
  let at = 0;
  // Each insertion's span in the new code, and the shift it adds to what follows.
  const spans: { from: number; to: number; loop?: number }[] = [];
  for (const insertion of found) {
    code += source.slice(at, insertion.offset);
    const from = code.length;
    code += insertion.text;
    spans.push({ from, to: code.length, ...(insertion.loop === undefined ? {} : { loop: insertion.loop }) });
    at = insertion.offset;
  }
  code += source.slice(at);
  const newStarts = lineStarts(code);
  const oldStarts = lineStarts(source);
  const position = (line: number, column?: number) => {
    if (column === undefined || line < 1 || line > newStarts.length) return { line, column };
    const offset = newStarts[line - 1]! + column - 1;
    let shift = 0;
    for (const span of spans) {
      if (offset < span.from) break;
      if (offset < span.to) {
        // Inside a probe: the loop it stands for.
        return span.loop === undefined
          ? lineColumn(oldStarts, span.from - shift)
          : lineColumn(oldStarts, span.loop);
      }
      shift += span.to - span.from;
    }
    return lineColumn(oldStarts, offset - shift);
  };
  return { code, position };
}
