import { describe, expect, it } from 'vitest';
import { code, mk, outside, said } from './fixtures';

// One test per cell of the table in DESIGN §4, plus the cases around it.
describe('write', () => {
  it('creates a file the session has never seen, without a read', async () => {
    const w = await mk();
    expect(code(await w.call('write', { path: '/new.txt', content: 'hi\n' }))).toBeUndefined();
    expect(await w.content('/new.txt')).toBe('hi\n');
  });

  it('refuses to overwrite an existing file the session has not read (FS_NOT_OBSERVED)', async () => {
    const w = await mk({ '/a.txt': 'theirs\n' });
    const c = await w.call('write', { path: '/a.txt', content: 'mine\n' });
    expect(code(c)).toBe('FS_NOT_OBSERVED');
    expect(said(c)).toMatch(/read the file/);
    expect(await w.content('/a.txt')).toBe('theirs\n');
  });

  it('creates a file the session saw as absent', async () => {
    const w = await mk();
    expect(code(await w.call('read', { path: '/b.txt' }))).toBe('FS_NOT_FOUND');
    expect(code(await w.call('write', { path: '/b.txt', content: 'x' }))).toBeUndefined();
  });

  it('refuses when a file seen as absent was created since (FS_STALE_VERSION)', async () => {
    const w = await mk();
    await w.call('read', { path: '/b.txt' });
    await w.fs.write('/b.txt', 'someone else', { kind: 'none' }, outside);
    const c = await w.call('write', { path: '/b.txt', content: 'mine' });
    expect(code(c)).toBe('FS_STALE_VERSION');
    expect(await w.content('/b.txt')).toBe('someone else');
  });

  it('replaces a file read at the current version', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    await w.call('read', { path: '/a.txt' });
    expect(code(await w.call('write', { path: '/a.txt', content: 'new\n' }))).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('new\n');
  });

  it('refuses a file changed since it was read (FS_STALE_VERSION) and keeps the other change', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    await w.call('read', { path: '/a.txt' });
    await w.fs.write('/a.txt', 'external\n', { kind: 'none' }, outside);
    const c = await w.call('write', { path: '/a.txt', content: 'mine\n' });
    expect(code(c)).toBe('FS_STALE_VERSION');
    expect(said(c)).toMatch(/re-read the file, then retry/i);
    expect(await w.content('/a.txt')).toBe('external\n');
  });

  it('refuses a file deleted since it was read (FS_STALE_VERSION)', async () => {
    const w = await mk({ '/a.txt': 'old\n' });
    await w.call('read', { path: '/a.txt' });
    await w.fs.delete('/a.txt', outside);
    expect(code(await w.call('write', { path: '/a.txt', content: 'mine\n' }))).toBe('FS_STALE_VERSION');
    expect(await w.content('/a.txt')).toBeUndefined();
  });
});

describe('edit', () => {
  it('refuses a file the session has not read (FS_NOT_OBSERVED)', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    const c = await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'two' });
    expect(code(c)).toBe('FS_NOT_OBSERVED');
    expect(said(c)).toContain('Remedy: read the file, then retry the edit');
    expect(await w.content('/a.txt')).toBe('one\n');
  });

  it('refuses a path the session saw as absent (FS_NOT_FOUND)', async () => {
    const w = await mk();
    await w.call('read', { path: '/a.txt' });
    expect(code(await w.call('edit', { path: '/a.txt', old_string: 'a', new_string: 'b' }))).toBe(
      'FS_NOT_FOUND',
    );
  });

  it('edits a file read at the current version', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('read', { path: '/a.txt' });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'two' })),
    ).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('two\n');
  });

  it('refuses a file changed since it was read (FS_STALE_VERSION)', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('read', { path: '/a.txt' });
    await w.fs.write('/a.txt', 'one\nmore\n', { kind: 'none' }, outside);
    expect(code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'two' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(await w.content('/a.txt')).toBe('one\nmore\n');
  });

  it('reports a stale version before a failed match', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('read', { path: '/a.txt' });
    await w.fs.write('/a.txt', 'changed\n', { kind: 'none' }, outside);
    expect(code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'two' }))).toBe(
      'FS_STALE_VERSION',
    );
  });

  it('needs no re-read after its own edit or write (the ledger is refreshed)', async () => {
    const w = await mk({ '/a.txt': 'one two\n' });
    await w.call('read', { path: '/a.txt' });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: '1' })),
    ).toBeUndefined();
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'two', new_string: '2' })),
    ).toBeUndefined();
    expect(code(await w.call('write', { path: '/a.txt', content: 'three\n' }))).toBeUndefined();
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'three', new_string: '3' })),
    ).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('3\n');
  });

  it('keeps the observations of two sessions apart', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    const other = w.session('s2');
    await w.call('read', { path: '/a.txt' });
    expect(code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'x' }, other))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'x' })),
    ).toBeUndefined();
  });

  it("makes another session's read stale after this session's edit", async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    const other = w.session('s2');
    await w.call('read', { path: '/a.txt' });
    await w.call('read', { path: '/a.txt' }, other);
    await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'x' });
    expect(code(await w.call('edit', { path: '/a.txt', old_string: 'x', new_string: 'y' }, other))).toBe(
      'FS_STALE_VERSION',
    );
  });
});

describe('path spellings', () => {
  it('treats every spelling of a path as the same ledger entry', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('read', { path: 'a.txt' });
    expect(
      code(await w.call('edit', { path: 'a.txt', old_string: 'one', new_string: 'two' })),
    ).toBeUndefined();
    expect(code(await w.call('write', { path: '/x/../a.txt', content: 'three\n' }))).toBeUndefined();
    expect([...w.policy!.ledger('s1').keys()]).toEqual(['/a.txt']);
  });

  it('records a missed read under the normalized path', async () => {
    const w = await mk();
    await w.call('read', { path: 'b.txt' });
    expect(w.policy!.ledger('s1').get('/b.txt')).toEqual({ state: 'absent' });
    expect(code(await w.call('edit', { path: '/b.txt', old_string: 'a', new_string: 'b' }))).toBe(
      'FS_NOT_FOUND',
    );
  });
});

describe('without the policy', () => {
  it('writes over an unread file unconditionally', async () => {
    const w = await mk({ '/a.txt': 'theirs\n' }, { policy: false });
    expect(code(await w.call('write', { path: '/a.txt', content: 'mine\n' }))).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('mine\n');
  });

  it('edits an unread, externally changed file unconditionally', async () => {
    const w = await mk({ '/a.txt': 'one\n' }, { policy: false });
    await w.call('read', { path: '/a.txt' });
    await w.fs.write('/a.txt', 'one\nexternal\n', { kind: 'none' }, outside);
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'x' })),
    ).toBeUndefined();
    expect(await w.content('/a.txt')).toBe('x\nexternal\n');
  });
});

describe('the ledger', () => {
  it('is rebuilt from the log alone', async () => {
    const w = await mk({ '/a.txt': 'one\n', '/b.txt': 'b\n' });
    await w.call('read', { path: '/a.txt' });
    await w.call('read', { path: '/missing' });
    await w.call('write', { path: '/c.txt', content: 'c' });
    const before = w.policy!.ledger('s1');
    w.policy!.restore([]);
    expect(w.policy!.ledger('s1').size).toBe(0);
    w.policy!.restore(w.s.events);
    expect(w.policy!.ledger('s1')).toEqual(before);
    expect([...before.keys()].sort()).toEqual(['/a.txt', '/c.txt', '/missing']);
    expect(before.get('/missing')).toEqual({ state: 'absent' });
  });
});

describe('str_replace_editor shares the ledger', () => {
  it('lets edit change a file viewed with str_replace_editor', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('str_replace_editor', { command: 'view', path: '/a.txt' });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'one', new_string: 'x' })),
    ).toBeUndefined();
  });

  it('lets str_replace change a file read with read, and refuses an unread one', async () => {
    const w = await mk({ '/a.txt': 'one\n', '/b.txt': 'b\n' });
    await w.call('read', { path: '/a.txt' });
    const ok = await w.call('str_replace_editor', {
      command: 'str_replace',
      path: '/a.txt',
      old_str: 'one',
      new_str: 'x',
    });
    expect(code(ok)).toBeUndefined();
    const refused = await w.call('str_replace_editor', {
      command: 'str_replace',
      path: '/b.txt',
      old_str: 'b',
      new_str: 'x',
    });
    expect(code(refused)).toBe('FS_NOT_OBSERVED');
    const insert = await w.call('str_replace_editor', {
      command: 'insert',
      path: '/b.txt',
      insert_line: 0,
      new_str: 'x',
    });
    expect(code(insert)).toBe('FS_NOT_OBSERVED');
  });

  it('refuses an insert into a file changed since it was viewed', async () => {
    const w = await mk({ '/a.txt': 'one\n' });
    await w.call('str_replace_editor', { command: 'view', path: '/a.txt' });
    await w.fs.write('/a.txt', 'two\n', { kind: 'none' }, outside);
    const c = await w.call('str_replace_editor', {
      command: 'insert',
      path: '/a.txt',
      insert_line: 1,
      new_str: 'x',
    });
    expect(code(c)).toBe('FS_STALE_VERSION');
    expect(await w.content('/a.txt')).toBe('two\n');
  });
});

describe('str_replace_editor insert reports a stale view first', () => {
  const view = async (file: string) => {
    const w = await mk({ '/a.txt': file });
    await w.call('str_replace_editor', { command: 'view', path: '/a.txt' });
    return w;
  };
  const insert = (w: Awaited<ReturnType<typeof mk>>, line: number) =>
    w.call('str_replace_editor', { command: 'insert', path: '/a.txt', insert_line: line, new_str: 'x' });

  it('as FS_STALE_VERSION when the file was deleted since it was viewed, like edit', async () => {
    const w = await view('one\n');
    await w.fs.delete('/a.txt', outside);
    expect(code(await insert(w, 0))).toBe('FS_STALE_VERSION');
  });

  it('before saying the line is past the end of what the file holds now', async () => {
    const w = await view('one\ntwo\n');
    await w.fs.write('/a.txt', '', { kind: 'none' }, outside);
    expect(code(await insert(w, 2))).toBe('FS_STALE_VERSION');
  });
});

describe('only edit what was read', () => {
  const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

  it('refuses an edit outside the lines the reads showed, naming them', async () => {
    const w = await mk({ '/a.txt': ten }, { policy: { onlyEditWhatWasRead: true } });
    await w.call('read', { path: '/a.txt', offset: 1, limit: 3 });
    const c = await w.call('edit', { path: '/a.txt', old_string: 'line 8', new_string: 'x' });
    expect(code(c)).toBe('FS_NOT_OBSERVED');
    expect(said(c)).toMatch(/8/);
    expect(await w.content('/a.txt')).toBe(ten);
  });

  it('allows an edit inside a window, and after reading the rest', async () => {
    const w = await mk({ '/a.txt': ten }, { policy: { onlyEditWhatWasRead: true } });
    await w.call('read', { path: '/a.txt', offset: 1, limit: 3 });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'line 2', new_string: 'two' })),
    ).toBeUndefined();
    await w.call('read', { path: '/a.txt', offset: 4, limit: 7 });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'line 9', new_string: 'nine' })),
    ).toBeUndefined();
  });

  it('is off by default', async () => {
    const w = await mk({ '/a.txt': ten });
    await w.call('read', { path: '/a.txt', offset: 1, limit: 3 });
    expect(
      code(await w.call('edit', { path: '/a.txt', old_string: 'line 8', new_string: 'x' })),
    ).toBeUndefined();
  });
});
