// The arena's words: every string in both languages, and every outcome with a glyph and a meaning.
import { expect, it } from 'vitest';
import { arenaOutcomes } from '../../../src/model/hazard';
import { arenaStrings, at, glyphs, outcomes } from '../../../src/ui/arena/strings';

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

it('the end line counts its runs with a word that agrees (one run, 153 runs)', () => {
  expect(at('done', { total: 1, seconds: '0.4' })).toBe('1 run in 0.4 s.');
  expect(at('done', { total: 153, seconds: '2.5' })).toBe('153 runs in 2.5 s.');
});
