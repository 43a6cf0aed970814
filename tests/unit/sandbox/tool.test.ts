import { describe, expect, it } from 'vitest';
import { Hooks, Registry, Session, fakeClock, postExecute } from '../../../src/harness';
import { Sandbox, sandboxTool } from '../../../src/sandbox';
import { fakeWorkers } from './fake-link';
import { plugin } from './fixtures';

const TOOL = `export const tool = {
  name: 'shout',
  description: 'Upper-cases a text.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute(args) { return { loud: args.text.toUpperCase() }; },
  render(args, value) { return [{ type: 'text', text: value.loud + '!' }]; },
  presentationMeta(args, value) { return { reason: 'not an error', length: value.loud.length }; },
};`;

async function mk(source = plugin(TOOL)) {
  const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
  const loaded = await sandbox.load(source);
  if (!loaded.ok || !loaded.tool) throw new Error('no tool');
  const registry = new Registry().register(sandboxTool(sandbox, loaded.tool));
  const hooks = new Hooks();
  const call = (args: unknown) =>
    registry.call({ callId: 'c', tool: 'shout', args }, { session: 's', hooks, emit: () => {} });
  return { registry, hooks, call };
}

describe('sandboxTool', () => {
  it('tells onCall of every call it makes into the sandbox, with its arguments and result', async () => {
    const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
    const loaded = await sandbox.load(plugin(TOOL));
    if (!loaded.ok || !loaded.tool) throw new Error('no tool');
    const calls: { fn: string; args: unknown[]; ok: boolean }[] = [];
    const tool = sandboxTool(sandbox, loaded.tool, {
      onCall: ({ fn, args, result }) => calls.push({ fn, args, ok: result.ok }),
    });
    const registry = new Registry().register(tool);
    await registry.call(
      { callId: 'c', tool: 'shout', args: { text: 'hi' } },
      { session: 's', hooks: new Hooks(), emit: () => {} },
    );
    const value = { loud: 'HI' };
    expect(calls).toEqual([
      { fn: 'tool.execute', args: [{ text: 'hi' }], ok: true },
      { fn: 'tool.render', args: [{ text: 'hi' }, value], ok: true },
      { fn: 'tool.render', args: [{ text: 'hi' }, value], ok: true },
      { fn: 'tool.presentationMeta', args: [{ text: 'hi' }, value], ok: true },
      { fn: 'tool.presentationMeta', args: [{ text: 'hi' }, value], ok: true },
    ]);
    sandbox.dispose();
  });

  it('runs execute, render and presentationMeta in the sandbox', async () => {
    const { call } = await mk();
    const outcome = await call({ text: 'hi' });
    expect(outcome.value).toEqual({ loud: 'HI' });
    expect(outcome.result).toEqual({
      content: [{ type: 'text', text: 'HI!' }],
      meta: { reason: 'not an error', length: 2 },
    });
  });

  it('shows the model the JSON Schema the plugin wrote', async () => {
    const { registry } = await mk();
    expect(registry.schemas()[0]).toMatchObject({
      name: 'shout',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
  });

  it('checks the arguments against that schema', async () => {
    const { call } = await mk();
    expect((await call({ text: 3 })).result.error?.code).toBe('INVALID_ARGS');
  });

  it('a failing execute fails the call with its code and line', async () => {
    const { call } = await mk(
      plugin(TOOL.replace('return { loud', 'throw new Error("down"); return { loud')),
    );
    const { result } = await call({ text: 'hi' });
    expect(result.error).toMatchObject({
      code: 'PLUGIN_ERROR',
      message: expect.stringMatching(/down \(line \d+\)/),
    });
  });

  it('a failing render is RENDER_FAILED', async () => {
    const { call } = await mk(plugin(TOOL.replace("return [{ type: 'text'", "return [{ kind: 'text'")));
    expect((await call({ text: 'hi' })).result.error?.code).toBe('RENDER_FAILED');
  });

  it('a value replaced by a post-execute plugin cannot be rendered', async () => {
    const { hooks, call } = await mk();
    hooks.add('swap', [postExecute.of(() => ({ action: 'accept', value: { loud: 'OTHER' } }))]);
    const { result } = await call({ text: 'hi' });
    expect(result.error?.code).toBe('RENDER_FAILED');
  });

  it('a render that reads Math.random is flagged impure, and the model gets its first answer', async () => {
    const { registry, hooks } = await mk(
      plugin(TOOL.replace("value.loud + '!'", 'value.loud + Math.random()')),
    );
    const session = new Session({ id: 's', registry, hooks, clock: fakeClock(), checkPurity: true });
    const live = await session.call('shout', { text: 'hi' });
    expect(live.impure).toEqual(['render']);
    expect(live.entry.result?.modelText).toMatch(/^HI0\.\d+$/);
    // After the model's answer, the host hands out the guest's two answers in turn.
    const shout = registry.get('shout')!;
    const texts = [0, 1, 2].map(() => JSON.stringify(shout.render({ text: 'hi' }, live.value)));
    expect(texts[0]).not.toBe(texts[1]);
    expect(texts[2]).toBe(texts[0]);
  });

  it('a presentationMeta that keeps a counter is flagged impure', async () => {
    const counting = TOOL.replace(
      'presentationMeta(args, value) {',
      'n: 0, presentationMeta(args, value) { this.n++;',
    ).replace('length: value.loud.length', 'length: value.loud.length, n: this.n');
    const { registry, hooks } = await mk(plugin(counting));
    const session = new Session({ id: 's', registry, hooks, clock: fakeClock(), checkPurity: true });
    expect((await session.call('shout', { text: 'hi' })).impure).toEqual(['presentationMeta']);
  });

  it('pure projections are not flagged, however often the harness calls them', async () => {
    const { registry, hooks } = await mk();
    const session = new Session({ id: 's', registry, hooks, clock: fakeClock(), checkPurity: true });
    for (const text of ['hi', 'hi', 'ho']) expect((await session.call('shout', { text })).impure).toEqual([]);
  });
});

const CARDS = `export const tool = {
  name: 'run',
  description: 'Pretends to run a command.',
  inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  execute(args) { return { output: 'ran ' + args.command, exitCode: args.command === 'fail' ? 1 : 0 }; },
  render(args, value) { return [{ type: 'text', text: value.output }]; },
  presentCall(args) { return { card: 'terminal', command: args.command, output: '', exitCode: null }; },
  presentResult(args, result) {
    if (args.command === 'bad') return { card: 'terminal', command: args.command, output: 42, exitCode: 0 };
    return { card: 'terminal', command: args.command, output: result.content[0].text, exitCode: 0 };
  },
};`;

describe('sandboxTool cards', () => {
  async function session() {
    const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
    const loaded = await sandbox.load(plugin(CARDS));
    if (!loaded.ok || !loaded.tool) throw new Error('no tool');
    const tool = sandboxTool(sandbox, loaded.tool);
    const registry = new Registry().register(tool);
    const s = new Session({ id: 's', registry, hooks: new Hooks(), clock: fakeClock(0, 1) });
    return { s, tool };
  }

  it('shows the card kind its presentResult and presentCall make', async () => {
    const { s } = await session();
    const live = await s.call('run', { command: 'ls' });
    expect(live.entry.result?.card).toEqual({
      card: { card: 'terminal', command: 'ls', output: 'ran ls', exitCode: 0 },
    });
  });

  it('an invalid card is shown as a generic card, with the field that is wrong', async () => {
    const { s } = await session();
    const live = await s.call('run', { command: 'bad' });
    expect(live.entry.result?.card.card.card).toBe('generic');
    expect(live.entry.result?.card.fallback).toMatch(/field "output": expected a string, not a number/);
  });

  it('a card it made none for (a replay, another result) is generic, saying why', async () => {
    const { tool } = await session();
    expect(() => tool.presentResult?.({ command: 'never' }, { content: [] })).toThrow(
      /made in the sandbox when it runs/,
    );
    expect(() => tool.presentCall?.({ command: 'never' })).toThrow(/made none for this call/);
  });

  it('the entry’s call card, once the call has ended, is the tool’s own presentCall card', async () => {
    const { s } = await session();
    const pending = s.call('run', { command: 'pwd' });
    // Drawn while the tool runs: the sandbox has made no card yet, and the generic card says why.
    const before = s.live.at(-1);
    expect(before?.kind === 'call' && before.call.fallback).toMatch(/made none for this call/);
    const live = await pending;
    expect(live.entry.call).toEqual({
      card: { card: 'terminal', command: 'pwd', output: '', exitCode: null },
    });
  });

  it('the call card, asked after the call ran, is the tool’s own', async () => {
    const { s, tool } = await session();
    await s.call('run', { command: 'pwd' });
    expect(tool.presentCall?.({ command: 'pwd' })).toEqual({
      card: 'terminal',
      command: 'pwd',
      output: '',
      exitCode: null,
    });
  });
});
