// README "The arena": its tables of policies, hazards and the matrix say what the code and the hazard
// files say.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtInHazardFiles } from '../../../src/model/hazards';
import { policyIds } from '../../../src/plugins/policies';
import { parseHazards } from '../../../src/run/arena';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = (title: string) => {
  const from = readme.indexOf(`\n${title}\n`);
  if (from < 0) throw new Error(`README has no "${title}"`);
  const rest = readme.slice(from + title.length + 2);
  const end = rest.search(/\n#{2,3} /);
  return end < 0 ? rest : rest.slice(0, end);
};
const rows = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replace(/^`|`$/g, '')),
    );
const hazards = parseHazards(builtInHazardFiles);

describe('README, The arena', () => {
  it('lists every policy, in the registry’s order', () => {
    expect(rows(section('### The policies')).map((r) => r[0])).toEqual([...policyIds]);
  });

  it('lists every hazard with what its file teaches', () => {
    expect(rows(section('### The hazards'))).toEqual(hazards.map((h) => [h.id, h.teaches]));
  });

  it('shows the matrix the hazard files expect, a column per policy', () => {
    const table = section('### The matrix');
    const header = table.split('\n').find((l) => l.startsWith('| Hazard'))!;
    const columns = header
      .split('|')
      .slice(2, -1)
      .map((c) => c.trim().replace(/^`|`$/g, ''));
    expect(columns).toEqual([...policyIds]);
    const expected = hazards.map((h) => [h.id, ...policyIds.map((id) => h.expect[id])]);
    expect(rows(table)).toEqual(expected);
  });
});
