// A file a tab has just read or written is changed without reading it again: the mutation decides
// against what the tab knows and claims the next version, and the claim fails when anyone has issued that
// version since. These cases pin the mechanism down (no read inside the write's transaction when the file
// is known) and show that stale knowledge can only cost a retry, never a lost or wrong change. Like the
// contract, they import no test runner: they run under Vitest on fake-indexeddb and, bundled, on the
// browser's own IndexedDB, where a lost claim must abort a transaction already told to commit.
import type { UseStore } from 'idb-keyval';
import { IdbBackend } from '../../src/fs';
import type { Actor } from '../../src/fs/types';
import { equal, expectError } from './fs-contract';

/** Makes a fresh, empty database for one case and returns how to open another connection to it. */
export type MakeTabs = () => Promise<() => UseStore>;

/** One case: a name and a check that throws when the backend breaks its promise. */
export interface ClaimsCase {
  name: string;
  run: (make: MakeTabs) => Promise<void>;
}

const agent: Actor = { kind: 'agent', session: 's1' };
const other: Actor = { kind: 'external', who: 'other-tab' };
const none = { kind: 'none' } as const;

/** What the readwrite transactions of one tab did: file reads inside them, and how many aborted. */
interface Counts {
  writes: number;
  readsInWrites: number;
  aborted: number;
}

/** A store capability that counts what its readwrite transactions do; `fail` may replace a file put. */
function counting(useStore: UseStore, fail?: () => never): { useStore: UseStore; counts: Counts } {
  const counts: Counts = { writes: 0, readsInWrites: 0, aborted: 0 };
  const wrapped: UseStore = (mode, body) =>
    useStore(mode, (store) => {
      if (mode !== 'readwrite') return body(store);
      counts.writes++;
      store.transaction.addEventListener('abort', () => counts.aborted++);
      const get = store.get.bind(store);
      store.get = (key: IDBValidKey | IDBKeyRange) => {
        if (String(key).startsWith('file:')) counts.readsInWrites++;
        return get(key);
      };
      if (fail) {
        const put = store.put.bind(store);
        store.put = (value: unknown, key?: IDBValidKey) =>
          String(key).startsWith('file:') ? fail() : put(value, key);
      }
      return body(store);
    });
  return { useStore: wrapped, counts };
}

/** Two tabs on one database: `a` counts its transactions, `b` is the other tab. */
async function twoTabs(make: MakeTabs, content = 'alpha\nbeta\n') {
  const open = await make();
  const { useStore, counts } = counting(open());
  const a = new IdbBackend({ useStore });
  const b = new IdbBackend({ useStore: open() });
  await b.write('/f.txt', content, none, other);
  return { a, b, counts };
}

/** Two tabs where `a` has read `/f.txt` at v1 and `b` has edited it since; `guard` holds v1. */
async function movedOn(make: MakeTabs) {
  const tabs = await twoTabs(make);
  const { version } = (await tabs.a.read('/f.txt'))!;
  await tabs.b.edit('/f.txt', { oldString: 'beta', newString: 'gamma' }, none, other);
  return { ...tabs, guard: { kind: 'ifVersion', version } as const };
}

/** Every case, in a stable order. */
export const claimsCases: ClaimsCase[] = [
  {
    name: 'a known file is not read inside the transaction of an edit after a read',
    async run(make) {
      const { a, counts } = await twoTabs(make);
      const { version } = (await a.read('/f.txt'))!;
      const guard = { kind: 'ifVersion', version } as const;
      const out = await a.edit('/f.txt', { oldString: 'alpha', newString: 'ALPHA' }, guard, agent);
      equal([out.version, counts], ['v2', { writes: 1, readsInWrites: 0, aborted: 0 }], 'version, counts');
    },
  },
  {
    name: 'a known file is not read after the tab’s own write, edit after edit',
    async run(make) {
      const { a, counts } = await twoTabs(make);
      await a.read('/f.txt');
      for (let i = 0; i < 5; i++) {
        const edit = { oldString: `beta${'!'.repeat(i)}\n`, newString: `beta${'!'.repeat(i + 1)}\n` };
        await a.edit('/f.txt', edit, none, agent);
      }
      equal([(await a.read('/f.txt'))!.content, counts.readsInWrites], ['alpha\nbeta!!!!!\n', 0], 'after');
    },
  },
  {
    name: 'a claim another tab took aborts the transaction; the file is read anew and what is there now changed',
    async run(make) {
      const { a, b, counts } = await movedOn(make);
      // Decided against what `a` knows, this edit would bring `beta` back; it must keep the other tab's change.
      const out = await a.edit('/f.txt', { oldString: 'alpha', newString: 'ALPHA' }, none, agent);
      equal(out.after, 'ALPHA\ngamma\n', 'content');
      equal([out.version, counts], ['v3', { writes: 2, readsInWrites: 1, aborted: 1 }], 'version, counts');
      equal(
        (await b.journal()).map((m) => m.version),
        ['v1', 'v2', 'v3'],
        'journal',
      );
    },
  },
  {
    name: 'after losing a claim, a tab reads first for the next 8 mutations of that file, then stops',
    async run(make) {
      const { a, b, counts } = await twoTabs(make, '0\n');
      await a.read('/f.txt');
      await b.write('/f.txt', 'b\n', none, other);
      await a.write('/f.txt', 'a0\n', none, agent);
      equal(counts, { writes: 2, readsInWrites: 1, aborted: 1 }, 'after the lost claim');
      // The file is known (a's own write), but the tab has just lost a race for it: it reads first.
      for (let i = 1; i <= 8; i++) await a.write('/f.txt', `a${i}\n`, none, agent);
      equal(counts, { writes: 10, readsInWrites: 9, aborted: 1 }, 'while waiting');
      await a.write('/f.txt', 'a9\n', none, agent);
      equal(counts, { writes: 11, readsInWrites: 9, aborted: 1 }, 'after waiting');
    },
  },
  {
    name: 'a tab keeps what it knows to 16 M characters, forgetting the file used longest ago',
    async run(make) {
      const { a, b, counts } = await twoTabs(make);
      const big = (c: string) => c.repeat(9 * 2 ** 20) + '\nend\n';
      await b.write('/one.txt', big('1'), none, other);
      await b.write('/two.txt', big('2'), none, other);
      await a.read('/one.txt');
      await a.read('/f.txt');
      await a.read('/two.txt');
      // Two files of 9 M characters do not fit together: the first one read is forgotten, the small one is not.
      await a.edit('/f.txt', { oldString: 'alpha', newString: 'A' }, none, agent);
      equal(counts.readsInWrites, 0, 'reads for the small file');
      await a.edit('/two.txt', { oldString: 'end', newString: 'END' }, none, agent);
      equal(counts.readsInWrites, 0, 'reads for the file read last');
      await a.edit('/one.txt', { oldString: 'end', newString: 'END' }, none, agent);
      equal(counts.readsInWrites, 1, 'reads for the file read first');
    },
  },
  {
    name: 'an edit guarded by the version the tab knows is stale once another tab moved on',
    async run(make) {
      const { a, b, guard } = await movedOn(make);
      await expectError(
        'FS_STALE_VERSION',
        a.edit('/f.txt', { oldString: 'alpha', newString: 'A' }, guard, agent),
      );
      equal((await b.read('/f.txt'))!.content, 'alpha\ngamma\n', 'content');
    },
  },
  {
    name: 'a stale version is reported before a failed match, though the known text has no match either',
    async run(make) {
      const { a, guard } = await movedOn(make);
      await expectError(
        'FS_STALE_VERSION',
        a.edit('/f.txt', { oldString: 'nowhere', newString: 'x' }, guard, agent),
      );
    },
  },
  {
    name: 'a file another tab deleted is gone, and its re-creation is a new version',
    async run(make) {
      const { a, b } = await twoTabs(make);
      const { version } = (await a.read('/f.txt'))!;
      await b.delete('/f.txt', other);
      await expectError(
        'FS_NOT_FOUND',
        a.edit('/f.txt', { oldString: 'alpha', newString: 'A' }, none, agent),
      );
      await b.write('/f.txt', 'alpha again\n', none, other);
      const guard = { kind: 'ifVersion', version } as const;
      await expectError(
        'FS_STALE_VERSION',
        a.edit('/f.txt', { oldString: 'alpha', newString: 'A' }, guard, agent),
      );
      const out = await a.edit('/f.txt', { oldString: 'again', newString: 'AGAIN' }, none, agent);
      equal([out.after, out.version], ['alpha AGAIN\n', 'v4'], 'content, version');
    },
  },
  {
    name: 'bytes identical to what the tab knows are written when another tab has changed them meanwhile',
    async run(make) {
      const { a, b } = await twoTabs(make, 'x');
      await a.read('/f.txt');
      await b.write('/f.txt', 'y', none, other);
      const out = await a.write('/f.txt', 'x', none, agent);
      equal([out.unchanged, out.version, (await b.read('/f.txt'))!.content], [false, 'v3', 'x'], 'outcome');
    },
  },
  {
    name: 'nothing is stored, and nothing claimed, when the file put fails',
    async run(make) {
      const open = await make();
      const fs = new IdbBackend({ useStore: open() });
      await fs.write('/f.txt', 'x', none, agent);
      const quota = new IdbBackend({
        useStore: counting(open(), () => {
          throw new DOMException('quota', 'QuotaExceededError');
        }).useStore,
      });
      await quota.read('/f.txt');
      await expectError('FS_QUOTA', quota.write('/f.txt', 'y', none, agent));
      equal([(await fs.read('/f.txt'))!.content, (await fs.journal()).length], ['x', 1], 'after the failure');
      // Had the failed write kept its claim on v2, this write would find v2 taken.
      equal((await fs.write('/f.txt', 'z', none, agent)).version, 'v2', 'next version');
    },
  },
];
