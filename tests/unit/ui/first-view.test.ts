import { describe, expect, it } from 'vitest';
import { DEFAULT_LESSON } from '../../../src/model/scenarios/intros';
import { firstLesson } from '../../../src/ui/first-view';

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
  });

  it('is none when the page last showed a scenario of the visitor’s own', () => {
    expect(lesson('', '')).toBeUndefined();
  });

  it('is the default on a first visit, and when the hint kept is not a lesson', () => {
    expect(lesson('')).toBe(DEFAULT_LESSON);
    expect(lesson('', 'no-such-lesson')).toBe(DEFAULT_LESSON);
  });
});
