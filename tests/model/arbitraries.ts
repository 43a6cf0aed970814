// Random command sequences for the model-based test. Few paths (several spellings of each) and a handful
// of short strings, so that sessions keep meeting each other's changes: reads go stale, creates collide,
// old_strings match zero, one or several times.
import fc from 'fast-check';
import { SESSIONS, type Command } from './reference';

/** Three files, one directory that may also become a file, and one path that is never valid. */
const path: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('/a.txt', 'a.txt', '/d/../a.txt') },
  { weight: 3, arbitrary: fc.constantFrom('/b.txt', '//b.txt') },
  { weight: 2, arbitrary: fc.constantFrom('/d/c.txt', 'd/./c.txt') },
  { weight: 1, arbitrary: fc.constant('/d') },
  { weight: 1, arbitrary: fc.constant('/../a.txt') },
);

const session = fc.constantFrom(...SESSIONS);

/** Content from a few pieces, so that equal contents (no-op writes) and repeated substrings are common. */
const content = fc
  .array(fc.constantFrom('x', 'y', 'xy', '\n', 'x\n'), { maxLength: 4 })
  .map((p) => p.join(''));
const oldString = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('x', 'y', 'xy', 'x\n', '\n', 'yx') },
  { weight: 1, arbitrary: fc.constant('') },
);
const newString = fc.constantFrom('', 'x', 'y', 'z', 'zz\n');
/** Mostly absent (a whole-file read), sometimes a small window, sometimes past the end. */
const small = (max: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max }) },
  );

/** Mostly no stop; else a stop before the call, or after a few microtasks or tasks of it. */
const stop = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constant({ ticks: 0, macro: false }) },
  { weight: 2, arbitrary: fc.record({ ticks: fc.integer({ min: 1, max: 40 }), macro: fc.constant(false) }) },
  { weight: 1, arbitrary: fc.record({ ticks: fc.integer({ min: 1, max: 4 }), macro: fc.constant(true) }) },
);

/** An agent's command, sometimes stopped at a random point. */
const withStop = (command: fc.Arbitrary<Command>): fc.Arbitrary<Command> =>
  fc.tuple(command, stop).map(([c, s]) => (s === undefined ? c : ({ ...c, stop: s } as Command)));

const agentCommand: fc.Arbitrary<Command> = withStop(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({ session, path, via: fc.constantFrom('read', 'view'), offset: small(4), limit: small(3) })
        .map(({ offset, limit, ...rest }): Command => ({
          kind: 'read',
          ...rest,
          ...(offset === undefined ? {} : { offset }),
          ...(limit === undefined ? {} : { limit }),
        })),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({ session, path, content, via: fc.constantFrom('write', 'create') })
        .map((r): Command => ({ kind: 'write', ...r })),
    },
    {
      weight: 4,
      arbitrary: fc
        .record({ session, path, oldString, newString, replaceAll: fc.boolean(), str: fc.boolean() })
        .map(({ str, replaceAll, ...r }): Command => ({
          kind: 'edit',
          ...r,
          // str_replace_editor's str_replace has no replace_all.
          replaceAll: str ? false : replaceAll,
          via: str ? 'str_replace' : 'edit',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ session, path, line: fc.integer({ min: 0, max: 3 }), text: newString })
        .map((r): Command => ({ kind: 'insert', ...r })),
    },
  ),
);

const otherCommand: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ path, content }).map((r): Command => ({ kind: 'external-write', ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ path, oldString, newString })
      .map((r): Command => ({ kind: 'external-edit', ...r })),
  },
  { weight: 1, arbitrary: fc.record({ path }).map((r): Command => ({ kind: 'delete', ...r })) },
  { weight: 1, arbitrary: fc.constant<Command>({ kind: 'reload' }) },
);

/**
 * A run: a few files written from outside, then up to `maxLength` commands, about two agent calls for
 * every other change. `size: 'max'` lets runs be long, where histories pile up.
 */
export function commands(maxLength: number): fc.Arbitrary<Command[]> {
  const setup = fc.array(
    fc.record({ path, content }).map((r): Command => ({ kind: 'external-write', ...r })),
    { maxLength: 3 },
  );
  const command = fc.oneof({ weight: 13, arbitrary: agentCommand }, { weight: 5, arbitrary: otherCommand });
  return fc
    .tuple(setup, fc.array(command, { maxLength, size: 'max' }))
    .map(([first, rest]) => [...first, ...rest]);
}
