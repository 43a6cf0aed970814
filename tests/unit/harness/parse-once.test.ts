import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Hooks, Registry, Session, Tool, type ToolSpec, text } from '../../../src/harness';

type Args = { path: string; note?: string };

/** `schema` with every way to parse it counted in `counter.parses`. */
function counted<T extends z.ZodType>(schema: T, counter: { parses: number }): T {
  for (const method of ['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const) {
    const real = schema[method].bind(schema) as (...args: unknown[]) => unknown;
    Object.assign(schema, {
      [method]: (...args: unknown[]) => {
        counter.parses++;
        return real(...args);
      },
    });
  }
  return schema;
}

/** A tool with a path field, both cards and presentationMeta, its input counted; `over` replaces parts. */
function tool(counter: { parses: number }, over: Partial<ToolSpec<Args, { size: number }>> = {}) {
  return Tool.define<Args, { size: number }>({
    name: 'touch',
    description: 'Touches a file.',
    input: counted(z.strictObject({ path: z.string().min(1), note: z.string().optional() }), counter),
    paths: { path: (raw) => (raw.startsWith('/') ? raw : `/${raw}`) },
    output: z.strictObject({ size: z.number() }),
    execute: (args) => ({ size: args.path.length }),
    render: (args, value) => text(`${args.path}: ${value.size}`),
    presentationMeta: (args) => ({ path: args.path }),
    presentCall: (args) => ({ card: 'generic', title: 'touch', body: args.path }),
    presentResult: (args, result) => ({ card: 'generic', title: args.path, body: String(result.meta) }),
    ...over,
  });
}

/** One call through a session that checks purity, with both cards read; the parses it took. */
async function parsesOfOneCall(args: unknown, over?: Parameters<typeof tool>[1]) {
  const counter = { parses: 0 };
  const registry = new Registry().register(tool(counter, over));
  const session = new Session({ id: 's', registry, hooks: new Hooks(), checkPurity: true });
  const call = await session.call('touch', args);
  void [call.entry.call, call.entry.result?.card];
  void [session.live.at(-1)];
  return { parses: counter.parses, call };
}

describe('a call’s arguments are parsed once', () => {
  it('by the registry, for the hooks, the tool, both cards and the purity check', async () => {
    const { parses, call } = await parsesOfOneCall({ path: 'a.txt' });
    expect(call.outcome.result.error).toBeUndefined();
    expect(call.impure).toEqual([]);
    expect(call.entry.call.card).toMatchObject({ body: 'a.txt' });
    expect(parses).toBe(1);
  });

  it('also when the call card falls back and is made again after the call', async () => {
    const { parses, call } = await parsesOfOneCall(
      { path: '/b.txt' },
      {
        presentCall: () => {
          throw new Error('no card yet');
        },
      },
    );
    expect(call.entry.call.fallback).toContain('no card yet');
    expect(parses).toBe(1);
  });

  it('also when the arguments are refused', async () => {
    const { parses, call } = await parsesOfOneCall({ path: '' });
    expect(call.outcome.result.error?.code).toBe('INVALID_ARGS');
    expect(call.entry.call.card.card).toBe('generic');
    expect(parses).toBe(1);
  });

  it('and handed on: parsed as the model wrote them, and with paths normalized', async () => {
    const { call } = await parsesOfOneCall({ path: 'c.txt' });
    expect(call.outcome.parsed).toEqual({ ok: true, args: { path: 'c.txt' } });
    expect(call.outcome.args).toEqual({ path: '/c.txt' });
  });

  it('a call prepared for a tool since replaced is prepared again, against the tool now registered', async () => {
    const first = { parses: 0 };
    const second = { parses: 0 };
    const registry = new Registry().register(tool(first));
    const prepared = registry.prepare({ callId: 'x', tool: 'touch', args: { path: 'd' } });
    registry.unregister('touch');
    registry.register(tool(second, { execute: () => ({ size: 42 }) }));
    const outcome = await registry.call(prepared, { session: 's', hooks: new Hooks(), emit: () => {} });
    expect(outcome.result.content).toEqual(text('/d: 42'));
    expect([first.parses, second.parses]).toEqual([1, 1]);
  });
});
