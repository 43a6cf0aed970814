// Records that do not parse are set aside, reported, and never in the way of the good ones.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { IdbBackend, QUARANTINE_PREFIX, connect, quarantinedKey } from '../../../src/fs';
import { FsError } from '../../../src/fs/errors';
import type { Actor } from '../../../src/fs/types';
import { scenarioById } from '../../../src/model';
import { Playground } from '../../../src/run';

const agent: Actor = { kind: 'agent', session: 's1' };
const none = { kind: 'none' } as const;
const workspace = () => {
  const useStore = connect('ws', new IDBFactory());
  return { useStore, fs: new IdbBackend({ useStore }) };
};
const plant = (useStore: UseStore, key: IDBValidKey, value: unknown) =>
  useStore('readwrite', (store) => promisifyRequest(store.put(value, key)));
const stored = (useStore: UseStore, key: IDBValidKey) =>
  useStore('readonly', (store) => promisifyRequest(store.get(key)));
/** Every record set aside: the key it had, and its value as stored. */
const quarantined = (useStore: UseStore) =>
  useStore('readonly', async (store) => {
    const range = IDBKeyRange.bound(QUARANTINE_PREFIX, `${QUARANTINE_PREFIX}\uffff`);
    const [keys, values] = await Promise.all([
      promisifyRequest(store.getAllKeys(range)),
      promisifyRequest(store.getAll(range)),
    ]);
    return keys.map((at, i) => ({ key: quarantinedKey(String(at)), value: values[i] as unknown }));
  });
const codeOf = (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (error: unknown) => (error instanceof FsError ? error.code : String(error)),
  );
const deep = (depth: number) => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { v: value };
  return value;
};

describe('a damaged file record', () => {
  it('reads as no file, and is moved under a quarantine key with its value untouched', async () => {
    const { useStore, fs } = workspace();
    const bad = { path: '/a.txt', content: 42 };
    await plant(useStore, 'file:/a.txt', bad);
    expect(await fs.read('/a.txt')).toBeNull();
    expect(await stored(useStore, 'file:/a.txt')).toBeUndefined();
    expect(await quarantined(useStore)).toEqual([{ key: 'file:/a.txt', value: bad }]);
    expect(fs.problems()).toEqual([
      {
        code: 'STORAGE_BAD_RECORD',
        key: 'file:/a.txt',
        reason: expect.stringContaining('content') as string,
        setAsideAs: expect.stringMatching(/^quarantine:.*:file:\/a\.txt$/) as string,
      },
    ]);
  });

  it('is left out of the listing, which still lists every good file', async () => {
    const { useStore, fs } = workspace();
    await fs.write('/a.txt', 'a', none, agent);
    await fs.write('/c.txt', 'c', none, agent);
    await plant(useStore, 'file:/b.txt', 'not a record');
    await plant(useStore, 'file:/d.txt', deep(500));
    await plant(useStore, 'file:/e.txt', undefined);
    expect((await fs.list()).map((f) => f.path)).toEqual(['/a.txt', '/c.txt']);
    expect(fs.problems().map((p) => p.key)).toEqual(['file:/b.txt', 'file:/d.txt', 'file:/e.txt']);
    expect(await quarantined(useStore)).toHaveLength(3);
    // Set aside once: the next listing meets nothing bad.
    expect((await fs.list()).map((f) => f.path)).toEqual(['/a.txt', '/c.txt']);
    expect(await quarantined(useStore)).toHaveLength(3);
  });

  it('is bad when it names another path than its key', async () => {
    const { useStore, fs } = workspace();
    await plant(useStore, 'file:/a.txt', { path: '/b.txt', content: '', version: 'v1' });
    await plant(useStore, 'file:/c//d', { path: '/c//d', content: '', version: 'v1' });
    expect(await fs.list()).toEqual([]);
    expect(fs.problems().map((p) => p.key)).toEqual(['file:/a.txt', 'file:/c//d']);
  });

  it('is set aside by a write to its path, which then creates the file after every claimed version', async () => {
    const { useStore, fs } = workspace();
    await fs.write('/a.txt', 'one', none, agent);
    await fs.write('/a.txt', 'two', none, agent);
    await plant(useStore, 'file:/a.txt', { garbage: true });
    const written = await fs.write('/a.txt', 'three', { kind: 'createIfAbsent' }, agent);
    expect(written).toMatchObject({ created: true, version: 'v3' });
    expect((await fs.read('/a.txt'))?.content).toBe('three');
    expect(fs.problems()).toHaveLength(1);
  });

  it('is set aside even when the edit that met it is refused', async () => {
    const { useStore, fs } = workspace();
    await plant(useStore, 'file:/a.txt', { path: '/a.txt' });
    expect(await codeOf(fs.edit('/a.txt', { oldString: 'a', newString: 'b' }, none, agent))).toBe(
      'FS_NOT_FOUND',
    );
    expect(await fs.journal()).toEqual([]);
    expect(await quarantined(useStore)).toHaveLength(1);
  });

  it('is removed, and the problem says so, when the browser will not store its value again', async () => {
    const { useStore } = workspace();
    // A capability whose puts of quarantine records fail the way a value too deep to clone again fails.
    const refusing: UseStore = (mode, body) =>
      useStore(mode, (store) => {
        const put = store.put.bind(store);
        store.put = (value: unknown, key?: IDBValidKey) => {
          if (String(key).startsWith(QUARANTINE_PREFIX))
            throw new RangeError('Maximum call stack size exceeded');
          return put(value, key);
        };
        return body(store);
      });
    const fs = new IdbBackend({ useStore: refusing });
    await plant(useStore, 'file:/a.txt', { bad: true });
    expect(await fs.write('/a.txt', 'fresh', { kind: 'createIfAbsent' }, agent)).toMatchObject({
      created: true,
    });
    expect(fs.problems()).toEqual([
      {
        code: 'STORAGE_BAD_RECORD',
        key: 'file:/a.txt',
        reason: expect.stringMatching(
          /could not be stored again \(RangeError.*\), so it was removed$/,
        ) as string,
        setAsideAs: null,
      },
    ]);
    expect(await quarantined(useStore)).toEqual([]);
  });
});

describe('other damaged records', () => {
  it('a tombstone: set aside when a file is created there, the version after every claimed one', async () => {
    const { useStore, fs } = workspace();
    await fs.write('/a.txt', 'one', none, agent);
    await fs.delete('/a.txt', agent);
    await plant(useStore, 'gone:/a.txt', [1, 2, 3]);
    expect((await fs.write('/a.txt', 'again', none, agent)).version).toBe('v3');
    expect(fs.problems().map((p) => p.key)).toEqual(['gone:/a.txt']);
  });

  it('the version floor: set aside, and new files are still created', async () => {
    const { useStore, fs } = workspace();
    await plant(useStore, 'floor', { version: 'high' });
    expect((await fs.write('/new.txt', 'x', none, agent)).version).toBe('v1');
    expect(fs.problems().map((p) => p.key)).toEqual(['floor']);
  });

  it('a journal entry: skipped and reported, and left in place', async () => {
    const { useStore, fs } = workspace();
    await fs.write('/a.txt', 'one', none, agent);
    await fs.write('/b.txt', 'two', none, agent);
    await plant(useStore, 1, { op: 'explode', claim: ['/a.txt', 1] });
    expect((await fs.journal()).map((m) => m.path)).toEqual(['/b.txt']);
    expect(fs.problems()).toEqual([
      { code: 'STORAGE_BAD_RECORD', key: '1', reason: expect.any(String) as string, setAsideAs: null },
    ]);
    expect(await stored(useStore, 1)).toMatchObject({ op: 'explode' });
  });
});

describe('resetting a workspace whatever it holds', () => {
  it('restores the scenario’s files over records of any shape', async () => {
    const { useStore, fs } = workspace();
    const scenario = scenarioById('stale-version')!;
    const paths = Object.keys(scenario.files);
    await plant(useStore, `file:${paths[0]}`, deep(500));
    await plant(useStore, 'file:/junk', null);
    await plant(useStore, `gone:${paths[1] ?? '/other'}`, 'x');
    await plant(useStore, 'floor', -1);
    const pg = await Playground.open({ fs }, scenario);
    expect((await fs.list()).map((f) => f.path).sort()).toEqual([...paths].sort());
    for (const path of paths) expect((await fs.read(path))?.content).toBe(scenario.files[path]);
    expect(fs.problems().length).toBeGreaterThanOrEqual(3);
    await pg.load(scenario);
    expect((await fs.list()).map((f) => f.path).sort()).toEqual([...paths].sort());
  });

  it('never throws on listing, whatever a file record holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.anything({ withDate: true, withMap: true, withTypedArray: true }),
        async (value) => {
          const { useStore, fs } = workspace();
          await fs.write('/good.txt', 'kept', none, agent);
          await plant(useStore, 'file:/bad.txt', value);
          const listed = (await fs.list()).map((f) => f.path);
          expect(listed).toContain('/good.txt');
          expect((await fs.read('/good.txt'))?.content).toBe('kept');
        },
      ),
      { numRuns: 40 },
    );
  });
});
