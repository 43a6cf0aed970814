import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { UseStore } from 'idb-keyval';
import { promisifyRequest } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { IdbBackend, MemoryBackend, connect, openWorkspace, probeStore, storageError } from '../../../src/fs';
import { FsError } from '../../../src/fs/errors';
import type { Actor, Mutation } from '../../../src/fs/types';
import { deletesFreely, heldFactory } from '../../fixtures/held-idb';

const agent: Actor = { kind: 'agent', session: 's1' };
const none = { kind: 'none' } as const;
const backend = (useStore: UseStore) => new IdbBackend({ useStore });
const codeOf = async (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => 'no error',
    (error: unknown) => (error instanceof FsError ? error.code : String(error)),
  );
const domError = (name: string) => new DOMException(name, name);

/** A factory that records every connection it opens, so a test can close one behind the backend's back. */
function spyFactory(): { factory: IDBFactory; opened: IDBDatabase[] } {
  const real = new IDBFactory();
  const opened: IDBDatabase[] = [];
  const open = (name: string, version?: number) => {
    const request = version === undefined ? real.open(name) : real.open(name, version);
    request.addEventListener('success', () => opened.push(request.result));
    return request;
  };
  return { factory: Object.assign(Object.create(real) as IDBFactory, { open }), opened };
}

/** Wraps a store capability so that `put` of a file record fails the way `fail` says. */
function failingPuts(
  useStore: UseStore,
  fail: (store: IDBObjectStore, value: unknown, key: IDBValidKey) => IDBRequest,
): UseStore {
  return (mode, body) =>
    useStore(mode, (store) => {
      const put = store.put.bind(store);
      store.put = (value: unknown, key?: IDBValidKey) =>
        String(key).startsWith('file:') ? fail(store, value, key!) : put(value, key);
      return body(store);
    });
}

describe('IdbBackend storage', () => {
  it('keeps files for the next connection to the same database', async () => {
    const factory = new IDBFactory();
    await backend(connect('ws', factory)).write('/a.txt', 'kept', none, agent);
    expect((await backend(connect('ws', factory)).read('/a.txt'))?.content).toBe('kept');
  });

  it('never reissues a version after the database is reopened', async () => {
    const factory = new IDBFactory();
    const { version: v1 } = await backend(connect('ws', factory)).write('/a.txt', 'one', none, agent);
    const again = backend(connect('ws', factory));
    await again.delete('/a.txt', agent);
    expect((await again.write('/a.txt', 'one', none, agent)).version).not.toBe(v1);
  });
});

describe('IdbBackend connection', () => {
  it('reopens a connection the browser closed without telling', async () => {
    const { factory, opened } = spyFactory();
    const fs = backend(connect('ws', factory));
    await fs.write('/a.txt', 'x', none, agent);
    opened[0]!.close();
    expect([(await fs.read('/a.txt'))?.content, opened.length]).toEqual(['x', 2]);
  });

  it('steps aside when another tab deletes the database, then starts afresh', async () => {
    const factory = new IDBFactory();
    const fs = backend(connect('ws', factory));
    await fs.write('/a.txt', 'x', none, agent);
    await promisifyRequest(factory.deleteDatabase('ws'));
    expect(await fs.list()).toEqual([]);
  });

  it('runs an operation once more when its transaction was lost with the connection', async () => {
    const useStore = connect('ws', new IDBFactory());
    const body = vi.fn().mockRejectedValueOnce(domError('AbortError')).mockResolvedValueOnce('done');
    expect([await useStore('readonly', body), body.mock.calls.length]).toEqual(['done', 2]);
  });

  it('does not run an operation again when its own guard refused it', async () => {
    const useStore = connect('ws', new IDBFactory());
    const body = vi.fn().mockRejectedValue(new FsError('FS_STALE_VERSION', 'stale'));
    await useStore('readonly', body).catch(() => undefined);
    expect(body).toHaveBeenCalledTimes(1);
  });
});

describe('IdbBackend failures leave the workspace as it was', () => {
  it('turns QuotaExceededError into FS_QUOTA', async () => {
    const useStore = failingPuts(connect('ws', new IDBFactory()), () => {
      throw domError('QuotaExceededError');
    });
    expect(await codeOf(backend(useStore).write('/a.txt', 'x', none, agent))).toBe('FS_QUOTA');
  });

  it('stores no journal entry when the file put fails', async () => {
    const real = connect('ws', new IDBFactory());
    const fs = backend(real);
    await fs.write('/a.txt', 'x', none, agent);
    const quota = failingPuts(real, () => {
      throw domError('QuotaExceededError');
    });
    await codeOf(backend(quota).write('/a.txt', 'y', none, agent));
    expect([(await fs.read('/a.txt'))?.content, (await fs.journal()).length]).toEqual(['x', 1]);
  });

  it('rolls back the writes already made when a request fails later in the transaction', async () => {
    const real = connect('ws', new IDBFactory());
    const fs = backend(real);
    await fs.write('/a.txt', 'x', none, agent);
    // `add` over an existing key fails asynchronously, after the journal entry was already added.
    const clash = failingPuts(real, (store, value, key) => store.add(value, key));
    expect(await codeOf(backend(clash).write('/a.txt', 'y', none, agent))).toBe('FS_UNAVAILABLE');
    expect([(await fs.read('/a.txt'))?.version, (await fs.journal()).length]).toEqual(['v1', 1]);
  });

  it('maps a QuotaExceededError from an aborted transaction to FS_QUOTA', () => {
    expect(storageError(domError('QuotaExceededError')).code).toBe('FS_QUOTA');
  });

  it('passes a FsError through unchanged', () => {
    const error = new FsError('FS_EXISTS', 'exists');
    expect(storageError(error)).toBe(error);
  });
});

describe('IdbBackend across tabs', () => {
  const pair = () => {
    const factory = new IDBFactory();
    const make = () =>
      new IdbBackend({ useStore: connect('ws', factory), channel: new BroadcastChannel('fs:test') });
    return [make(), make()] as const;
  };
  const nextMutation = (fs: IdbBackend) => new Promise<Mutation>((resolve) => fs.subscribe(resolve));

  it('tells the other tab of a commit, as made by the other tab', async () => {
    const [here, there] = pair();
    const heard = nextMutation(there);
    const { version } = await here.write('/a.txt', 'x', none, agent);
    expect(await heard).toMatchObject({
      op: 'write',
      path: '/a.txt',
      version,
      by: { kind: 'external', who: 'other-tab' },
    });
    here.close();
    there.close();
  });

  it('ignores a message on the channel that is not a mutation', async () => {
    const [here, there] = pair();
    const listener = vi.fn();
    there.subscribe(listener);
    const intruder = new BroadcastChannel('fs:test');
    intruder.postMessage({ op: 'format-disk' });
    await here.write('/a.txt', 'x', none, agent);
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1));
    expect(listener.mock.calls[0]![0]).toMatchObject({ path: '/a.txt' });
    [here, there, intruder].forEach((c) => c.close());
  });
});

describe('openWorkspace', () => {
  it('opens a persistent IndexedDB workspace when IndexedDB works', async () => {
    const fs = await openWorkspace('demo', { indexedDB: new IDBFactory() });
    expect([fs.persistent, fs instanceof IdbBackend]).toEqual([true, true]);
    (fs as IdbBackend).close();
  });

  it('falls back to memory when there is no IndexedDB', async () => {
    expect((await openWorkspace('demo', { indexedDB: null })).persistent).toBe(false);
  });

  it('falls back to memory when opening throws SecurityError', async () => {
    const factory = {
      open: () => {
        throw domError('SecurityError');
      },
    } as unknown as IDBFactory;
    expect(await openWorkspace('demo', { indexedDB: factory })).toBeInstanceOf(MemoryBackend);
  });

  it('falls back to memory when the open request fails', async () => {
    const factory = {
      open: () => {
        const request = { error: domError('InvalidStateError') } as unknown as IDBOpenDBRequest;
        setTimeout(() => request.onerror?.(new Event('error')));
        return request;
      },
    } as unknown as IDBFactory;
    expect(await openWorkspace('demo', { indexedDB: factory })).toBeInstanceOf(MemoryBackend);
  });

  it('falls back to memory when opening never answers', async () => {
    const factory = { open: () => ({}) } as unknown as IDBFactory;
    expect(await openWorkspace('demo', { indexedDB: factory, timeoutMs: 20 })).toBeInstanceOf(MemoryBackend);
  });
});

describe('probeStore', () => {
  /** A store over `factory` with no handler of its own for other tabs: an open connection blocks a delete. */
  const plainStore = (factory: IDBFactory, name: string): UseStore => {
    let db: Promise<IDBDatabase> | null = null;
    const open = () => {
      const request = factory.open(name);
      request.onupgradeneeded = () => request.result.createObjectStore('s');
      return promisifyRequest(request);
    };
    return (mode, body) => (db ??= open()).then((d) => body(d.transaction('s', mode).objectStore('s')));
  };

  it('says a store that answers in time answered', async () => {
    expect(await probeStore(plainStore(new IDBFactory(), 'quick'), 1000)).toEqual({ ok: true });
  });

  it('gives up on a store that does not answer within the wait, and closes it when it answers later', async () => {
    const held = heldFactory();
    const use = plainStore(held.factory, 'late');
    const probe = await probeStore(use, 20);
    expect(probe).toMatchObject({ ok: false, reason: 'unanswered', detail: 'no answer within 20 ms' });
    held.answer();
    await (probe as { later: Promise<void> }).later;
    expect(await deletesFreely(held.real, 'late')).toBe(true);
  });

  it('leaves open a store that answered in time (the check above can fail)', async () => {
    const real = new IDBFactory();
    const use = plainStore(real, 'kept-open');
    expect(await probeStore(use, 1000)).toEqual({ ok: true });
    expect(await deletesFreely(real, 'kept-open')).toBe(false);
  });

  it('says why a store refused', async () => {
    const use: UseStore = () => Promise.reject(domError('SecurityError'));
    expect(await probeStore(use, 1000)).toEqual({ ok: false, reason: 'refused', detail: 'SecurityError' });
  });
});
