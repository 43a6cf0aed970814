import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import { replay, type ExternalEntry } from '../../../src/harness';
import type { FsBackend } from '../../../src/fs/types';
import { scenarioById } from '../../../src/model';
import { Playground } from '../../../src/run';

const open = (id: string, fs: FsBackend = new MemoryBackend()) => Playground.open({ fs }, scenarioById(id)!);
const externals = (pg: Playground) =>
  pg.run.session.live.filter((e): e is ExternalEntry => e.kind === 'external');

describe('Playground: external edits in the transcript', () => {
  it('puts the scripted edit where it happened: who, the versions, the diff and the note', async () => {
    const pg = await open('stale-version');
    await pg.script.runToEnd();
    const [edit] = externals(pg);
    expect(edit).toMatchObject({
      who: 'scenario',
      path: '/app/config.json',
      from: 'v1',
      version: 'v2',
      note: expect.stringContaining('Someone else changes the port'),
      diff: { added: 1, removed: 1, truncated: false },
    });
    expect(edit!.diff!.hunks.flatMap((h) => h.lines)).toEqual(
      expect.arrayContaining(['-  "port": 8080,', '+  "port": 9090,']),
    );
    // After the read, before the refused edit.
    const kinds = pg.run.session.live.map((e) => (e.kind === 'call' ? e.tool : e.kind));
    expect(kinds.slice(0, 4)).toEqual(['read', 'message', 'external', 'edit']);
  });

  it('shows the same entries on replay as live', async () => {
    const pg = await open('stale-version');
    await pg.script.runToEnd();
    expect(replay(pg.run.session.events, (n) => pg.run.registry.get(n))).toEqual(pg.run.session.live);
  });

  it('logs a press of the button and a save in the editor, each with its own who', async () => {
    const pg = await open('happy-path');
    await pg.simulateExternalEdit('button');
    await pg.saveExternally('/notes.md', 'by hand\n', 'editor');
    expect(externals(pg).map((e) => [e.who, e.from, e.version])).toEqual([
      ['button', 'v1', 'v2'],
      ['editor', 'v2', 'v3'],
    ]);
    expect(externals(pg)[1]!.diff?.hunks[0]?.lines).toContain('+by hand');
  });

  it('keeps a long change short in the log, and says it was cut', async () => {
    const pg = await open('happy-path');
    await pg.saveExternally('/notes.md', 'x\n'.repeat(500), 'editor');
    const diff = externals(pg)[0]!.diff!;
    expect(diff.hunks.flatMap((h) => h.lines).length).toBeLessThanOrEqual(40);
    expect(diff).toMatchObject({ added: 500, truncated: true });
  });

  it('logs a change another tab made, as it hears it', async () => {
    const factory = new IDBFactory();
    const tab = () =>
      new IdbBackend({ useStore: connect('ws', factory), channel: new BroadcastChannel('fs:pg') });
    const [here, there] = [tab(), tab()];
    const pg = await open('happy-path', here);
    await there.write(
      '/notes.md',
      'from the other tab\n',
      { kind: 'none' },
      { kind: 'external', who: 'button' },
    );
    await vi.waitFor(() => expect(externals(pg)).toHaveLength(1));
    expect(externals(pg)[0]).toMatchObject({ who: 'other-tab', path: '/notes.md', version: 'v2' });
    here.close();
    there.close();
  });
});

describe('Playground: the script counts its own steps', () => {
  it('takes the model’s retries inside the step they retry', async () => {
    const pg = await open('stale-version');
    expect([pg.script.state.step, pg.scenario.steps.length]).toEqual([0, 6]);
    await pg.script.advance(5);
    // read, say, external edit, the question (asked and revealed: one step), edit (refused), then the
    // re-read and the retry of that same step.
    expect(pg.script.state.step).toBe(5);
    expect(pg.errors()).toEqual(['FS_STALE_VERSION']);
    expect(pg.script.state.position).toBe(9);
    expect(pg.script.done).toBe(false);
    await pg.script.advance(6);
    expect([pg.script.state.step, pg.script.done]).toEqual([6, true]);
  });

  it('leaves an external edit at the very last step waiting', async () => {
    const pg = await open('stale-version');
    await pg.script.advance(3);
    expect(pg.script.state.step).toBe(3);
    expect(pg.script.state.waiting).not.toBeNull();
  });
});

describe('Playground: every fresh run reads v1 → v2', () => {
  it('starts the versions again on each load, so a class sees the same numbers twice', async () => {
    const pg = await open('stale-version');
    const versions = () => externals(pg).map((e) => [e.from, e.version]);
    await pg.script.runToEnd();
    const first = versions();
    await pg.load(scenarioById('stale-version')!);
    await pg.script.runToEnd();
    expect(versions()).toEqual(first);
    expect(first).toEqual([['v1', 'v2']]);
    expect((await pg.fs.list()).map((f) => f.version)).toEqual(['v3']);
  });
});
