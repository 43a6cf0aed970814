import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioFile, type Scenario } from '../../../src/model';
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
  await pg.runToEnd();
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
    expect(pg.done).toBe(true);
    expect(pg.errors()).toEqual(scenario.outcome!.errors);
    for (const [path, content] of Object.entries(scenario.outcome!.files ?? {}))
      expect((await pg.fs.read(path))?.content, path).toBe(content);
  });
});

it('finds the README’s example', () => {
  expect(readmeExample).toContain('"format": "harness-playground/scenario"');
});
