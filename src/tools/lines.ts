import { countLines, splitLines } from '../fs/match';
import { count, counted } from '../harness';

/** A count as the model reads it ("1,200"); the one way every text writes them. */
export { count };

/** Longest line a read shows in full; longer ones are cut with a marker saying how much was left out. */
export const MAX_LINE = 2000;

/** The lines of a text, as the filesystem counts them (no empty line after a final newline). */
export { splitLines as textLines };

/** The marker at the end of a cut line, saying how many characters were left out. */
export function cutMarker(left: number): string {
  return ` ... [line cut: ${counted(left, 'more character')}]`;
}

/** A line cut to `max` characters (default `MAX_LINE`), with a marker when it was longer. */
export function cutLine(line: string, max = MAX_LINE): string {
  return line.length <= max ? line : `${line.slice(0, max)}${cutMarker(line.length - max)}`;
}

/** The size of `text` in UTF-8, in bytes, without encoding it (a lone surrogate counts as U+FFFD). */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // A surrogate pair is two units and four bytes; a lone surrogate is encoded as U+FFFD, three bytes.
      if (next >= 0xdc00 && next < 0xe000) {
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/** Lines numbered like `cat -n`, starting at `first`. */
export function numbered(lines: readonly string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join('\n');
}

/** "1 line", "1,203 lines". */
export function lineCount(n: number): string {
  return counted(n, 'line');
}

/** A byte count as the model reads it: "256 KiB", or "5,000 bytes" when it is not a whole KiB. */
export function bytesLabel(bytes: number): string {
  return bytes % 1024 === 0 ? `${count(bytes / 1024)} KiB` : counted(bytes, 'byte');
}

/** The offset just past the next `n` line breaks from `from` in `text`; its length when fewer follow. */
export function afterLines(text: string, from: number, n: number): number {
  let at = from;
  for (let k = 0; k < n && at < text.length; k++) {
    const next = text.indexOf('\n', at);
    at = next === -1 ? text.length : next + 1;
  }
  return at;
}

/**
 * `splitLines(text).slice(offset - 1, offset - 1 + limit)`, and `total`, the number of lines in `text`,
 * without splitting the rest of `text`. The lines are cut from a copy of the window, so keeping them (in
 * a log, say) keeps the window alive rather than the whole text it came from.
 */
export function lineWindow(text: string, offset: number, limit: number): { lines: string[]; total: number } {
  const total = countLines(text);
  const start = afterLines(text, 0, offset - 1);
  if (start >= text.length || limit <= 0) return { lines: [], total };
  const end = afterLines(text, start, limit);
  // Prepending a character and cutting it off again makes the engine copy the window: a plain slice of a
  // large text would keep all of it reachable for as long as any of the lines is kept.
  return { lines: splitLines((' ' + text.slice(start, end)).slice(1)), total };
}
