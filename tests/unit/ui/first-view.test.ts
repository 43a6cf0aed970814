import { describe, expect, it } from 'vitest';
import { DEFAULT_LESSON } from '../../../src/model/scenarios/intros';
import { firstLesson, policyShown } from '../../../src/ui/first-view';

const lesson = (search: string, last: string | null = null) =>
  firstLesson(new URLSearchParams(search), last)?.id;

describe('firstLesson: the lesson the first view paints', () => {
  it('is the lesson the address names', () => {
    expect(lesson('?scenario=stale-version', 'truncation')).toBe('stale-version');
  });

  it('is none for an address naming no built-in lesson: the page then says why', () => {
    expect(lesson('?scenario=no-such-lesson')).toBeUndefined();
  });

  it('is none for a share link or a scenario file: only the engine can read those', () => {
    expect(lesson('?s=abc&scenario=happy-path')).toBeUndefined();
    expect(lesson('?scenario-url=https://x.example/l.json')).toBeUndefined();
  });

  it('is the lesson shown last when the address names none (its run is carried on)', () => {
    expect(lesson('', 'truncation')).toBe('truncation');
    expect(lesson('?lang=zh&speed=fast', 'truncation')).toBe('truncation');
  });

  it('is the default for an address that opens without naming a lesson: nothing is carried on', () => {
    expect(lesson('?step=2', 'truncation')).toBe(DEFAULT_LESSON);
    expect(lesson('?autoplay=1', 'truncation')).toBe(DEFAULT_LESSON);
    expect(lesson('?policy=prompt-only', 'truncation')).toBe(DEFAULT_LESSON);
  });

  it('is none when the page last showed a scenario of the visitor’s own', () => {
    expect(lesson('', '')).toBeUndefined();
  });

  it('is the default on a first visit, and when the hint kept is not a lesson', () => {
    expect(lesson('')).toBe(DEFAULT_LESSON);
    expect(lesson('', 'no-such-lesson')).toBe(DEFAULT_LESSON);
  });
});

describe('policyShown: the policy the first view names in its header', () => {
  const shown = (search: string, last: string | null) => policyShown(new URLSearchParams(search), last, 'en');

  it('is the policy the address names, whatever the last run was under', () => {
    expect(shown('?policy=prompt-only', 'unique-match')).toBe('Prompt only');
    expect(shown('?scenario=stale-version&policy=unique-match', '')).toBe('Unique match');
  });

  it('is the last run’s policy when that run is carried on, none included', () => {
    expect(shown('', 'prompt-only')).toBe('Prompt only');
    expect(shown('?lang=zh&present=1', 'unique-match')).toBe('Unique match');
    expect(shown('', '')).toBe('none');
    expect(policyShown(new URLSearchParams(''), '', 'zh')).toBe('无');
  });

  it('is the observation policy for a run started afresh, and for a hint that names no policy', () => {
    expect(shown('?scenario=stale-version', 'prompt-only')).toBe('Version credential');
    expect(shown('?step=2', '')).toBe('Version credential');
    expect(shown('', null)).toBe('Version credential');
    expect(shown('', 'no-such-policy')).toBe('Version credential');
    expect(shown('', '__proto__')).toBe('Version credential');
  });
});
