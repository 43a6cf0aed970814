import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioFile, scenarios, type Scenario } from '../../../src/model';
import { Playground } from '../../../src/run';

// The scenarios shown to authors, the README's and the example tutorial page's, are held to what they
// promise: each parses and plays to the outcome it states.
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Write your own scenario'));
const readmeExample = /```json\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
const tutorialLesson = readFileSync(
  new URL('../../../examples/tutorial/my-lesson.json', import.meta.url),
  'utf8',
);

const play = async (scenario: Scenario) => {
  const pg = await Playground.open({ fs: new MemoryBackend() }, scenario);
  await pg.script.runToEnd();
  return pg;
};

describe.each([
  ['the README’s example', readmeExample],
  ['examples/tutorial/my-lesson.json', tutorialLesson],
])('%s', (_name, text) => {
  it('is a valid scenario file that states its outcome', () => {
    const read = parseScenarioFile(text);
    expect(read.error).toBeUndefined();
    expect(read.value?.outcome).toBeDefined();
  });

  it('plays to its outcome', async () => {
    const scenario = parseScenarioFile(text).value!;
    const pg = await play(scenario);
    expect(pg.script.done).toBe(true);
    expect(pg.errors()).toEqual(scenario.outcome!.errors);
    for (const [path, content] of Object.entries(scenario.outcome!.files ?? {}))
      expect((await pg.fs.read(path))?.content, path).toBe(content);
  });
});

it('finds the README’s example', () => {
  expect(readmeExample).toContain('"format": "harness-playground/scenario"');
});

// The README's table of lessons repeats each built-in scenario's title and lesson: held to the files.
describe('the README’s table of lessons', () => {
  const start = readme.indexOf('| Id ');
  const rows = readme
    .slice(start, readme.indexOf('\n\n', start))
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, id, title, teaches]) => ({ id: id!.replace(/`/g, ''), title, teaches }));

  it('lists every built-in scenario but the lab’s, in English, as the scenario files say', () => {
    const own = scenarios.filter((s) => !s.id.startsWith('lab-'));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(rows.filter((r) => r.id !== 'lab-*').sort(byId)).toEqual(
      own.map((s) => ({ id: s.id, title: s.title.en, teaches: s.teaches.en })).sort(byId),
    );
  });

  it('sums up the lab’s examples in one row that counts them', () => {
    const lab = scenarios.filter((s) => s.id.startsWith('lab-'));
    const row = rows.find((r) => r.id === 'lab-*');
    const words = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    expect(row?.title).toBe(`The plugin lab's ${words[lab.length]} examples`);
  });
});

// The README's ask step, as a step of its example scenario just before the edit: a file the parser reads.
it('the README’s ask step is one the format reads, with its notes', () => {
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1] ?? '');
  const ask = blocks.find((b) => b.includes('"ask"'));
  expect(ask).toBeDefined();
  const example = JSON.parse(readmeExample) as { steps: unknown[] };
  example.steps.splice(3, 0, JSON.parse(ask!));
  const read = parseScenarioFile(JSON.stringify(example));
  expect(read.error).toBeUndefined();
  expect(read.value?.steps[3]).toMatchObject({
    ask: { answer: 1 },
    notes: { en: 'Let the class vote first.' },
  });
});
