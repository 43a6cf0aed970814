// The host page of the sandbox escape suite (sandbox-escape.spec.ts) and of the round-trip benchmark. It
// keeps a canary in its IndexedDB, localStorage and cookies, ticks a timer all along, and runs hostile
// plugins through the real sandbox: QuickJS in a Blob worker in a sandboxed frame.
import type { Json } from '../../../src/harness/json';
import type { CallResult, GuestFunction, LoadResult, Sandbox, SandboxSpec } from '../../../src/sandbox';

/** One hostile plugin and how to call it. */
export interface Attack {
  source: string;
  /** The function to call after loading; none when the attack is in the load itself. */
  fn?: GuestFunction;
  args?: Json[];
  spec?: Omit<SandboxSpec, 'link'>;
  /** Post fake replies from a same-origin frame of the page while the call runs. */
  spoofFromOtherFrame?: boolean;
}

/** What an attack came to, and the state of the page around it. */
export interface AttackReport {
  load: LoadResult;
  call?: CallResult;
  /** A benign plugin loaded and called in the same sandbox afterwards. */
  healthy: boolean;
  workersStarted: number;
  ignoredReplies: number;
  elapsedMs: number;
  ticksDuring: number;
  ticksAfter: number;
  canaryIntact: boolean;
  prototypeClean: boolean;
}

/** Round-trip figures of one hook call through the sandbox. */
export interface RoundTrip {
  /** Sandbox.create + load + the first call, engine start included. */
  firstCallMs: number;
  createMs: number;
  loadMs: number;
  warmMedianMs: number;
  warmP95Ms: number;
  calls: number;
}

/** What the page offers the specs, on `window.__lab`. */
export interface Lab {
  ready: Promise<void>;
  attack(attack: Attack): Promise<AttackReport>;
  roundTrip(calls?: number): Promise<RoundTrip>;
  /** Keeps a sandbox open for a spec that drives its frame directly; returns its frame's name. */
  open(): Promise<void>;
  /** Calls the open sandbox's `observed` after loading `source`. */
  callOpen(source: string): Promise<{ load: LoadResult; call: CallResult; ignoredReplies: number }>;
}

declare global {
  interface Window {
    __lab?: Lab;
  }
}

const CANARY = `canary-${Math.random().toString(36).slice(2)}`;
const TICK_MS = 10;
let ticks = 0;
setInterval(() => {
  ticks++;
  document.querySelector('#ticks')!.textContent = String(ticks);
}, TICK_MS);

const objectPrototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();

function idb<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('sandbox-canary', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('kv');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const request = run(open.result.transaction('kv', mode).objectStore('kv'));
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result);
      };
      request.onerror = () => reject(request.error);
    };
  });
}

async function plantCanary(): Promise<void> {
  localStorage.setItem('sandbox-canary', CANARY);
  document.cookie = `sandbox-canary=${CANARY}; path=/; SameSite=Strict`;
  await idb((store) => store.put(CANARY, 'canary'), 'readwrite');
}

async function canaryIntact(): Promise<boolean> {
  const stored = await idb((store) => store.get('canary') as IDBRequest<string>, 'readonly');
  const keys = await idb((store) => store.getAllKeys(), 'readonly');
  return (
    stored === CANARY &&
    keys.length === 1 &&
    localStorage.getItem('sandbox-canary') === CANARY &&
    localStorage.length === 1 &&
    document.cookie === `sandbox-canary=${CANARY}`
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const BENIGN = "export const name = 'benign';\nexport function observed(e) { return { echo: e }; }";

async function healthy(sandbox: Sandbox): Promise<boolean> {
  const load = await sandbox.load(BENIGN);
  const call = await sandbox.call('observed', { ok: 1 });
  return load.ok && call.ok && JSON.stringify(call.value) === '{"echo":{"ok":1}}';
}

// A same-origin frame of the page that floods the page with replies shaped like the sandbox's.
function spoofer(): () => void {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<script>
    let id = 0;
    setInterval(() => {
      for (let i = 0; i < 10; i++, id = (id + 1) % 20) {
        const reply = { v: 1, id, kind: 'returned', value: { verdict: 'allow', spoofed: true }, durationMs: 0, memoryBytes: 0, logs: [] };
        parent.postMessage(JSON.stringify(reply), '*');
        parent.postMessage(reply, '*');
      }
    }, 10);
  </script>`;
  document.body.append(frame);
  // The page itself posts as well: its own window is not the sandbox's frame either.
  const own = setInterval(() => {
    for (let id = 0; id < 20; id++) {
      const reply = {
        v: 1,
        id,
        kind: 'returned',
        value: { spoofed: true },
        durationMs: 0,
        memoryBytes: 0,
        logs: [],
      };
      window.postMessage(JSON.stringify(reply), '*');
    }
  }, 10);
  return () => {
    clearInterval(own);
    frame.remove();
  };
}

async function attack(attack: Attack): Promise<AttackReport> {
  const { Sandbox } = await import('../../../src/sandbox');
  // A long grace: on a busy machine a healthy reply can take over a second to come back, and only the
  // attacks meant to meet the host's timer should meet it.
  const sandbox = await Sandbox.create({ graceMs: 5000, ...attack.spec });
  try {
    const stopSpoofing = attack.spoofFromOtherFrame ? spoofer() : () => {};
    const startTicks = ticks;
    const started = performance.now();
    const load = await sandbox.load(attack.source);
    const call = attack.fn ? await sandbox.call(attack.fn, ...(attack.args ?? [])) : undefined;
    const elapsedMs = performance.now() - started;
    stopSpoofing();
    const ticksDuring = ticks - startTicks;
    const afterTicks = ticks;
    await pause(100);
    const ticksAfter = ticks - afterTicks;
    // A worker ended by the host is replaced at the next request: count workers after that one.
    const ok = await healthy(sandbox);
    const stats = sandbox.stats();
    return {
      load,
      ...(call ? { call } : {}),
      healthy: ok,
      workersStarted: stats.workersStarted,
      ignoredReplies: stats.ignoredReplies,
      elapsedMs,
      ticksDuring,
      ticksAfter,
      canaryIntact: await canaryIntact(),
      prototypeClean:
        Object.getOwnPropertyNames(Object.prototype).sort().join() === objectPrototypeKeys &&
        ({} as Record<string, unknown>).polluted === undefined,
    };
  } finally {
    sandbox.dispose();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

async function roundTrip(calls = 100): Promise<RoundTrip> {
  const t0 = performance.now();
  const { Sandbox } = await import('../../../src/sandbox');
  const sandbox = await Sandbox.create();
  const t1 = performance.now();
  const source = `export const name = 'bench';
    export function postExecute(input) { return { action: 'accept', content: [{ type: 'text', text: input.tool }] }; }`;
  await sandbox.load(source);
  const t2 = performance.now();
  const input = { session: 's', callId: 'c', tool: 'read', args: { path: '/a' }, result: { content: [] } };
  const first = await sandbox.call('postExecute', input);
  const t3 = performance.now();
  if (!first.ok) throw new Error(first.error.message);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await sandbox.call('postExecute', input);
    times.push(performance.now() - start);
  }
  sandbox.dispose();
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    firstCallMs: round(t3 - t0),
    createMs: round(t1 - t0),
    loadMs: round(t2 - t1),
    warmMedianMs: round(median(times)),
    warmP95Ms: round(p95(times)),
    calls,
  };
}

let opened: Sandbox | null = null;

window.__lab = {
  ready: plantCanary(),
  attack,
  roundTrip,
  async open() {
    const { Sandbox } = await import('../../../src/sandbox');
    opened = await Sandbox.create();
  },
  async callOpen(source) {
    if (!opened) throw new Error('call open() first');
    const load = await opened.load(source);
    const call = await opened.call('observed', {});
    return { load, call, ignoredReplies: opened.stats().ignoredReplies };
  },
};
document.body.dataset.ready = 'true';
