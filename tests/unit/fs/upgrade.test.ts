// A workspace written by the first layout (one store `fs`: files, a global `meta` counter, `log:` entries)
// opened by the current code: layout.ts moves it into the one `workspace` store.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { promisifyRequest } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { IdbBackend, connect } from '../../../src/fs';
import type { Actor, Mutation } from '../../../src/fs/types';

const agent: Actor = { kind: 'agent', session: 's1' };
const none = { kind: 'none' } as const;
const entry = (seq: number, op: Mutation['op'], path: string, version: string | null): Mutation => ({
  seq,
  op,
  path,
  version,
  by: agent,
});

// A history under global versions: /gone.txt had v2 and v4 before its delete, /x.txt v6.
const HISTORY: Mutation[] = [
  entry(1, 'write', '/a.txt', 'v1'),
  entry(2, 'write', '/gone.txt', 'v2'),
  entry(3, 'edit', '/a.txt', 'v3'),
  entry(4, 'write', '/gone.txt', 'v4'),
  entry(5, 'write', '/dir/b.txt', 'v5'),
  entry(6, 'delete', '/gone.txt', null),
  entry(7, 'write', '/x.txt', 'v6'),
  entry(8, 'delete', '/x.txt', null),
];

/** Writes a first-layout workspace with raw IndexedDB, as the old code left it. */
async function firstLayout(factory: IDBFactory, name = 'ws'): Promise<void> {
  const request = factory.open(name, 1);
  request.onupgradeneeded = () => request.result.createObjectStore('fs');
  const db = await promisifyRequest(request);
  const tx = db.transaction('fs', 'readwrite');
  const fs = tx.objectStore('fs');
  fs.put({ path: '/a.txt', content: 'alpha\n', version: 'v3' }, 'file:/a.txt');
  fs.put({ path: '/dir/b.txt', content: 'beta\n', version: 'v5' }, 'file:/dir/b.txt');
  fs.put({ version: 6, seq: 8 }, 'meta');
  for (const m of HISTORY) fs.put(m, `log:${String(m.seq).padStart(12, '0')}`);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

async function upgraded(): Promise<{ factory: IDBFactory; fs: IdbBackend }> {
  const factory = new IDBFactory();
  await firstLayout(factory);
  return { factory, fs: new IdbBackend({ useStore: connect('ws', factory) }) };
}

describe('opening a workspace of the first layout', () => {
  it('keeps every file with its content and version', async () => {
    const { fs } = await upgraded();
    expect(await fs.list()).toEqual([
      { path: '/a.txt', version: 'v3', size: 6 },
      { path: '/dir/b.txt', version: 'v5', size: 5 },
    ]);
    expect(await fs.read('/a.txt')).toEqual({ path: '/a.txt', content: 'alpha\n', version: 'v3' });
  });

  it('keeps the journal, in order, with its sequence numbers', async () => {
    const { fs } = await upgraded();
    expect(await fs.journal()).toEqual(HISTORY);
  });

  it('continues a file from its version and the journal from its last number', async () => {
    const { fs } = await upgraded();
    const out = await fs.edit('/a.txt', { oldString: 'alpha', newString: 'ALPHA' }, none, agent);
    expect(out.version).toBe('v4');
    expect((await fs.journal()).at(-1)).toEqual(entry(9, 'edit', '/a.txt', 'v4'));
  });

  it('gives a path deleted before the upgrade a version above the old counter', async () => {
    const { fs } = await upgraded();
    expect((await fs.write('/gone.txt', 'back', none, agent)).version).toBe('v7');
    expect((await fs.write('/new.txt', 'new', none, agent)).version).toBe('v7');
  });

  it('re-creates a file deleted after the upgrade above its last version and the old counter', async () => {
    const { fs } = await upgraded();
    await fs.delete('/dir/b.txt', agent);
    expect((await fs.write('/dir/b.txt', 'again', none, agent)).version).toBe('v7');
    // The delete is version 8 of the path (its tombstone's), so the file comes back as version 9.
    await fs.delete('/dir/b.txt', agent);
    expect((await fs.write('/dir/b.txt', 'and again', none, agent)).version).toBe('v9');
  });

  it('removes the old store and moves nothing twice when opened again', async () => {
    const { factory, fs } = await upgraded();
    await fs.write('/c.txt', 'c', none, agent);
    const again = new IdbBackend({ useStore: connect('ws', factory) });
    expect((await again.journal()).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const db = await promisifyRequest(factory.open('ws'));
    expect([...db.objectStoreNames]).toEqual(['workspace']);
    db.close();
  });

  it('upgrades once when two tabs open it at the same time', async () => {
    const factory = new IDBFactory();
    await firstLayout(factory);
    const tabs = [0, 1].map(() => new IdbBackend({ useStore: connect('ws', factory) }));
    const journals = await Promise.all(tabs.map((tab) => tab.journal()));
    expect(journals).toEqual([HISTORY, HISTORY]);
  });
});

/** Writes a workspace of the second layout (one `workspace` store, no claims index), as that code left it. */
async function secondLayout(factory: IDBFactory): Promise<void> {
  const request = factory.open('ws2', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('workspace', { autoIncrement: true });
  const db = await promisifyRequest(request);
  const tx = db.transaction('workspace', 'readwrite');
  const store = tx.objectStore('workspace');
  store.put({ path: '/a.txt', content: 'alpha\n', version: 'v2' }, 'file:/a.txt');
  store.put({ path: '/gone.txt', version: 'v1', deleted: true }, 'gone:/gone.txt');
  const { seq: _1, ...first } = entry(1, 'write', '/a.txt', 'v1');
  const { seq: _2, ...second } = entry(2, 'write', '/gone.txt', 'v1');
  const { seq: _3, ...third } = entry(3, 'edit', '/a.txt', 'v2');
  const { seq: _4, ...fourth } = entry(4, 'delete', '/gone.txt', null);
  for (const e of [first, second, third, fourth]) store.add(e);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

describe('opening a workspace from before the claims index', () => {
  const open = async () => {
    const factory = new IDBFactory();
    await secondLayout(factory);
    return { factory, fs: new IdbBackend({ useStore: connect('ws2', factory) }) };
  };

  it('keeps its files, tombstones and journal, and carries on numbering both', async () => {
    const { fs } = await open();
    expect((await fs.read('/a.txt'))?.version).toBe('v2');
    const out = await fs.edit('/a.txt', { oldString: 'alpha', newString: 'ALPHA' }, none, agent);
    const back = await fs.write('/gone.txt', 'back', none, agent);
    expect([out.version, back.version]).toEqual(['v3', 'v2']);
    expect((await fs.journal()).map((m) => [m.seq, m.version])).toEqual([
      [1, 'v1'],
      [2, 'v1'],
      [3, 'v2'],
      [4, null],
      [5, 'v3'],
      [6, 'v2'],
    ]);
  });

  it('adds the index, so two tabs that knew the same version cannot both change the file', async () => {
    const { factory, fs } = await open();
    const other = new IdbBackend({ useStore: connect('ws2', factory) });
    const { version } = (await fs.read('/a.txt'))!;
    await other.read('/a.txt');
    const guard = { kind: 'ifVersion', version } as const;
    const results = await Promise.allSettled([
      fs.edit('/a.txt', { oldString: 'alpha', newString: 'one' }, guard, agent),
      other.edit('/a.txt', { oldString: 'alpha', newString: 'two' }, guard, agent),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const db = await promisifyRequest(factory.open('ws2'));
    expect([...db.transaction('workspace').objectStore('workspace').indexNames]).toEqual(['claims']);
    db.close();
  });
});
