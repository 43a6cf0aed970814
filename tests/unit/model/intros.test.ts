import { describe, expect, it } from 'vitest';
import { scenarios } from '../../../src/model';
import { DEFAULT_LESSON, lessonIntro, lessonIntros } from '../../../src/model/scenarios/intros';

describe('lesson intros: what the first view shows before the engine loads', () => {
  it('has every built-in lesson, with the title and point the parser reads from its file', () => {
    const fromParser = scenarios.map((s) => ({ id: s.id, title: s.title, teaches: s.teaches }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(lessonIntros().sort(byId)).toEqual(fromParser.sort(byId));
  });

  it('names as the default the lesson a page opens when nothing else is asked for', () => {
    expect(scenarios[0]?.id).toBe(DEFAULT_LESSON);
  });

  it('knows no lesson that is not built in, nor a key of Object.prototype', () => {
    expect(lessonIntro('no-such-lesson')).toBeUndefined();
    expect(lessonIntro('constructor')).toBeUndefined();
    expect(lessonIntro('__proto__')).toBeUndefined();
  });
});
