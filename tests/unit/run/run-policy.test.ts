// A run's edit-safety policy, chosen by id when the run is built (src/plugins/policies).
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { fakeClock } from '../../../src/harness';
import { policies, type PolicyId } from '../../../src/plugins/policies';
import { createRun } from '../../../src/run/run';

const scenario = { kind: 'external', who: 'scenario' } as const;

async function mk(policyId?: PolicyId, log?: Parameters<typeof createRun>[0]['session']['log']) {
  const fs = new MemoryBackend();
  await fs.reset({ '/a.txt': 'one\ntwo\n' }, scenario);
  const run = (l = log) =>
    createRun({
      fs,
      scenario: { id: 's' },
      policy: true,
      ...(policyId ? { edits: policies[policyId] } : {}),
      session: { id: 'a', clock: fakeClock(), ...(l ? { log: l } : {}) },
      race: async () => {},
    });
  return { fs, run };
}

const editTwo = { path: '/a.txt', old_string: 'two', new_string: '2' };

describe('createRun with an edit-safety policy', () => {
  it('installs the observation policy by default, as dsh-ledger', async () => {
    const run = (await mk()).run();
    expect(run.policyId).toBe('dsh-ledger');
    expect(run.policy).not.toBeNull();
  });

  it('installs the policy named instead of the observation policy', async () => {
    const { fs, run: make } = await mk('unique-match');
    const run = make();
    expect(run.policyId).toBe('unique-match');
    expect(run.policy).toBeNull();
    expect(run.hooks.plugins()).toEqual(['unique-match']);
    await run.session.call('read', { path: '/a.txt' });
    await fs.write('/a.txt', 'zero\none\ntwo\n', { kind: 'none' }, scenario);
    const done = await run.session.call('edit', editTwo);
    expect(done.outcome.result.error).toBeUndefined();
    expect((await fs.read('/a.txt'))?.content).toBe('zero\none\n2\n');
  });

  it('where dsh-ledger refuses the same edit as stale', async () => {
    const { fs, run: make } = await mk('dsh-ledger');
    const run = make();
    await run.session.call('read', { path: '/a.txt' });
    await fs.write('/a.txt', 'zero\none\ntwo\n', { kind: 'none' }, scenario);
    expect((await run.session.call('edit', editTwo)).outcome.result.error?.code).toBe('FS_STALE_VERSION');
  });

  it('restores a policy that can from the log it carries on', async () => {
    const { run: make } = await mk('no-read-gate');
    const first = make();
    await first.session.call('read', { path: '/a.txt' });
    const again = make(first.session.events);
    const done = await again.session.call('edit', editTwo);
    expect(done.outcome.decisions[0]?.decision).toMatchObject({ guard: { kind: 'ifVersion' } });
  });

  it('has no policy when the policy is off', async () => {
    const fs = new MemoryBackend();
    const run = createRun({
      fs,
      scenario: { id: 's' },
      policy: false,
      edits: policies['hash-ledger'],
      session: { id: 'a', clock: fakeClock() },
      race: async () => {},
    });
    expect(run.policyId).toBeNull();
    expect(run.hooks.plugins()).toEqual([]);
  });
});
