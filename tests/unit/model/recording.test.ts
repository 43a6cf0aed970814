import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import {
  draftScenario,
  parseScenarioObject,
  recordedScenario,
  scenarioFile,
  type Recorded,
} from '../../../src/model';
import { Playground } from '../../../src/run';

describe('a recorded scenario', () => {
  const files = { '/notes.md': 'Status: draft\n' };
  const recorded: Recorded[] = [
    { kind: 'say', text: 'Editing without reading first.' },
    {
      kind: 'call',
      tool: 'edit',
      args: { path: '/notes.md', old_string: 'draft', new_string: 'done' },
      error: 'FS_NOT_OBSERVED',
    },
    { kind: 'call', tool: 'read', args: { path: '/notes.md' } },
    { kind: 'external', change: { path: '/notes.md', append: 'external edit #1' } },
    {
      kind: 'call',
      tool: 'edit',
      args: { path: '/notes.md', old_string: 'draft', new_string: 'done' },
      error: 'FS_STALE_VERSION',
    },
  ];
  const end = { '/notes.md': 'Status: draft\nexternal edit #1\n' };

  it('is a valid scenario file, with the refused calls as expected errors and the run’s outcome', () => {
    const scenario = recordedScenario(draftScenario(files, '/notes.md'), recorded, end);
    const read = parseScenarioObject(scenarioFile(scenario));
    expect(read.error).toBeUndefined();
    expect(read.value?.steps[1]).toMatchObject({ call: 'edit', expect: 'FS_NOT_OBSERVED' });
    expect(read.value?.outcome).toEqual({ errors: ['FS_NOT_OBSERVED', 'FS_STALE_VERSION'], files: end });
  });

  it('plays back to the outcome it was recorded with, without retrying what was refused', async () => {
    const scenario = recordedScenario(draftScenario(files, '/notes.md'), recorded, end);
    const pg = await Playground.open(
      { fs: new MemoryBackend() },
      parseScenarioObject(scenarioFile(scenario)).value!,
    );
    await pg.script.runToEnd();
    expect(pg.errors()).toEqual(scenario.outcome!.errors);
    expect((await pg.fs.read('/notes.md'))?.content).toBe(end['/notes.md']);
    expect(pg.script.state.position).toBe(recorded.length);
  });
});

describe('a recorded question', () => {
  const files = { '/notes.md': 'Status: draft\n' };
  const edit: Recorded = {
    kind: 'call',
    tool: 'edit',
    args: { path: '/notes.md', old_string: 'draft', new_string: 'done' },
    error: 'FS_NOT_OBSERVED',
  };

  it('becomes an ask before the call after it, its words the question, the rest for the author to write', () => {
    const recorded: Recorded[] = [{ kind: 'ask', question: 'Will the edit work?' }, edit];
    const scenario = recordedScenario(draftScenario(files), recorded, files);
    const read = parseScenarioObject(scenarioFile(scenario));
    expect(read.error).toBeUndefined();
    expect(read.value?.steps[0]).toMatchObject({
      ask: { question: { en: 'Will the edit work?', zh: 'Will the edit work?' }, answer: 0 },
    });
    expect(read.value?.steps[1]).toMatchObject({ call: 'edit' });
  });

  it('is left out when no call follows it, so the draft stays a valid file', () => {
    const recorded: Recorded[] = [edit, { kind: 'say', text: 'x' }, { kind: 'ask', question: '' }];
    const scenario = recordedScenario(draftScenario(files), recorded, files);
    expect(scenario.steps.map((s) => Object.keys(s)[0])).toEqual(['call', 'say']);
    expect(parseScenarioObject(scenarioFile(scenario)).error).toBeUndefined();
  });
});
