import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import { scenarioById, type Scenario } from '../../../src/model';
import { SessionRecord } from '../../../src/storage';
import { Playground, type SavedRun } from '../../../src/run';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const files = async (pg: Playground) =>
  Promise.all(
    (await pg.fs.list()).map(async (f) => [f.path, f.version, (await pg.fs.read(f.path))?.content]),
  );

/** A script whose first call never returns. */
const hanging: Scenario = {
  id: 'hanging',
  title: { en: 'Hanging', zh: '卡住' },
  teaches: { en: 'Stop ends a call.', zh: '停止能结束调用。' },
  files: { '/README.md': '# Hanging\n' },
  tools: ['broken'],
  steps: [{ call: 'never_returns', args: {} }, { say: { en: 'After the stop.', zh: '停止之后。' } }],
  outcome: { errors: ['ABORTED'] },
};

const stored = (run: SavedRun): SavedRun =>
  SessionRecord.parse(JSON.parse(JSON.stringify({ ...run, title: 't', createdAt: 1, updatedAt: 2 })));

describe('Playground.stop', () => {
  it('ends a call the visitor made that never returns, and leaves the workspace as it was', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('broken-tools')!);
    const before = await files(pg);
    const pending = pg.callAsModel('never_returns', {});
    await tick();
    expect(pg.calling).toBe(true);
    expect(pg.stop()).toBe(1);
    const live = await pending;
    expect(live.outcome.result.error?.code).toBe('ABORTED');
    expect(pg.calling).toBe(false);
    expect(await files(pg)).toEqual(before);
    expect(pg.run.session.events.at(-1)).toMatchObject({ type: 'tool/result', error: { code: 'ABORTED' } });
    // The harness is free for the next call at once.
    const next = await pg.callAsModel('broken_presenter', {});
    expect(next.entry.result?.modelText).toBe('count 3');
  });

  it('stops nothing, and says so, when no call is running', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, scenarioById('happy-path')!);
    expect(pg.stop()).toBe(0);
    expect(pg.calling).toBe(false);
  });

  it('tells subscribers that a call started, so a Stop can be offered', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, hanging);
    const heard: boolean[] = [];
    pg.subscribe(() => heard.push(pg.calling));
    const step = pg.script.step();
    await tick();
    expect(heard).toEqual([true]);
    pg.stop();
    await step;
    expect(heard).toEqual([true, false]);
  });

  it('takes a stopped script step: the model says it was stopped and goes on', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, hanging);
    const step = pg.script.step();
    await tick();
    pg.stop();
    await step;
    expect(pg.errors()).toEqual(['ABORTED']);
    await pg.script.runToEnd();
    const said = pg.run.session.events.flatMap((e) => (e.type === 'model/message' ? [e.text] : []));
    expect(said).toEqual([
      "You stopped that call (ABORTED). I'll go on from the next step.",
      'After the stop.',
    ]);
  });

  it('resumes a run after a stopped step, as it went on live', async () => {
    const fs = new MemoryBackend();
    const pg = await Playground.open({ fs }, hanging);
    const step = pg.script.step();
    await tick();
    pg.stop();
    await step;
    const resumed = await Playground.resume({ fs }, hanging, stored(pg.saved()));
    await Promise.all([pg.script.runToEnd(), resumed.script.runToEnd()]);
    expect(resumed.run.session.events).toEqual(pg.run.session.events);
    expect(resumed.script.state.position).toBe(pg.script.state.position);
  });

  it('stops a running call before loading another scenario', async () => {
    const pg = await Playground.open({ fs: new MemoryBackend() }, hanging);
    const step = pg.script.step();
    await tick();
    await pg.load(scenarioById('happy-path')!);
    expect(pg.calling).toBe(false);
    await step;
    expect(pg.scenario.id).toBe('happy-path');
  });
});
