// A hidden sandboxed frame that holds the engine's compiled wasm for the page's life. Chromium puts the
// page's sandboxed frames in one renderer process while any of them lives, and V8 shares the compiled
// code of one wasm module among the workers of that process, including the functions it compiles only
// on their first call. Without a frame that outlives the sandboxes, the process ends with the last
// sandbox (disposed, or replaced after a timeout), and the next one pays again for a new process and for
// compiling QuickJS function by function: about half of its start. The frame runs no visitor code,
// starts no worker, and sends nothing back, so the host reads no message from it.
import { fetchAssets } from './assets';
import { hiddenSandboxFrame, sandboxDocument } from './frame';

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

let kept: HTMLIFrameElement | null = null;

/**
 * Starts the keeper once per page, right after the first sandbox's frame (so it joins that frame's
 * process). Later calls do nothing. Failing to start it costs only speed.
 */
export function keepEngineWarm(): void {
  if (kept) return;
  const frame = hiddenSandboxFrame('plugin sandbox engine cache', sandboxDocument(KEEPER_CSP, KEEPER_SCRIPT));
  kept = frame;
  frame.addEventListener(
    'load',
    () => {
      fetchAssets().then(
        ({ wasm }) => {
          const bytes = wasm();
          frame.contentWindow?.postMessage(bytes, '*', [bytes]);
        },
        () => {},
      );
    },
    { once: true },
  );
  document.body.append(frame);
}
