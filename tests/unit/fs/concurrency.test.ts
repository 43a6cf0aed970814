import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import type { Actor, FsBackend } from '../../../src/fs/types';

const agent: Actor = { kind: 'agent', session: 's1' };
const none = { kind: 'none' } as const;
const backends: [string, () => FsBackend][] = [
  ['IdbBackend', () => new IdbBackend({ useStore: connect('race', new IDBFactory()) })],
  ['MemoryBackend', () => new MemoryBackend()],
];
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const codes = (settled: PromiseSettledResult<unknown>[]) =>
  settled.map((s) => (s.status === 'fulfilled' ? 'ok' : (s.reason as { code: string }).code));

describe.each(backends)('%s under concurrent mutations', (_name, make) => {
  it('lets exactly one of 100 edits guarded by the same version through; the rest are stale', async () => {
    const fs = make();
    const { version } = await fs.write('/c.txt', 'count: 0\n', none, agent);
    const guard = { kind: 'ifVersion', version } as const;
    const settled = await Promise.allSettled(
      times(100, (i) =>
        fs.edit('/c.txt', { oldString: 'count: 0', newString: `count: ${i + 1}` }, guard, agent),
      ),
    );
    const tally = codes(settled).reduce<Record<string, number>>(
      (t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }),
      {},
    );
    expect(tally).toEqual({ ok: 1, FS_STALE_VERSION: 99 });
  });

  it('loses none of 100 unguarded appends fired at once', async () => {
    const fs = make();
    await fs.write('/log.txt', 'END\n', none, agent);
    await Promise.all(
      times(100, (i) => fs.edit('/log.txt', { oldString: 'END', newString: `line ${i}\nEND` }, none, agent)),
    );
    const lines = (await fs.read('/log.txt'))!.content.split('\n');
    expect(new Set(lines.filter((l) => l.startsWith('line '))).size).toBe(100);
  });

  it('issues 100 distinct versions to 100 writes of one file fired at once', async () => {
    const fs = make();
    const outs = await Promise.all(times(100, (i) => fs.write('/f.txt', `${i}`, none, agent)));
    expect(new Set(outs.map((o) => o.version)).size).toBe(100);
  });

  it('numbers the journal entries of 100 writes to 100 files fired at once 1 to 100', async () => {
    const fs = make();
    await Promise.all(times(100, (i) => fs.write(`/f${i}.txt`, `${i}`, none, agent)));
    expect((await fs.journal()).map((m) => m.seq)).toEqual(times(100, (i) => i + 1));
  });
});

describe('two IdbBackends on one database (two tabs)', () => {
  const tabs = () => {
    const factory = new IDBFactory();
    return [0, 1].map(() => new IdbBackend({ useStore: connect('tabs', factory) }));
  };

  it('lose none of 100 unguarded appends fired at once from both', async () => {
    const [a, b] = tabs();
    await a!.write('/log.txt', 'END\n', none, agent);
    const append = (i: number) => ({ oldString: 'END', newString: `line ${i}\nEND` });
    await Promise.all(times(100, (i) => (i % 2 ? a! : b!).edit('/log.txt', append(i), none, agent)));
    const lines = (await b!.read('/log.txt'))!.content.split('\n');
    expect(new Set(lines.filter((l) => l.startsWith('line '))).size).toBe(100);
  });

  it('let exactly one of 100 edits guarded by the same version through, from either', async () => {
    const [a, b] = tabs();
    const { version } = await a!.write('/c.txt', 'count: 0\n', none, agent);
    const guard = { kind: 'ifVersion', version } as const;
    const settled = await Promise.allSettled(
      times(100, (i) =>
        (i % 2 ? a! : b!).edit(
          '/c.txt',
          { oldString: 'count: 0', newString: `count: ${i + 1}` },
          guard,
          agent,
        ),
      ),
    );
    expect(codes(settled).filter((c) => c === 'ok')).toHaveLength(1);
  });

  it('give one file consecutive versions and the journal consecutive numbers across both', async () => {
    const [a, b] = tabs();
    await a!.write('/f.txt', 'start', none, agent);
    await Promise.all(times(50, (i) => (i % 2 ? a! : b!).write('/f.txt', `${i}`, none, agent)));
    const journal = await a!.journal();
    expect(journal.map((m) => m.seq)).toEqual(times(51, (i) => i + 1));
    expect(journal.map((m) => m.version)).toEqual(times(51, (i) => `v${i + 1}`));
    expect((await b!.read('/f.txt'))!.version).toBe('v51');
  });
});
