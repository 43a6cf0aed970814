import type { Text } from '../scenario';

/** What the first view shows of a built-in lesson before the engine has loaded: its title and its point. */
export interface LessonIntro {
  id: string;
  title: Text;
  teaches: Text;
}

// The built-in lessons' titles and points by id, baked in at build time from the files themselves
// (scripts/scenario-assets.mjs `builtInTexts`, through Vite's `define`), so that the first load carries
// these words and not whole scenarios. tests/unit/model/intros.test.ts checks them against the scenarios
// as the parser reads them.
declare const __HP_LESSONS__: Record<string, { title: Text; teaches: Text }> | undefined;

const table = typeof __HP_LESSONS__ === 'undefined' ? {} : __HP_LESSONS__;

/** The lesson a page opens when its address names none and no run is carried on. */
export const DEFAULT_LESSON = 'happy-path';

/** The intro of the built-in lesson `id`, or undefined when there is no such lesson. */
export function lessonIntro(id: string): LessonIntro | undefined {
  const texts = Object.hasOwn(table, id) ? table[id] : undefined;
  return texts && { id, title: texts.title, teaches: texts.teaches };
}

/** Every built-in lesson's intro (for the test that checks them against the scenarios). */
export function lessonIntros(): LessonIntro[] {
  return Object.keys(table).flatMap((id) => lessonIntro(id) ?? []);
}
