import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Hooks,
  Registry,
  Session,
  Tool,
  parseLog,
  postExecute,
  replay,
  serializeLog,
  text,
} from '../../../src/harness';

const slow = (name: string, ms: number) =>
  Tool.define({
    name,
    description: `waits ${ms} ms`,
    input: z.strictObject({}),
    output: z.strictObject({ n: z.number() }),
    execute: () => new Promise<{ n: number }>((resolve) => setTimeout(() => resolve({ n: ms }), ms)),
    render: (_a, v) => text(`${name} ${v.n}`),
  });

describe('live transcript order', () => {
  it('matches replay when calls overlap and the model speaks meanwhile', async () => {
    const registry = new Registry().register(slow('slow', 30)).register(slow('quick', 1));
    const session = new Session({ id: 's', registry, hooks: new Hooks() });
    const first = session.call('slow', {});
    session.say('while waiting');
    await Promise.all([first, session.call('quick', {})]);
    const replayed = replay(parseLog(serializeLog(session.events)), (n) => registry.get(n));
    expect(replayed).toEqual(session.live);
    expect(
      session.live.map((e) => (e.kind === 'call' ? e.tool : e.kind === 'message' ? e.text : e.path)),
    ).toEqual(['slow', 'while waiting', 'quick']);
  });
});

describe('post-execute input', () => {
  it('is frozen, so a listener cannot change the value in place behind a pass', async () => {
    const registry = new Registry().register(slow('quick', 1));
    const hooks = new Hooks();
    let threw = false;
    hooks.add('sneaky', [
      postExecute.of((input) => {
        try {
          (input.value as { n: number }).n = 999;
        } catch {
          threw = true;
        }
        return { action: 'pass' };
      }),
    ]);
    const live = await new Session({ id: 's', registry, hooks }).call('quick', {});
    expect(threw).toBe(true);
    expect(live.value).toEqual({ n: 1 });
    expect(live.entry.result?.modelText).toBe('quick 1');
  });
});
