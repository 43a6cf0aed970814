import { describe, expect, it } from 'vitest';
import { AnthropicReader, anthropicBody, anthropicHeaders } from '../../../src/providers';
import { KEY, request, where } from './fixtures';

const settings = {
  provider: 'anthropic' as const,
  baseUrl: 'https://api.anthropic.com',
  model: 'claude-x',
  key: KEY,
};
const ev = (type: string, data: object = {}) => ({ event: type, data: JSON.stringify({ type, ...data }) });

function read(events: { event: string; data: string }[]) {
  const texts: string[] = [];
  const reader = new AnthropicReader(where({ provider: 'anthropic' }), 400, (t) => texts.push(t));
  for (const e of events) {
    const step = reader.event(e);
    if (!step.ok) return { texts, code: step.error.code, failure: step.error };
    if (step.value === 'end') break;
  }
  const done = reader.finish();
  return done.ok ? { texts, reply: done.value } : { texts, code: done.error.code, failure: done.error };
}

const start = ev('message_start', { message: { usage: { input_tokens: 50, output_tokens: 1 } } });
const stop = (reason: string) => [
  ev('message_delta', { delta: { stop_reason: reason }, usage: { output_tokens: 9 } }),
  ev('message_stop'),
];

describe('Anthropic requests', () => {
  it('sends exactly the four headers, the browser-access one among them', () => {
    expect(anthropicHeaders(settings)).toEqual({
      'content-type': 'application/json',
      'x-api-key': KEY,
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });

  it('puts the system prompt apart, calls as tool_use blocks, answers as tool_result blocks', () => {
    expect(anthropicBody(settings, request())).toEqual({
      model: 'claude-x',
      max_tokens: 4096,
      system: 'Be careful.',
      messages: [
        { role: 'user', content: 'Turn debug on.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', id: 'c1', name: 'read', input: { path: '/a' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: 'Error FS_NOT_FOUND: no /a', is_error: true },
          ],
        },
      ],
      tools: [{ name: 'read', description: 'Reads a file.', input_schema: request().tools[0]!.inputSchema }],
      stream: true,
    });
  });

  it('sends a call whose arguments were not JSON back with an empty input, and no empty text block', () => {
    const body = anthropicBody(settings, {
      ...request(),
      turns: [{ role: 'assistant', text: '', calls: [{ id: 'c', name: 'read', argsText: '{"path": ' }] }],
    });
    expect(body.messages).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'read', input: {} }] },
    ]);
  });
});

describe('AnthropicReader', () => {
  it('reads text deltas as they come, and the usage of message_start and message_delta', () => {
    const { texts, reply } = read([
      start,
      ev('ping'),
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hel' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'lo' } }),
      ev('content_block_stop', { index: 0 }),
      ...stop('end_turn'),
    ]);
    expect(texts).toEqual(['Hel', 'lo']);
    expect(reply).toEqual({
      text: 'Hello',
      calls: [],
      stop: 'end_turn',
      usage: { input: 50, output: 9, estimated: false },
    });
  });

  it('assembles tool_use blocks from input_json_delta pieces, several in one reply', () => {
    const tool = (index: number, id: string, name: string, parts: string[]) => [
      ev('content_block_start', { index, content_block: { type: 'tool_use', id, name, input: {} } }),
      ...parts.map((p) =>
        ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: p } }),
      ),
      ev('content_block_stop', { index }),
    ];
    const { reply } = read([
      start,
      ...tool(0, 'toolu_a', 'read', ['{"pa', 'th": "/x"}']),
      ...tool(1, 'toolu_b', 'read', ['{"path": "/y"}']),
      ...tool(2, 'toolu_c', 'ls', []),
      ...stop('tool_use'),
    ]);
    expect(reply?.calls).toEqual([
      { id: 'toolu_a', name: 'read', argsText: '{"path": "/x"}' },
      { id: 'toolu_b', name: 'read', argsText: '{"path": "/y"}' },
      { id: 'toolu_c', name: 'ls', argsText: '' },
    ]);
    expect(reply?.stop).toBe('tool_use');
  });

  it('passes over blocks and events it does not know (thinking, new kinds)', () => {
    const { reply } = read([
      start,
      ev('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
      ev('content_block_delta', { index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }),
      ev('content_block_start', {
        index: 1,
        content_block: { type: 'server_tool_use', id: 's', name: 'web' },
      }),
      ev('content_block_delta', { index: 1, delta: { type: 'input_json_delta', partial_json: '{"q":' } }),
      ev('something_new', { x: 1 }),
      ...stop('end_turn'),
    ]);
    expect(reply?.text).toBe('');
  });

  it('refuses an event that is not JSON, a delta for a block never started, and a stream cut before message_stop', () => {
    expect(
      read([start, { event: 'content_block_delta', data: '{"type": "content_block_delta", "index": ' }]).code,
    ).toBe('MODEL_BAD_RESPONSE');
    expect(
      read([start, ev('content_block_delta', { index: 3, delta: { type: 'text_delta', text: 'x' } })]).code,
    ).toBe('MODEL_BAD_RESPONSE');
    const cut = read([
      start,
      ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ]);
    expect(cut.code).toBe('MODEL_BAD_RESPONSE');
    expect(cut.failure?.message.en).toMatch(/before message_stop/);
  });

  it('turns an error event into its code: overloaded is a server failure, a rate limit MODEL_RATE_LIMIT', () => {
    expect(
      read([start, ev('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })]).failure,
    ).toMatchObject({
      code: 'MODEL_HTTP',
      status: 529,
      detail: 'Overloaded',
    });
    expect(read([ev('error', { error: { type: 'rate_limit_error', message: 'slow' } })]).code).toBe(
      'MODEL_RATE_LIMIT',
    );
  });

  it('reads a whole JSON message from a server that does not stream', () => {
    const reader = new AnthropicReader(where({ provider: 'anthropic' }), 40);
    const done = reader.json({
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 't1', name: 'read', input: { path: '/a' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 5, output_tokens: 6 },
    });
    expect(done.ok && done.value).toEqual({
      text: 'Reading.',
      calls: [{ id: 't1', name: 'read', argsText: '{"path":"/a"}' }],
      stop: 'tool_use',
      usage: { input: 5, output: 6, estimated: false },
    });
  });
});
