// README "Hooks": a plugin's failure names the plugin, the hook and the line once; the model reads one
// short coded sentence and what to do (whether the call changed anything), people the whole story.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Hooks,
  POST_BOTH_FIELDS,
  PluginError,
  Registry,
  Session,
  Tool,
  pluginRemedy,
  postExecute,
  preExecute,
  presentResult,
  text,
  ToolError,
} from '../../../src/harness';

const echo = Tool.define({
  name: 'echo',
  description: 'Says it back.',
  input: z.strictObject({ say: z.string() }),
  output: z.strictObject({ said: z.string() }),
  execute: ({ say }) => ({ said: say }),
  render: (_a, v) => text(v.said),
});

async function callWith(listener: Parameters<typeof postExecute.of>[0]) {
  const hooks = new Hooks();
  hooks.add('both-ways', [postExecute.of(listener)]);
  const s = new Session({ id: 's', registry: new Registry().register(echo), hooks });
  return s.call('echo', { say: 'hi' });
}

describe('what the model reads of a plugin failure', () => {
  it('content and value together: one short sentence for the model, the whole rule for people', async () => {
    const live = await callWith(
      () => ({ action: 'accept', content: text('x'), value: { said: 'y' } }) as never,
    );
    const error = live.outcome.result.error!;
    expect(error.code).toBe('PLUGIN_DECISION_INVALID');
    expect(live.entry.result?.modelText).toBe(
      'Error PLUGIN_DECISION_INVALID: plugin "both-ways" failed in hook "post-execute": its decision is invalid\n' +
        'Remedy: the call itself ran and what it changed stays; the fault is in plugin "both-ways", not in your call, ' +
        'and the same call is likely to fail the same way until it is fixed or switched off: check what the call ' +
        'did before repeating it, and tell the user',
    );
    expect(error.detail).toContain(POST_BOTH_FIELDS);
  });

  it('a short detail is carried as it is, with nothing for people beside it', async () => {
    const live = await callWith(() => {
      throw new Error('kaput');
    });
    expect(live.outcome.result.error).toEqual({
      code: 'PLUGIN_ERROR',
      message: 'plugin "both-ways" failed in hook "post-execute": kaput',
      remedy: pluginRemedy('both-ways', 'post-execute'),
    });
  });

  it('a failure before the tool ran says that nothing was changed, and who must act', async () => {
    const hooks = new Hooks();
    hooks.add('gate', [
      preExecute.of(() => {
        throw new Error('kaput');
      }),
    ]);
    const s = new Session({ id: 's', registry: new Registry().register(echo), hooks });
    const live = await s.call('echo', { say: 'hi' });
    expect(live.entry.result?.modelText).toBe(
      'Error PLUGIN_ERROR: plugin "gate" failed in hook "pre-execute": kaput\n' +
        'Remedy: nothing was changed; the fault is in plugin "gate", not in your call, and the same call is ' +
        'likely to fail the same way until it is fixed or switched off: tell the user, or go on without this call',
    );
  });
});

describe('PluginError names the line once', () => {
  it('a line the detail does not name goes after the hook', () => {
    expect(new PluginError('p', 'pre-execute', 'boom', 'PLUGIN_ERROR', 3).message).toBe(
      'plugin "p" failed in hook "pre-execute" at line 3: boom',
    );
  });

  it('a detail that names its line is not told it again', () => {
    const stopped = 'the plugin ran past its deadline of 250 ms and was stopped at line 15';
    const error = new PluginError('p', 'post-execute', stopped, 'PLUGIN_TIMEOUT', 15);
    expect(error.message).toBe(`plugin "p" failed in hook "post-execute": ${stopped}`);
    expect(error.message.match(/line 15/g)).toHaveLength(1);
  });
});

describe('a presenter that hands on a refused card', () => {
  it('is reported as an invalid card, not as a presenter that threw', () => {
    const tool = Tool.define({
      ...echo,
      presentResult: () => {
        throw new ToolError('PLUGIN_DECISION_INVALID', 'field "output": expected a string, not a number');
      },
    });
    const shown = presentResult(tool, 'echo', { say: 'hi' }, { content: text('hi') });
    expect(shown.fallback).toBe('invalid card: field "output": expected a string, not a number');
  });
});
