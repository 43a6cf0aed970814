import { z } from 'zod';
import { postExecute, type Content, type Plugin } from '../harness';

/**
 * The part of a query result this plugin reads: named columns and rows of cells. Read from the value as
 * data, so the plugin holds to the harness API and knows nothing of the tool that made it.
 */
const Rows = z.looseObject({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

// A phone number: digits with spaces, dots, dashes or brackets between them, never a line break
// (the model's text is one row a line, and the rows must stay apart).
const PHONE = /\+?\d[\d ().-]{6,}\d/g;
const mask = (s: string) => s.replace(PHONE, '[phone hidden]');

/**
 * Hides phone numbers by replacing the content: the model's text is clean, but the value — and any
 * program that reads it — still has every number. Presentation, not protection.
 */
export function redactPhonesInContent(): Plugin {
  return {
    name: 'redact-phones-content',
    contributions: [
      postExecute.of(({ tool, result }) => {
        if (tool !== 'sql_query' || result.error) return { action: 'pass' };
        const content: Content = result.content.map((b) => ({ ...b, text: mask(b.text) }));
        return { action: 'accept', content };
      }),
    ],
  };
}

/**
 * Hides phone numbers by replacing the value: the harness re-validates it and projects content, meta and
 * card again from it, so nothing downstream ever sees a number.
 */
export function redactPhonesInValue(): Plugin {
  return {
    name: 'redact-phones-value',
    contributions: [
      postExecute.of(({ tool, value, result }) => {
        const parsed = Rows.safeParse(value);
        if (tool !== 'sql_query' || result.error || !parsed.success) return { action: 'pass' };
        const phone = parsed.data.columns.indexOf('phone');
        const hide = (cell: string | number | null, i: number) =>
          i === phone ? '[phone hidden]' : typeof cell === 'string' ? mask(cell) : cell;
        const rows = parsed.data.rows.map((row) => row.map(hide));
        return { action: 'accept', value: { ...parsed.data, rows } };
      }),
    ],
  };
}
