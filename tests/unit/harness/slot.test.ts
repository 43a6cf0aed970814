import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Hooks, type Order, PluginError, SlotHook, ToolError, slot } from '../../../src/harness';
import { revokedProxy } from './fixtures';

interface Intent {
  path: string;
}
const Verdict = z.strictObject({ mode: z.enum(['create', 'replace', 'refuse']) });
type Verdict = z.infer<typeof Verdict>;
const intent = SlotHook.define<Intent, Verdict>({ name: 'test/write-intent', decision: Verdict });
/** A listener deciding `mode`, as a spy so tests can count its calls. */
const decides = (mode: Verdict['mode']) => vi.fn((): Verdict => ({ mode }));
const withListeners = (...entries: [string, (i: Intent) => unknown, Order?][]) => {
  const hooks = new Hooks();
  for (const [plugin, listener, order] of entries)
    hooks.add(plugin, [intent.of(listener as () => Verdict, order)]);
  return hooks;
};

describe('slot', () => {
  it('gives undefined when nobody listens', async () => {
    expect(await slot(new Hooks(), intent, { path: 'a' })).toBeUndefined();
  });

  it('returns the first listener’s decision with its plugin', async () => {
    const hooks = withListeners(['ledger', decides('replace')], ['other', decides('refuse')]);
    expect(await slot(hooks, intent, { path: 'a' })).toEqual({ decision: { mode: 'replace' }, by: 'ledger' });
  });

  it('never calls the listeners after the first', async () => {
    const second = decides('refuse');
    const third = decides('refuse');
    await slot(withListeners(['one', decides('create')], ['two', second], ['three', third, 'post']), intent, {
      path: 'a',
    });
    expect(second).not.toHaveBeenCalled();
    expect(third).not.toHaveBeenCalled();
  });

  it('calls the first listener once, with the input', async () => {
    const first = decides('create');
    await slot(withListeners(['one', first]), intent, { path: 'notes.md' });
    expect(first).toHaveBeenCalledExactlyOnceWith({ path: 'notes.md' });
  });

  it('lets a pre listener added later speak before a default one', async () => {
    const hooks = withListeners(['early', decides('create')], ['late', decides('refuse'), 'pre']);
    expect((await slot(hooks, intent, { path: 'a' }))?.by).toBe('late');
  });

  it('lets a default listener speak before a post one added earlier', async () => {
    const hooks = withListeners(['fallback', decides('create'), 'post'], ['main', decides('refuse')]);
    expect((await slot(hooks, intent, { path: 'a' }))?.by).toBe('main');
  });

  it('hands the decision to the next listener once the first is removed', async () => {
    const hooks = new Hooks();
    const remove = hooks.add('first', [intent.of(decides('refuse'))]);
    hooks.add('second', [intent.of(decides('create'))]);
    remove();
    expect((await slot(hooks, intent, { path: 'a' }))?.by).toBe('second');
  });

  it('waits for an async listener', async () => {
    const hooks = withListeners(['slow', async () => ({ mode: 'create' })]);
    expect((await slot(hooks, intent, { path: 'a' }))?.decision).toEqual({ mode: 'create' });
  });
});

describe('slot: failures', () => {
  const boom = () => {
    throw new Error('boom');
  };

  it('wraps a throwing listener in a PluginError', async () => {
    await expect(slot(withListeners(['broken', boom]), intent, { path: 'a' })).rejects.toBeInstanceOf(
      PluginError,
    );
  });

  it('names the plugin and the hook', async () => {
    await expect(slot(withListeners(['broken', boom]), intent, { path: 'a' })).rejects.toMatchObject({
      code: 'PLUGIN_ERROR',
      plugin: 'broken',
      hook: 'test/write-intent',
      message: 'plugin "broken" failed in hook "test/write-intent": boom',
    });
  });

  it('wraps a rejected promise the same way', async () => {
    const rejects = () => Promise.reject(new Error('later'));
    await expect(slot(withListeners(['broken', rejects]), intent, { path: 'a' })).rejects.toMatchObject({
      code: 'PLUGIN_ERROR',
      plugin: 'broken',
    });
  });

  it('wraps a thrown revoked proxy', async () => {
    const throwsProxy = () => {
      throw revokedProxy();
    };
    await expect(slot(withListeners(['broken', throwsProxy]), intent, { path: 'a' })).rejects.toMatchObject({
      code: 'PLUGIN_ERROR',
      plugin: 'broken',
    });
  });

  it('lets a timeout raised for the listener keep its own code', async () => {
    const timedOut = () => {
      throw new ToolError('PLUGIN_TIMEOUT', 'plugin "slow" took longer than 1000 ms');
    };
    await expect(slot(withListeners(['slow', timedOut]), intent, { path: 'a' })).rejects.toMatchObject({
      code: 'PLUGIN_TIMEOUT',
      message: 'plugin "slow" took longer than 1000 ms',
    });
  });

  it.each([
    ['undefined', undefined],
    ['an unknown mode', { mode: 'overwrite' }],
    [
      'an object whose getters throw',
      {
        get mode(): string {
          throw new Error('no mode');
        },
      },
    ],
  ])('refuses %s as PLUGIN_DECISION_INVALID', async (_label, decision) => {
    await expect(slot(withListeners(['odd', () => decision]), intent, { path: 'a' })).rejects.toMatchObject({
      code: 'PLUGIN_DECISION_INVALID',
      plugin: 'odd',
      hook: 'test/write-intent',
    });
  });
});
