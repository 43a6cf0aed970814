import { describe, expect, it, vi } from 'vitest';
import { Hooks, type Order, type PreDecision, preExecute } from '../../../src/harness';
import { hooksWith, mk, revokedProxy, run } from './fixtures';

const allow = (): PreDecision => ({ verdict: 'allow' });
/** A pre-execute listener that records its label in `log` and allows. */
const voter = (log: string[], label: string, order?: Order) =>
  preExecute.of(() => (log.push(label), allow()), order);
const denier = (reason = 'not here') => preExecute.of((): PreDecision => ({ verdict: 'deny', reason }));
const asker = (prompt = 'Run echo?') => preExecute.of((): PreDecision => ({ verdict: 'ask', prompt }));
const spyTool = () => {
  const execute = vi.fn(() => ({ echoed: 'ran' }));
  return { tool: mk({ execute }), execute };
};

describe('pre-execute: order', () => {
  it('runs pre, then default, then post, each level in the order added', async () => {
    const log: string[] = [];
    const hooks = new Hooks();
    hooks.add('a', [voter(log, 'a-post', 'post'), voter(log, 'a-default'), voter(log, 'a-pre', 'pre')]);
    hooks.add('b', [voter(log, 'b-pre', 'pre'), voter(log, 'b-post', 'post'), voter(log, 'b-default')]);
    await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(log).toEqual(['a-pre', 'b-pre', 'a-default', 'b-default', 'a-post', 'b-post']);
  });

  it('runs the tool when every listener allows', async () => {
    const { tool, execute } = spyTool();
    await run([tool], 'echo', { message: 'x' }, hooksWith('p', preExecute.of(allow), preExecute.of(allow)));
    expect(execute).toHaveBeenCalledOnce();
  });

  it('does not record allow votes', async () => {
    const outcome = await run([mk()], 'echo', { message: 'x' }, hooksWith('p', preExecute.of(allow)));
    expect(outcome.decisions).toEqual([]);
  });

  it('gives listeners the session, the call, the tool and the parsed arguments', async () => {
    const listener = vi.fn(allow);
    await run([mk()], 'echo', { message: 'x' }, hooksWith('p', preExecute.of(listener)));
    expect(listener).toHaveBeenCalledWith({
      session: 's1',
      callId: 'c1',
      tool: 'echo',
      args: { message: 'x', times: 1 },
    });
  });
});

describe('pre-execute: deny', () => {
  it('answers HOOK_DENIED naming the plugin and its reason', async () => {
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('guard', denier('secrets')));
    expect(result.error).toMatchObject({
      code: 'HOOK_DENIED',
      message: 'plugin "guard" denied this call: secrets',
    });
  });

  it('never calls the listeners after the first deny', async () => {
    const later = vi.fn(allow);
    const hooks = new Hooks();
    hooks.add('guard', [denier()]);
    hooks.add('late', [preExecute.of(later), preExecute.of(later, 'post')]);
    await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(later).not.toHaveBeenCalled();
  });

  it('never runs the tool', async () => {
    const { tool, execute } = spyTool();
    await run([tool], 'echo', { message: 'x' }, hooksWith('guard', denier()));
    expect(execute).not.toHaveBeenCalled();
  });

  it('names the first denier when several would deny', async () => {
    const hooks = new Hooks();
    hooks.add('second', [denier('b')]);
    hooks.add('first', [preExecute.of((): PreDecision => ({ verdict: 'deny', reason: 'a' }), 'pre')]);
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(result.error?.message).toBe('plugin "first" denied this call: a');
  });

  it('records the deny with the plugin that made it', async () => {
    const outcome = await run([mk()], 'echo', { message: 'x' }, hooksWith('guard', denier('no')));
    expect(outcome.decisions).toEqual([
      { hook: 'pre-execute', plugin: 'guard', decision: { verdict: 'deny', reason: 'no' } },
    ]);
  });

  it('accepts a decision from an async listener', async () => {
    const later = async (): Promise<PreDecision> => ({ verdict: 'deny', reason: 'later' });
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('guard', preExecute.of(later)));
    expect(result.error?.code).toBe('HOOK_DENIED');
  });
});

describe('pre-execute: ask', () => {
  it('asks the host with the prompt and the plugin', async () => {
    const approve = vi.fn(async () => true);
    await run([mk()], 'echo', { message: 'x' }, hooksWith('careful', asker('Echo "x"?')), approve);
    expect(approve).toHaveBeenCalledWith(
      expect.objectContaining({
        tool: 'echo',
        args: { message: 'x', times: 1 },
        prompt: 'Echo "x"?',
        plugin: 'careful',
      }),
    );
  });

  it('runs the tool once the person approves', async () => {
    const { tool, execute } = spyTool();
    const outcome = await run(
      [tool],
      'echo',
      { message: 'x' },
      hooksWith('careful', asker()),
      async () => true,
    );
    expect(execute).toHaveBeenCalledOnce();
    expect(outcome.value).toEqual({ echoed: 'ran' });
  });

  it('records the approval', async () => {
    const outcome = await run(
      [mk()],
      'echo',
      { message: 'x' },
      hooksWith('careful', asker('ok?')),
      async () => true,
    );
    expect(outcome.approvals).toEqual([{ plugin: 'careful', prompt: 'ok?', approved: true }]);
  });

  it('answers APPROVAL_DENIED when the person rejects', async () => {
    const { result } = await run(
      [mk()],
      'echo',
      { message: 'x' },
      hooksWith('careful', asker()),
      async () => false,
    );
    expect(result.error?.code).toBe('APPROVAL_DENIED');
  });

  it('never runs the tool when the person rejects', async () => {
    const { tool, execute } = spyTool();
    await run([tool], 'echo', { message: 'x' }, hooksWith('careful', asker()), async () => false);
    expect(execute).not.toHaveBeenCalled();
  });

  it('denies when the host has no approve function', async () => {
    const { tool, execute } = spyTool();
    const outcome = await run([tool], 'echo', { message: 'x' }, hooksWith('careful', asker('ok?')));
    expect(outcome.result.error?.code).toBe('APPROVAL_DENIED');
    expect(outcome.approvals).toEqual([{ plugin: 'careful', prompt: 'ok?', approved: false }]);
    expect(execute).not.toHaveBeenCalled();
  });

  it('does not ask the person about a call a later listener denies', async () => {
    const approve = vi.fn(async () => true);
    const hooks = new Hooks();
    hooks.add('careful', [asker()]);
    hooks.add('guard', [denier()]);
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooks, approve);
    expect(approve).not.toHaveBeenCalled();
    expect(result.error?.code).toBe('HOOK_DENIED');
  });

  it('asks once per asking plugin and stops at the first rejection', async () => {
    const approve = vi.fn(async () => false);
    const hooks = new Hooks();
    hooks.add('one', [asker('first?')]);
    hooks.add('two', [asker('second?')]);
    await run([mk()], 'echo', { message: 'x' }, hooks, approve);
    expect(approve).toHaveBeenCalledOnce();
  });
});

describe('pre-execute: failing listeners', () => {
  it('turns a throwing listener into PLUGIN_ERROR naming the plugin and the hook', async () => {
    const broken = preExecute.of(() => {
      throw new Error('kaput');
    });
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('broken', broken));
    expect(result.error).toMatchObject({
      code: 'PLUGIN_ERROR',
      message: 'plugin "broken" failed in hook "pre-execute": kaput',
    });
  });

  it('never runs the tool when a listener throws', async () => {
    const { tool, execute } = spyTool();
    const broken = preExecute.of(() => Promise.reject(new Error('kaput')));
    await run([tool], 'echo', { message: 'x' }, hooksWith('broken', broken));
    expect(execute).not.toHaveBeenCalled();
  });

  it('turns a listener throwing a revoked proxy into PLUGIN_ERROR', async () => {
    const broken = preExecute.of(() => {
      throw revokedProxy();
    });
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('broken', broken));
    expect(result.error?.code).toBe('PLUGIN_ERROR');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a bare string', 'allow'],
    ['an unknown verdict', { verdict: 'maybe' }],
    ['a deny without a reason', { verdict: 'deny' }],
    ['an allow with extra keys', { verdict: 'allow', because: 'yes' }],
    [
      'an object whose getters throw',
      {
        get verdict(): string {
          throw new Error('no verdict');
        },
      },
    ],
  ])('answers PLUGIN_DECISION_INVALID for %s', async (_label, decision) => {
    const odd = preExecute.of(() => decision as PreDecision);
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('odd', odd));
    expect(result.error).toMatchObject({
      code: 'PLUGIN_DECISION_INVALID',
      message: expect.stringContaining('plugin "odd" failed in hook "pre-execute"'),
    });
  });
  it('contains a revoked proxy returned as a decision as PLUGIN_ERROR naming the plugin', async () => {
    // Awaiting the decision already reads its `then`, so this fails as the listener's own fault.
    const odd = preExecute.of(() => revokedProxy() as PreDecision);
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooksWith('odd', odd));
    expect(result.error).toMatchObject({
      code: 'PLUGIN_ERROR',
      message: expect.stringContaining('plugin "odd" failed in hook "pre-execute"'),
    });
  });
});

describe('pre-execute: listeners come and go', () => {
  it('applies a listener added after the registry was made', async () => {
    const hooks = new Hooks();
    expect((await run([mk()], 'echo', { message: 'x' }, hooks)).result.error).toBeUndefined();
    hooks.add('guard', [denier()]);
    expect((await run([mk()], 'echo', { message: 'x' }, hooks)).result.error?.code).toBe('HOOK_DENIED');
  });

  it('removes exactly the listeners of the plugin whose disposer is called', async () => {
    const kept = vi.fn(allow);
    const hooks = new Hooks();
    const removeGuard = hooks.add('guard', [denier(), denier('again')]);
    hooks.add('kept', [preExecute.of(kept, 'post')]);
    removeGuard();
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(result.error).toBeUndefined();
    expect(kept).toHaveBeenCalledOnce();
    expect(hooks.plugins()).toEqual(['kept']);
  });

  it('removes only the contributions of that add, not a later add under the same name', async () => {
    const hooks = new Hooks();
    const removeFirst = hooks.add('guard', [preExecute.of(allow)]);
    hooks.add('guard', [denier()]);
    removeFirst();
    const { result } = await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(result.error?.code).toBe('HOOK_DENIED');
  });

  it('lets a running round finish with the listeners it started with', async () => {
    const late = vi.fn(allow);
    const hooks = new Hooks();
    let removeLate = () => {};
    hooks.add('remover', [preExecute.of(() => (removeLate(), allow()))]);
    removeLate = hooks.add('late', [preExecute.of(late)]);
    await run([mk()], 'echo', { message: 'x' }, hooks);
    await run([mk()], 'echo', { message: 'x' }, hooks);
    expect(late).toHaveBeenCalledOnce();
  });

  it('is harmless to call a disposer twice', async () => {
    const hooks = new Hooks();
    const remove = hooks.add('guard', [denier()]);
    hooks.add('other', [denier()]);
    remove();
    remove();
    expect(hooks.plugins()).toEqual(['other']);
  });
});
