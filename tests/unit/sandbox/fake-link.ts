import { Engine } from '../../../src/sandbox/engine';
import { type LinkListener, type OpenLink, deliver } from '../../../src/sandbox/link';
import type { Request } from '../../../src/sandbox/protocol';
import { loadQuickJS } from './fixtures';

/** A worker stand-in for Node: the real engine, answering over the real message checks, a tick later. */
export interface FakeWorkers {
  open: OpenLink;
  /** How many workers were started and how many closed. */
  started: number;
  closed: number;
  /** Delivers raw data to the current worker's listener, as if the worker (or its frame) had sent it. */
  inject(data: unknown): void;
  /** The requests the current worker received, parsed. */
  requests: Request[];
}

/** Workers that run the engine in-process. `reply` may rewrite (or drop, with null) each reply text. */
export function fakeWorkers(reply: (text: string) => string | null = (text) => text): FakeWorkers {
  const quickjs = loadQuickJS();
  let current: LinkListener | null = null;
  const workers: FakeWorkers = {
    started: 0,
    closed: 0,
    requests: [],
    inject: (data) => {
      if (current) deliver(current, data);
    },
    open: async (listener) => {
      const engine = new Engine(await quickjs);
      workers.started++;
      workers.requests = [];
      current = listener;
      let open = true;
      return {
        send(text) {
          const request = JSON.parse(text) as Request;
          workers.requests.push(request);
          setTimeout(() => {
            if (!open) return;
            const body =
              request.kind === 'load'
                ? engine.load(request.source, request.limits)
                : engine.call(request.fn, request.args);
            const out = body && reply(JSON.stringify({ v: 1, id: request.id, ...body }));
            if (out !== null && out !== undefined && open) deliver(listener, out);
          }, 0);
        },
        close() {
          open = false;
          workers.closed++;
          engine.dispose();
          if (current === listener) current = null;
        },
      };
    },
  };
  return workers;
}
