import { nodeSqlEngine } from '../model/sql-engine';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryBackend } from '../../../src/fs/memory';
import { Tool, preExecute, text, type Plugin } from '../../../src/harness';
import { scenarioById } from '../../../src/model';
import { Playground } from '../../../src/run';

describe('Playground.useVisitor', () => {
  const deny: Plugin = {
    name: 'no-ls',
    contributions: [
      preExecute.of(({ tool }) => (tool === 'ls' ? { verdict: 'deny', reason: 'no' } : { verdict: 'allow' })),
    ],
  };
  const echo = (name: string) =>
    Tool.define({
      name,
      description: 'Echoes a word.',
      input: z.strictObject({ word: z.string() }),
      output: z.strictObject({ word: z.string() }),
      execute: ({ word }) => ({ word }),
      render: (_args, value) => text(value.word),
    });
  const mk = async () => {
    const pg = await Playground.open(
      { fs: new MemoryBackend(), sqlEngine: nodeSqlEngine },
      scenarioById('happy-path')!,
    );
    return pg;
  };
  const code = async (pg: Playground, tool: string, args: unknown) =>
    (await pg.callAsModel(tool, args)).outcome.result.error?.code;

  it('installs into the current run at once', async () => {
    const pg = await mk();
    expect(pg.useVisitor({ plugins: [deny], tools: [echo('echo')] })).toEqual({ refused: [] });
    expect(await code(pg, 'ls', { path: '/' })).toBe('HOOK_DENIED');
    expect((await pg.callAsModel('echo', { word: 'hi' })).entry.result?.modelText).toBe('hi');
  });

  it('stays installed across loads', async () => {
    const pg = await mk();
    pg.useVisitor({ plugins: [deny], tools: [echo('echo')] });
    await pg.load(scenarioById('stale-version')!);
    expect(await code(pg, 'ls', { path: '/' })).toBe('HOOK_DENIED');
    expect(await code(pg, 'echo', { word: 'hi' })).toBeUndefined();
  });

  it('given when the playground opens, are in its first run', async () => {
    const visitor = { plugins: [deny], tools: [echo('echo')] };
    const pg = await Playground.open({ fs: new MemoryBackend(), visitor }, scenarioById('happy-path')!);
    expect(await code(pg, 'ls', { path: '/' })).toBe('HOOK_DENIED');
    expect(pg.run.session.events[0]).toMatchObject({ tools: expect.arrayContaining(['echo']) });
  });

  it('replacing the extras removes the old plugins and tools', async () => {
    const pg = await mk();
    pg.useVisitor({ plugins: [deny], tools: [echo('echo')] });
    pg.useVisitor({ plugins: [], tools: [echo('echo2')] });
    expect(await code(pg, 'ls', { path: '/' })).toBeUndefined();
    expect(await code(pg, 'echo', { word: 'hi' })).toBe('UNKNOWN_TOOL');
    expect(await code(pg, 'echo2', { word: 'hi' })).toBeUndefined();
  });

  it('refuses a tool whose name is taken, and keeps the built-in one', async () => {
    const pg = await mk();
    const { refused } = pg.useVisitor({ plugins: [], tools: [echo('read'), echo('echo')] });
    expect(refused).toEqual([{ tool: 'read', reason: 'a tool named "read" is already registered' }]);
    expect(pg.run.refusedTools()).toEqual(refused);
    expect(pg.run.registry.get('read')?.description).not.toBe('Echoes a word.');
    expect(await code(pg, 'echo', { word: 'hi' })).toBeUndefined();
    // Removing the extras must not remove the built-in tool it clashed with.
    pg.useVisitor({ plugins: [], tools: [] });
    expect(pg.run.registry.get('read')).toBeDefined();
  });

  it('refuses a tool that clashes with a later scenario’s tools at that load', async () => {
    const pg = await mk();
    expect(pg.useVisitor({ plugins: [], tools: [echo('sql_query')] }).refused).toEqual([]);
    await pg.load(scenarioById('sql-redaction')!);
    expect(pg.run.refusedTools().map((r) => r.tool)).toEqual(['sql_query']);
    expect(pg.run.registry.get('sql_query')?.description).not.toBe('Echoes a word.');
  });
});
