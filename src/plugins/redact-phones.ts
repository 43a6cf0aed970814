import { z } from 'zod';
import { postExecute, type Content, type Plugin } from '../harness';

/**
 * What these plugins act on: a table of named columns and rows of cells, wherever it sits in a tool's
 * value (the value itself, or any object or array inside it). Read as data, so the plugins hold to the
 * harness API and know nothing of the tools that make tables.
 */
const Table = z.looseObject({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});
type Table = z.infer<typeof Table>;

// A phone number: digits with spaces, dots, dashes or brackets between them, never a line break
// (the model's text is one row a line, and the rows must stay apart).
const PHONE = /\+?\d[\d ().-]{6,}\d/g;
const mask = (s: string) => s.replace(PHONE, '[phone hidden]');

// Tool values are JSON checked by the tool's schema; the bound only keeps a pathological one cheap.
const MAX_DEPTH = 32;

/**
 * `value` with each table in it replaced by `change(table)`, and how many tables there were. Pure: the
 * value given is never changed.
 */
export function mapTables(value: unknown, change: (table: Table) => Table, depth = 0): [unknown, number] {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return [value, 0];
  const table = Table.safeParse(value);
  if (table.success) return [change(table.data), 1];
  let found = 0;
  const inner = (part: unknown) => {
    const [changed, n] = mapTables(part, change, depth + 1);
    found += n;
    return changed;
  };
  const mapped = Array.isArray(value)
    ? value.map(inner)
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inner(v)]));
  return [found ? mapped : value, found];
}

/** A table with its `phone` column hidden and any phone number in its other text cells masked. */
function redactTable(table: Table): Table {
  const phone = table.columns.indexOf('phone');
  const hide = (cell: string | number | null, i: number) =>
    i === phone ? '[phone hidden]' : typeof cell === 'string' ? mask(cell) : cell;
  return { ...table, rows: table.rows.map((row) => row.map(hide)) };
}

/**
 * Hides phone numbers by replacing the content of any call whose value holds a table: the model's
 * text is clean, but the value — and any program that reads it — still has every number. Presentation,
 * not protection. A call whose value holds no table is passed.
 */
export function redactPhonesInContent(): Plugin {
  return {
    name: 'redact-phones-content',
    contributions: [
      postExecute.of(({ value, result }) => {
        if (result.error || mapTables(value, (t) => t)[1] === 0) return { action: 'pass' };
        const content: Content = result.content.map((b) => ({ ...b, text: mask(b.text) }));
        return { action: 'accept', content };
      }),
    ],
  };
}

/**
 * Hides phone numbers by replacing the value: every table in it, wherever it sits, gets its `phone`
 * column hidden and the numbers in its other cells masked. The harness re-validates the value and
 * projects content, meta and card again from it, so nothing downstream ever sees a number. A call
 * whose value holds no table is passed.
 */
export function redactPhonesInValue(): Plugin {
  return {
    name: 'redact-phones-value',
    contributions: [
      postExecute.of(({ value, result }) => {
        if (result.error) return { action: 'pass' };
        const [redacted, found] = mapTables(value, redactTable);
        return found ? { action: 'accept', value: redacted } : { action: 'pass' };
      }),
    ],
  };
}
