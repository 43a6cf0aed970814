// The in-page half of `npm run bench` (scripts/bench.mjs): the same read+edit cycles done through the
// whole harness over IndexedDB, through it over the in-memory backend, through the IndexedDB backend
// alone, and as bare idb-keyval get/set calls. Times are measured here, in the
// page, with performance.now(); the script takes warm-up runs, repeats and medians.
import { createStore, get, set } from 'idb-keyval';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import type { FsBackend } from '../../../src/fs/types';
import { Hooks, Registry, Session } from '../../../src/harness';
import { fsObservationPolicy } from '../../../src/plugins/fs-observation-policy';
import { fileTools } from '../../../src/tools';

/** One benchmark: `cycles` read+edit cycles on a file of `lines` lines, reading `window` lines. */
export interface CycleSpec {
  cycles: number;
  lines: number;
  /** Lines a read shows; the whole file when it is at least `lines`. */
  window: number;
}

declare global {
  interface Window {
    __bench?: {
      /** Prepares a benchmark of `kind` (a fresh database and file) and returns its handle. */
      open(kind: Kind, spec: CycleSpec): Promise<number>;
      /** Runs the next `count` cycles of an opened benchmark; the time in ms. */
      run(handle: number, count: number): Promise<number>;
      /** Forgets a benchmark after checking that the file ends with the expected counter. */
      close(handle: number): Promise<void>;
      userAgent: string;
    };
  }
}

type Kind = 'harness' | 'memory' | 'backend' | 'bare' | 'early';

const PATH = '/bench.txt';
let databases = 0;
const unique = (what: string) => `bench-${what}-${Date.now().toString(36)}-${++databases}`;

// 13 + 36 characters and a newline: 50 bytes a line, so 100,000 lines make 5 MB.
const FILLER = 'lorem ipsum dolor sit amet, consecte';

/** A file of `lines` lines of 50 bytes; its middle line holds the counter the cycles bump. */
function makeFile(lines: number): { content: string; counterLine: number } {
  const counterLine = Math.ceil(lines / 2);
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    out.push(i === counterLine ? counter(0) : `line ${String(i).padStart(6, '0')}: ${FILLER}`);
  }
  return { content: out.join('\n') + '\n', counterLine };
}

const counter = (n: number) => `[counter ${String(n).padStart(8, '0')}]`;

/** The window a cycle reads: `window` lines around the counter (the whole file when it is small). */
function windowOf(spec: CycleSpec, counterLine: number): { offset: number; limit: number } {
  if (spec.window >= spec.lines) return { offset: 1, limit: spec.lines };
  return { offset: Math.max(1, counterLine - Math.floor(spec.window / 2)), limit: spec.window };
}

/** Turns one cycle into a runner that times batches of cycles. */
function runner(cycle: (i: number) => Promise<void>, check: (done: number) => Promise<void>) {
  const r = {
    done: 0,
    async run(count: number): Promise<number> {
      const started = performance.now();
      for (let n = 0; n < count; n++) await cycle(r.done++);
      return performance.now() - started;
    },
    check: () => check(r.done),
  };
  return r;
}

async function harness(
  spec: CycleSpec,
  fs: FsBackend = new IdbBackend({ useStore: connect(unique('harness'), indexedDB) }),
) {
  const { content, counterLine } = makeFile(spec.lines);
  await fs.write(PATH, content, { kind: 'none' }, { kind: 'external', who: 'scenario' });
  const hooks = new Hooks();
  hooks.install(fsObservationPolicy());
  const registry = new Registry();
  for (const tool of fileTools(fs)) registry.register(tool);
  const session = new Session({ id: 'bench', registry, hooks });
  const { offset, limit } = windowOf(spec, counterLine);
  return runner(
    async (i) => {
      const read = await session.call('read', { path: PATH, offset, limit });
      const edit = await session.call('edit', {
        path: PATH,
        old_string: counter(i),
        new_string: counter(i + 1),
      });
      const failed = read.outcome.result.error ?? edit.outcome.result.error;
      if (failed) throw new Error(`cycle ${i}: ${failed.code} ${failed.message}`);
    },
    async (done) => expectCounter((await fs.read(PATH))?.content, done),
  );
}

// The harness over the in-memory backend: its own work, with no storage round trip between the steps.
const memory = (spec: CycleSpec) => harness(spec, new MemoryBackend());

// The storage layer alone, to tell its cost from the harness's: the same cycles as direct IdbBackend
// calls, the edit guarded by the version just read.
async function backend(spec: CycleSpec) {
  const fs = new IdbBackend({ useStore: connect(unique('backend'), indexedDB) });
  const agent = { kind: 'agent', session: 'bench' } as const;
  const { content, counterLine } = makeFile(spec.lines);
  await fs.write(PATH, content, { kind: 'none' }, agent);
  const { offset, limit } = windowOf(spec, counterLine);
  return runner(
    async (i) => {
      const file = (await fs.read(PATH))!;
      const shown = file.content.split('\n').slice(offset - 1, offset - 1 + limit).length;
      if (shown !== limit) throw new Error(`cycle ${i}: a window of ${shown} lines`);
      const guard = { kind: 'ifVersion', version: file.version } as const;
      await fs.edit(PATH, { oldString: counter(i), newString: counter(i + 1) }, guard, agent);
    },
    async (done) => expectCounter((await fs.read(PATH))?.content, done),
  );
}

/** The same data work over plain `get` and `put` of the text, as the baselines do it. */
async function textCycles(
  spec: CycleSpec,
  load: () => Promise<string | undefined>,
  store: (text: string) => Promise<unknown>,
) {
  const { content, counterLine } = makeFile(spec.lines);
  await store(content);
  const { offset, limit } = windowOf(spec, counterLine);
  return runner(
    async (i) => {
      // Fetch the text, cut the window a person would see, replace, store.
      const text = (await load())!;
      const shown = text.split('\n').slice(offset - 1, offset - 1 + limit).length;
      if (shown !== limit) throw new Error(`cycle ${i}: a window of ${shown} lines`);
      const at = text.indexOf(counter(i));
      if (at === -1) throw new Error(`cycle ${i}: counter not found`);
      await store(text.slice(0, at) + counter(i + 1) + text.slice(at + counter(i).length));
    },
    async (done) => expectCounter(await load(), done),
  );
}

async function bare(spec: CycleSpec) {
  const kv = createStore(unique('bare'), 'kv');
  return textCycles(
    spec,
    () => get<string>(PATH, kv),
    (text) => set(PATH, text, kv),
  );
}

// The same data work on IndexedDB without idb-keyval, each transaction told to commit as soon as its one
// request is made, as the IdbBackend does: to show what of the gap to bare idb-keyval that alone closes.
async function early(spec: CycleSpec) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(unique('early'));
    open.onupgradeneeded = () => open.result.createObjectStore('kv');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const request = <T>(mode: IDBTransactionMode, make: (store: IDBObjectStore) => IDBRequest<T>) => {
    const tx = db.transaction('kv', mode);
    const made = make(tx.objectStore('kv'));
    tx.commit();
    return new Promise<T>((resolve, reject) => {
      // A read is done when its request is; a write when its transaction is.
      if (mode === 'readonly') made.onsuccess = () => resolve(made.result);
      else tx.oncomplete = () => resolve(made.result);
      tx.onabort = () => reject(tx.error);
    });
  };
  return textCycles(
    spec,
    () => request('readonly', (store) => store.get(PATH) as IDBRequest<string | undefined>),
    (text) => request('readwrite', (store) => store.put(text, PATH)),
  );
}

function expectCounter(text: string | undefined, done: number): void {
  if (!text?.includes(counter(done))) throw new Error(`after ${done} cycles the file lacks ${counter(done)}`);
}

const KINDS = { harness, memory, backend, bare, early };
const open = new Map<number, Awaited<ReturnType<typeof bare>>>();
let handles = 0;

window.__bench = {
  async open(kind, spec) {
    open.set(++handles, await KINDS[kind](spec));
    return handles;
  },
  run: (handle, count) => open.get(handle)!.run(count),
  async close(handle) {
    await open.get(handle)!.check();
    open.delete(handle);
  },
  userAgent: navigator.userAgent,
};
document.body.dataset.ready = 'true';
