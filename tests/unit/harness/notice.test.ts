import { describe, expect, it, vi } from 'vitest';
import { Hooks, Notice, PluginError, notify } from '../../../src/harness';
import { revokedProxy } from './fixtures';

const observed = Notice.define<{ path: string }>('test/observed');
/** Hooks whose notice errors land in the returned spy. */
const mkHooks = () => {
  const hooks = new Hooks();
  const onError = vi.fn<(error: PluginError) => void>();
  hooks.onNoticeError = onError;
  return { hooks, onError };
};
const boom = () => {
  throw new Error('listener broke');
};

describe('notify', () => {
  it('calls every listener before it returns', () => {
    const { hooks } = mkHooks();
    const seen: string[] = [];
    hooks.add('a', [observed.of((p) => seen.push(`a:${p.path}`))]);
    hooks.add('b', [observed.of((p) => seen.push(`b:${p.path}`))]);
    notify(hooks, observed, { path: 'x' });
    expect(seen).toEqual(['a:x', 'b:x']);
  });

  it('reaches the listeners present at each dispatch, as plugins come and go', () => {
    const { hooks } = mkHooks();
    const seen: string[] = [];
    const removeA = hooks.add('a', [observed.of((p) => seen.push(`a:${p.path}`))]);
    notify(hooks, observed, { path: '1' });
    hooks.add('b', [observed.of((p) => seen.push(`b:${p.path}`))]);
    notify(hooks, observed, { path: '2' });
    removeA();
    notify(hooks, observed, { path: '3' });
    expect(seen).toEqual(['a:1', 'a:2', 'b:2', 'b:3']);
  });

  it('respects the order levels', () => {
    const { hooks } = mkHooks();
    const seen: string[] = [];
    hooks.add('a', [
      observed.of(() => seen.push('post'), 'post'),
      observed.of(() => seen.push('pre'), 'pre'),
    ]);
    notify(hooks, observed, { path: 'x' });
    expect(seen).toEqual(['pre', 'post']);
  });

  it('returns undefined, not a promise', () => {
    const { hooks } = mkHooks();
    hooks.add('a', [observed.of(() => {})]);
    expect(notify(hooks, observed, { path: 'x' })).toBeUndefined();
  });

  it('does not let a throwing listener reach the sender', () => {
    const { hooks } = mkHooks();
    hooks.add('broken', [observed.of(boom)]);
    expect(() => notify(hooks, observed, { path: 'x' })).not.toThrow();
  });

  it('still calls the listeners after a throwing one', () => {
    const { hooks } = mkHooks();
    const after = vi.fn();
    hooks.add('broken', [observed.of(boom)]);
    hooks.add('after', [observed.of(after)]);
    notify(hooks, observed, { path: 'x' });
    expect(after).toHaveBeenCalledOnce();
  });

  it('reports the failure with the plugin and the hook names', () => {
    const { hooks, onError } = mkHooks();
    hooks.add('broken', [observed.of(boom)]);
    notify(hooks, observed, { path: 'x' });
    expect(onError).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        plugin: 'broken',
        hook: 'test/observed',
        message: 'plugin "broken" failed in hook "test/observed": listener broke',
      }),
    );
  });

  it('reports a PluginError', () => {
    const { hooks, onError } = mkHooks();
    hooks.add('broken', [observed.of(boom)]);
    notify(hooks, observed, { path: 'x' });
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PluginError);
  });

  it('contains a thrown revoked proxy', () => {
    const { hooks, onError } = mkHooks();
    hooks.add('broken', [
      observed.of(() => {
        throw revokedProxy();
      }),
    ]);
    notify(hooks, observed, { path: 'x' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ plugin: 'broken' }));
  });

  it('reports an async listener that rejects, instead of leaving the rejection unhandled', async () => {
    const { hooks, onError } = mkHooks();
    const failLater = async () => {
      throw new Error('later');
    };
    hooks.add('async', [observed.of(failLater)]);
    notify(hooks, observed, { path: 'x' });
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ plugin: 'async' })),
    );
  });

  it('has a default error handler that swallows the failure', () => {
    const hooks = new Hooks();
    hooks.add('broken', [observed.of(boom)]);
    expect(() => notify(hooks, observed, { path: 'x' })).not.toThrow();
  });
});
