import { describe, expect, it } from 'vitest';
import { readSse, SseError, SseParser, type SseEvent } from '../../../src/providers';

const all = (text: string, splits: number[] = []): SseEvent[] => {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const at of [...splits, text.length]) {
    events.push(...parser.push(text.slice(from, at)));
    from = at;
  }
  return [...events, ...parser.end()];
};

const stream = (...parts: (string | Uint8Array)[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts)
        controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
      controller.close();
    },
  });

const STREAM =
  ': keep-alive\r\nevent: message_start\r\ndata: {"a":1}\r\n\r\ndata: line one\ndata: line two\n\nid: 7\nretry: 10\ndata:no space\r\rdata: [DONE]\n\n';
const EVENTS = [
  { event: 'message_start', data: '{"a":1}' },
  { event: 'message', data: 'line one\nline two' },
  { event: 'message', data: 'no space' },
  { event: 'message', data: '[DONE]' },
];

describe('SseParser', () => {
  it('reads events, types, joined data lines, comments and every kind of line end', () => {
    expect(all(STREAM)).toEqual(EVENTS);
  });

  it('gives the same events however the text is split, a \\r\\n split in two included', () => {
    for (let at = 0; at <= STREAM.length; at++) expect(all(STREAM, [at])).toEqual(EVENTS);
    expect(all(STREAM, [...Array(STREAM.length).keys()])).toEqual(EVENTS);
  });

  it('gives an event the stream ended without its blank line', () => {
    expect(all('data: [DONE]')).toEqual([{ event: 'message', data: '[DONE]' }]);
  });

  it('refuses a line longer than its limit instead of buffering it', () => {
    const parser = new SseParser({ maxLine: 10, maxBytes: 100 });
    expect(() => parser.push('data: 0123456789')).toThrow(SseError);
  });
});

describe('readSse', () => {
  it('decodes UTF-8 split between chunks, and calls onChunk for each chunk', async () => {
    const bytes = new TextEncoder().encode('data: 中文\n\n');
    let chunks = 0;
    const events = [];
    for await (const e of readSse(stream(bytes.slice(0, 7), bytes.slice(7)), () => chunks++)) events.push(e);
    expect(events).toEqual([{ event: 'message', data: '中文' }]);
    expect(chunks).toBe(2);
  });

  it('refuses a stream larger than its limit', async () => {
    const read = async () => {
      for await (const _ of readSse(stream('data: 1\n\n', 'data: 2\n\n'), undefined, {
        maxLine: 100,
        maxBytes: 12,
      }));
    };
    await expect(read()).rejects.toThrow(/over 12 bytes/);
  });
});
