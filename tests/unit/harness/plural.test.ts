import { describe, expect, it } from 'vitest';
import { count, counted, plural } from '../../../src/harness';

describe('plural', () => {
  it('takes the singular for exactly one', () => {
    expect(plural(1, 'line')).toBe('line');
  });

  it('takes the plural for zero, many and fractions', () => {
    expect([0, 2, 1203, 0.5, -1].map((n) => plural(n, 'line'))).toEqual(Array(5).fill('lines'));
  });

  it('takes an irregular plural when given one, for nouns and verbs alike', () => {
    expect(plural(2, 'entry', 'entries')).toBe('entries');
    expect(plural(1, 'entry', 'entries')).toBe('entry');
    expect(plural(1, 'was', 'were')).toBe('was');
    expect(plural(3, 'was', 'were')).toBe('were');
  });
});

describe('counted', () => {
  it('writes a count and its noun in agreement', () => {
    expect(counted(1, 'line')).toBe('1 line');
    expect(counted(2, 'line')).toBe('2 lines');
    expect(counted(0, 'plugin')).toBe('0 plugins');
    expect(counted(1, 'match', 'matches')).toBe('1 match');
  });

  it('groups the digits of large counts the same way in every locale', () => {
    expect(counted(1203, 'line')).toBe('1,203 lines');
    expect(count(999)).toBe('999');
    expect(count(1000)).toBe('1,000');
  });
});
