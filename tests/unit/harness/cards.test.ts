import { describe, expect, it } from 'vitest';
import { Card, type CardKind, cardKinds } from '../../../src/harness';

/** One realistic card of each kind; typed by kind so a new kind without a sample does not compile. */
const samples: { [K in CardKind]: Extract<Card, { card: K }> } = {
  generic: { card: 'generic', title: 'note', body: 'Anything at all.' },
  terminal: { card: 'terminal', command: 'npm test', output: '3 passed', exitCode: 0 },
  diff: {
    card: 'diff',
    path: 'src/a.ts',
    created: false,
    added: 1,
    removed: 1,
    hunks: [
      { oldStart: 3, oldLines: 1, newStart: 3, newLines: 1, lines: ['-const a = 1;', '+const a = 2;'] },
    ],
  },
  read: { card: 'read', path: 'notes.md', offset: 41, lines: ['line 41', 'line 42'], totalLines: 1203 },
  search: {
    card: 'search',
    query: 'TODO',
    matches: [{ path: 'a.ts', line: 3, text: '// TODO' }, { path: 'b.ts' }],
    total: 2,
    truncated: false,
  },
  web: { card: 'web', url: 'https://example.org', pageTitle: 'Example', excerpt: 'An example page.' },
};
const search = (over: Partial<Extract<Card, { card: 'search' }>>) => ({ ...samples.search, ...over });
const read = (over: Partial<Extract<Card, { card: 'read' }>>) => ({ ...samples.read, ...over });

describe('Card', () => {
  it.each(cardKinds)('parses a %s card unchanged', (kind) => {
    expect(Card.parse(samples[kind])).toEqual(samples[kind]);
  });

  it('has exactly six kinds', () => {
    expect([...cardKinds].sort()).toEqual(['diff', 'generic', 'read', 'search', 'terminal', 'web']);
  });

  it('refuses an unknown kind', () => {
    expect(Card.safeParse({ card: 'chart', body: 'x' }).success).toBe(false);
  });

  it('refuses a card without a kind', () => {
    expect(Card.safeParse({ body: 'x' }).success).toBe(false);
  });

  it('refuses a key its kind does not have', () => {
    expect(Card.safeParse({ ...samples.generic, toolName: 'grep' }).success).toBe(false);
  });

  it('refuses a terminal card whose exit code is not an integer', () => {
    expect(Card.safeParse({ ...samples.terminal, exitCode: 1.5 }).success).toBe(false);
  });

  it('accepts a terminal card without an exit code (still running or killed)', () => {
    expect(Card.safeParse({ ...samples.terminal, exitCode: null }).success).toBe(true);
  });
});

describe('Card: truncation must be visible', () => {
  it('refuses a search card showing fewer matches than its total without truncated', () => {
    expect(Card.safeParse(search({ total: 1200, truncated: false })).success).toBe(false);
  });

  it('accepts the same search card once it says truncated', () => {
    expect(Card.safeParse(search({ total: 1200, truncated: true })).success).toBe(true);
  });

  it('refuses a search card with more matches than its total', () => {
    expect(Card.safeParse(search({ total: 1 })).success).toBe(false);
  });

  it('refuses a search card without truncated', () => {
    const { truncated: _truncated, ...card } = samples.search;
    expect(Card.safeParse(card).success).toBe(false);
  });

  it('refuses a search card without total', () => {
    const { total: _total, ...card } = samples.search;
    expect(Card.safeParse(card).success).toBe(false);
  });

  it('refuses a read window reaching past totalLines', () => {
    expect(Card.safeParse(read({ offset: 1202, lines: ['a', 'b', 'c'], totalLines: 1203 })).success).toBe(
      false,
    );
  });

  it('accepts a read window ending exactly on the last line', () => {
    expect(Card.safeParse(read({ offset: 1202, lines: ['a', 'b'], totalLines: 1203 })).success).toBe(true);
  });

  it('accepts an empty file as an empty window at line 1', () => {
    expect(Card.safeParse(read({ offset: 1, lines: [], totalLines: 0 })).success).toBe(true);
  });

  it('refuses a read card showing part of a file that says truncated: false', () => {
    expect(Card.safeParse(read({ truncated: false })).success).toBe(false);
    expect(Card.safeParse(read({ offset: 1, lines: ['a'], totalLines: 2, truncated: false })).success).toBe(
      false,
    );
  });

  it('accepts a partial read card that says truncated, with the cap that ended it', () => {
    expect(Card.safeParse(read({ truncated: true, cap: { kind: 'bytes', limit: 262144 } })).success).toBe(
      true,
    );
  });

  it('accepts a whole window that says truncated: a line in it was cut', () => {
    expect(
      Card.safeParse(read({ offset: 1, lines: ['a ... [line cut]'], totalLines: 1, truncated: true }))
        .success,
    ).toBe(true);
  });

  it('refuses a read card whose cap is neither lines nor bytes', () => {
    expect(Card.safeParse(read({ cap: { kind: 'chars', limit: 1 } as never })).success).toBe(false);
  });

  it('refuses a read card with offset 0', () => {
    expect(Card.safeParse(read({ offset: 0 })).success).toBe(false);
  });
});
