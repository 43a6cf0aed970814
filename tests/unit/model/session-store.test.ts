import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import {
  Autosave,
  SessionStore,
  openSessionStore,
  scenarioById,
  type SessionRecord,
} from '../../../src/model';
import { Playground } from '../../../src/run';

let dbs = 0;
const mkStore = (keep?: number) => {
  const useStore = createStore(`sessions-test-${++dbs}`, 'sessions');
  return { store: new SessionStore(useStore, keep), useStore };
};
const recordOf = async (steps: number, updatedAt = 1): Promise<SessionRecord> => {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
  await pg.advance(steps);
  const { id, scenario, policy, progress, events } = pg.saved();
  return {
    id: `${id}-${updatedAt}`,
    scenario,
    policy,
    progress,
    title: 'Happy path',
    createdAt: 0,
    updatedAt,
    events: events.map((e) => (e.type === 'session/start' ? { ...e, session: `${id}-${updatedAt}` } : e)),
  };
};

describe('SessionStore', () => {
  it('gives back what it saved, parsed', async () => {
    const { store } = mkStore();
    const record = await recordOf(3);
    await store.save(record);
    expect(await store.get(record.id)).toEqual(record);
    expect(await store.get('missing')).toBeNull();
  });

  it('lists heads, newest first, without their logs', async () => {
    const { store } = mkStore();
    await store.save(await recordOf(2, 10));
    await store.save(await recordOf(3, 30));
    await store.save(await recordOf(1, 20));
    const list = await store.list();
    expect(list.map((h) => h.updatedAt)).toEqual([30, 20, 10]);
    expect(list[0]).not.toHaveProperty('events');
    expect(list[0]!.eventCount).toBeGreaterThan(1);
    expect((await store.latest())?.updatedAt).toBe(30);
  });

  it('treats a record that does not parse as missing, and skips it for the latest', async () => {
    const { store, useStore } = mkStore();
    const good = await recordOf(2, 10);
    await store.save(good);
    await set('head:bad', { id: 'bad', updatedAt: 99 }, useStore);
    const broken = await recordOf(2, 50);
    await store.save(broken);
    await set(`log:${broken.id}`, [{ type: 'nonsense' }], useStore);
    expect(await store.get(broken.id)).toBeNull();
    expect((await store.latest())?.id).toBe(good.id);
  });

  it('forgets sessions beyond the newest few, and other sessions that never started', async () => {
    const { store } = mkStore(2);
    const empty = await recordOf(0, 1);
    await store.save(empty);
    expect((await store.list()).map((h) => h.id)).toEqual([empty.id]);
    const a = await recordOf(1, 2);
    await store.save(a);
    expect((await store.list()).map((h) => h.id)).toEqual([a.id]);
    const b = await recordOf(1, 3);
    const c = await recordOf(1, 4);
    await store.save(b);
    await store.save(c);
    expect((await store.list()).map((h) => h.id)).toEqual([c.id, b.id]);
    expect(await store.get(a.id)).toBeNull();
  });

  it('deletes one session', async () => {
    const { store } = mkStore();
    const record = await recordOf(1);
    await store.save(record);
    await store.delete(record.id);
    expect(await store.list()).toEqual([]);
  });
});

describe('openSessionStore', () => {
  it('opens the store in the harness-playground database', async () => {
    const store = await openSessionStore();
    expect(store).toBeInstanceOf(SessionStore);
    expect(await store!.list()).toEqual([]);
  });
});

describe('Autosave', () => {
  it('writes once for many asks in one task, and once more for asks during a write', async () => {
    let state = 0;
    const written: number[] = [];
    let release: () => void = () => {};
    const autosave = new Autosave(async () => {
      const seen = state;
      await new Promise<void>((resolve) => (release = resolve));
      written.push(seen);
    });
    state = 1;
    autosave.schedule();
    autosave.schedule();
    await new Promise((resolve) => setTimeout(resolve, 5));
    state = 2;
    autosave.schedule();
    state = 3;
    autosave.schedule();
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    await autosave.flush();
    expect(written).toEqual([1, 3]);
  });

  it('flushes a pending ask at once and reports a failed write without stopping', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const autosave = new Autosave(
      async () => {
        if (++calls === 1) throw new Error('disk full');
      },
      (e) => errors.push(e),
    );
    autosave.schedule();
    await autosave.flush();
    autosave.schedule();
    await autosave.flush();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
