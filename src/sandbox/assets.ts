/// <reference types="vite/client" />
// The two files the sandbox needs, both bundled with the site and served from it (no CDN): the worker
// script (Vite builds src/sandbox/worker.ts as a classic script, its own chunk) and QuickJS's wasm.
import wasmUrl from '@jitl/quickjs-wasmfile-release-sync/wasm?url';
import workerUrl from './worker?worker&url';

/** The worker's script as text, and a fresh copy of the wasm bytes for each worker (they are transferred). */
export interface Assets {
  script: string;
  wasm: () => ArrayBuffer;
}

let loading: Promise<{ script: string; wasm: ArrayBuffer }> | undefined;

async function download(url: string, as: 'text' | 'arrayBuffer'): Promise<string | ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return as === 'text' ? response.text() : response.arrayBuffer();
}

/** Fetches both files once per page; later sandboxes reuse them. */
export async function fetchAssets(): Promise<Assets> {
  loading ??= Promise.all([download(workerUrl, 'text'), download(wasmUrl, 'arrayBuffer')]).then(
    ([script, wasm]) => ({ script: script as string, wasm: wasm as ArrayBuffer }),
  );
  try {
    const { script, wasm } = await loading;
    return { script, wasm: () => wasm.slice(0) };
  } catch (error) {
    loading = undefined;
    throw error;
  }
}
