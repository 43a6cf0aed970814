import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { promisifyRequest } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deletesFreely, heldFactory } from '../../fixtures/held-idb';

// The lab's store is made once per module (idb-keyval opens it with the global factory): each test loads
// the module afresh over the factory it sets.
const load = async (factory: IDBFactory) => {
  vi.resetModules();
  vi.stubGlobal('indexedDB', factory);
  return import('../../../src/storage/open');
};

afterEach(() => vi.unstubAllGlobals());

/** Every key of one store of one database, opened apart from the app. */
const keysIn = async (factory: IDBFactory, db: string, store: string): Promise<IDBValidKey[]> => {
  const opened = await promisifyRequest(factory.open(db));
  const keys = await promisifyRequest(opened.transaction(store).objectStore(store).getAllKeys());
  opened.close();
  return keys;
};

describe('openStorage', () => {
  it('keeps everything when all three databases answer', async () => {
    const real = new IDBFactory();
    const { openStorage } = await load(real);
    const storage = await openStorage({ indexedDB: real, waitMs: 1000 });
    expect(storage.unavailable).toBeNull();
    // The module was loaded afresh, so its classes are not this file's: ask what they do instead.
    expect(storage.fs.persistent).toBe(true);
    expect(await storage.sessions!.list()).toEqual([]);
    expect(storage.kept).not.toBeNull();
  });

  it('keeps nothing, and says refused, when there is no IndexedDB', async () => {
    const { openStorage } = await load(new IDBFactory());
    const storage = await openStorage({ indexedDB: null });
    expect([storage.unavailable, storage.fs.persistent, storage.sessions, storage.kept]).toEqual([
      'refused',
      false,
      null,
      null,
    ]);
  });

  it('goes on in memory within the wait when no database answers', async () => {
    const held = heldFactory();
    const { openStorage } = await load(held.factory);
    const started = Date.now();
    const storage = await openStorage({ indexedDB: held.factory, waitMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect([storage.unavailable, storage.fs.persistent, storage.sessions, storage.kept]).toEqual([
      'unanswered',
      false,
      null,
      null,
    ]);
  });

  it('keeps nothing anywhere when one database stays silent, letting go of those that answered', async () => {
    const real = new IDBFactory();
    const silentSessions = Object.assign(Object.create(real) as IDBFactory, {
      open: (name: string) => (name === 'harness-playground' ? ({} as IDBOpenDBRequest) : real.open(name)),
    });
    const { openStorage } = await load(silentSessions);
    const storage = await openStorage({ indexedDB: silentSessions, waitMs: 50 });
    expect([storage.unavailable, storage.fs.persistent, storage.sessions]).toEqual([
      'unanswered',
      false,
      null,
    ]);
    await vi.waitFor(async () => expect(await deletesFreely(real, 'harness-playground-lab')).toBe(true));
  });

  it('stays in memory when storage answers late: it closes every database and writes nothing', async () => {
    const held = heldFactory();
    const { openStorage } = await load(held.factory);
    const storage = await openStorage({ indexedDB: held.factory, waitMs: 20 });
    await storage.fs.write(
      '/mine.txt',
      'kept in memory',
      { kind: 'none' },
      { kind: 'external', who: 'editor' },
    );
    held.answer();
    await storage.later;
    expect((await storage.fs.read('/mine.txt'))?.content).toBe('kept in memory');
    const names = (await held.real.databases()).map((d) => d.name).sort();
    expect(names).toEqual(['harness-playground', 'harness-playground-lab', 'workspace:playground']);
    expect(await keysIn(held.real, 'harness-playground', 'sessions')).toEqual([]);
    for (const name of names) expect(await deletesFreely(held.real, name!)).toBe(true);
  });
});
