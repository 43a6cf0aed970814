/** Longest line a read shows in full; longer ones are cut with a marker saying how much was left out. */
export const MAX_LINE = 2000;

/** The lines of a text, as the filesystem counts them (no empty line after a final newline). */
export { splitLines as textLines } from '../fs/match';

/** A line cut to `MAX_LINE` characters, with a marker when it was longer. */
export function cutLine(line: string, max = MAX_LINE): string {
  return line.length <= max
    ? line
    : `${line.slice(0, max)} … [line cut: ${line.length - max} more characters]`;
}

/** Lines numbered like `cat -n`, starting at `first`. */
export function numbered(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join('\n');
}

// One formatter for every count: building one per call shows in profiles.
const counter = new Intl.NumberFormat('en-US');

/** A count written the same way everywhere ("1,200"), independent of the visitor's locale. */
export function count(n: number): string {
  return n >= 0 && n < 1000 && Number.isInteger(n) ? String(n) : counter.format(n);
}
