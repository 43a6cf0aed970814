// The experiment's summary of one run, read from its log and the files it left: runs built by hand through
// the playground, as a model would make them.
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { scenarioById } from '../../../src/model';
import { Playground } from '../../../src/run';
import type { FinishedRun } from '../../../src/run/agent';
import { summarizeRun } from '../../../src/run/experiment';

const model = { provider: 'openai' as const, model: 'm', baseUrl: 'https://x.example/v1' };

async function finished(pg: Playground): Promise<FinishedRun> {
  const files: Record<string, string | null> = {};
  for (const path of Object.keys(pg.scenario.files)) files[path] = (await pg.fs.read(path))?.content ?? null;
  return {
    scenario: pg.scenario.id,
    errors: 'coded',
    model,
    status: 'done',
    failure: null,
    turns: 1,
    tokens: 0,
    events: pg.run.session.events,
    files,
  };
}

describe('summarizeRun', () => {
  it('sees an external change lost when a model without the policy writes over it', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('stale-version')!, {
      policy: false,
      model,
    });
    const read = await pg.callAsAgent('read', { path: '/app/config.json' });
    expect(read.outcome.result.error).toBeUndefined();
    await pg.simulateExternalEdit('button');
    await pg.callAsAgent('write', {
      path: '/app/config.json',
      content: '{\n  "port": 8080,\n  "debug": true\n}\n',
    });
    const summary = summarizeRun(await finished(pg), pg.scenario);
    expect(summary).toMatchObject({
      calls: 2,
      failed: 0,
      stale: 0,
      reReadAfterStale: null,
      externalEdits: 1,
      externalKept: false,
      outcomeMet: false,
    });
  });

  it('sees the change kept, and a re-read after the stale version, with the policy on', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('stale-version')!, { model });
    await pg.callAsAgent('read', { path: '/app/config.json' });
    await pg.simulateExternalEdit('button');
    const args = { path: 'app/./config.json', old_string: '"debug": false', new_string: '"debug": true' };
    expect((await pg.callAsAgent('edit', args)).outcome.result.error?.code).toBe('FS_STALE_VERSION');
    await pg.callAsAgent('read', { path: '/app/config.json' });
    await pg.callAsAgent('edit', args);
    expect(summarizeRun(await finished(pg), pg.scenario)).toMatchObject({
      calls: 4,
      codes: ['FS_STALE_VERSION'],
      stale: 1,
      reReadAfterStale: true,
      externalKept: true,
      outcomeMet: true,
    });
  });

  it('says nothing (null) of what a run had nothing to judge by', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('truncation')!, { model });
    await pg.callAsAgent('grep', { pattern: 'TODO' });
    expect(summarizeRun(await finished(pg), pg.scenario)).toMatchObject({
      calls: 1,
      reReadAfterStale: null,
      externalKept: null,
      outcomeMet: null,
    });
  });
});
