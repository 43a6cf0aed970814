import { describe, expect, it } from 'vitest';
import { OpenAiReader, openaiBody, openaiHeaders, type ModelReply } from '../../../src/providers';
import { KEY, chunks, request, where } from './fixtures';

const settings = {
  provider: 'openai' as const,
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-x',
  key: KEY,
};
const delta = (d: object, more: object = {}) => ({ choices: [{ index: 0, delta: d, ...more }] });

/** Feeds events to a reader and finishes it; the texts it passed on, and the reply or failure code. */
function read(events: { event: string; data: string }[]) {
  const texts: string[] = [];
  const reader = new OpenAiReader(where(), 400, (t) => texts.push(t));
  for (const e of events) {
    const step = reader.event(e);
    if (!step.ok) return { texts, code: step.error.code, failure: step.error };
    if (step.value === 'end') break;
  }
  const done = reader.finish();
  return done.ok ? { texts, reply: done.value } : { texts, code: done.error.code, failure: done.error };
}

describe('OpenAI-compatible requests', () => {
  it('sends content-type and the Bearer key, and nothing else', () => {
    expect(openaiHeaders(settings)).toEqual({
      'content-type': 'application/json',
      authorization: `Bearer ${KEY}`,
    });
  });

  it('sends no authorization header without a key (a local server)', () => {
    expect(openaiHeaders({ ...settings, key: '' })).toEqual({ 'content-type': 'application/json' });
  });

  it('puts the system prompt first, the tools as functions with their schemas as they are, and streams with usage', () => {
    const body = openaiBody(settings, request());
    expect(body).toEqual({
      model: 'gpt-x',
      messages: [
        { role: 'system', content: 'Be careful.' },
        { role: 'user', content: 'Turn debug on.' },
        {
          role: 'assistant',
          content: 'Reading.',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"/a"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'Error FS_NOT_FOUND: no /a' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'read',
            description: 'Reads a file.',
            parameters: request().tools[0]!.inputSchema,
          },
        },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('leaves tools out when there are none', () => {
    expect(openaiBody(settings, { ...request(), tools: [] })).not.toHaveProperty('tools');
  });
});

describe('OpenAiReader', () => {
  it('gathers text as it comes, and the usage the server sent', () => {
    const { texts, reply } = read(
      chunks(
        delta({ role: 'assistant', content: '' }),
        delta({ content: 'Hel' }),
        delta({ content: 'lo' }),
        delta({}, { finish_reason: 'stop' }),
        { choices: [], usage: { prompt_tokens: 120, completion_tokens: 7 } },
        '[DONE]',
      ),
    );
    expect(texts).toEqual(['Hel', 'lo']);
    expect(reply).toEqual<ModelReply>({
      text: 'Hello',
      calls: [],
      stop: 'stop',
      usage: { input: 120, output: 7, estimated: false },
    });
  });

  it('assembles parallel tool calls from pieces interleaved by index, in index order', () => {
    const call = (index: number, fn: object, id?: string) =>
      delta({ tool_calls: [{ index, ...(id ? { id } : {}), function: fn }] });
    const { reply } = read(
      chunks(
        call(1, { name: 'read', arguments: '' }, 'call_b'),
        call(0, { name: 'edit', arguments: '' }, 'call_a'),
        call(1, { arguments: '{"path":' }),
        call(0, { arguments: '{"path":"/x",' }),
        call(1, { arguments: '"/y"}' }),
        call(0, { arguments: '"old_string":"a"}' }),
        delta({}, { finish_reason: 'tool_calls' }),
        '[DONE]',
      ),
    );
    expect(reply?.calls).toEqual([
      { id: 'call_a', name: 'edit', argsText: '{"path":"/x","old_string":"a"}' },
      { id: 'call_b', name: 'read', argsText: '{"path":"/y"}' },
    ]);
    expect(reply?.stop).toBe('tool_calls');
  });

  it('gives a call without an id one of its own, and reads arguments sent as an object', () => {
    const { reply } = read(
      chunks(
        delta({ tool_calls: [{ function: { name: 'read', arguments: { path: '/z' } } }] }),
        delta({}, { finish_reason: 'tool_calls' }),
      ),
    );
    expect(reply?.calls).toEqual([{ id: 'call_0', name: 'read', argsText: '{"path":"/z"}' }]);
  });

  it('keeps apart calls sent in chunks of their own without an index, by their ids', () => {
    const { reply } = read(
      chunks(
        delta({ tool_calls: [{ id: 'a', function: { name: 'read', arguments: '{"path":"/a"}' } }] }),
        delta({ tool_calls: [{ id: 'b', function: { name: 'read', arguments: '{"path":' } }] }),
        delta({ tool_calls: [{ id: 'b', function: { arguments: '"/b"}' } }] }),
        '[DONE]',
      ),
    );
    expect(reply?.calls).toEqual([
      { id: 'a', name: 'read', argsText: '{"path":"/a"}' },
      { id: 'b', name: 'read', argsText: '{"path":"/b"}' },
    ]);
  });

  it('estimates the tokens when the server sends no usage, and says so', () => {
    const { reply } = read(chunks(delta({ content: 'abcdefgh' }), '[DONE]'));
    expect(reply?.usage).toEqual({ input: 100, output: 2, estimated: true });
  });

  it('refuses a chunk that is not JSON: MODEL_BAD_RESPONSE, and no reply', () => {
    const { code, failure } = read(chunks(delta({ content: 'Hi' }), '{"choices": [ {'));
    expect(code).toBe('MODEL_BAD_RESPONSE');
    expect(failure?.message.en).toMatch(/chunk 2 is not JSON/);
  });

  it('refuses JSON that is not a chunk', () => {
    expect(read(chunks({ choices: 'none' })).code).toBe('MODEL_BAD_RESPONSE');
  });

  it('refuses a stream that ends before [DONE] or a finish reason', () => {
    const { code, failure } = read(chunks(delta({ content: 'Hi' })));
    expect(code).toBe('MODEL_BAD_RESPONSE');
    expect(failure?.message.en).toMatch(/ended before the answer was complete/);
  });

  it('refuses a call that never got a name', () => {
    expect(
      read(chunks(delta({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }), '[DONE]')).code,
    ).toBe('MODEL_BAD_RESPONSE');
  });

  it('turns an error inside the stream into its code', () => {
    const { code, failure } = read(
      chunks(delta({ content: 'a' }), { error: { message: 'slow down', code: 429 } }),
    );
    expect(code).toBe('MODEL_RATE_LIMIT');
    expect(failure?.detail).toBe('slow down');
  });

  it('reads a whole JSON answer from a server that does not stream', () => {
    const texts: string[] = [];
    const reader = new OpenAiReader(where(), 40, (t) => texts.push(t));
    const done = reader.json({
      choices: [
        {
          message: {
            content: 'Sure.',
            tool_calls: [{ id: 'x', function: { name: 'read', arguments: '{}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4 },
    });
    expect(done.ok && done.value).toEqual({
      text: 'Sure.',
      calls: [{ id: 'x', name: 'read', argsText: '{}' }],
      stop: 'tool_calls',
      usage: { input: 3, output: 4, estimated: false },
    });
    expect(texts).toEqual(['Sure.']);
  });
});
