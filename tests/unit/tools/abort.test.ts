import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { editIntent, writeIntent } from '../../../src/contracts/fs-intents';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import type { FsBackend } from '../../../src/fs/types';
import { code, mk } from './fixtures';

const backends: [string, () => FsBackend][] = [
  ['MemoryBackend', () => new MemoryBackend()],
  ['IdbBackend (fake-indexeddb)', () => new IdbBackend({ useStore: connect('stop', new IDBFactory()) })],
];

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// A file tool stopped while it waits (here, for a slow decider) goes on once the decider answers; the
// backend then refuses its mutation inside the transaction, so the stop leaves the workspace untouched.
describe.each(backends)('a stopped file tool changes nothing it had not committed (%s)', (_name, make) => {
  it('write: ABORTED, and the write never lands when the tool goes on after the stop', async () => {
    const w = await mk({ '/a.txt': 'before\n' }, { fs: make() });
    const decider = gate();
    const answered = gate();
    w.hooks.add('slow-decider', [
      writeIntent.of(async () => {
        await decider.opened;
        answered.open();
        return { verdict: 'proceed', guard: { kind: 'none' } };
      }, 'pre'),
    ]);
    const stop = new AbortController();
    const pending = w.s.call('write', { path: '/a.txt', content: 'after\n' }, { signal: stop.signal });
    await tick();
    stop.abort();
    expect(code(await pending)).toBe('ABORTED');
    decider.open();
    await answered.opened;
    await tick();
    await tick();
    expect(await w.content('/a.txt')).toBe('before\n');
    expect((await w.fs.journal()).length).toBe(1);
  });

  it('edit: ABORTED, the file and the ledger as they were', async () => {
    const w = await mk({ '/a.txt': 'one\n' }, { fs: make() });
    await w.call('read', { path: '/a.txt' });
    const ledger = w.policy!.ledger('s1');
    const decider = gate();
    w.hooks.add('slow-decider', [
      editIntent.of(async () => {
        await decider.opened;
        return { verdict: 'proceed', guard: { kind: 'none' } };
      }, 'pre'),
    ]);
    const stop = new AbortController();
    const args = { path: '/a.txt', old_string: 'one', new_string: 'two' };
    const pending = w.s.call('edit', args, { signal: stop.signal });
    await tick();
    stop.abort();
    expect(code(await pending)).toBe('ABORTED');
    decider.open();
    await tick();
    await tick();
    expect(await w.content('/a.txt')).toBe('one\n');
    expect(w.policy!.ledger('s1')).toEqual(ledger);
    expect(w.s.events.filter((e) => e.type === 'fs/observed')).toHaveLength(1);
  });

  it('a read stopped before its result records no observation', async () => {
    const w = await mk({ '/a.txt': 'one\n' }, { fs: make() });
    const live = await w.s.call('read', { path: '/a.txt' }, { signal: AbortSignal.abort() });
    expect(code(live)).toBe('ABORTED_BEFORE_DISPATCH');
    expect(w.policy!.ledger('s1').size).toBe(0);
    // Without a read on record, an overwrite is still refused.
    expect(code(await w.call('write', { path: '/a.txt', content: 'x' }))).toBe('FS_NOT_OBSERVED');
  });
});
