import { fetchAssets } from './assets';
import { frameDocument, hiddenSandboxFrame } from './frame';
import { keepEngineWarm } from './keeper';
import { type Link, type OpenLink, deliver } from './link';
import { MAX_REPLY_BYTES, PROTOCOL_VERSION, Reply, decode } from './protocol';

/** Options of the browser link. */
export interface FrameLinkSpec {
  /** Where the hidden frame is put; `document.body` by default. */
  container?: HTMLElement;
  /** How long the frame and its worker may take to start before the sandbox gives up. Default 30 s. */
  startMs?: number;
}

function hiddenFrame(): HTMLIFrameElement {
  const frame = hiddenSandboxFrame('plugin sandbox', frameDocument());
  frame.dataset.sandbox = '';
  return frame;
}

/**
 * The browser link: a `sandbox="allow-scripts"` frame whose CSP allows no network, holding a classic Blob
 * worker that runs QuickJS. Only messages whose `event.source` is this frame's window are read; each is
 * size-capped and parsed before anything else looks at it.
 */
export function frameLink(spec: FrameLinkSpec = {}): OpenLink {
  return async (listener) => {
    // The frame starts while the engine's files download; it waits for them in its boot message.
    const assets = fetchAssets();
    assets.catch(() => {});
    const frame = hiddenFrame();
    let closed = false;
    return new Promise<Link>((resolve, reject) => {
      // A time limit, as everywhere in the harness: a signal that aborts when the time is up.
      const startLimit = AbortSignal.timeout(spec.startMs ?? 30_000);
      const late = () => fail('the sandbox did not start in time');
      const link: Link = {
        send: (text) => {
          if (!closed) frame.contentWindow?.postMessage(text, '*');
        },
        close: () => {
          closed = true;
          startLimit.removeEventListener('abort', late);
          window.removeEventListener('message', onMessage);
          // Removing the frame discards its document, which ends its worker.
          frame.remove();
        },
      };
      const fail = (why: string) => {
        link.close();
        reject(new Error(why));
      };
      startLimit.addEventListener('abort', late, { once: true });
      let started = false;
      const onMessage = (event: MessageEvent) => {
        if (closed || event.source === null || event.source !== frame.contentWindow) return;
        if (started) {
          if (!deliver(listener, event.data)) link.close();
          return;
        }
        const read = decode(event.data, Reply, MAX_REPLY_BYTES);
        if (!read.ok) return;
        if (read.value.kind === 'frame') {
          assets.then(
            ({ script, wasm }) => {
              if (closed) return;
              const boot = { v: PROTOCOL_VERSION, kind: 'boot', script, wasm: wasm() };
              frame.contentWindow?.postMessage(boot, '*', [boot.wasm]);
            },
            (error: unknown) => fail(`the engine's files did not load: ${String(error)}`),
          );
        } else if (read.value.kind === 'ready') {
          started = true;
          startLimit.removeEventListener('abort', late);
          resolve(link);
        } else if (read.value.kind === 'crashed') fail(read.value.message);
      };
      window.addEventListener('message', onMessage);
      (spec.container ?? document.body).append(frame);
      // After the frame, so that both start in one process, and the keeper's work overlaps the worker's start.
      keepEngineWarm();
    });
  };
}
