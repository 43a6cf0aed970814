import { describe, expect, it } from 'vitest';
import { parseScenarioObject, scenarioById, type Scenario } from '../../../src/model';
import { copyId, embedSnippet, sourceOf } from '../../../src/ui/author/snippet';

// README "Write your own scenario", Record one in the app: what Copy embed snippet names for each kind
// of scenario open.
const APP = 'https://you.github.io/playground/';
const builtIn = scenarioById('stale-version')!;
const own = (id: string): Scenario => {
  const read = parseScenarioObject({
    format: 'harness-playground/scenario',
    version: 1,
    id,
    title: 'Mine',
    teaches: 'Mine.',
    files: {},
    steps: [{ say: 'Hello.' }],
  });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};

describe('sourceOf', () => {
  it('knows a built-in as it ships, and not a file that takes its id', () => {
    expect(sourceOf(builtIn, null)).toEqual({ kind: 'built-in', id: 'stale-version' });
    expect(sourceOf(own('stale-version'), null)).toEqual({ kind: 'own' });
  });

  it('knows a fetched file by its address while that very scenario is open', () => {
    const fetched = { scenario: own('mine'), url: 'https://docs.example/lessons/mine.json' };
    expect(sourceOf(fetched.scenario, fetched)).toEqual({ kind: 'url', url: fetched.url });
    expect(sourceOf(own('mine'), fetched)).toEqual({ kind: 'own' });
  });
});

describe('embedSnippet', () => {
  it('embeds a built-in by id, with the kit beside the playground', () => {
    expect(embedSnippet(APP, builtIn, { kind: 'built-in', id: 'stale-version' })).toBe(
      '<script src="https://you.github.io/playground/embed.js"></script>\n' +
        '<harness-playground scenario="stale-version" height="auto"></harness-playground>',
    );
  });

  it('embeds a fetched file by its address, quoted for an attribute', () => {
    const url = 'https://docs.example/l.json?a=1&b="2"';
    expect(embedSnippet(APP, own('mine'), { kind: 'url', url })).toContain(
      'scenario-url="https://docs.example/l.json?a=1&amp;b=&quot;2&quot;"',
    );
  });

  it('embeds one’s own by the file name to put beside the page', () => {
    expect(embedSnippet(APP, own('mine'), { kind: 'own' })).toContain('scenario-url="mine.json"');
  });
});

it('copyId keeps a copy’s id within the format’s 64 characters', () => {
  expect(copyId('stale-version')).toBe('stale-version-copy');
  const long = `a${'-b'.repeat(40)}`.slice(0, 64);
  expect(copyId(long)).toHaveLength(64);
  expect(own(copyId(long)).id).toBe(copyId(long));
});
