// A hidden sandboxed frame that holds the engine's compiled wasm for the page's life. Chromium puts the
// page's sandboxed frames in one renderer process while any of them lives, and V8 shares the compiled
// code of one wasm module among the workers of that process, including the functions it compiles only
// on their first call. Without a frame that outlives the sandboxes, the process ends with the last
// sandbox (disposed, or replaced after a timeout), and the next one pays again for a new process and for
// compiling QuickJS function by function: about half of its start. The frame runs no visitor code,
// starts no worker, and sends nothing back, so the host reads no message from it.
import { fetchAssets } from './assets';

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

function keeperDocument(): string {
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${KEEPER_CSP}">`,
    `<script>${KEEPER_SCRIPT}</script>`,
    '</head><body></body></html>',
  ].join('\n');
}

let kept: HTMLIFrameElement | null = null;

/**
 * Starts the keeper once per page, right after the first sandbox's frame (so it joins that frame's
 * process). Later calls do nothing. Failing to start it costs only speed.
 */
export function keepEngineWarm(): void {
  if (kept) return;
  const frame = document.createElement('iframe');
  kept = frame;
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.title = 'plugin sandbox engine cache';
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  frame.srcdoc = keeperDocument();
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
