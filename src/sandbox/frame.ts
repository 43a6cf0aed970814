// The documents of the sandboxed frames. Each is a `srcdoc` with its own Content-Security-Policy (a
// srcdoc frame also inherits the page's policy, so both apply, and the page's policy allows these inline
// scripts by their hashes: see `SANDBOX_SCRIPTS`). The sandbox's one inline script first removes what no
// policy governs (WebRTC), then waits for the host's boot message (the worker's script as text and the
// wasm bytes), starts the classic Blob worker, and then only relays JSON text: from the host (its parent,
// checked by `event.source`) to the worker, and back. This module imports nothing, so the build can read
// the scripts to hash them.

/**
 * The frame's policy: no network at all (`connect-src 'none'`, and `default-src 'none'` for images,
 * fonts, frames…), inline script for the relay, `blob:` for the worker, and wasm compilation.
 */
export const FRAME_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'",
  'worker-src blob:',
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** What no Content-Security-Policy governs, removed from the sandbox's frame and its worker at once. */
export const UNGOVERNED = [
  'RTCPeerConnection',
  'webkitRTCPeerConnection',
  'RTCDataChannel',
  'RTCRtpSender',
  'RTCRtpReceiver',
  'RTCRtpScriptTransform',
  'RTCIceTransport',
  'RTCSctpTransport',
  'RTCDtlsTransport',
  'RTCSessionDescription',
  'RTCIceCandidate',
  'RTCEncodedAudioFrame',
  'RTCEncodedVideoFrame',
] as const;

/** The relay. Plain ES2020 text, run as the frame's only script. */
export const FRAME_SCRIPT = `(() => {
  'use strict';
  // A Content-Security-Policy does not govern WebRTC: its constructors go before anything else runs.
  for (const name of ${JSON.stringify(UNGOVERNED)}) {
    try {
      Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false });
    } catch (e) {}
  }
  const host = parent;
  let worker = null;
  let hostOrigin = '*';
  const toHost = (text) => host.postMessage(text, hostOrigin);
  addEventListener('message', (event) => {
    if (event.source !== host) return;
    if (worker) {
      if (typeof event.data === 'string') worker.postMessage(event.data);
      return;
    }
    const boot = event.data;
    if (!boot || boot.v !== 1 || boot.kind !== 'boot') return;
    if (typeof boot.script !== 'string' || !(boot.wasm instanceof ArrayBuffer)) return;
    // Replies go only to the page that booted the frame.
    if (event.origin !== 'null') hostOrigin = event.origin;
    const url = URL.createObjectURL(new Blob([boot.script], { type: 'text/javascript' }));
    worker = new Worker(url);
    worker.onmessage = (m) => {
      URL.revokeObjectURL(url);
      if (typeof m.data === 'string') toHost(m.data);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      toHost(JSON.stringify({ v: 1, kind: 'crashed', message: 'the worker failed: ' + String(e.message || 'no message') }));
    };
    worker.postMessage({ wasm: boot.wasm }, [boot.wasm]);
  });
  host.postMessage(JSON.stringify({ v: 1, kind: 'frame' }), '*');
})();`;

// The keeper (keeper.ts): a hidden sandboxed frame that only compiles the engine's wasm and holds it.

/** The keeper's policy: its inline script and wasm compilation, nothing else. */
export const KEEPER_CSP = "default-src 'none'; script-src 'unsafe-inline' 'wasm-unsafe-eval'";

/** The keeper's script: compiles the bytes of its parent's one message and keeps the module. */
export const KEEPER_SCRIPT = `(() => {
  'use strict';
  let held = null;
  const onMessage = (event) => {
    if (event.source !== parent || !(event.data instanceof ArrayBuffer)) return;
    removeEventListener('message', onMessage);
    WebAssembly.compile(event.data).then((module) => { held = module; }, () => {});
  };
  addEventListener('message', onMessage);
})();`;

/** Every inline script of the sandbox's frames, for the page's policy to allow by hash. */
export const SANDBOX_SCRIPTS: readonly string[] = [FRAME_SCRIPT, KEEPER_SCRIPT];

/** The frame's whole document. */
export function frameDocument(): string {
  return sandboxDocument(FRAME_CSP, FRAME_SCRIPT);
}

/** A frame document holding only its policy and one inline script. */
export function sandboxDocument(csp: string, script: string): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    `<script>${script}</script>`,
    '</head><body></body></html>',
  ].join('\n');
}

/**
 * A hidden `sandbox="allow-scripts"` frame showing `srcdoc`, not yet in the page. With allow-scripts
 * alone the frame's origin is opaque ("null"), so it reaches none of the page's storage.
 */
export function hiddenSandboxFrame(title: string, srcdoc: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.title = title;
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  frame.srcdoc = srcdoc;
  return frame;
}
