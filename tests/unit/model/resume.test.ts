import { nodeSqlEngine } from './sql-engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { replay } from '../../../src/harness';
import { resumeScript, sameJson, scenarioById, scenarios, type Scenario } from '../../../src/model';
import { SessionRecord } from '../../../src/storage';
import { Playground, type SavedRun } from '../../../src/run';

// Session ids carry Date.now(); one fixed time makes two runs of a scenario log the same events.
beforeEach(() => void vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 0, 2)));
afterEach(() => void vi.restoreAllMocks());

const scenario = (id: string): Scenario => scenarioById(id)!;
const mk = async (s: Scenario, fs = new MemoryBackend()) => {
  const pg = await Playground.open({ fs, sqlEngine: nodeSqlEngine }, s);
  return pg;
};
/** A saved run as it comes back from storage: through JSON and the record schema. */
const stored = (run: SavedRun): SavedRun =>
  SessionRecord.parse(JSON.parse(JSON.stringify({ ...run, title: 't', createdAt: 1, updatedAt: 2 })));
/**
 * Takes actions until `at` are taken, the model's reactions counted too (resuming must work after any
 * of them); a scripted external edit on the way is made, one at the very last action is left waiting;
 * an ask on the way is revealed.
 */
const toPosition = async (pg: Playground, at: number) => {
  while (!pg.script.done && pg.script.state.position < at) {
    if (pg.script.state.waiting) await pg.simulateExternalEdit('scenario');
    else if (pg.script.state.ask?.revealed === false) await pg.script.reveal();
    else await pg.script.step(false);
  }
};
/** The number of actions a whole run of `s` takes, stepping by hand. */
const length = async (s: Scenario) => {
  const pg = await mk(s);
  await pg.script.advance(Infinity);
  return pg.script.state.position;
};
const files = async (pg: Playground) =>
  Promise.all((await pg.fs.list()).map(async (f) => [f.path, (await pg.fs.read(f.path))?.content]));

/**
 * Whether `pg` stands between a read and the change that follows under unique-match, which keeps its
 * reads in memory only (README "The arena", the hazard `resume`): a reload there forgets the read.
 */
const forgetsRead = (pg: Playground) =>
  pg.run.policyId === 'unique-match' &&
  pg.run.session.events.filter((e) => e.type === 'tool/call').at(-1)?.tool === 'read';
const errors = (pg: Playground) =>
  pg.run.session.events.flatMap((e) => (e.type === 'tool/result' && e.error ? [e.error.code] : []));

describe.each(scenarios.map((s) => [s.id, s] as const))('resuming %s', (_id, s) => {
  it('at every position continues to the same log, files and transcript as an unbroken run', async () => {
    const whole = await mk(s);
    await whole.script.runToEnd();
    for (let at = 0; at <= (await length(s)); at++) {
      const before = await mk(s);
      await toPosition(before, at);
      const after = await Playground.resume(
        { fs: before.fs, sqlEngine: nodeSqlEngine },
        s,
        stored(before.saved()),
      );
      expect(after.script.state.position).toBe(at);
      expect(after.script.state.step).toBe(before.script.state.step);
      expect(after.script.state.waiting).toEqual(before.script.state.waiting);
      expect(after.script.state.ask).toEqual(before.script.state.ask);
      const forgot = forgetsRead(before);
      await after.script.runToEnd();
      if (forgot) {
        // The policy forgot the read: its edit is refused, and the model reads again and retries.
        expect(errors(after), `resumed at ${at}`).toContain('FS_NOT_OBSERVED');
        expect(await files(after)).toEqual(await files(whole));
        continue;
      }
      expect(after.run.session.events, `resumed at ${at}`).toEqual(whole.run.session.events);
      expect(after.run.session.live).toEqual(
        replay(whole.run.session.events, (n) => whole.run.registry.get(n)),
      );
      expect(await files(after)).toEqual(await files(whole));
    }
  }, 60_000);
});

describe('Playground.resume', () => {
  it('rebuilds the transcript, the ledger and the waiting edit as they were', async () => {
    const s = scenario('stale-version');
    const before = await mk(s);
    for (let i = 0; i < 10 && !before.script.state.waiting; i++) await before.script.step();
    const after = await Playground.resume(
      { fs: before.fs, sqlEngine: nodeSqlEngine },
      s,
      stored(before.saved()),
    );
    expect(after.run.session.live).toEqual(before.run.session.live);
    expect(after.run.policy!.ledger(after.run.session.id)).toEqual(
      before.run.policy!.ledger(before.run.session.id),
    );
    expect(after.script.state.waiting).toEqual(before.script.state.waiting);
    expect(after.script.done).toBe(false);
  });

  it('continues seq, times and call ids where the log stopped', async () => {
    const s = scenario('happy-path');
    const before = await mk(s);
    await before.script.advance(2);
    const after = await Playground.resume(
      { fs: before.fs, sqlEngine: nodeSqlEngine },
      s,
      stored(before.saved()),
    );
    await after.callAsModel('ls', { path: '/' });
    const [last, prev] = [after.run.session.events.at(-1)!, before.run.session.events.at(-1)!];
    expect(last.seq).toBe(after.run.session.events.length - 1);
    expect(after.run.session.events.slice(0, before.run.session.events.length)).toEqual(
      before.run.session.events,
    );
    const call = after.run.session.events.find((e) => e.seq === prev.seq + 1)!;
    expect(call).toMatchObject({
      type: 'tool/call',
      callId: `${before.run.session.id}:2`,
      at: prev.at + 1000,
    });
  });

  it("leaves the visitor's own calls out of the script", async () => {
    const s = scenario('happy-path');
    const whole = await mk(s);
    await whole.script.advance(1);
    await whole.callAsModel('read', { path: '/src/greet.js' });
    await whole.script.runToEnd();
    const before = await mk(s);
    await before.script.advance(1);
    await before.callAsModel('read', { path: '/src/greet.js' });
    const after = await Playground.resume(
      { fs: before.fs, sqlEngine: nodeSqlEngine },
      s,
      stored(before.saved()),
    );
    await after.script.runToEnd();
    expect(after.run.session.events).toEqual(whole.run.session.events);
  });

  it('keeps the policy off when the run had it off', async () => {
    const s = scenario('edit-before-read');
    const before = await Playground.open({ fs: new MemoryBackend(), sqlEngine: nodeSqlEngine }, s, {
      policy: false,
    });
    await before.script.advance(1);
    const after = await Playground.resume(
      { fs: before.fs, sqlEngine: nodeSqlEngine },
      s,
      stored(before.saved()),
    );
    expect(after.run.policy).toBeNull();
    expect(after.saved().policy).toBe(false);
  });

  it('carries on a run stopped at a question after a press of the button the script did not wait for', async () => {
    const s = scenario('stale-version');
    const before = await mk(s);
    while (before.script.state.ask?.revealed !== false) await before.script.step(true);
    await before.simulateExternalEdit('button');
    const after = await Playground.resume(
      { fs: before.fs, sqlEngine: nodeSqlEngine },
      s,
      stored(before.saved()),
    );
    expect(after.script.state).toEqual(before.script.state);
    expect(after.script.state.externalEdits).toBe(2);
    await after.script.reveal();
    await before.script.reveal();
    expect(after.run.session.events).toEqual(before.run.session.events);
  });

  it('refuses a run holding words the visitor said as the model', async () => {
    const s = scenario('happy-path');
    const before = await mk(s);
    await before.script.advance(1);
    before.sayAsModel('Words of my own.');
    await expect(Playground.resume({ fs: before.fs }, s, stored(before.saved()))).rejects.toThrow(
      /cannot be resumed: the script says 1 message up to step 1, the log has 2/,
    );
  });

  it('refuses a run of another scenario', async () => {
    const before = await mk(scenario('happy-path'));
    const spec = { fs: before.fs, sqlEngine: nodeSqlEngine };
    await expect(Playground.resume(spec, scenario('stale-version'), before.saved())).rejects.toThrow(
      /is a run of "happy-path", not of "stale-version"/,
    );
  });
});

describe('resumeScript', () => {
  const run = async (id: string, at: number) => {
    const pg = await mk(scenario(id));
    await pg.script.advance(at);
    return { steps: scenario(id).steps, run: pg.saved() };
  };

  it('fails when the record counts more steps than the script has', async () => {
    const { steps, run: r } = await run('happy-path', 1);
    const derived = resumeScript({ steps: steps.slice(0, 0) }, r.events, r.progress);
    expect(derived.error).toMatch(/the script ends after 0 steps, the record says 1/);
  });

  it('fails when a call was interrupted before its result', async () => {
    const { steps, run: r } = await run('happy-path', 2);
    const cut = r.events.filter((e) => e.type !== 'tool/result');
    expect(resumeScript({ steps }, cut, r.progress).error).toMatch(/has no result \(it was interrupted\)/);
  });

  it('fails when the log calls something else than the script', async () => {
    const { run: r } = await run('happy-path', 1);
    const other = scenario('missing-file').steps;
    expect(resumeScript({ steps: other }, r.events, r.progress).ok).toBe(false);
  });

  it('fails when the log has more than the steps taken', async () => {
    const { steps, run: r } = await run('happy-path', 2);
    const derived = resumeScript({ steps }, r.events, { ...r.progress, position: 1 });
    expect(derived.error).toMatch(/after step 1/);
  });

  it('fails when the record waits at a step that is no external edit', async () => {
    const { steps, run: r } = await run('happy-path', 1);
    const derived = resumeScript({ steps }, r.events, { ...r.progress, waiting: true });
    expect(derived.error).toMatch(/not one/);
  });

  it('gives the whole script at position 0', async () => {
    const { steps, run: r } = await run('happy-path', 0);
    expect(resumeScript({ steps }, r.events, r.progress).value?.queue).toHaveLength(steps.length);
  });
});

describe('sameJson', () => {
  it('ignores key order and compares deeply', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
