// Played and folded agree: for random scenarios and random runs of Step, Play, Reveal, the button, the
// file editor, a call by hand, Back and a reload, the script the log folds to (`resumeScript`) is the
// script the playground holds, state for state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioObject, resumeScript, scenarioById, type Scenario } from '../../../src/model';
import { Playground, type SavedRun } from '../../../src/run';
import { SessionRecord } from '../../../src/storage';

const text = (en: string) => ({ en, zh: `（${en}）` });
const paths = ['/a.md', '/b.md', '/gone.md'];
const path = fc.constantFrom(...paths);

const step = fc.oneof(
  fc.nat(99).map((n) => ({ say: text(`Line ${n}`) })),
  path.map((p) => ({ call: 'read', args: { path: p } })),
  fc.tuple(path, fc.boolean()).map(([p, expectIt]) => ({
    call: 'edit',
    args: { path: p, old_string: 'alpha', new_string: 'ALPHA' },
    ...(expectIt ? { expect: 'FS_NOT_OBSERVED' } : {}),
  })),
  path.map((p) => ({ call: 'write', args: { path: p, content: 'written\n' } })),
  fc.tuple(path, fc.boolean()).map(([p, find]) => ({
    external: find ? { path: p, find: 'alpha', replace: 'theirs' } : { path: p, append: 'theirs' },
    note: text(`Someone edits ${p}`),
  })),
  fc.boolean().map((on) => ({ use: on ? ['redact-phones-content'] : [], say: text('Switching') })),
  // An ask comes right before a call.
  fc
    .tuple(fc.nat(1), path)
    .map(([answer, p]) => [
      { ask: { question: text('Which?'), choices: [text('one'), text('two')], answer, why: text('why') } },
      { call: 'read', args: { path: p } },
    ]),
);

const made = (steps: unknown[]): Scenario => {
  const read = parseScenarioObject({
    format: 'harness-playground/scenario',
    version: 1,
    id: 'random',
    title: 'Random',
    teaches: 'Played and folded agree.',
    files: { '/a.md': 'alpha\nbeta\n', '/b.md': 'alpha\n' },
    focus: '/b.md',
    // The sql tool set yields tables, so a use step may switch on the table plugins.
    tools: ['sql'],
    steps,
  });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};

// Random scripts, and the built-in scenario whose writes meet races.
const scenario = fc.oneof(
  fc.array(step, { minLength: 1, maxLength: 12 }).map((steps) => made(steps.flat())),
  fc.constant(scenarioById('policy-strengths')!),
);

type Op = 'step' | 'play' | 'reveal' | 'button' | 'editor' | 'by-hand' | 'back' | 'reload';
const ops = fc.array(
  fc.constantFrom<Op>(
    'step',
    'step',
    'play',
    'play',
    'reveal',
    'button',
    'editor',
    'by-hand',
    'back',
    'reload',
  ),
  { maxLength: 30 },
);

/** A saved run as it comes back from storage: through JSON and the record schema. */
const stored = (run: SavedRun): SavedRun =>
  SessionRecord.parse(JSON.parse(JSON.stringify({ ...run, title: 't', createdAt: 1, updatedAt: 2 })));

/** Does `op` as the interface would, and returns the playground that holds the run after it. */
async function apply(pg: Playground, op: Op, s: Scenario): Promise<Playground> {
  switch (op) {
    case 'step':
      await pg.script.step(false);
      return pg;
    case 'play':
      await pg.script.step(true);
      return pg;
    case 'reveal':
      await pg.script.reveal();
      return pg;
    case 'button':
      await pg.simulateExternalEdit('button');
      return pg;
    case 'editor':
      await pg.saveExternally('/a.md', 'by hand\n');
      return pg;
    case 'by-hand':
      await pg.callAsModel('read', { path: '/b.md' });
      return pg;
    case 'back': {
      // As the interface's Back: the scenario afresh, then its steps taken up to the one before.
      const target = pg.script.state.step - 1;
      if (target < 0) return pg;
      await pg.load(s);
      await pg.script.advance(target);
      return pg;
    }
    case 'reload':
      return await Playground.resume({ fs: pg.fs }, s, stored(pg.saved()));
  }
}

describe('the script, played and folded', () => {
  it('folds the log to the state playing holds, after every step, Back and reload', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, ops, async (s, todo) => {
        let pg = await Playground.open({ fs: new MemoryBackend() }, s);
        for (const op of todo) {
          pg = await apply(pg, op, s);
          const { events, progress } = pg.saved();
          expect(resumeScript(s, events, progress), `after ${op}`).toEqual({
            ok: true,
            value: pg.script.state,
          });
        }
      }),
      { numRuns: 150, seed: 24 },
    );
  }, 120_000);
});
