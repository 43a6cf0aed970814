// A scenario's `policy` and a run's chosen policy: the playground runs under it, saves it, and carries it on.
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioObject, scenarioById, type Scenario } from '../../../src/model';
import { policies } from '../../../src/plugins/policies';
import { Playground } from '../../../src/run';

/** The stale-version lesson, with `policy` set in its file (or left out). */
function staleUnder(policy?: string): Scenario {
  const { outcome: _outcome, ...rest } = scenarioById('stale-version')!;
  const read = parseScenarioObject({
    format: 'harness-playground/scenario',
    version: 1,
    ...rest,
    ...(policy ? { policy } : {}),
  });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

const errorsOf = (pg: Playground) =>
  pg.run.session.live.flatMap((e) => (e.kind === 'call' && e.result?.error ? [e.result.error.code] : []));

describe('a scenario with a policy', () => {
  it('runs under dsh-ledger without one: the stale edit is refused', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, staleUnder());
    await pg.script.runToEnd();
    expect(pg.run.policyId).toBe('dsh-ledger');
    expect(errorsOf(pg)).toEqual(['FS_STALE_VERSION']);
  });

  it('runs under prompt-only when the caller loads it: the same edit goes through', async () => {
    const scenario = staleUnder('prompt-only');
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenario, {
      edits: policies[scenario.policy!],
    });
    await pg.script.runToEnd();
    expect(pg.run.policyId).toBe('prompt-only');
    expect(errorsOf(pg)).toEqual([]);
    expect((await pg.fs.read('/app/config.json'))?.content).toContain('"port": 9090');
  });

  it('saves the policy with the run, and carries the run on under it', async () => {
    const fs = new MemoryBackend();
    const pg = await Playground.open({ fs }, staleUnder('unique-match'), { edits: policies['unique-match'] });
    await pg.script.step();
    const saved = pg.saved();
    expect(saved.edits).toBe('unique-match');
    expect((await Playground.resume({ fs }, pg.scenario, saved)).run.policyId).toBe('unique-match');
  });

  it('saves no policy id for a run of the observation policy', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, staleUnder());
    expect('edits' in pg.saved()).toBe(false);
  });
});
