// Runs a few harness calls in the browser and publishes what came out, for tests/browser/smoke.spec.ts.
import { z } from 'zod';
import { Hooks, Registry, Tool, modelText, preExecute, text } from '../../../src/harness';

declare global {
  interface Window {
    /** What the page produced: the outcome of each call, or the error that stopped it. */
    __result?: unknown;
  }
}

const add = Tool.define({
  name: 'add',
  description: 'Adds two numbers.',
  input: z.object({ a: z.number(), b: z.number() }),
  output: z.object({ sum: z.number() }),
  execute: ({ a, b }) => ({ sum: a + b }),
  render: (args, value) => text(`${args.a} + ${args.b} = ${value.sum}`),
});

async function run() {
  const registry = new Registry().register(add);
  const hooks = new Hooks();
  hooks.add('no-negatives', [
    preExecute.of(({ args }) =>
      (args as { a: number }).a < 0 ? { verdict: 'deny', reason: 'no negatives' } : { verdict: 'allow' },
    ),
  ]);
  const spec = { session: 'smoke', hooks, emit: () => {} };
  const call = async (callId: string, tool: string, args: unknown) => {
    const { result, value } = await registry.call({ callId, tool, args }, spec);
    return { text: modelText(result.content), value: value ?? null, error: result.error?.code ?? null };
  };
  return {
    userAgent: navigator.userAgent,
    ok: await call('1', 'add', { a: 2, b: 3 }),
    denied: await call('2', 'add', { a: -1, b: 3 }),
    invalid: await call('3', 'add', { a: 'two' }),
  };
}

const out = document.querySelector('#result');
run()
  .catch((error: unknown) => ({ failed: error instanceof Error ? error.stack : String(error) }))
  .then((result) => {
    window.__result = result;
    if (out) out.textContent = JSON.stringify(result, null, 2);
    document.body.dataset.done = 'true';
  });
