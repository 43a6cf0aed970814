import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioObject, unexpectedErrors, type Scenario } from '../../../src/model';
import { Playground } from '../../../src/run';

// README "Write your own scenario": a run without an outcome that met an error no step expects ends
// with a warning naming each (code and step). The steps are found again from the log alone.
const scenario = (steps: unknown[]): Scenario => {
  const read = parseScenarioObject({
    format: 'harness-playground/scenario',
    version: 1,
    id: 'no-outcome',
    title: 'No outcome',
    teaches: 'Unexpected errors are named.',
    files: { '/notes.md': 'Status: draft\n' },
    steps,
  });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};
const played = async (steps: unknown[]) => {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenario(steps));
  await pg.script.runToEnd();
  const { events, progress } = pg.saved();
  return { pg, found: unexpectedErrors(pg.scenario.steps, events, progress.manual) };
};
const edit = { call: 'edit', args: { path: '/notes.md', old_string: 'draft', new_string: 'done' } };

describe('unexpectedErrors', () => {
  it('names each error no step expects, with its step', async () => {
    const { found } = await played([
      { say: 'Searching.' },
      { call: 'grep', args: { pattern: '(' } },
      { call: 'read', args: { path: '/gone.md' } },
    ]);
    expect(found).toEqual([
      { code: 'BAD_PATTERN', step: 2 },
      { code: 'FS_NOT_FOUND', step: 3 },
    ]);
  });

  it('leaves out the errors the steps expect', async () => {
    const { pg, found } = await played([
      { call: 'read', args: { path: '/gone.md' }, expect: 'FS_NOT_FOUND' },
    ]);
    expect(pg.errors()).toEqual(['FS_NOT_FOUND']);
    expect(found).toEqual([]);
  });

  it('counts a retried call under its step, and the retry that worked as no error', async () => {
    const { pg, found } = await played([{ say: 'Editing without a read.' }, edit]);
    expect(pg.errors()).toEqual(['FS_NOT_OBSERVED']);
    expect(found).toEqual([{ code: 'FS_NOT_OBSERVED', step: 2 }]);
  });

  it('leaves out the calls the visitor made by hand', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenario([{ say: 'Hello.' }]));
    await pg.callAsModel('read', { path: '/gone.md' });
    await pg.script.runToEnd();
    const { events, progress } = pg.saved();
    expect(pg.errors()).toEqual(['FS_NOT_FOUND']);
    expect(unexpectedErrors(pg.scenario.steps, events, progress.manual)).toEqual([]);
  });
});
