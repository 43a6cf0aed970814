// The matrix as an SVG image: one coloured cell per run, the totals, the same bytes every time, and the
// copy in docs/ (shown in README "The arena") made from the matrix as it is.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtInHazardFiles } from '../../../src/model/hazards';
import { policies, policyIds } from '../../../src/plugins/policies';
import { parseHazards, runArena, type ArenaMatrix } from '../../../src/run/arena';
import { arenaSvg } from '../../../src/run/arena-svg';

const hazards = parseHazards(builtInHazardFiles);
let matrix: ArenaMatrix;
beforeAll(async () => {
  matrix = await runArena(
    hazards,
    policyIds.map((id) => policies[id]),
  );
});

describe('arenaSvg', () => {
  it('draws a cell per hazard and policy, labelled with its outcome', () => {
    const svg = arenaSvg(matrix);
    expect(svg.match(/<rect x="\d+" y="\d+" width="82"/g)).toHaveLength(hazards.length * policyIds.length);
    expect(svg.match(/>corrupted</g)?.length).toBe(
      1 + hazards.filter((h) => Object.values(h.expect).includes('corrupted')).length,
    );
    for (const h of hazards) expect(svg).toContain(`>${h.id}</text>`);
  });

  it('escapes text, so a policy id can never break the markup', () => {
    const odd = { ...policies['prompt-only'], id: 'a<b&"c' };
    const svg = arenaSvg({ ...matrix, policies: [odd], runs: [] });
    expect(svg).toContain('a&#60;b&#38;&#34;c');
    expect(svg).not.toContain('a<b');
  });

  it('is docs/arena-matrix.svg, byte for byte', () => {
    const file = readFileSync(new URL('../../../docs/arena-matrix.svg', import.meta.url), 'utf8');
    expect(file).toBe(arenaSvg(matrix));
  });
});
