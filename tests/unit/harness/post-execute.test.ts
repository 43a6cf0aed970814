import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  Hooks,
  type PostDecision,
  type PostExecuteInput,
  Tool,
  ToolError,
  modelText,
  postExecute,
  text,
} from '../../../src/harness';
import { hooksWith, run } from './fixtures';

/** A third-party query tool: its value holds rows with phone numbers, its meta counts them. */
const Row = z.strictObject({ name: z.string(), phone: z.string() });
const Value = z.strictObject({ rows: z.array(Row), total: z.number().int(), truncated: z.boolean() });
type Value = z.infer<typeof Value>;
const original: Value = {
  rows: [
    { name: 'Ada', phone: '555-0100' },
    { name: 'Bob', phone: '555-0199' },
  ],
  total: 1200,
  truncated: true,
};
const hidden: Value = { ...original, rows: original.rows.map((r) => ({ ...r, phone: '***' })) };
const sql = Tool.define({
  name: 'sql_query',
  description: 'Runs a read-only SQL query and returns at most 50 rows.',
  input: z.object({ query: z.string() }),
  output: Value,
  execute: ({ query }) => {
    if (query === 'fail') throw new ToolError('SQL_SYNTAX', 'near "fail"', 'check the query');
    return original;
  },
  render: (_args, value) =>
    text(
      `${value.rows.map((r) => `${r.name} ${r.phone}`).join('\n')}\n(${value.rows.length} of ${value.total})`,
    ),
  presentationMeta: (_args, value) => ({ shown: value.rows.length, phones: value.rows.map((r) => r.phone) }),
});
const query = (hooks: Hooks, q = 'select * from people') => run([sql], 'sql_query', { query: q }, hooks);
/** A post-execute listener that always makes `decision`. */
const decide = (decision: PostDecision) => postExecute.of(() => decision);

describe('post-execute: replacing content', () => {
  const hooks = () => hooksWith('redact', decide({ action: 'accept', content: text('[rows hidden]') }));

  it('changes what the model reads', async () => {
    const { result } = await query(hooks());
    expect(modelText(result.content)).toBe('[rows hidden]');
  });

  it('leaves the value unchanged', async () => {
    expect((await query(hooks())).value).toEqual(original);
  });

  it('leaves the meta unchanged', async () => {
    const { result } = await query(hooks());
    expect(result.meta).toEqual({ shown: 2, phones: ['555-0100', '555-0199'] });
  });

  it('can replace the content of a failed call, keeping its error', async () => {
    const { result } = await query(hooks(), 'fail');
    expect(result).toEqual({
      content: text('[rows hidden]'),
      error: { code: 'SQL_SYNTAX', message: 'near "fail"', remedy: 'check the query' },
    });
  });
});

describe('post-execute: replacing the value', () => {
  const hooks = () => hooksWith('privacy', decide({ action: 'accept', value: hidden }));

  it('makes the replacement the value', async () => {
    expect((await query(hooks())).value).toEqual(hidden);
  });

  it('renders the content again from the new value', async () => {
    const { result } = await query(hooks());
    expect(modelText(result.content)).toBe('Ada ***\nBob ***\n(2 of 1200)');
  });

  it('projects the meta again from the new value', async () => {
    const { result } = await query(hooks());
    expect(result.meta).toEqual({ shown: 2, phones: ['***', '***'] });
  });

  it('answers OUTPUT_INVALID naming the plugin when the replacement fails the schema', async () => {
    const bad = { ...hidden, total: 'many' } as unknown as Value;
    const { result } = await query(hooksWith('privacy', decide({ action: 'accept', value: bad })));
    expect(result.error).toMatchObject({
      code: 'OUTPUT_INVALID',
      message: expect.stringContaining('plugin "privacy"'),
    });
  });

  it('drops the value when the replacement fails the schema', async () => {
    const outcome = await query(hooksWith('privacy', decide({ action: 'accept', value: { rows: 'none' } })));
    expect(outcome).not.toHaveProperty('value');
  });

  it('answers RENDER_FAILED naming the plugin when the new value cannot be rendered', async () => {
    const tricky = Tool.define({
      ...sql,
      render: (_args, value) => {
        if (value.rows.length === 0) throw new Error('nothing to show');
        return sql.render(_args, value);
      },
    });
    const hooks = hooksWith('empty', decide({ action: 'accept', value: { ...original, rows: [] } }));
    const { result } = await run([tricky], 'sql_query', { query: 'q' }, hooks);
    expect(result.error).toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringContaining('plugin "empty"'),
    });
  });

  it('refuses a replacement of the value of a failed call', async () => {
    const { result } = await query(hooks(), 'fail');
    expect(result.error).toMatchObject({
      code: 'PLUGIN_DECISION_INVALID',
      message: expect.stringContaining('plugin "privacy"'),
    });
  });
});

describe('post-execute: decisions the runtime refuses', () => {
  it.each([
    ['content and value together', { action: 'accept', content: text('x'), value: hidden }],
    ['an accept with neither', { action: 'accept' }],
    ['an unknown action', { action: 'rewrite', content: text('x') }],
    ['a block without feedback', { action: 'block' }],
    ['a pass carrying content', { action: 'pass', content: text('x') }],
    ['content that is not text blocks', { action: 'accept', content: 'plain' }],
    ['undefined', undefined],
  ])('answers PLUGIN_DECISION_INVALID for %s', async (_label, decision) => {
    const { result } = await query(hooksWith('js-plugin', decide(decision as never)));
    expect(result.error).toMatchObject({
      code: 'PLUGIN_DECISION_INVALID',
      message: expect.stringContaining('plugin "js-plugin" failed in hook "post-execute"'),
    });
  });

  it('drops the value when the decision is refused', async () => {
    const both = { action: 'accept', content: text('x'), value: hidden };
    expect(await query(hooksWith('js-plugin', decide(both as never)))).not.toHaveProperty('value');
  });

  it('answers PLUGIN_ERROR naming the plugin when a listener throws', async () => {
    const broken = postExecute.of(() => {
      throw new Error('kaput');
    });
    const { result } = await query(hooksWith('broken', broken));
    expect(result.error?.message).toBe('plugin "broken" failed in hook "post-execute": kaput');
  });
});

describe('post-execute: block', () => {
  const block = () => hooksWith('dlp', decide({ action: 'block', feedback: 'phone numbers may not leave' }));

  it('turns the result into BLOCKED with the feedback for the model', async () => {
    const { result } = await query(block());
    expect(result.error).toEqual({
      code: 'BLOCKED',
      message: 'plugin "dlp" blocked this result: phone numbers may not leave',
      remedy: expect.stringContaining('act on the feedback, and do not repeat the call'),
    });
    expect(modelText(result.content)).toContain('phone numbers may not leave');
  });

  it('drops the value', async () => {
    expect(await query(block())).not.toHaveProperty('value');
  });

  it('drops the meta', async () => {
    expect((await query(block())).result).not.toHaveProperty('meta');
  });

  it('never calls the listeners after it', async () => {
    const later = vi.fn((): PostDecision => ({ action: 'pass' }));
    const hooks = block();
    hooks.add('later', [postExecute.of(later)]);
    await query(hooks);
    expect(later).not.toHaveBeenCalled();
  });

  it('overrides an earlier replacement', async () => {
    const hooks = hooksWith('redact', decide({ action: 'accept', value: hidden }));
    hooks.add('dlp', [decide({ action: 'block', feedback: 'no' })]);
    expect((await query(hooks)).result.error?.code).toBe('BLOCKED');
  });

  it('blocks a failed call too', async () => {
    expect((await query(block(), 'fail')).result.error?.code).toBe('BLOCKED');
  });
});

describe('post-execute: several listeners', () => {
  it('shows a later listener the value an earlier one replaced', async () => {
    const seen = vi.fn((_input: PostExecuteInput): PostDecision => ({ action: 'pass' }));
    const hooks = hooksWith('privacy', decide({ action: 'accept', value: hidden }));
    hooks.add('audit', [postExecute.of(seen)]);
    await query(hooks);
    expect(seen.mock.calls[0]?.[0].value).toEqual(hidden);
    expect(modelText(seen.mock.calls[0]?.[0].result.content ?? [])).toContain('Ada ***');
  });

  it('shows a later listener the content an earlier one replaced', async () => {
    const seen = vi.fn((_input: PostExecuteInput): PostDecision => ({ action: 'pass' }));
    const hooks = hooksWith('redact', decide({ action: 'accept', content: text('[hidden]') }));
    hooks.add('audit', [postExecute.of(seen)]);
    await query(hooks);
    expect(seen.mock.calls[0]?.[0].result.content).toEqual(text('[hidden]'));
  });

  it('lets a later content replacement win over an earlier one', async () => {
    const hooks = hooksWith('first', decide({ action: 'accept', content: text('one') }));
    hooks.add('second', [decide({ action: 'accept', content: text('two') })]);
    expect(modelText((await query(hooks)).result.content)).toBe('two');
  });

  it('records each non-pass decision with its plugin, in order', async () => {
    const hooks = new Hooks();
    hooks.add('privacy', [decide({ action: 'accept', value: hidden })]);
    hooks.add('quiet', [decide({ action: 'pass' })]);
    hooks.add('redact', [decide({ action: 'accept', content: text('[hidden]') })]);
    const { decisions } = await query(hooks);
    expect(decisions.map((d) => [d.hook, d.plugin])).toEqual([
      ['post-execute', 'privacy'],
      ['post-execute', 'redact'],
    ]);
  });

  it('records the decision that blocked', async () => {
    const { decisions } = await query(hooksWith('dlp', decide({ action: 'block', feedback: 'no' })));
    expect(decisions).toEqual([
      { hook: 'post-execute', plugin: 'dlp', decision: { action: 'block', feedback: 'no' } },
    ]);
  });

  it('gives listeners the call and the value', async () => {
    const seen = vi.fn((_input: PostExecuteInput): PostDecision => ({ action: 'pass' }));
    await query(hooksWith('audit', postExecute.of(seen)));
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({ session: 's1', callId: 'c1', tool: 'sql_query', value: original }),
    );
  });
});
