// A deleted file leaves a tombstone (the version the delete gave the path) so that a file created there later never reuses a
// version; the file tools, which see the workspace through `list` and `read`, must never see one.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import type { FsBackend } from '../../../src/fs/types';
import { code, mk, outside, said } from '../tools/fixtures';

const backends: [string, () => FsBackend][] = [
  ['IdbBackend', () => new IdbBackend({ useStore: connect('tombstones', new IDBFactory()) })],
  ['MemoryBackend', () => new MemoryBackend()],
];

/** A workspace that had `/src/gone.ts` (deleted) beside `/src/kept.ts`, with the file tools. */
async function afterDelete(make: () => FsBackend) {
  const w = await mk(
    { '/src/gone.ts': 'export const gone = 1;\n', '/src/kept.ts': 'export const kept = 1;\n' },
    {
      fs: make(),
    },
  );
  await w.fs.delete('/src/gone.ts', outside);
  return w;
}

describe.each(backends)('tombstones in %s', (_name, make) => {
  it('are not found by glob', async () => {
    const { call } = await afterDelete(make);
    const text = said(await call('glob', { pattern: '**/*.ts' }));
    expect([text.includes('/src/kept.ts'), text.includes('gone')]).toEqual([true, false]);
  });

  it('are not listed by ls', async () => {
    const { call } = await afterDelete(make);
    const text = said(await call('ls', { path: '/src' }));
    expect([text.includes('/src/kept.ts'), text.includes('gone')]).toEqual([true, false]);
  });

  it('are not searched by grep', async () => {
    const { call } = await afterDelete(make);
    const text = said(await call('grep', { pattern: 'export const' }));
    expect([text.includes('kept'), text.includes('gone')]).toEqual([true, false]);
  });

  it('are not read', async () => {
    const { call } = await afterDelete(make);
    expect(code(await call('read', { path: '/src/gone.ts' }))).toBe('FS_NOT_FOUND');
  });

  it('do not keep a directory of the same name from becoming a file', async () => {
    const { fs } = await afterDelete(make);
    await fs.delete('/src/kept.ts', outside);
    expect((await fs.write('/src', 'a file now', { kind: 'createIfAbsent' }, outside)).created).toBe(true);
  });

  it('give a re-created file the version after the delete, which is a version of its own', async () => {
    const { fs } = await afterDelete(make);
    const kept = await fs.write('/src/kept.ts', 'changed', { kind: 'none' }, outside);
    await fs.delete('/src/kept.ts', outside);
    const again = await fs.write('/src/kept.ts', 'back', { kind: 'createIfAbsent' }, outside);
    expect([kept.version, again.version]).toEqual(['v2', 'v4']);
  });
});
