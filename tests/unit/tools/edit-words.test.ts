import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import type { FsBackend } from '../../../src/fs/types';
import { code, mk, said } from './fixtures';

const backends: [string, () => FsBackend][] = [
  ['MemoryBackend', () => new MemoryBackend()],
  ['IdbBackend (fake-indexeddb)', () => new IdbBackend({ useStore: connect('words', new IDBFactory()) })],
];

const FILE = 'a x\nb\nx c\nx\n';

/** A session that has read `/a.txt` = `content`, on `fs`. */
async function readFile(content: string, fs?: FsBackend) {
  const w = await mk({ '/a.txt': content }, fs ? { fs } : {});
  await w.call('read', { path: '/a.txt' });
  return w;
}

const edit = (old_string: string, new_string: string) => ({ path: '/a.txt', old_string, new_string });
const strReplace = (old_str: string, new_str: string) => ({
  command: 'str_replace',
  path: '/a.txt',
  old_str,
  new_str,
});

describe.each(backends)('an ambiguous edit names the count and the lines of the matches (%s)', (_n, make) => {
  it('edit: in old_string and replace_all', async () => {
    const w = await readFile(FILE, make());
    const c = await w.call('edit', edit('x', 'y'));
    expect(code(c)).toBe('FS_AMBIGUOUS_EDIT');
    expect(c.outcome.result.error?.message).toBe(
      'old_string occurs 3 times in /a.txt, on lines 1, 3 and 4; it must occur exactly once.',
    );
    expect(c.outcome.result.error?.remedy).toBe(
      'Add surrounding lines to make old_string unique, or set replace_all to replace every occurrence.',
    );
  });

  it('str_replace_editor: in old_str, with no advice to use a parameter it lacks', async () => {
    const w = await readFile(FILE, make());
    const c = await w.call('str_replace_editor', strReplace('x', 'y'));
    expect(code(c)).toBe('FS_AMBIGUOUS_EDIT');
    expect(c.outcome.result.error?.message).toBe(
      'old_str occurs 3 times in /a.txt, on lines 1, 3 and 4; it must occur exactly once.',
    );
    expect(said(c)).toContain('Add surrounding lines to old_str so that it occurs exactly once');
    expect(said(c)).not.toMatch(/replace_all|old_string|new_string/);
  });
});

describe('where an ambiguous match is', () => {
  it('gives the first five lines and the full count when there are more', async () => {
    const w = await readFile(Array.from({ length: 12 }, (_, i) => `${i % 2 ? 'x' : '-'}\n`).join(''));
    const c = await w.call('edit', edit('x', 'y'));
    expect(c.outcome.result.error?.message).toContain(
      'occurs 6 times in /a.txt, the first 5 on lines 2, 4, 6, 8 and 10;',
    );
  });

  it('says when every match is on one line', async () => {
    const w = await readFile('x x x\n');
    const c = await w.call('str_replace_editor', strReplace('x', 'y'));
    expect(c.outcome.result.error?.message).toContain('occurs 3 times in /a.txt, all on line 1;');
  });
});

// Every refusal of str_replace_editor's str_replace, in its own words: a model that follows the advice
// must never be sent to a parameter the tool does not have.
describe('str_replace_editor speaks of old_str and new_str only', () => {
  const cases: [string, string, string, string, RegExp][] = [
    ['empty', '', 'y', 'FS_EMPTY_OLD_STRING', /old_str is empty.*create command/s],
    ['identical', 'b', 'b', 'FS_NO_CHANGE', /old_str and new_str are identical.*Make new_str/s],
    ['not found', 'zzz', 'y', 'FS_EDIT_NOT_FOUND', /old_str was not found in \/a\.txt.*view command/s],
  ];
  it.each(cases)('%s', async (_name, old_str, new_str, expected, text) => {
    const w = await readFile(FILE);
    const c = await w.call('str_replace_editor', strReplace(old_str, new_str));
    expect(code(c)).toBe(expected);
    expect(said(c)).toMatch(text);
    expect(said(c)).not.toMatch(/replace_all|old_string|new_string/);
  });

  it('insert past the end names insert_line and its range', async () => {
    const w = await readFile('one\ntwo\n');
    const c = await w.call('str_replace_editor', {
      command: 'insert',
      path: '/a.txt',
      insert_line: 9,
      new_str: 'x',
    });
    expect(code(c)).toBe('FS_OFFSET_PAST_END');
    expect(said(c)).toContain('insert_line 9 is past the end of /a.txt (2 lines)');
    expect(said(c)).toContain('use an insert_line from 0 (the top) to 2');
  });

  it('view of a missing file, or past its end, speaks of the create command and view_range', async () => {
    const w = await readFile('one\n');
    const missing = await w.call('str_replace_editor', { command: 'view', path: '/none.txt' });
    expect(said(missing)).toContain('create it with the create command');
    const past = await w.call('str_replace_editor', { command: 'view', path: '/a.txt', view_range: [5, 6] });
    expect(code(past)).toBe('FS_OFFSET_PAST_END');
    expect(said(past)).toContain('view_range starts at line 5, past the end of /a.txt (1 line)');
    expect(said(past)).toContain('start view_range at a line from 1 to 1');
    expect(said(past)).not.toContain('offset');
  });
});

describe('edit speaks of old_string, new_string and replace_all', () => {
  it('words the refusals in its parameters', async () => {
    const w = await readFile(FILE);
    expect(said(await w.call('edit', edit('', 'y')))).toMatch(/old_string is empty.*use write/s);
    expect(said(await w.call('edit', edit('zzz', 'y')))).toMatch(/old_string was not found.*with read/s);
    expect(said(await w.call('edit', edit('b', 'b')))).toContain('old_string and new_string are identical');
  });
});
