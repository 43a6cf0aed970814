// Models: Codex CLI (OpenAI), its patch matcher as reported in issue #25 — when the lines to replace are
// not found exactly, it looks for them again ignoring leading and trailing whitespace, and puts the
// model's lines in their place, with the model's indentation, unchanged lines included. It has no read
// gate and no version check.
// Public source: github.com/openai/codex, codex-rs/apply-patch (seek_sequence), as reported in issue #25.
import { editIntent, writeIntent } from '../../contracts/fs-intents';
import { unguarded } from './common';
import { definePolicy } from './types';

const lf = (text: string) => text.replace(/\r\n/g, '\n');

/**
 * The text of `content` that `oldString` stands for when whitespace at the ends of lines is ignored:
 * null when the exact search will find it, or when the loose search finds it nowhere or more than once.
 */
export function looseLocate(content: string, oldString: string): string | null {
  const text = lf(content);
  const old = lf(oldString);
  if (old.trim() === '' || text.includes(old)) return null;
  const lines = text.split('\n');
  const want = old
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => l.trim());
  const starts: number[] = [];
  for (let at = 0; at + want.length <= lines.length; at++) {
    if (want.every((w, k) => lines[at + k]?.trim() === w)) starts.push(at);
  }
  const [only] = starts;
  if (starts.length !== 1 || only === undefined) return null;
  return lines.slice(only, only + want.length).join('\n');
}

/** No read gate, no version check, and a matcher that ignores whitespace at the ends of lines. */
export const fuzzyWhitespace = definePolicy({
  id: 'fuzzy-whitespace',
  summary:
    'No read gate or version check; old_string may differ from the file in whitespace, and the model’s wins.',
  models: {
    product: 'Codex CLI',
    version: 'mid 2026',
    source: 'github.com/openai/codex codex-rs/apply-patch, seek_sequence (as reported in issue #25)',
  },
  make: () => ({
    name: 'fuzzy-whitespace',
    contributions: [writeIntent.of(() => unguarded), editIntent.of(() => unguarded)],
    locate: looseLocate,
  }),
});
