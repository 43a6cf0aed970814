import { describe, expect, it } from 'vitest';
import { editIntent, writeIntent } from '../../../src/contracts/fs-intents';
import {
  Card,
  Hooks,
  POST_BOTH_FIELDS,
  explainIssues,
  postExecute,
  preExecute,
  vote,
  type PostExecuteInput,
} from '../../../src/harness';
import type { z } from 'zod';

const why = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error('expected a failure');
  return explainIssues(parsed.error, schema);
};
const post = postExecute.spec.decision;

describe('explainIssues', () => {
  it('a post-execute decision with content and value says why, and which is for what', () => {
    const text = why(post, { action: 'accept', content: [], value: 1 });
    expect(text).toBe(POST_BOTH_FIELDS);
    expect(text).toMatch(/never both/);
    expect(text).toMatch(/content to change only what the model reads/);
    expect(text).toMatch(/value to change what programs read/);
  });

  it('names the field and what was expected, in the branch the decision meant', () => {
    expect(why(post, { action: 'accept', content: 'hi' })).toBe(
      'field "content": expected an array, not a string',
    );
    expect(why(post, { action: 'accept', content: [{ type: 'text', text: 3 }] })).toBe(
      'field "content[0].text": expected a string, not a number',
    );
    expect(why(post, { action: 'block' })).toBe('field "feedback" is missing: expected a string');
    expect(why(post, { action: 'block', feedback: 'x', extra: 1 })).toBe('field "extra": not a field here');
    expect(why(post, 'pass')).toBe('the decision: expected an object, not a string');
  });

  it('a tag no kind has lists the kinds there are', () => {
    expect(why(post, { action: 'acept' })).toBe(
      'field "action": expected "pass", "accept" or "block", not "acept"',
    );
    expect(why(preExecute.spec.decision, { verdict: 'maybe' })).toBe(
      'field "verdict": expected "allow", "deny" or "ask", not "maybe"',
    );
    expect(why(preExecute.spec.decision, {})).toMatch(/"verdict": expected .* and it is missing/);
    expect(why(Card, { card: 'termnal' })).toMatch(
      /"card": expected "generic", "terminal", .* not "termnal"/,
    );
  });

  it('reaches into nested decisions', () => {
    expect(why(writeIntent.spec.decision, { verdict: 'proceed', guard: { kind: 'replaceIfVersion' } })).toBe(
      'field "guard.version" is missing: expected a string',
    );
    expect(why(editIntent.spec.decision, { verdict: 'proceed', guard: { kind: 'sometimes' } })).toMatch(
      /field "guard.kind": expected "none" or "ifVersion", not "sometimes"/,
    );
  });

  it('the harness refuses a decision with those words, naming the plugin and the hook', async () => {
    const hooks = new Hooks();
    hooks.add('both', [postExecute.of(() => ({ action: 'accept', content: [], value: 1 }) as never)]);
    const input: PostExecuteInput = {
      session: 's',
      callId: 'c',
      tool: 't',
      args: {},
      result: { content: [] },
      value: 1,
    };
    await expect(vote(hooks, postExecute, input)).rejects.toMatchObject({
      code: 'PLUGIN_DECISION_INVALID',
      message: expect.stringContaining(
        `plugin "both" failed in hook "post-execute": invalid decision (${POST_BOTH_FIELDS})`,
      ),
    });
  });
});
