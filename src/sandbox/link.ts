import { MAX_REPLY_BYTES, Reply, decode } from './protocol';

/** What a link reports about the messages coming out of the sandbox. */
export interface LinkListener {
  /** A reply that passed the size cap and the schema. */
  reply(reply: Extract<Reply, { id: number }>): void;
  /** A message from the sandbox that was refused (too big, not JSON, malformed), and why. */
  refused(why: string, oversized: boolean): void;
  /** The worker or its frame died; every request in flight is lost. */
  crashed(message: string): void;
}

/**
 * One running worker, reached through whatever isolates it (in the browser: a sandboxed frame). A link is
 * used until it is closed or crashes, then replaced by a new one.
 */
export interface Link {
  /** Sends one request, as JSON text. */
  send(text: string): void;
  /** Ends the worker and whatever holds it, at once. No message arrives after this. */
  close(): void;
}

/** Starts a worker and resolves when its engine is ready. Rejects when it cannot start. */
export type OpenLink = (listener: LinkListener) => Promise<Link>;

/**
 * Reads one message from a running worker and tells `listener`: a reply, a crash, or a refusal. Returns
 * false when the worker crashed (the link must close). Start-up messages (`frame`, `ready`) are ignored.
 */
export function deliver(listener: LinkListener, data: unknown): boolean {
  const read = decode(data, Reply, MAX_REPLY_BYTES);
  if (!read.ok) listener.refused(read.error.message, read.error.oversized);
  else if (read.value.kind === 'crashed') {
    listener.crashed(read.value.message);
    return false;
  } else if ('id' in read.value) listener.reply(read.value);
  return true;
}
