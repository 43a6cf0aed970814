import { z } from 'zod';
import {
  type Approve,
  type CallOutcome,
  type Contribution,
  Hooks,
  Registry,
  Tool,
  type ToolSpec,
  text,
} from '../../../src/harness';

/** A small, pure tool most tests start from: it repeats a message. */
export const echoSpec: ToolSpec<{ message: string; times: number }, { echoed: string }> = {
  name: 'echo',
  description: 'Repeats a message.',
  input: z.object({ message: z.string(), times: z.number().int().positive().default(1) }),
  output: z.object({ echoed: z.string() }),
  execute: ({ message, times }) => ({ echoed: message.repeat(times) }),
  render: (_args, value) => text(value.echoed),
};

/** The echo tool with some fields replaced. */
export const mk = (over: Partial<Tool> = {}): Tool => Tool.define({ ...echoSpec, ...over });

/** Hooks with one plugin's contributions already added. */
export const hooksWith = (plugin: string, ...contributions: Contribution[]): Hooks => {
  const hooks = new Hooks();
  hooks.add(plugin, contributions);
  return hooks;
};

/** Runs one call of `tool` through a registry holding `tools`, outside any session. */
export const run = (
  tools: Tool[],
  tool: string,
  args: unknown,
  hooks = new Hooks(),
  approve?: Approve,
): Promise<CallOutcome> =>
  tools
    .reduce((registry, t) => registry.register(t), new Registry())
    .call(
      { callId: 'c1', tool, args },
      { session: 's1', hooks, emit: () => {}, ...(approve ? { approve } : {}) },
    );

/** A proxy that throws on every use, even `instanceof`. */
export const revokedProxy = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

/** An object whose every property read throws. */
export const throwingGetters = (): object =>
  Object.freeze({
    get message(): string {
      throw new Error('message getter');
    },
    get code(): string {
      throw new Error('code getter');
    },
  });
