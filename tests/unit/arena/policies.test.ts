// Each edit-safety policy's own behaviour: its answers to the write and edit intents after what the
// session saw, asked directly, and what it does in a run where that answer matters.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editIntent, writeIntent } from '../../../src/contracts/fs-intents';
import { MemoryBackend } from '../../../src/fs/memory';
import { Hooks, logged, notify, slot, type HarnessEvent } from '../../../src/harness';
import { Hazard } from '../../../src/model/hazard';
import { looseLocate, policies, policyById, policyIds, type PolicyId } from '../../../src/plugins/policies';
import { runHazard } from '../../../src/run/arena';

const scenario = { kind: 'external', who: 'scenario' } as const;

/** A policy installed over a workspace holding `/a.txt`, with a way to tell it what the session saw. */
async function mk(id: PolicyId, content = 'one\ntwo\n') {
  const fs = new MemoryBackend();
  await fs.reset({ '/a.txt': content }, scenario);
  const plugin = policies[id].make({ read: (p) => fs.read(p) });
  const hooks = new Hooks();
  hooks.install(plugin);
  let seq = 0;
  const saw = async (path = '/a.txt', via: 'read' | 'write' = 'read') => {
    const file = await fs.read(path);
    const base = { type: 'fs/observed', seq: seq++, at: 0, session: 's', path, via } as const;
    const event: HarnessEvent = file
      ? { ...base, state: 'present', version: file.version }
      : { ...base, state: 'absent' };
    notify(hooks, logged, event);
    return event;
  };
  const input = (path = '/a.txt') => ({ session: 's', callId: 'c', tool: 't', path });
  const write = async (path?: string) => (await slot(hooks, writeIntent, input(path)))!.decision;
  const edit = async (path?: string) => (await slot(hooks, editIntent, input(path)))!.decision;
  const change = (text: string) => fs.write('/a.txt', text, { kind: 'none' }, scenario);
  return { fs, plugin, saw, write, edit, change };
}

const hazard = (steps: unknown[], files: Record<string, string> = { '/a.txt': 'one\ntwo\n' }) =>
  Hazard.parse({
    format: 'harness-playground/hazard',
    version: 1,
    id: 'h',
    title: 't',
    teaches: 't',
    files,
    steps,
    meant: files,
    theirs: [],
    expect: {},
  });

describe('the registry', () => {
  it('finds each policy by its id, and nothing by another', () => {
    for (const id of policyIds) expect(policyById(id)?.id).toBe(id);
    expect(policyById('toString')).toBeUndefined();
    expect(policyById('fs-observation-policy')).toBeUndefined();
  });

  it.each(policyIds.map((id) => [id]))('%s is one file under 150 lines naming what it models', (id) => {
    const text = readFileSync(new URL(`../../../src/plugins/policies/${id}.ts`, import.meta.url), 'utf8');
    expect(text.split('\n').length).toBeLessThan(150);
    expect(text).toMatch(/^\/\/ Models: /);
    expect(text).toMatch(/\/\/ Public source: /);
    const { product, version, source } = policies[id].models;
    expect([product, version, source].every((s) => s.length > 0)).toBe(true);
  });
});

describe('dsh-ledger', () => {
  it('guards an edit with the version read, checked by the backend', async () => {
    const p = await mk('dsh-ledger');
    const seen = await p.saw();
    expect(await p.edit()).toMatchObject({
      verdict: 'proceed',
      guard: { kind: 'ifVersion', version: seen.type === 'fs/observed' ? seen.version : '' },
    });
  });

  it('refuses an edit of a file never read', async () => {
    expect(await (await mk('dsh-ledger')).edit()).toMatchObject({
      verdict: 'refuse',
      code: 'FS_NOT_OBSERVED',
    });
  });

  it('rebuilds its ledger from a log on resume', async () => {
    const p = await mk('dsh-ledger');
    const seen = await p.saw();
    const fresh = await mk('dsh-ledger');
    fresh.plugin.restore?.([seen]);
    expect(await fresh.edit()).toMatchObject({ verdict: 'proceed' });
  });
});

describe('prompt-only', () => {
  it('lets a write and an edit through unguarded, read or not', async () => {
    const p = await mk('prompt-only');
    expect(await p.write()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
    expect(await p.edit()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
  });
});

describe('runtime-check', () => {
  it('checks the version itself and leaves the write unguarded', async () => {
    const p = await mk('runtime-check');
    await p.saw();
    expect(await p.write()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
  });

  it('refuses, in the ledger’s words, a file changed since it was read', async () => {
    const p = await mk('runtime-check');
    await p.saw();
    await p.change('three\n');
    expect(await p.edit()).toMatchObject({ verdict: 'refuse', code: 'FS_STALE_VERSION' });
  });

  it('lets a change landing after its check be overwritten', async () => {
    const run = await runHazard(
      hazard([
        { call: 'read', args: { path: '/a.txt' } },
        {
          call: 'write',
          args: { path: '/a.txt', content: 'mine\n' },
          gap: { path: '/a.txt', content: 'theirs\n' },
        },
      ]),
      policies['runtime-check'],
    );
    expect(run.files['/a.txt']).toBe('mine\n');
  });
});

describe('unique-match', () => {
  it('lets an edit through after the file changed, unguarded', async () => {
    const p = await mk('unique-match');
    await p.saw();
    await p.change('one\ntwo\nthree\n');
    expect(await p.edit()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
  });

  it('still refuses an edit of a file never read', async () => {
    expect(await (await mk('unique-match')).edit()).toMatchObject({
      verdict: 'refuse',
      code: 'FS_NOT_OBSERVED',
    });
  });

  it('creates exclusively over a file never read, and says it was not read', async () => {
    const decision = await (await mk('unique-match')).write();
    expect(decision).toMatchObject({
      guard: { kind: 'createIfAbsent' },
      conflicts: [{ code: 'FS_NOT_OBSERVED' }],
    });
  });

  it('forgets every read on a resume', () => {
    expect(policies['unique-match'].make({ read: async () => null }).restore).toBeUndefined();
  });
});

describe('unique-match-write-any', () => {
  it('writes over a file never read', async () => {
    expect(await (await mk('unique-match-write-any')).write()).toEqual({
      verdict: 'proceed',
      guard: { kind: 'none' },
    });
  });

  it('still guards a write over a file it read by the version read', async () => {
    const p = await mk('unique-match-write-any');
    await p.saw();
    expect(await p.write()).toMatchObject({ guard: { kind: 'replaceIfVersion' } });
  });
});

describe('bytes-if-unchanged', () => {
  it('lets an edit through when the bytes are back as read, locked to the version now', async () => {
    const p = await mk('bytes-if-unchanged');
    await p.saw();
    await p.change('other\n');
    const back = await p.change('one\ntwo\n');
    expect(await p.edit()).toEqual({
      verdict: 'proceed',
      guard: { kind: 'ifVersion', version: back.version },
    });
  });

  it('refuses when the bytes differ from the bytes read', async () => {
    const p = await mk('bytes-if-unchanged');
    await p.saw();
    await p.change('one\ntwo \n');
    expect(await p.write()).toMatchObject({ verdict: 'refuse', code: 'FS_STALE_VERSION' });
  });

  it('has no read gate: an unread file is changed, locked to its version now', async () => {
    expect(await (await mk('bytes-if-unchanged')).edit()).toMatchObject({
      verdict: 'proceed',
      guard: { kind: 'ifVersion' },
    });
  });

  it('creates exclusively a file it saw absent', async () => {
    const p = await mk('bytes-if-unchanged');
    await p.saw('/b.txt');
    expect(await p.write('/b.txt')).toMatchObject({ guard: { kind: 'createIfAbsent' } });
  });
});

describe('hash-ledger', () => {
  it('lets a change through when the hash is as read, unguarded', async () => {
    const p = await mk('hash-ledger');
    await p.saw();
    expect(await p.edit()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
  });

  it('refuses when the hash differs', async () => {
    const p = await mk('hash-ledger');
    await p.saw();
    await p.change('x\n');
    expect(await p.edit()).toMatchObject({ verdict: 'refuse', code: 'FS_STALE_VERSION' });
  });

  it('counts the agent’s own write as seen, not as a change', async () => {
    const p = await mk('hash-ledger');
    await p.saw();
    await p.change('mine\n');
    await p.saw('/a.txt', 'write');
    expect(await p.edit()).toMatchObject({ verdict: 'proceed' });
  });

  it('has a read gate', async () => {
    expect(await (await mk('hash-ledger')).edit()).toMatchObject({
      verdict: 'refuse',
      code: 'FS_NOT_OBSERVED',
    });
  });
});

describe('no-read-gate', () => {
  it('changes a file never read with no check', async () => {
    expect(await (await mk('no-read-gate')).edit()).toEqual({ verdict: 'proceed', guard: { kind: 'none' } });
  });

  it('checks the version of a file it read', async () => {
    const p = await mk('no-read-gate');
    await p.saw();
    expect(await p.edit()).toMatchObject({ guard: { kind: 'ifVersion' } });
  });
});

describe('fuzzy-whitespace', () => {
  it('finds lines that differ only in indentation, and only then', () => {
    const file = '{\n    a();\n    b();\n}\n';
    expect(looseLocate(file, 'a();\nb();')).toBe('    a();\n    b();');
    expect(looseLocate(file, '    a();')).toBeNull();
    expect(looseLocate(file, 'c();')).toBeNull();
    expect(looseLocate('x\n  x\n', 'x ')).toBeNull();
  });

  it('puts the model’s indentation on the lines it matched, unchanged ones included', async () => {
    const run = await runHazard(
      hazard(
        [{ call: 'edit', args: { path: '/f.js', old_string: 'a();\nb();', new_string: 'a();\nb(1);' } }],
        {
          '/f.js': '{\n    a();\n    b();\n}\n',
        },
      ),
      policies['fuzzy-whitespace'],
    );
    expect(run.files['/f.js']).toBe('{\na();\nb(1);\n}\n');
  });
});
