import 'fake-indexeddb/auto';
import { createStore, entries, set, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { scenarioById } from '../../../src/model';
import { SessionStore, type SessionRecord } from '../../../src/storage';
import { Playground } from '../../../src/run';

let dbs = 0;
const mkStore = (keep?: number) => {
  const useStore = createStore(`sessions-test-${++dbs}`, 'sessions');
  return { store: new SessionStore(useStore, keep), useStore };
};
const recordOf = async (steps: number, updatedAt = 1): Promise<SessionRecord> => {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
  await pg.script.advance(steps);
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

  it('sets a session whose log does not parse aside under quarantine keys, and reports it', async () => {
    const { store, useStore } = mkStore();
    const broken = await recordOf(2, 50);
    await store.save(broken);
    const bad = [{ type: 'nonsense' }];
    await set(`log:${broken.id}`, bad, useStore);
    expect(await store.get(broken.id)).toBeNull();
    expect(store.problems().map(({ code, key }) => ({ code, key }))).toEqual([
      { code: 'STORAGE_BAD_RECORD', key: `head:${broken.id}` },
      { code: 'STORAGE_BAD_RECORD', key: `log:${broken.id}` },
    ]);
    const kept = await entries<IDBValidKey, unknown>(useStore);
    expect(kept.map(([k]) => String(k).replace(/^quarantine:[^:]+:/, ''))).toEqual([
      `damaged:${broken.id}`,
      `head:${broken.id}`,
      `log:${broken.id}`,
    ]);
    // The values as they were, untouched.
    expect(kept.find(([k]) => String(k).endsWith(`log:${broken.id}`))?.[1]).toEqual(bad);
    expect(kept.find(([k]) => String(k).endsWith(`head:${broken.id}`))?.[1]).toMatchObject({ id: broken.id });
    expect(await store.list()).toEqual([]);
  });

  it('leaves a record the browser will not store again where it is, skipped, and says so', async () => {
    const { useStore } = mkStore();
    const refusing: UseStore = (mode, body) =>
      useStore(mode, (store) => {
        const put = store.put.bind(store);
        store.put = (value: unknown, key?: IDBValidKey) => {
          if (String(key).startsWith('quarantine:')) throw new RangeError('Maximum call stack size exceeded');
          return put(value, key);
        };
        return body(store);
      });
    const store = new SessionStore(refusing);
    const good = await recordOf(2, 10);
    const broken = await recordOf(2, 50);
    await store.save(good);
    await store.save(broken);
    await set(`log:${broken.id}`, 'not a log', useStore);
    expect((await store.latest())?.id).toBe(good.id);
    expect(store.problems()).toEqual([
      expect.objectContaining({ key: `head:${broken.id}`, setAsideAs: null }),
      expect.objectContaining({ key: `log:${broken.id}`, setAsideAs: null }),
    ]);
    expect(store.problems()[1]?.reason).toMatch(/could not be stored again .* left in place$/);
    expect((await entries(useStore)).map(([k]) => String(k))).toContain(`log:${broken.id}`);
  });

  it('refuses a stored log nested past the limit, and carries on the session before it', async () => {
    const { store, useStore } = mkStore();
    const good = await recordOf(2, 10);
    await store.save(good);
    const deep = await recordOf(2, 90);
    // Deep enough to be refused; the browser suite plants 3,000 levels (this IndexedDB clones recursively).
    let args: unknown = 'x';
    for (let i = 0; i < 400; i++) args = [args];
    const events = deep.events.map((e) => (e.type === 'tool/call' ? { ...e, args } : e));
    await store.save(deep);
    await set(`log:${deep.id}`, events, useStore);
    expect((await store.latest())?.id).toBe(good.id);
    expect(store.problems()[1]?.reason).toContain('nested deeper than 64 levels');
  });

  it('sets aside a head of the wrong shape when listing, and lists the others', async () => {
    const { store, useStore } = mkStore();
    const good = await recordOf(1, 10);
    await store.save(good);
    await set('head:bad', 'not a head', useStore);
    await set('head:other', { ...(await store.list())[0], id: 'someone-else' }, useStore);
    expect((await store.list()).map((h) => h.id)).toEqual([good.id]);
    expect(store.problems().map((p) => p.key)).toEqual(['head:bad', 'head:other']);
  });

  it('lists a session whose log does not parse as damaged: its title, why, and where its records went', async () => {
    const { store, useStore } = mkStore();
    const broken = await recordOf(2, 50);
    await store.save(broken);
    await set(`log:${broken.id}`, [{ type: 'nonsense' }], useStore);
    expect(await store.damaged()).toEqual([]);
    expect(await store.latest()).toBeNull();
    const [damaged, ...more] = await store.damaged();
    expect(more).toEqual([]);
    const moved = (await entries<IDBValidKey, unknown>(useStore)).map(([k]) => String(k));
    expect(damaged).toEqual({
      id: broken.id,
      code: 'STORAGE_BAD_RECORD',
      record: 'log',
      reason: expect.stringMatching(/^0\.type: /),
      setAsideAt: expect.any(Number),
      records: [
        { key: `head:${broken.id}`, setAsideAs: moved.find((k) => k.endsWith(`:head:${broken.id}`)) },
        { key: `log:${broken.id}`, setAsideAs: moved.find((k) => k.endsWith(`:log:${broken.id}`)) },
      ],
      head: { title: 'Happy path', scenario: 'happy-path', updatedAt: 50, eventCount: broken.events.length },
    });
    // Listing it changes nothing: the records stay where they were set aside.
    await store.damaged();
    expect((await entries(useStore)).map(([k]) => String(k))).toEqual(moved);
  });

  it('lists a session whose head does not parse as damaged, without a title', async () => {
    const { store, useStore } = mkStore();
    await set('head:bad', 'not a head', useStore);
    expect(await store.list()).toEqual([]);
    expect(await store.damaged()).toEqual([
      expect.objectContaining({
        id: 'bad',
        record: 'head',
        reason: 'the record: Invalid input: expected object, received string',
      }),
    ]);
    expect((await store.damaged())[0]).not.toHaveProperty('head');
  });

  it('lists sessions an earlier release set aside without a note, with why, and leaves their records be', async () => {
    const { store, useStore } = mkStore();
    const broken = await recordOf(2, 50);
    const { events, ...rest } = broken;
    const head = { ...rest, eventCount: events.length };
    const stamp = `${(1_700_000_000_000).toString(36)}.0`;
    const later = `${(1_700_000_100_000).toString(36)}.1`;
    // As such a release left them: a bad log and its head moved, and a bad head alone (its log in place).
    await set(`quarantine:${stamp}:head:${broken.id}`, head, useStore);
    await set(`quarantine:${stamp}:log:${broken.id}`, [{ type: 'nonsense' }], useStore);
    await set(`quarantine:${later}:head:gone`, 'not a head', useStore);
    await set('log:gone', events, useStore);
    const before = await entries(useStore);
    const damaged = await store.damaged();
    expect(damaged).toEqual([
      expect.objectContaining({
        id: 'gone',
        record: 'head',
        setAsideAt: 1_700_000_100_000,
        records: [
          { key: 'head:gone', setAsideAs: `quarantine:${later}:head:gone` },
          { key: 'log:gone', setAsideAs: null },
        ],
      }),
      expect.objectContaining({
        id: broken.id,
        record: 'log',
        reason: expect.stringMatching(/^0\.type: /),
        setAsideAt: 1_700_000_000_000,
        records: [
          { key: `head:${broken.id}`, setAsideAs: `quarantine:${stamp}:head:${broken.id}` },
          { key: `log:${broken.id}`, setAsideAs: `quarantine:${stamp}:log:${broken.id}` },
        ],
        head: expect.objectContaining({ title: 'Happy path' }),
      }),
    ]);
    // Their notes are written once; every record is where it was, as it was.
    const after = await entries(useStore);
    expect(after.filter(([k]) => !String(k).startsWith('damaged:'))).toEqual(before);
    expect(after.map(([k]) => String(k)).filter((k) => k.startsWith('damaged:'))).toEqual([
      'damaged:gone',
      `damaged:${broken.id}`,
    ]);
    expect(await store.damaged()).toEqual(damaged);
  });

  it('skips a damaged note that does not parse, and lists the newest first', async () => {
    const { store, useStore } = mkStore();
    const note = {
      id: 'a',
      code: 'STORAGE_BAD_RECORD',
      record: 'log',
      reason: 'x',
      setAsideAt: 5,
      records: [],
    };
    await set('damaged:a', note, useStore);
    await set('damaged:b', { ...note, id: 'b', setAsideAt: 9 }, useStore);
    await set('damaged:c', { ...note, id: 'c', code: 'SOMETHING_ELSE' }, useStore);
    expect((await store.damaged()).map((d) => d.id)).toEqual(['b', 'a']);
  });

  it('gives no latest session, and says why, when storage fails to answer', async () => {
    const failing: UseStore = () => Promise.reject(new DOMException('The disk went away.', 'UnknownError'));
    const store = new SessionStore(failing);
    expect(await store.latest()).toBeNull();
    expect(store.problems()).toEqual([
      expect.objectContaining({
        code: 'STORAGE_BAD_RECORD',
        reason: expect.stringContaining('disk went away'),
      }),
    ]);
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
