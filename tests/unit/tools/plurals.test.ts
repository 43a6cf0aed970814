import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { Hooks, Registry, Session, parseLog, replay, serializeLog } from '../../../src/harness';
import { seedStatements, sqlQueryTool } from '../../../src/tools/sql';
import { countWordsTool } from '../../../src/tools/teaching';
import { mk, said } from './fixtures';

// The model's texts say "1 line" and "2 lines", never "1 lines" (each `it` checks one and many).

describe('the model’s texts agree with their counts', () => {
  it('a created file: "1 line", "2 lines"', async () => {
    const w = await mk();
    expect(said(await w.call('write', { path: '/one.txt', content: 'a\n' }))).toContain(
      '(version v1, 1 line).',
    );
    expect(said(await w.call('write', { path: '/two.txt', content: 'a\nb\n' }))).toContain(
      '(version v1, 2 lines).',
    );
  });

  it('the write call’s card: "1 character", "2 characters"', async () => {
    const w = await mk();
    const one = await w.call('write', { path: '/one.txt', content: 'a' });
    const two = await w.call('write', { path: '/two.txt', content: 'ab' });
    expect(one.entry.call.card).toMatchObject({ body: '/one.txt (1 character)' });
    expect(two.entry.call.card).toMatchObject({ body: '/two.txt (2 characters)' });
  });

  it('a window that stops short: "1 more line", "2 more lines"', async () => {
    const w = await mk({ '/a.txt': 'a\nb\nc\n' });
    expect(said(await w.call('read', { path: '/a.txt', limit: 2 }))).toContain('... 1 more line; call read');
    expect(said(await w.call('read', { path: '/a.txt', limit: 1 }))).toContain('... 2 more lines; call read');
  });

  it('lines before a window: "1 line ... is", "2 lines ... are"', async () => {
    const w = await mk({ '/a.txt': 'a\nb\nc\n' });
    expect(said(await w.call('read', { path: '/a.txt', offset: 2 }))).toContain(
      '(1 line before this window is not shown.)',
    );
    expect(said(await w.call('read', { path: '/a.txt', offset: 3 }))).toContain(
      '(2 lines before this window are not shown.)',
    );
  });

  it('a cut line: "1 more character"', async () => {
    const w = await mk({ '/long.txt': 'x'.repeat(2001) });
    expect(said(await w.call('read', { path: '/long.txt' }))).toContain('[line cut: 1 more character]');
  });

  it('a search: "1 match", "1 file", "1 entry", and their plurals', async () => {
    const w = await mk({ '/d/a.txt': 'hit\n', '/d/b.md': 'hit\nhit\n' });
    expect(said(await w.call('grep', { pattern: 'hit', glob: '**/*.txt' }))).toMatch(/^1 match for /);
    expect(said(await w.call('grep', { pattern: 'hit' }))).toMatch(/^3 matches for /);
    expect(said(await w.call('glob', { pattern: '**/*.md' }))).toMatch(/^1 file for /);
    expect(said(await w.call('glob', { pattern: '**' }))).toMatch(/^2 files for /);
    expect(said(await w.call('ls', { path: '/' }))).toMatch(/^1 entry for /);
    expect(said(await w.call('ls', { path: '/d' }))).toMatch(/^2 entries for /);
  });

  it('a capped search: "1 more was left out", "2 more were left out"', async () => {
    const w = await mk({ '/a.txt': 'hit\nhit\nhit\n' }, { tools: { grepCap: 2 } });
    expect(said(await w.call('grep', { pattern: 'hit' }))).toContain('1 more was left out');
    const v = await mk({ '/a.txt': 'hit\nhit\nhit\n' }, { tools: { grepCap: 1 } });
    expect(said(await v.call('grep', { pattern: 'hit' }))).toContain('2 more were left out');
  });

  it('an edit: "1 replacement", "2 replacements"', async () => {
    const w = await mk({ '/a.txt': 'x y y\n' });
    await w.call('read', { path: '/a.txt' });
    const one = await w.call('edit', { path: '/a.txt', old_string: 'x', new_string: 'z', replace_all: true });
    expect(said(one)).toContain('Edited /a.txt: 1 replacement at line 1-1');
    await w.call('read', { path: '/a.txt' });
    const two = await w.call('edit', { path: '/a.txt', old_string: 'y', new_string: 'z', replace_all: true });
    expect(said(two)).toContain('Edited /a.txt: 2 replacements at line 1-1');
  });

  it('a word count: "1 word, 1 line", "2 words, 2 lines"', async () => {
    const w = await mk({ '/one.txt': 'a\n', '/two.txt': 'a\nb\n' });
    const registry = new Registry().register(countWordsTool(w.fs));
    const s = new Session({ id: 'w', registry, hooks: new Hooks() });
    expect((await s.call('count_words', { path: '/one.txt' })).entry.result?.modelText).toBe(
      '/one.txt: 1 word, 1 line',
    );
    expect((await s.call('count_words', { path: '/two.txt' })).entry.result?.modelText).toBe(
      '/two.txt: 2 words, 2 lines',
    );
  });

  it('a query: "1 row.", "2 rows."', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(seedStatements());
    const registry = new Registry().register(sqlQueryTool(() => Promise.resolve(db)));
    const s = new Session({ id: 'q', registry, hooks: new Hooks() });
    const text = async (sql: string) => (await s.call('sql_query', { sql })).entry.result?.modelText;
    expect(await text('SELECT id FROM customers LIMIT 1')).toMatch(/^1 row\.\n/);
    expect(await text('SELECT id FROM customers LIMIT 2')).toMatch(/^2 rows\.\n/);
  });
});

describe('a session logged with the old words', () => {
  it('replays with the words it was logged with: the log keeps the content, not the count', async () => {
    const w = await mk();
    await w.call('write', { path: '/one.txt', content: 'a\n' });
    const logged = serializeLog(w.s.events).replace('1 line).', '1 lines).');
    expect(logged).toContain('(version v1, 1 lines).');
    const entries = replay(parseLog(logged), (name) => w.registry.get(name));
    const call = entries.find((e) => e.kind === 'call');
    expect(call?.kind === 'call' && call.result?.modelText).toContain('(version v1, 1 lines).');
  });
});
