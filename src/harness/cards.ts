import { z } from 'zod';

const base = { title: z.string().optional() };

/** Anything: a title and plain text. The fallback for every card that could not be made. */
export const GenericCard = z.strictObject({
  card: z.literal('generic'),
  ...base,
  body: z.string(),
});

/** A command, what it printed and how it ended. */
export const TerminalCard = z.strictObject({
  card: z.literal('terminal'),
  ...base,
  command: z.string(),
  output: z.string(),
  exitCode: z.number().int().nullable(),
});

/** One hunk of a unified diff: the lines start with ' ', '+' or '-'. */
export const DiffHunk = z.strictObject({
  oldStart: z.number().int().nonnegative(),
  oldLines: z.number().int().nonnegative(),
  newStart: z.number().int().nonnegative(),
  newLines: z.number().int().nonnegative(),
  lines: z.array(z.string()),
});

/** A change to one file, as hunks with their +/− counts. */
export const DiffCard = z.strictObject({
  card: z.literal('diff'),
  ...base,
  path: z.string(),
  created: z.boolean(),
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  hunks: z.array(DiffHunk),
  /** Optional facts a reader should not have to dig for: the file's line endings, its byte-order mark,
   * and whether the edit matched only through the Unicode fallback (quotes, dashes or spaces differ). */
  endings: z.enum(['LF', 'CRLF', 'mixed']).optional(),
  bom: z.boolean().optional(),
  normalized: z.boolean().optional(),
});

/**
 * A window of a file. `offset` is the first line shown (1-based), `lines` the window, `totalLines` the
 * whole file's count, so the card can always say "lines 41–80 of 1,203". Optional: `truncated`, true when
 * the window holds less than the whole file (lines outside it, or a line cut with a marker), never false
 * for a partial window; `cap`, the output cap (most lines, or most bytes of model text) that ended the
 * window before the lines asked for did.
 */
export const ReadCard = z.strictObject({
  card: z.literal('read'),
  ...base,
  path: z.string(),
  offset: z.number().int().positive(),
  lines: z.array(z.string()),
  totalLines: z.number().int().nonnegative(),
  truncated: z.boolean().optional(),
  cap: z.strictObject({ kind: z.enum(['lines', 'bytes']), limit: z.number().int().positive() }).optional(),
});

/** A labelled value of a hit, such as a table row's column and its cell. */
export const SearchField = z.strictObject({ label: z.string(), value: z.string() });

/**
 * One hit of a search: a path, and for content searches the line and its text; a table row may carry its
 * `fields` (each column's name and value), shown apart rather than run together in `text`.
 */
export const SearchMatch = z.strictObject({
  path: z.string(),
  line: z.number().int().positive().optional(),
  text: z.string().optional(),
  fields: z.array(SearchField).max(64).optional(),
});

/** Search results. `truncated` and `total` are required: a capped list must never look complete. */
export const SearchCard = z.strictObject({
  card: z.literal('search'),
  ...base,
  query: z.string(),
  matches: z.array(SearchMatch),
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});

/** A fetched page: its address, title and an excerpt. */
export const WebCard = z.strictObject({
  card: z.literal('web'),
  ...base,
  url: z.string(),
  pageTitle: z.string(),
  excerpt: z.string(),
});

/** The six card kinds, tagged by `card`. The UI switches on `card` once and knows no tool names. */
export const Card = z
  .discriminatedUnion('card', [GenericCard, TerminalCard, DiffCard, ReadCard, SearchCard, WebCard])
  .superRefine((card, ctx) => {
    if (card.card === 'search' && card.matches.length < card.total && !card.truncated) {
      ctx.addIssue({
        code: 'custom',
        message: 'a search card showing fewer matches than its total must be truncated',
      });
    }
    if (card.card === 'search' && card.matches.length > card.total) {
      ctx.addIssue({ code: 'custom', message: 'a search card cannot show more matches than its total' });
    }
    if (card.card === 'read' && card.offset - 1 + card.lines.length > card.totalLines) {
      ctx.addIssue({ code: 'custom', message: 'a read card window cannot reach past totalLines' });
    }
    const partial = card.card === 'read' && (card.offset > 1 || card.lines.length < card.totalLines);
    if (card.card === 'read' && partial && card.truncated === false) {
      ctx.addIssue({
        code: 'custom',
        message: 'a read card showing part of a file cannot say truncated: false',
      });
    }
  });
export type Card = z.infer<typeof Card>;
export type CardKind = Card['card'];

/** Every card kind, in the order the tour shows them. */
export const cardKinds: readonly CardKind[] = ['generic', 'terminal', 'diff', 'read', 'search', 'web'];
