// Autosave: one write per step, retried with a growing wait while storage fails, the failure told once.
import 'fake-indexeddb/auto';
import { createStore, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { scenarioById } from '../../../src/model';
import { Autosave, SessionStore, type SaveStatus } from '../../../src/storage';
import { Playground } from '../../../src/run';

afterEach(() => {
  vi.useRealTimers();
});

/** A write that fails while `failing.now` is true, counting its calls. */
const flaky = () => {
  const failing = { now: true, calls: 0 };
  const write = async () => {
    failing.calls++;
    if (failing.now) throw new DOMException('quota', 'QuotaExceededError');
  };
  return { failing, write };
};

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
      { onError: (e) => errors.push(e) },
    );
    autosave.schedule();
    await autosave.flush();
    autosave.schedule();
    await autosave.flush();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('tells a failure once per streak, and the recovery once', async () => {
    vi.useFakeTimers();
    const { failing, write } = flaky();
    const statuses: SaveStatus[] = [];
    const errors: unknown[] = [];
    const autosave = new Autosave(write, {
      onStatus: (s) => statuses.push(s),
      onError: (e) => errors.push(e),
      retryMs: 100,
    });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(failing.calls).toBe(4);
    expect(statuses).toEqual(['failed']);
    expect(errors).toHaveLength(4);
    expect(autosave.failing).toBe(true);
    failing.now = false;
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses).toEqual(['failed', 'recovered']);
    expect(autosave.failing).toBe(false);
    // A new streak is told again.
    failing.now = true;
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['failed', 'recovered', 'failed']);
  });

  it('waits longer after each failure, up to the longest wait', async () => {
    vi.useFakeTimers();
    const { failing, write } = flaky();
    const autosave = new Autosave(write, { retryMs: 100, maxRetryMs: 300 });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(0);
    const at = (ms: number) => vi.advanceTimersByTimeAsync(ms).then(() => failing.calls);
    expect(await at(99)).toBe(1);
    expect(await at(1)).toBe(2);
    expect(await at(199)).toBe(2);
    expect(await at(1)).toBe(3);
    expect(await at(300)).toBe(4);
    expect(await at(300)).toBe(5);
  });

  it('does not write on every ask while failing: the retry writes what was asked', async () => {
    vi.useFakeTimers();
    const { failing, write } = flaky();
    const autosave = new Autosave(write, { retryMs: 1000 });
    autosave.schedule();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 10; i++) {
      autosave.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(failing.calls).toBe(1);
    failing.now = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(failing.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(failing.calls).toBe(2);
  });
});

/** A store capability whose readwrite transactions abort (as a full disk makes them) while `full.now`. */
const fillable = (useStore: UseStore) => {
  const full = { now: false };
  const capability: UseStore = (mode, body) =>
    useStore(mode, (store) => {
      const done = body(store);
      if (full.now && mode === 'readwrite') store.transaction.abort();
      return done;
    });
  return { full, capability };
};

describe('Autosave over a full store', () => {
  it('loses nothing already saved, and saves everything once storage recovers', async () => {
    const { full, capability } = fillable(createStore('autosave-full', 'sessions'));
    const store = new SessionStore(capability);
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
    const save = () =>
      store.save({
        ...pg.saved(),
        title: 'Happy path',
        createdAt: 0,
        updatedAt: pg.run.session.events.length,
      });
    const statuses: SaveStatus[] = [];
    const autosave = new Autosave(save, { onStatus: (s) => statuses.push(s), retryMs: 5 });
    await pg.script.advance(2);
    autosave.schedule();
    await autosave.flush();
    const saved = (await store.get(pg.run.session.id))!.events.length;

    full.now = true;
    await pg.script.advance(4);
    autosave.schedule();
    await autosave.flush();
    expect(statuses).toEqual(['failed']);
    expect((await store.get(pg.run.session.id))?.events).toHaveLength(saved);

    full.now = false;
    await vi.waitFor(() => expect(statuses).toEqual(['failed', 'recovered']));
    expect((await store.get(pg.run.session.id))?.events).toEqual(pg.run.session.events);
  });
});
