// The playground when a real model drives it: the script set aside, its external edits left for the button,
// calls made like the script's, and the run saved and carried on with the model it had (never the key).
import { describe, expect, it } from 'vitest';
import { MemoryBackend } from '../../../src/fs/memory';
import type { ExternalEntry } from '../../../src/harness';
import { scenarioById, type ModelInfo } from '../../../src/model';
import { Playground } from '../../../src/run';

const model: ModelInfo = { provider: 'anthropic', model: 'claude-x', baseUrl: 'https://api.anthropic.com' };
const open = (id = 'stale-version', fs = new MemoryBackend()) =>
  Playground.open({ fs }, scenarioById(id)!, { model: { ...model, key: 'sk-never-kept-1234' } as ModelInfo });
const externals = (pg: Playground) =>
  pg.run.session.live.filter((e): e is ExternalEntry => e.kind === 'external');

describe('a run a model drives', () => {
  it('sets the script aside: nothing to play or step, the model named, no key kept', async () => {
    const pg = await open();
    expect(pg.script.done).toBe(true);
    expect(pg.model).toEqual(model);
    await pg.script.step();
    expect(pg.run.session.events.map((e) => e.type)).toEqual(['session/start']);
    expect(JSON.stringify(pg.saved())).not.toContain('sk-never-kept');
    expect(pg.saved().model).toEqual(model);
  });

  it('makes the script’s external change when the button is pressed, with its note, then appends lines', async () => {
    const pg = await open();
    expect(pg.script.state.externals[0]).toMatchObject({ path: '/app/config.json', replace: '"port": 9090' });
    await pg.simulateExternalEdit('button');
    expect(pg.script.state.externals).toEqual([]);
    await pg.simulateExternalEdit('button', '/app/config.json');
    const [scripted, extra] = externals(pg);
    expect(scripted).toMatchObject({
      who: 'button',
      note: expect.stringContaining('changes the port'),
      from: 'v1',
      version: 'v2',
    });
    expect(extra).toMatchObject({ who: 'button', from: 'v2', version: 'v3' });
    expect(extra!.note).toBeUndefined();
    expect((await pg.fs.read('/app/config.json'))?.content).toMatch(/"port": 9090[\s\S]*external edit #2/);
  });

  it('two presses at once make two changes, never the scripted one twice', async () => {
    const pg = await open();
    await Promise.all([pg.simulateExternalEdit('button'), pg.simulateExternalEdit('button')]);
    expect(externals(pg).map((e) => Boolean(e.note))).toEqual([true, false]);
  });

  it('makes the model’s calls like any other, and answers text that is not JSON with INVALID_ARGS', async () => {
    const pg = await open();
    const good = await pg.callAsAgent('read', { path: '/app/config.json' });
    expect(good.outcome.result.error).toBeUndefined();
    const bad = await pg.callAsAgent('read', '{"path": ', {
      unparsed: { code: 'JSON_SYNTAX', message: 'Unexpected end of JSON input', at: '$' },
    });
    expect(bad.outcome.result.error).toMatchObject({
      code: 'INVALID_ARGS',
      message: 'the arguments of read are not JSON: Unexpected end of JSON input',
    });
    expect(
      pg.run.session.events
        .filter((e) => e.type === 'tool/call')
        .map((e) => e.type === 'tool/call' && e.args),
    ).toEqual([{ path: '/app/config.json' }, '{"path": ']);
    expect(pg.saved().progress.manual).toEqual([]);
  });

  it('ends a call when the signal given aborts, and stop() aborts what is attached', async () => {
    const pg = await open('broken-tools');
    const stop = new AbortController();
    const pending = pg.callAsAgent('never_returns', {}, { signal: stop.signal });
    stop.abort();
    expect((await pending).outcome.result.error?.code).toMatch(/^ABORTED/);
    const attached = new AbortController();
    const detach = pg.attach(attached);
    pg.stop();
    expect(attached.signal.aborted).toBe(true);
    detach();
  });

  it('is carried on after a reload as it ended: its transcript, its model, the scripted changes it had left', async () => {
    const fs = new MemoryBackend();
    const pg = await open('stale-version', fs);
    await pg.callAsAgent('read', { path: '/app/config.json' });
    pg.sayAsAgent('Reading done.');
    const saved = pg.saved();
    const back = await Playground.resume({ fs }, scenarioById('stale-version')!, saved);
    expect(back.model).toEqual(model);
    expect(back.script.done).toBe(true);
    expect(back.run.session.live.map((e) => e.kind)).toEqual(['call', 'message']);
    expect(back.script.state.externals).not.toEqual([]);
    await back.simulateExternalEdit('button');
    const again = await Playground.resume({ fs }, scenarioById('stale-version')!, back.saved());
    expect(again.script.state.externals).toEqual([]);
  });

  it('is not carried on when it was cut off in the middle of a call', async () => {
    const pg = await open();
    await pg.callAsAgent('read', { path: '/app/config.json' });
    const saved = pg.saved();
    const cut = { ...saved, events: saved.events.filter((e) => e.type !== 'tool/result') };
    await expect(
      Playground.resume({ fs: new MemoryBackend() }, scenarioById('stale-version')!, cut),
    ).rejects.toThrow(/cut off in the middle of a call/);
  });

  it('a load without a model gives the script back', async () => {
    const pg = await open();
    await pg.load(pg.scenario);
    expect(pg.model).toBeNull();
    expect(pg.script.done).toBe(false);
    expect(pg.script.state.externals).toEqual([]);
  });
});
