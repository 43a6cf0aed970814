import type { Link, OpenLink } from './link';
import {
  MAX_REQUEST_BYTES,
  PROTOCOL_VERSION,
  type Reply,
  type Request,
  type SandboxError,
  encode,
} from './protocol';

type Answer = Extract<Reply, { id: number }>;
type RequestBody = Request extends infer R ? (R extends unknown ? Omit<R, 'v' | 'id'> : never) : never;

/** What one request came to: the worker's reply, or an error the host made (timeout, crash, refusal). */
export type Outcome =
  { ok: true; reply: Answer; error?: never } | { ok: false; error: SandboxError; reply?: never };

interface Pending {
  kind: Request['kind'];
  settle: (outcome: Outcome) => void;
}

// Which replies answer which request; any other reply to a request's id is refused.
const answers: Record<Request['kind'], readonly Answer['kind'][]> = {
  load: ['loaded', 'failed'],
  call: ['returned', 'failed'],
};

const bridge = (message: string, reason: SandboxError['reason'] = 'bridge'): SandboxError => ({
  code: 'PLUGIN_ERROR',
  reason,
  message,
});

/**
 * Requests and replies over one link, matched by id, each with the host's own timer. When the timer fires,
 * the link is closed (the worker may be stuck) and the channel is dead: the owner opens another.
 */
export class Channel {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private dead = false;
  /** Replies that matched no request in flight (a spoof, or a reply after its timeout), for diagnostics. */
  ignored = 0;

  private constructor(private link: Link | null) {}

  /** Opens a link and the channel over it. Rejects when the worker does not start. */
  static async open(openLink: OpenLink): Promise<Channel> {
    const channel = new Channel(null);
    channel.link = await openLink({
      reply: (reply) => channel.receive(reply),
      refused: (why, oversized) =>
        channel.failAll(bridge(`the sandbox sent ${why}`, oversized ? 'oversized' : 'bridge')),
      crashed: (message) => channel.die(bridge(`the sandbox crashed: ${message}`, 'crashed')),
    });
    return channel;
  }

  /** Whether requests can still be sent. */
  get alive(): boolean {
    return !this.dead;
  }

  /**
   * Sends one request; settles with its reply, or with `PLUGIN_TIMEOUT` once `timeoutMs` have passed
   * (an `AbortSignal.timeout`, the harness's mechanism for time limits). Never rejects.
   */
  request(body: RequestBody, timeoutMs: number): Promise<Outcome> {
    if (this.dead || !this.link)
      return Promise.resolve({ ok: false, error: bridge('the sandbox is closed') });
    const id = this.nextId++;
    const text = encode({ v: PROTOCOL_VERSION, id, ...body } as Request, MAX_REQUEST_BYTES);
    if (text === undefined) {
      const message = `the input is over the limit of ${MAX_REQUEST_BYTES / 1024} KB per message`;
      return Promise.resolve({ ok: false, error: bridge(message, 'oversized') });
    }
    return new Promise<Outcome>((resolve) => {
      // The host's timer is a time limit like a tool's: a signal that aborts when the time is up.
      const deadline = AbortSignal.timeout(timeoutMs);
      const expire = () => {
        const message = `the plugin did not answer within ${timeoutMs} ms; its worker was stopped and will be replaced`;
        this.die({ code: 'PLUGIN_TIMEOUT', reason: 'deadline', message });
      };
      deadline.addEventListener('abort', expire, { once: true });
      this.pending.set(id, {
        kind: body.kind,
        settle: (outcome) => {
          deadline.removeEventListener('abort', expire);
          this.pending.delete(id);
          resolve(outcome);
        },
      });
      this.link?.send(text);
    });
  }

  /** Ends the worker; requests in flight fail. */
  close(): void {
    this.die(bridge('the sandbox was closed'));
  }

  private receive(reply: Answer): void {
    const pending = this.pending.get(reply.id);
    if (!pending) {
      this.ignored++;
      return;
    }
    if (!answers[pending.kind].includes(reply.kind)) {
      return this.die(bridge(`the sandbox answered a ${pending.kind} with a ${reply.kind}`));
    }
    pending.settle({ ok: true, reply });
  }

  private failAll(error: SandboxError): void {
    for (const pending of [...this.pending.values()]) pending.settle({ ok: false, error });
  }

  private die(error: SandboxError): void {
    if (!this.dead) {
      this.dead = true;
      this.link?.close();
    }
    this.failAll(error);
  }
}
