// The sandbox worker: a classic worker started from a Blob URL inside the sandboxed frame. Its first
// message carries the QuickJS wasm bytes; it answers every later message (a request as JSON text) with
// one reply as JSON text, except a call whose promise can never settle, which the host's timer ends.
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';
import { Engine } from './engine';
import { UNGOVERNED } from './frame';
import type { Reply, ReplyBody, Request } from './protocol';
import { MAX_REPLY_BYTES, PROTOCOL_VERSION, fits, utf8Bytes } from './wire';

// The DOM lib types `self` as a Window; this file runs in a dedicated worker.
const scope = self as unknown as {
  postMessage(message: string): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

// Guest code never sees these (it runs in QuickJS), but should QuickJS ever leak, the worker has none.
const network = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts'];
const storage = ['indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'SharedWorker', 'Request'];

function remove(names: readonly string[]): void {
  for (const name of names) {
    try {
      Object.defineProperty(self, name, { value: undefined, writable: false, configurable: false });
    } catch {
      // Some names are not configurable in some browsers; the frame's CSP blocks the network anyway.
    }
  }
}

// What no policy governs goes before anything else runs; the rest once the engine has started.
remove(UNGOVERNED);

function lockDown(): void {
  remove([...network, ...storage]);
}

const send = (reply: Reply) => scope.postMessage(JSON.stringify(reply));

function answer(id: number, body: ReplyBody): void {
  const text = JSON.stringify({ v: PROTOCOL_VERSION, id, ...body });
  if (fits(text, MAX_REPLY_BYTES)) return scope.postMessage(text);
  const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
  const message = `the plugin's reply is ${kb(utf8Bytes(text))}, over the limit of ${kb(MAX_REPLY_BYTES)} per message`;
  const durationMs = 'durationMs' in body ? body.durationMs : 0;
  const error = { code: 'PLUGIN_ERROR', reason: 'oversized', message } as const;
  send({ v: PROTOCOL_VERSION, id, kind: 'failed', error, durationMs, logs: [] });
}

function serve(engine: Engine, event: MessageEvent): void {
  let request: Request;
  try {
    request = JSON.parse(String(event.data)) as Request;
  } catch {
    return;
  }
  if (request.kind === 'load') answer(request.id, engine.load(request.source, request.limits));
  else {
    const reply = engine.call(request.fn, request.args);
    if (reply) answer(request.id, reply);
  }
}

// Runs a tiny plugin once, so the first visitor call does not pay for the wasm's first run.
function warmUp(engine: Engine): void {
  const limits = {
    deadlineMs: 1000,
    memoryBytes: 8 << 20,
    stackBytes: 64 << 10,
    seed: 1,
    now: 0,
    interrupt: true,
  };
  engine.load("export const name = 'warm-up';\nexport function observed(e) { return [e]; }", limits);
  engine.call('observed', [{ a: 1 }]);
  engine.dispose();
}

async function boot(event: MessageEvent): Promise<void> {
  scope.removeEventListener('message', onBoot);
  const wasm = (event.data as { wasm?: unknown } | null)?.wasm;
  try {
    if (!(wasm instanceof ArrayBuffer)) throw new Error('the first message must carry the wasm bytes');
    // In a Blob worker of an opaque origin, resolving the wasm's URL throws; it is never fetched anyway.
    const variant = newVariant(RELEASE_SYNC, {
      wasmBinary: wasm,
      locateFile: () => 'emscripten-module.wasm',
    });
    const quickjs = await newQuickJSWASMModuleFromVariant(variant);
    const engine = new Engine(quickjs);
    warmUp(engine);
    lockDown();
    scope.addEventListener('message', (e) => serve(engine, e));
    send({ v: PROTOCOL_VERSION, kind: 'ready' });
  } catch (thrown) {
    send({ v: PROTOCOL_VERSION, kind: 'crashed', message: `the engine did not start: ${String(thrown)}` });
  }
}

const onBoot = (event: MessageEvent) => void boot(event);
scope.addEventListener('message', onBoot);
