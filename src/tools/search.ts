import { z } from 'zod';
import { SearchMatch, counted, plural, text, type Card, type Content, type ToolResult } from '../harness';
import { count } from './lines';

/** The canonical value of every search tool: the kept matches, how many there were, whether any were cut. */
export const SearchValue = z.strictObject({
  query: z.string(),
  matches: z.array(SearchMatch),
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type SearchValue = z.infer<typeof SearchValue>;

/** Keeps the first `cap` of `all`, and says so. */
export function capped(query: string, all: SearchValue['matches'], cap: number): SearchValue {
  return { query, matches: all.slice(0, cap), total: all.length, truncated: all.length > cap };
}

/** What a search finds, as a noun in the singular and the plural: `['match', 'matches']`. */
export type Found = readonly [one: string, many: string];

/** The model's text: a headline that always says when matches were left out, then one line each. */
export function renderSearch(v: SearchValue, what: Found, narrow: string): Content {
  const left = v.total - v.matches.length;
  const head =
    v.total === 0
      ? `No ${what[1]} for ${v.query}.`
      : v.truncated
        ? `${counted(v.total, ...what)} for ${v.query}; showing the first ${count(v.matches.length)}. ` +
          `${count(left)} more ${plural(left, 'was', 'were')} left out: ${narrow}.`
        : `${counted(v.total, ...what)} for ${v.query}.`;
  const lines = v.matches.map((m) => (m.line ? `${m.path}:${m.line}: ${m.text ?? ''}` : m.path));
  return text([head, ...lines].join('\n'));
}

/** The search card, from the meta. */
export function searchCard(result: ToolResult, title: string): Card {
  const m = SearchValue.parse(result.meta);
  return { card: 'search', title, ...m };
}
