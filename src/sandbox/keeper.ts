// A hidden sandboxed frame that holds the engine's compiled wasm for the page's life. Chromium puts the
// page's sandboxed frames in one renderer process while any of them lives, and V8 shares the compiled
// code of one wasm module among the workers of that process, including the functions it compiles only
// on their first call. Without a frame that outlives the sandboxes, the process ends with the last
// sandbox (disposed, or replaced after a timeout), and the next one pays again for a new process and for
// compiling QuickJS function by function: about half of its start. The frame runs no visitor code,
// starts no worker, and sends nothing back, so the host reads no message from it.
import { fetchAssets } from './assets';
import { KEEPER_CSP, KEEPER_SCRIPT, hiddenSandboxFrame, sandboxDocument } from './frame';

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
