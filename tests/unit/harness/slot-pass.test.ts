// README "Hooks": a slot listener decides, or passes with {verdict: 'pass'}; nothing else hands it on.
import { describe, expect, it } from 'vitest';
import { Hooks, PASS, slot, type Order } from '../../../src/harness';
import { writeIntent, type WriteDecision } from '../../../src/contracts';

const input = { session: 's', callId: 'c', tool: 'write', path: '/app/a.txt' };
const create: WriteDecision = { verdict: 'proceed', guard: { kind: 'createIfAbsent' } };

function mk(...listeners: [string, (i: typeof input) => unknown, Order?][]): Hooks {
  const hooks = new Hooks();
  for (const [name, fn, order] of listeners) hooks.add(name, [writeIntent.of(fn as never, order)]);
  return hooks;
}

describe('slot: pass hands the slot on', () => {
  it('a listener that passes hands the decision to the next', async () => {
    const hooks = mk(['mine-only', () => PASS], ['policy', () => create]);
    expect(await slot(hooks, writeIntent, input)).toEqual({ decision: create, by: 'policy' });
  });

  it('the first listener that decides ends it: later ones are not called', async () => {
    let called = false;
    const hooks = mk(
      ['a', () => ({ verdict: 'pass' })],
      ['b', () => create],
      [
        'c',
        () => {
          called = true;
          return create;
        },
      ],
    );
    expect((await slot(hooks, writeIntent, input))?.by).toBe('b');
    expect(called).toBe(false);
  });

  it('when every listener passes, nobody decided', async () => {
    expect(await slot(mk(['a', () => PASS], ['b', async () => PASS]), writeIntent, input)).toBeUndefined();
  });

  it('undefined is no pass: it is refused with a message naming the pass value', async () => {
    const hooks = mk(['lazy', () => undefined], ['policy', () => create]);
    const failed = slot(hooks, writeIntent, input);
    await expect(failed).rejects.toMatchObject({ code: 'PLUGIN_DECISION_INVALID', plugin: 'lazy' });
    await expect(failed).rejects.toThrow("{verdict: 'pass'}");
  });

  it('null, which is what nothing becomes across the sandbox, is refused the same way', async () => {
    const failed = slot(mk(['lazy', () => null]), writeIntent, input);
    await expect(failed).rejects.toThrow("it returned null: return a decision, or {verdict: 'pass'}");
  });

  it.each([{ verdict: 'skip' }, { verdict: 'Pass' }, {}, 'pass', 42])(
    'a wrong verdict (%j) is refused with a message naming the pass value',
    async (answer) => {
      const failed = slot(mk(['odd', () => answer], ['policy', () => create]), writeIntent, input);
      await expect(failed).rejects.toMatchObject({ code: 'PLUGIN_DECISION_INVALID', plugin: 'odd' });
      await expect(failed).rejects.toThrow("or return {verdict: 'pass'} to hand the slot on");
    },
  );

  it('a decision wrong in another field is not told about the pass value', async () => {
    const failed = slot(mk(['odd', () => ({ verdict: 'proceed' })]), writeIntent, input);
    await expect(failed).rejects.toThrow('guard');
    await expect(failed).rejects.not.toThrow('pass');
  });

  it('a pass with more fields is not a pass', async () => {
    const hooks = mk(['odd', () => ({ verdict: 'pass', reason: 'x' })], ['policy', () => create]);
    await expect(slot(hooks, writeIntent, input)).rejects.toMatchObject({ code: 'PLUGIN_DECISION_INVALID' });
  });
});

describe('slot: a refusal code follows the one rule', () => {
  const refuse = (code: string) => () => ({ verdict: 'refuse', code, message: 'no', remedy: 'elsewhere' });

  it.each(['FS_OUTSIDE_APP', 'SQL_READ_ONLY', 'WEB_BLOCKED'])('%s is a plugin’s own code', async (code) => {
    const decided = await slot(mk(['rule', refuse(code)]), writeIntent, input);
    expect(decided?.decision).toMatchObject({ verdict: 'refuse', code });
  });

  it.each(['OUTSIDE_APP', 'fs_lower', 'FS_', 'HOOK_DENIED'])(
    '%s is refused, saying the rule',
    async (code) => {
      const failed = slot(mk(['rule', refuse(code)]), writeIntent, input);
      await expect(failed).rejects.toMatchObject({ code: 'PLUGIN_DECISION_INVALID' });
      await expect(failed).rejects.toThrow('starts with FS_, SQL_ or WEB_');
    },
  );
});
