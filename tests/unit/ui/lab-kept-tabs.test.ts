// README "Writing a plugin in the lab" (Kept): the lab's plugins are kept in this browser, also when the
// lab is open in two tabs: a tab saves only what changed in it, and never over a save another tab made
// after it read the record; it says so with LAB_CHANGED_ELSEWHERE instead.
import 'fake-indexeddb/auto';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { KeptSaver, writeKept, type KeptLab } from '../../../src/ui/lab/kept';

let n = 0;
const freshStore = () => createStore(`lab-tabs-${++n}`, 'lab');

const record = (name: string): KeptLab => ({
  version: 1,
  plugins: [
    {
      source: `export const name = '${name}';`,
      language: 'js',
      order: 'default',
      enabled: true,
      appliedSource: null,
    },
  ],
  selected: 0,
  deadlineMs: 250,
  fromLink: false,
});

/** A tab's lab: what it holds now, its saver, and the failures its status line showed. */
function tab(use: UseStore, name: string) {
  const failures: string[] = [];
  const state = { record: record(name) };
  const saver = new KeptSaver(
    () => state.record,
    (text, code) => failures.push(`${code}: ${text}`),
    60_000,
    use,
  );
  return {
    saver,
    failures,
    edit(to: string) {
      state.record = record(to);
      saver.schedule();
    },
  };
}

const keptName = async (use: UseStore) =>
  ((await get('plugins', use)) as KeptLab | undefined)?.plugins[0]?.source;

describe('the lab kept while open in two tabs', () => {
  /** A fresh store with two tabs that have both read it, as two tabs opened on the lab. */
  const twoTabsOpen = async () => {
    const use = freshStore();
    const a = tab(use, 'a');
    const b = tab(use, 'b');
    await a.saver.read();
    await b.saver.read();
    return { use, a, b };
  };

  it('a tab with no change since it read writes nothing when it is hidden, so the other tab’s save stays', async () => {
    const { use, a, b } = await twoTabsOpen();
    b.edit('from-b');
    await b.saver.flush();
    await a.saver.flush(); // tab A hidden, nothing changed in it
    expect(await keptName(use)).toBe("export const name = 'from-b';");
    expect(a.failures).toEqual([]);
  });

  it('a change in a tab after another tab saved is refused with LAB_CHANGED_ELSEWHERE, saying what to do', async () => {
    const { use, a, b } = await twoTabsOpen();
    b.edit('from-b');
    await b.saver.flush();
    a.edit('from-a');
    await a.saver.flush();
    expect(await keptName(use)).toBe("export const name = 'from-b';");
    expect(a.failures).toHaveLength(1);
    expect(a.failures[0]).toMatch(/^LAB_CHANGED_ELSEWHERE: Not saved: .*another tab.*Reload this page/);
  });

  it('a tab goes on saving its own changes, one after another', async () => {
    const use = freshStore();
    const a = tab(use, 'a');
    await a.saver.read();
    for (const name of ['one', 'two', 'three']) {
      a.edit(name);
      await a.saver.flush();
    }
    expect(await keptName(use)).toBe("export const name = 'three';");
    expect(((await get('plugins', use)) as KeptLab).rev).toBe(3);
    expect(a.failures).toEqual([]);
  });

  it('a tab that reads again after the refusal saves again', async () => {
    const { use, a, b } = await twoTabsOpen();
    b.edit('from-b');
    await b.saver.flush();
    a.edit('from-a');
    await a.saver.flush();
    await a.saver.read(); // a reload
    a.edit('from-a again');
    await a.saver.flush();
    expect(await keptName(use)).toBe("export const name = 'from-a again';");
  });

  it('saves nothing until it knows what it read, unless it replaces (plugins from a link)', async () => {
    const use = freshStore();
    await writeKept(record('kept'), use);
    const a = tab(use, 'a');
    a.edit('unread');
    await a.saver.flush();
    expect(await keptName(use)).toBe("export const name = 'kept';");
    await a.saver.replace();
    expect(await keptName(use)).toBe("export const name = 'unread';");
  });

  it('a record from before the count is read as written 0 times, and saved over', async () => {
    const use = freshStore();
    await set('plugins', record('old'), use);
    const a = tab(use, 'a');
    expect((await a.saver.read()).kept?.plugins[0]?.source).toBe("export const name = 'old';");
    a.edit('new');
    await a.saver.flush();
    expect(await keptName(use)).toBe("export const name = 'new';");
  });

  it('of many saves based on the same read, made at once, exactly one is kept', async () => {
    const use = freshStore();
    await writeKept(record('start'), use);
    const names = Array.from({ length: 12 }, (_, i) => `tab-${i}`);
    const outcomes = await Promise.allSettled(names.map((name) => writeKept(record(name), use, 1)));
    const kept = outcomes.filter((o) => o.status === 'fulfilled');
    expect(kept).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o.reason as { code: string }).code).toBe('LAB_CHANGED_ELSEWHERE');
    const winner = names[outcomes.indexOf(kept[0]!)]!;
    expect(await keptName(use)).toBe(`export const name = '${winner}';`);
  });
});
