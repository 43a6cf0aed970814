// The arena's words: every string in both languages, and every outcome with a glyph and a meaning.
import { expect, it } from 'vitest';
import { arenaOutcomes } from '../../../src/model/hazard';
import { arenaStrings, glyphs, outcomes } from '../../../src/ui/arena/strings';

it('every arena string has both languages', () => {
  for (const [key, text] of Object.entries(arenaStrings)) {
    expect(text.en, key).not.toBe('');
    expect(text.zh, key).toMatch(/[\u4e00-\u9fff]/);
  }
});

it('lists the outcomes of the hazard format, in its order, each with a glyph and a meaning', () => {
  expect(outcomes).toEqual([...arenaOutcomes]);
  expect(new Set(Object.values(glyphs)).size).toBe(outcomes.length);
  for (const o of outcomes) expect(arenaStrings[`${o}Means`].en).not.toBe('');
});
