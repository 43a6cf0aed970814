import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { parseScenarioObject, type Scenario } from '../../../src/model';
import { Playground } from '../../../src/run';

/** A read, an ask, then the edit whose result the class predicts, then a closing word. */
const lesson = (): Scenario => {
  const read = parseScenarioObject({
    format: 'harness-playground/scenario',
    version: 1,
    id: 'ask-lesson',
    title: 'Ask',
    teaches: 'Predict, then reveal.',
    files: { '/a.md': 'draft\n' },
    steps: [
      { call: 'read', args: { path: '/a.md' } },
      {
        ask: { question: 'Will the edit work?', choices: ['yes', 'no'], answer: 0, why: 'It was read.' },
        notes: 'Let them vote.',
      },
      { call: 'edit', args: { path: '/a.md', old_string: 'draft', new_string: 'done' } },
      { say: 'Done.' },
    ],
  });
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};
const mk = () => Playground.open({ fs: new MemoryBackend() }, lesson());
const calls = (pg: Playground) => pg.run.session.live.filter((e) => e.kind === 'call').length;

describe('an ask step', () => {
  it('stops the script before the call it precedes: a step does nothing until Reveal', async () => {
    const pg = await mk();
    await pg.script.step();
    await pg.script.step();
    expect(pg.script.state.ask).toMatchObject({ step: 2, revealed: false, ask: { answer: 0 } });
    expect(pg.script.state.step).toBe(2);
    await pg.script.step();
    await pg.script.step();
    expect(calls(pg)).toBe(1);
    expect(pg.script.state.position).toBe(2);
  });

  it('is revealed by Reveal, and the next step makes the call', async () => {
    const pg = await mk();
    await pg.script.advance(2);
    await pg.script.reveal();
    expect(pg.script.state.ask).toMatchObject({ step: 2, revealed: true });
    expect(calls(pg)).toBe(1);
    await pg.script.step();
    expect(pg.script.state.ask).toBeNull();
    expect(calls(pg)).toBe(2);
    expect(pg.errors()).toEqual([]);
  });

  it('makes no event of its own: the log holds the calls and words only', async () => {
    const pg = await mk();
    await pg.script.runToEnd();
    expect(pg.script.done).toBe(true);
    expect(pg.run.session.live.map((e) => e.kind)).toEqual(['call', 'call', 'message']);
  });

  it('is where advance stops when it is the target, asking; one before the target is passed', async () => {
    const at = await mk();
    await at.script.advance(2);
    expect(at.script.state.ask?.revealed).toBe(false);
    const past = await mk();
    await past.script.advance(3);
    expect(past.script.state.ask).toBeNull();
    expect(calls(past)).toBe(2);
  });

  it('is where a resumed run stands, asking or revealed, derived from the saved position', async () => {
    for (const reveal of [false, true]) {
      const pg = await mk();
      await pg.script.advance(2);
      if (reveal) await pg.script.reveal();
      const again = await Playground.resume({ fs: pg.fs }, lesson(), pg.saved());
      expect(again.script.state.ask).toEqual(pg.script.state.ask);
      expect(again.script.state.position).toBe(pg.script.state.position);
    }
  });
});
