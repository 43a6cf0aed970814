/** One server-sent event: its `event:` type (`message` when none was given) and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/** How much of a stream is read: a longer line or a larger stream is refused, not buffered. */
export interface SseLimits {
  maxLine: number;
  maxBytes: number;
}

/** The limits of a model's stream: 1 MiB a line, 32 MiB in all. */
export const SSE_LIMITS: Readonly<SseLimits> = Object.freeze({ maxLine: 1 << 20, maxBytes: 32 << 20 });

/** A stream that cannot be read as server-sent events within the limits. */
export class SseError extends Error {
  override readonly name = 'SseError';
}

/**
 * The event-stream format, fed text as it arrives: lines end with `\n`, `\r\n` or `\r`; `data:` lines are
 * joined with `\n`; a blank line ends an event; `:` lines are comments (keep-alives). `id:` and `retry:` are
 * read and ignored. Pure: tests feed it text split anywhere.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';

  constructor(private readonly limits: SseLimits = SSE_LIMITS) {}

  /** Reads more text; returns the events it completed. Throws `SseError` for a line over the limit. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (;;) {
      const at = this.nextBreak(start);
      if (at === -1) break;
      this.line(this.buffer.slice(start, at), events);
      start = this.buffer[at] === '\r' && this.buffer[at + 1] === '\n' ? at + 2 : at + 1;
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > this.limits.maxLine)
      throw new SseError(`a line of the stream is over ${this.limits.maxLine} characters`);
    return events;
  }

  /** The stream ended: an event still open is given too (some servers end without a blank line). */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer !== '') this.line(this.buffer, events);
    this.buffer = '';
    this.line('', events);
    return events;
  }

  // A `\r` at the very end may be the first half of `\r\n`: it waits for the next piece of text.
  private nextBreak(from: number): number {
    for (let i = from; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c === '\n') return i;
      if (c === '\r') return i + 1 < this.buffer.length ? i : -1;
    }
    return -1;
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      if (this.data.length) events.push({ event: this.type || 'message', data: this.data.join('\n') });
      this.data = [];
      this.type = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line[colon + 1] === ' ' ? colon + 2 : colon + 1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
  }
}

/**
 * Reads a response body as server-sent events, calling `onChunk` whenever bytes arrive (a caller's idle
 * timer). Throws `SseError` past the limits; a broken connection rejects as the reader does.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void = () => {},
  limits: SseLimits = SSE_LIMITS,
): AsyncGenerator<SseEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser(limits);
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      bytes += value.byteLength;
      if (bytes > limits.maxBytes) throw new SseError(`the stream is over ${limits.maxBytes} bytes`);
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.end();
  } finally {
    // A reader given up early (the reply was complete, or it failed) lets the connection go.
    reader.cancel().catch(() => undefined);
  }
}
