// Models: Claude Code 2.1.228 (Anthropic), as its public changelog is reported in issue #25 — edits as
// in 2.1.208 (one exact match in the current file suffices), and newer models may write over a file they
// have not read. A file read and changed since is still refused.
// Public source: the Claude Code CHANGELOG.md (github.com/anthropics/claude-code), 2.1.228.
import { definePolicy } from './types';
import { uniqueMatchPlugin } from './unique-match';

/** unique-match, and writes over unread files go through. */
export const uniqueMatchWriteAny = definePolicy({
  id: 'unique-match-write-any',
  summary: 'As unique-match, and a write over a file never read goes through unchecked.',
  models: {
    product: 'Claude Code',
    version: '2.1.228',
    source: 'github.com/anthropics/claude-code CHANGELOG.md (as reported in issue #25)',
  },
  make: () => uniqueMatchPlugin('unique-match-write-any', { writeAny: true }),
});
