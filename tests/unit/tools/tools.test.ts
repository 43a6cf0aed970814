import { describe, expect, it } from 'vitest';
import { replay, serializeLog, parseLog } from '../../../src/harness';
import { code, mk, said } from './fixtures';

const numberedFile = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('read', () => {
  it('shows a window with its place in the file, in the text and in the card', async () => {
    const w = await mk({ '/big.txt': numberedFile(1203) });
    const c = await w.call('read', { path: '/big.txt', offset: 41, limit: 40 });
    expect(said(c)).toContain('lines 41-80 of 1,203');
    // Latin-1 throughout, so the engine keeps the text at one byte a character.
    expect([...said(c)].filter((ch) => ch.charCodeAt(0) > 0xff)).toEqual([]);
    expect(said(c)).toContain('    41\tline 41');
    expect(said(c)).toContain('1,123 more lines; call read with offset=81');
    expect(c.entry.result?.card.card).toMatchObject({ card: 'read', offset: 41, totalLines: 1203 });
    expect(c.entry.result?.card.card).toMatchObject({ lines: expect.arrayContaining(['line 80']) });
  });

  it('cuts very long lines with a marker', async () => {
    const w = await mk({ '/long.txt': 'x'.repeat(2500) });
    expect(said(await w.call('read', { path: '/long.txt' }))).toContain('[line cut: 500 more characters]');
  });

  it('refuses an offset past the end with the range to use', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    const c = await w.call('read', { path: '/a.txt', offset: 5 });
    expect(code(c)).toBe('FS_OFFSET_PAST_END');
    expect(said(c)).toContain('use an offset from 1 to 1');
  });

  it('reads an empty file', async () => {
    const w = await mk({ '/e.txt': '' });
    const c = await w.call('read', { path: '/e.txt' });
    expect(code(c)).toBeUndefined();
    expect(said(c)).toContain('empty file');
  });

  it('refuses invalid arguments before touching the file', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    const c = await w.call('read', { path: '/a.txt', limit: 0 });
    expect(code(c)).toBe('INVALID_ARGS');
    expect(said(c)).toContain('limit');
    expect(w.policy!.ledger('s1').size).toBe(0);
  });
});

describe('edit results', () => {
  it('gives a diff card with hunks and counts', async () => {
    const w = await mk({ '/a.txt': 'a\nb\nc\n' });
    await w.call('read', { path: '/a.txt' });
    const c = await w.call('edit', { path: '/a.txt', old_string: 'b', new_string: 'B\nB2' });
    expect(c.entry.result?.card.card).toMatchObject({ card: 'diff', path: '/a.txt', added: 2, removed: 1 });
    expect(said(c)).toContain('+2 −1');
  });

  it('reports ambiguity with the count and the remedy, and replace_all with its count', async () => {
    const w = await mk({ '/a.txt': 'x x x\n' });
    await w.call('read', { path: '/a.txt' });
    const c = await w.call('edit', { path: '/a.txt', old_string: 'x', new_string: 'y' });
    expect(code(c)).toBe('FS_AMBIGUOUS_EDIT');
    expect(said(c)).toMatch(/3/);
    expect(said(c)).toMatch(/replace_all/);
    const all = await w.call('edit', { path: '/a.txt', old_string: 'x', new_string: 'y', replace_all: true });
    expect(said(all)).toContain('3 replacements');
    expect(await w.content('/a.txt')).toBe('y y y\n');
  });

  it('says when the Unicode fallback matched, only when the session turned it on', async () => {
    const file = 'say “hello”\n';
    const off = await mk({ '/q.txt': file });
    await off.call('read', { path: '/q.txt' });
    expect(
      code(await off.call('edit', { path: '/q.txt', old_string: 'say "hello"', new_string: 'hi' })),
    ).toBe('FS_EDIT_NOT_FOUND');
    const on = await mk({ '/q.txt': file }, { tools: { unicodeFallback: () => true } });
    await on.call('read', { path: '/q.txt' });
    const c = await on.call('edit', { path: '/q.txt', old_string: 'say "hello"', new_string: 'hi' });
    expect(code(c)).toBeUndefined();
    expect(said(c)).toMatch(/Unicode normalization/);
  });
});

describe('write results', () => {
  it('keeps the version for identical bytes and says so', async () => {
    const w = await mk({ '/a.txt': 'same\n' });
    const read = await w.call('read', { path: '/a.txt' });
    const c = await w.call('write', { path: '/a.txt', content: 'same\n' });
    expect(said(c)).toContain('No change');
    expect((c.value as { version: string }).version).toBe((read.value as { version: string }).version);
  });

  it('marks a created file in the diff card', async () => {
    const w = await mk();
    const c = await w.call('write', { path: '/n.txt', content: 'a\nb\n' });
    expect(c.entry.result?.card.card).toMatchObject({ card: 'diff', created: true, added: 2, removed: 0 });
  });
});

describe('str_replace_editor call cards', () => {
  const body = async (args: Record<string, unknown>) => {
    const w = await mk({ '/f.txt': 'a\nb\n' });
    const c = await w.call('str_replace_editor', args);
    const card = c.entry.call.card;
    return card.card === 'generic' ? `${card.title}|${card.body}` : card.card;
  };

  it('say the command and what it would change, so a view and an edit never look alike', async () => {
    expect(await body({ command: 'view', path: '/f.txt', view_range: [1, -1] })).toBe(
      'str_replace_editor view|view /f.txt lines 1–end',
    );
    expect(await body({ command: 'str_replace', path: '/f.txt', old_str: 'a', new_str: 'A\nB' })).toBe(
      'str_replace_editor str_replace|str_replace in /f.txt\n- a\n+ A\n+ B',
    );
    expect(await body({ command: 'insert', path: '/f.txt', insert_line: 1, new_str: 'x' })).toBe(
      'str_replace_editor insert|insert into /f.txt after line 1\n+ x',
    );
    expect(await body({ command: 'create', path: '/g.txt', file_text: '' })).toBe(
      'str_replace_editor create|create /g.txt\n+',
    );
  });
});

describe('str_replace_editor insert', () => {
  const insert = async (file: string, line: number, text: string) => {
    const w = await mk({ '/f.txt': file });
    await w.call('str_replace_editor', { command: 'view', path: '/f.txt' });
    const c = await w.call('str_replace_editor', {
      command: 'insert',
      path: '/f.txt',
      insert_line: line,
      new_str: text,
    });
    expect(code(c)).toBeUndefined();
    return w.content('/f.txt');
  };

  it('inserts at the top, in the middle and at the end', async () => {
    expect(await insert('a\nb\n', 0, 'x')).toBe('x\na\nb\n');
    expect(await insert('a\nb\n', 1, 'x')).toBe('a\nx\nb\n');
    expect(await insert('a\nb\n', 2, 'x')).toBe('a\nb\nx\n');
  });

  it('keeps CRLF endings and a missing final newline', async () => {
    expect(await insert('a\r\nb\r\n', 1, 'x\ny')).toBe('a\r\nx\r\ny\r\nb\r\n');
    expect(await insert('a\nb', 2, 'x')).toBe('a\nb\nx');
  });
});

describe('search tools', () => {
  it('grep counts every match and shows the cap in the card and the text', async () => {
    const files: Record<string, string> = {};
    for (let f = 0; f < 3; f++)
      files[`/src/f${f}.ts`] = Array.from({ length: 400 }, (_, i) => `// TODO ${f}-${i}`).join('\n');
    const w = await mk(files);
    const c = await w.call('grep', { pattern: 'TODO' });
    expect(c.entry.result?.card.card).toMatchObject({ card: 'search', total: 1200, truncated: true });
    expect((c.entry.result?.card.card as { matches: unknown[] }).matches).toHaveLength(50);
    expect(said(c)).toContain('1,200 matches');
    expect(said(c)).toContain('showing the first 50');
    expect(said(c)).toContain('1,150 more were left out');
  });

  it('grep refuses a broken regular expression with BAD_PATTERN', async () => {
    const w = await mk({ '/a.txt': 'x' });
    expect(code(await w.call('grep', { pattern: '(' }))).toBe('BAD_PATTERN');
  });

  it('glob matches with and without a leading slash, and is not truncated under the cap', async () => {
    const w = await mk({ '/src/a.ts': '', '/src/deep/b.ts': '', '/README.md': '' });
    const c = await w.call('glob', { pattern: '**/*.ts' });
    expect(c.entry.result?.card.card).toMatchObject({ total: 2, truncated: false });
    expect(said(await w.call('glob', { pattern: '/src/*.ts' }))).toContain('/src/a.ts');
  });

  it('ls shows files with versions and implied directories', async () => {
    const w = await mk({ '/src/a.ts': '', '/src/deep/b.ts': '', '/README.md': '' });
    const text = said(await w.call('ls', { path: '/src' }));
    expect(text).toContain('/src/a.ts');
    expect(text).toContain('/src/deep/');
    expect(text).not.toContain('/README.md');
  });
});

describe('replay of file tool sessions', () => {
  it('rebuilds every card and model text from the log alone', async () => {
    const w = await mk({ '/a.txt': 'one\ntwo\n' });
    await w.call('read', { path: '/a.txt' });
    await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: '1' });
    await w.call('edit', { path: '/b.txt', old_string: 'x', new_string: 'y' });
    await w.call('write', { path: '/c.txt', content: 'c' });
    await w.call('grep', { pattern: 'two' });
    await w.call('str_replace_editor', { command: 'view', path: '/c.txt' });
    const events = parseLog(serializeLog(w.s.events));
    expect(replay(events, (n) => w.registry.get(n))).toEqual(w.s.live);
  });
});

describe('read cards of logs written before windows were capped', () => {
  it('still replay as read cards, truncated when the window was partial', async () => {
    const w = await mk();
    const tool = w.registry.get('read')!;
    const window = { path: '/a.txt', offset: 3, lines: ['c'], totalLines: 9 };
    const card = tool.presentResult!({ path: '/a.txt' }, { content: [], meta: { ...window, version: 'v1' } });
    expect(card).toEqual({ card: 'read', title: 'v1', ...window, truncated: true });
  });
});

describe('what the model is told', () => {
  it('describes every tool with its JSON Schema', async () => {
    const w = await mk();
    expect(w.registry.schemas()).toMatchSnapshot();
  });
});
