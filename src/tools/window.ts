// A window of a file, as `read` and `str_replace_editor view` return it: numbered lines, capped so that
// one call never floods the model's context, and saying when and how it was cut short.
import { z } from 'zod';
import {
  counted,
  plural,
  text,
  ToolError,
  type Card,
  type Content,
  type ToolContext,
  type ToolResult,
} from '../harness';
import type { FsBackend } from '../fs/types';
import { observed } from './fs-hooks';
import {
  MAX_LINE,
  bytesLabel,
  count,
  cutLine,
  lineCount,
  cutMarker,
  lineWindow,
  numbered,
  utf8Bytes,
} from './lines';

/** The caps of one window: most lines, and most UTF-8 bytes of the model's text, line numbers included. */
export interface WindowCaps {
  lines: number;
  bytes: number;
}

/** The default caps: 2,000 lines and 256 KiB. */
export const WINDOW_CAPS: Readonly<WindowCaps> = { lines: 2000, bytes: 256 * 1024 };

/** The smallest byte cap a tool set may choose: room for the longest header and one cut line. */
export const MIN_WINDOW_BYTES = 4096;

/** Checks caps given as tool options; a cap that cannot hold a window is a mistake, and throws. */
export function windowCaps(spec: Partial<WindowCaps> = {}): WindowCaps {
  const caps = { ...WINDOW_CAPS, ...spec };
  if (!Number.isInteger(caps.lines) || caps.lines < 1) {
    throw new RangeError(`Invalid window line cap ${caps.lines}: give a whole number of at least 1`);
  }
  if (!Number.isInteger(caps.bytes) || caps.bytes < MIN_WINDOW_BYTES) {
    throw new RangeError(
      `Invalid window byte cap ${caps.bytes}: give a whole number of at least ${MIN_WINDOW_BYTES}`,
    );
  }
  return caps;
}

/** Which tool shows the window: the model's text tells it how to read on in that tool's own terms. */
export type Reader = 'read' | 'str_replace_editor';

const Cap = z.strictObject({ kind: z.enum(['lines', 'bytes']), limit: z.number().int().positive() });

const window = {
  path: z.string(),
  version: z.string(),
  offset: z.number().int().positive(),
  lines: z.array(z.string()),
  totalLines: z.number().int().nonnegative(),
};

/**
 * The canonical value of a read: the window shown and where it sits in the file. `truncated` says that
 * it holds less than the whole file (lines before or after it, or a line cut with a marker); `bytes` is
 * the UTF-8 size of the model's whole text for it; `cap` is the cap that ended it before the lines asked
 * for did; `cutLines` counts the lines cut with a marker.
 */
export const ReadValue = z.strictObject({
  ...window,
  truncated: z.boolean(),
  bytes: z.number().int().nonnegative(),
  cap: Cap.optional(),
  cutLines: z.number().int().positive().optional(),
});
export type ReadValue = z.infer<typeof ReadValue>;

// What the read card is made from. A log written before windows were capped has only the window itself.
const ReadMeta = z.object({
  ...window,
  truncated: z.boolean().optional(),
  cap: Cap.optional(),
});

/** Where a window starts and how many lines it may hold at most; the file tool's caps. */
export interface WindowAsk {
  offset: number;
  limit: number;
  caps: WindowCaps;
  reader: Reader;
}

/**
 * Reads a window of a file and records exactly the lines it returns as the session's observation. An
 * absent file is recorded too, then refused.
 */
export async function readWindow(
  fs: FsBackend,
  ctx: ToolContext,
  path: string,
  ask: WindowAsk,
): Promise<ReadValue> {
  const { offset, limit, caps, reader } = ask;
  const file = await fs.read(path);
  if (!file) {
    observed(ctx, path, null);
    const create = reader === 'read' ? 'create it with write' : 'create it with the create command';
    throw new ToolError(
      'FS_NOT_FOUND',
      `${path} does not exist`,
      `check the path with ls or glob; ${create}`,
    );
  }
  const shown = lineWindow(file.content, offset, Math.min(limit, caps.lines));
  const total = shown.total;
  if (offset > Math.max(total, 1)) {
    const last = Math.max(total, 1);
    throw new ToolError(
      'FS_OFFSET_PAST_END',
      `${reader === 'read' ? `offset ${offset} is` : `view_range starts at line ${offset},`} past the end of ${file.path} (${lineCount(total)})`,
      reader === 'read' ? `use an offset from 1 to ${last}` : `start view_range at a line from 1 to ${last}`,
    );
  }
  const asked = Math.min(limit, total - offset + 1);
  const head = { path: file.path, version: file.version, offset, totalLines: total };
  const fitted = fit(shown.lines, offset, caps.bytes - chromeBytes(head, caps, reader));
  const cap =
    fitted.lines.length < Math.min(asked, caps.lines)
      ? { kind: 'bytes' as const, limit: caps.bytes }
      : asked > caps.lines
        ? { kind: 'lines' as const, limit: caps.lines }
        : undefined;
  const whole = offset === 1 && fitted.lines.length === total && fitted.cut === 0;
  const shownWindow = {
    ...head,
    lines: fitted.lines,
    truncated: !whole,
    ...(cap ? { cap } : {}),
    ...(fitted.cut ? { cutLines: fitted.cut } : {}),
  };
  const value: ReadValue = { ...shownWindow, bytes: windowBytes(shownWindow, reader, fitted.bytes) };
  observed(ctx, file.path, {
    version: file.version,
    via: 'read',
    ...(whole ? {} : { lines: [offset, offset + fitted.lines.length - 1] }),
  });
  return value;
}

/**
 * The lines that fit in `budget` bytes once numbered: each cut to `MAX_LINE` characters; the first cut
 * further when even it alone does not fit, so that a window always shows a line and reading goes on.
 */
function fit(
  lines: readonly string[],
  offset: number,
  budget: number,
): { lines: string[]; cut: number; bytes: number } {
  const out: string[] = [];
  let used = 0;
  let cut = 0;
  for (const [i, line] of lines.entries()) {
    // A line's number is padded to six places, then a tab; lines are joined by one line break.
    const prefix = Math.max(6, String(offset + i).length) + 1 + (i > 0 ? 1 : 0);
    let shown = cutLine(line);
    let size = prefix + utf8Bytes(shown);
    if (used + size > budget) {
      if (i > 0) break;
      shown = cutToBytes(line, budget - prefix);
      size = prefix + utf8Bytes(shown);
    }
    if (shown !== line) cut++;
    out.push(shown);
    used += size;
  }
  // `used` is the size of the numbered lines exactly as `numbered` writes them, line breaks included.
  return { lines: out, cut, bytes: used };
}

/** A line cut with a marker to at most `max` UTF-8 bytes, marker included, never inside a character. */
function cutToBytes(line: string, max: number): string {
  const room = max - utf8Bytes(cutMarker(line.length));
  let bytes = 0;
  let end = 0;
  while (end < line.length && end < MAX_LINE) {
    const code = line.codePointAt(end)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + width > room) break;
    bytes += width;
    end += code >= 0x10000 ? 2 : 1;
  }
  return `${line.slice(0, end)}${cutMarker(line.length - end)}`;
}

/**
 * "lines 41-80 of 1,203". The model's texts keep to Latin-1 punctuation: a single en dash or ellipsis
 * would make the engine store the whole text, kept in the session log, at two bytes a character.
 */
export function windowLabel(v: { offset: number; lines: readonly unknown[]; totalLines: number }): string {
  if (v.totalLines === 0) return 'empty file';
  const last = v.offset + v.lines.length - 1;
  if (last === v.offset) return `line ${count(last)} of ${count(v.totalLines)}`;
  return `lines ${count(v.offset)}-${count(last)} of ${count(v.totalLines)}`;
}

function capLabel(cap: NonNullable<ReadValue['cap']>): string {
  if (cap.kind === 'lines') return `${count(cap.limit)}-line`;
  return bytesLabel(cap.limit);
}

/** How to read on from line `next`, in the terms of the tool that showed the window. */
function readOn(reader: Reader, next: number): string {
  return reader === 'read'
    ? `call read with offset=${next} to continue`
    : `call str_replace_editor view with view_range=[${next}, -1] to continue`;
}

/** The text around the numbered lines: a header, and notes on what lies outside the window. */
function chrome(v: Omit<ReadValue, 'bytes'>, reader: Reader): { header: string; notes: string[] } {
  const end = v.offset + v.lines.length - 1;
  const after = v.totalLines - end;
  const notes: string[] = [];
  const stopped = v.cap ? `stopped at the ${capLabel(v.cap)} cap; ` : '';
  if (after > 0) notes.push(`... ${stopped}${counted(after, 'more line')}; ${readOn(reader, end + 1)}.`);
  if (v.offset > 1)
    notes.push(
      `(${lineCount(v.offset - 1)} before this window ${plural(v.offset - 1, 'is', 'are')} not shown.)`,
    );
  return { header: `${v.path} · version ${v.version} · ${windowLabel(v)}`, notes };
}

/** The most bytes the header and notes of any window of this file can take, line breaks included. */
function chromeBytes(
  head: Pick<ReadValue, 'path' | 'version' | 'offset' | 'totalLines'>,
  caps: WindowCaps,
  reader: Reader,
): number {
  // Every number at its widest (the file's line count), and the longer of the two caps' notes.
  const widest = Math.max(head.totalLines, head.offset, 1);
  // The path and the version appear once each, in the header: the rest depends on the numbers alone.
  return utf8Bytes(head.path) + utf8Bytes(head.version) + numbersBytes(widest, caps, reader);
}

// What chromeBytes computes besides the path and the version, for the last few files read: a read asks
// the same of a file whatever version it is at.
const numbersMemo = new Map<string, number>();

function numbersBytes(widest: number, caps: WindowCaps, reader: Reader): number {
  const key = `${widest} ${caps.lines} ${caps.bytes} ${reader}`;
  const known = numbersMemo.get(key);
  if (known !== undefined) return known;
  const worst = (cap: NonNullable<ReadValue['cap']>) =>
    chrome(
      {
        path: '',
        version: '',
        offset: widest,
        lines: ['', ''],
        totalLines: widest * 2,
        truncated: true,
        cap,
      },
      reader,
    );
  const sizes = [
    worst({ kind: 'lines', limit: caps.lines }),
    worst({ kind: 'bytes', limit: caps.bytes }),
  ].map(({ header, notes }) => utf8Bytes(header) + notes.reduce((n, note) => n + 1 + utf8Bytes(note), 1));
  if (numbersMemo.size >= 64) numbersMemo.clear();
  numbersMemo.set(key, Math.max(...sizes));
  return Math.max(...sizes);
}

/**
 * The UTF-8 size of `windowText(v, reader)` without writing it, given the size of its numbered lines
 * (`fit` counts them as it goes).
 */
function windowBytes(v: Omit<ReadValue, 'bytes'>, reader: Reader, linesBytes: number): number {
  const { header, notes } = chrome(v, reader);
  const lines = v.lines.length ? 1 + linesBytes : 0;
  return notes.reduce((n, note) => n + 1 + utf8Bytes(note), utf8Bytes(header) + lines);
}

function windowText(v: Omit<ReadValue, 'bytes'>, reader: Reader): string {
  const { header, notes } = chrome(v, reader);
  return [header, ...(v.lines.length ? [numbered(v.lines, v.offset)] : []), ...notes].join('\n');
}

/** The model's text for a window: a header, numbered lines, and how to read on in `reader`'s terms. */
export function renderWindow(v: ReadValue, reader: Reader): Content {
  return text(windowText(v, reader));
}

/** The read card, from the meta (the value itself is never at hand on replay). */
export function readCard(result: ToolResult): Card {
  const m = ReadMeta.parse(result.meta);
  const whole = m.offset === 1 && m.lines.length === m.totalLines;
  return {
    card: 'read',
    title: m.version,
    path: m.path,
    offset: m.offset,
    lines: m.lines,
    totalLines: m.totalLines,
    truncated: m.truncated ?? !whole,
    ...(m.cap ? { cap: m.cap } : {}),
  };
}
