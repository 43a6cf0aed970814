// The in-page half of scripts/bench-sandbox.mjs: the plugin sandbox's start, its first and warm hook
// round trips, and a harness tool call with a sandboxed post-execute plugin against one without. Times
// are taken here with performance.now(); the script does the warm-up, the repeats and the medians.
import { MemoryBackend } from '../../../src/fs';
import { type Json, Hooks, Registry, Session, postExecute, toJson } from '../../../src/harness';
import { fsObservationPolicy } from '../../../src/plugins/fs-observation-policy';
import type { Sandbox } from '../../../src/sandbox';
import { fileTools } from '../../../src/tools';

/** One fresh sandbox: its start, the load of a small plugin, and the first call after it. */
export interface FirstCall {
  createMs: number;
  loadMs: number;
  firstCallMs: number;
}

/** Which post-execute plugin a tool-call run has: none, a sandboxed one that passes, or one that replaces. */
export type Kind = 'none' | 'pass' | 'replace';

declare global {
  interface Window {
    __sbench?: {
      /** Creates a sandbox, loads a small plugin, calls it once, and disposes of it. */
      first(): Promise<FirstCall>;
      /** Times `calls` postExecute round trips (after a few untimed ones) in one fresh sandbox; ms each. */
      warm(calls: number): Promise<number[]>;
      /** Prepares a harness session with the given plugin; returns its handle. */
      open(kind: Kind): Promise<number>;
      /** Runs `count` read calls on an opened session; the time in ms. */
      run(handle: number, count: number): Promise<number>;
      /** Disposes of an opened session's sandbox. */
      close(handle: number): void;
      /** The UTF-8 size of the postExecute input the round trips carry. */
      inputBytes: number;
    };
  }
}

const PATH = '/notes.txt';
// 20 lines of 50 bytes: a read result of about 1 KB.
const FILE = Array.from(
  { length: 20 },
  (_, i) => `line ${String(i + 1).padStart(6, '0')}: lorem ipsum dolor sit amet, consecte\n`,
).join('');

const PASS = `export const name = 'bench-pass';
export function postExecute(input) { return { action: 'pass' }; }`;

const REPLACE = `export const name = 'bench-replace';
export function postExecute(input) {
  const text = input.result.content.map((block) => block.text).join('\\n\\n');
  return { action: 'accept', content: [{ type: 'text', text: text.replace(/lorem/g, 'LOREM') }] };
}`;

const loadSandbox = () => import('../../../src/sandbox');
// A long grace: on a busy machine a reply can come back late, and this page measures, it tests no timeout.
const SPEC = { graceMs: 10_000 };

/** A harness over a 1 KB file in memory, with the observation policy and `plugin`'s contributions. */
async function harness(install?: (hooks: Hooks) => void) {
  const fs = new MemoryBackend();
  await fs.write(PATH, FILE, { kind: 'none' }, { kind: 'external', who: 'scenario' });
  const hooks = new Hooks();
  hooks.install(fsObservationPolicy());
  install?.(hooks);
  const registry = new Registry();
  for (const tool of fileTools(fs)) registry.register(tool);
  return new Session({ id: 'bench', registry, hooks });
}

/** The postExecute input of a real read of the file, as JSON: what a sandboxed plugin is sent. */
async function readInput(): Promise<Json> {
  let seen: unknown;
  const session = await harness((hooks) =>
    hooks.install({
      name: 'capture',
      contributions: [postExecute.of((input) => ((seen = input), { action: 'pass' }))],
    }),
  );
  await session.call('read', { path: PATH });
  const json = toJson(seen);
  if (!json.ok) throw new Error(`the postExecute input is not JSON: ${json.error}`);
  return json.value;
}

async function started(
  source: string,
): Promise<{ sandbox: Sandbox; loaded: Awaited<ReturnType<Sandbox['load']>> }> {
  const { Sandbox } = await loadSandbox();
  const sandbox = await Sandbox.create(SPEC);
  const loaded = await sandbox.load(source);
  if (!loaded.ok) throw new Error(`the plugin did not load: ${loaded.error.message}`);
  return { sandbox, loaded };
}

async function first(): Promise<FirstCall> {
  const { Sandbox } = await loadSandbox();
  const t0 = performance.now();
  const sandbox = await Sandbox.create(SPEC);
  const t1 = performance.now();
  try {
    const loaded = await sandbox.load(PASS);
    const t2 = performance.now();
    const call = await sandbox.call('postExecute', input);
    const t3 = performance.now();
    if (!loaded.ok || !call.ok) throw new Error('the first call failed');
    return { createMs: t1 - t0, loadMs: t2 - t1, firstCallMs: t3 - t2 };
  } finally {
    sandbox.dispose();
  }
}

async function warm(calls: number): Promise<number[]> {
  const { sandbox } = await started(PASS);
  try {
    for (let i = 0; i < 10; i++) await sandbox.call('postExecute', input);
    const times: number[] = [];
    for (let i = 0; i < calls; i++) {
      const start = performance.now();
      const result = await sandbox.call('postExecute', input);
      times.push(performance.now() - start);
      if (!result.ok) throw new Error(`call ${i} failed: ${result.error.message}`);
    }
    return times;
  } finally {
    sandbox.dispose();
  }
}

interface Opened {
  session: Session;
  sandbox?: Sandbox;
}

async function open(kind: Kind): Promise<Opened> {
  if (kind === 'none') return { session: await harness() };
  const { sandboxPlugin } = await loadSandbox();
  const { sandbox, loaded } = await started(kind === 'pass' ? PASS : REPLACE);
  if (!loaded.ok) throw new Error('unreachable');
  const session = await harness((hooks) => hooks.install(sandboxPlugin(sandbox, loaded)));
  const probe = await session.call('read', { path: PATH });
  const shown = probe.outcome.result.content.map((block) => block.text).join('');
  if (shown.includes('LOREM') !== (kind === 'replace')) throw new Error(`the ${kind} plugin did not act`);
  return { session, sandbox };
}

async function run({ session }: Opened, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const call = await session.call('read', { path: PATH });
    const failed = call.outcome.result.error;
    if (failed) throw new Error(`read ${i}: ${failed.code} ${failed.message}`);
  }
  return performance.now() - start;
}

const input = await readInput();
const opened = new Map<number, Opened>();
let handles = 0;

window.__sbench = {
  first,
  warm,
  async open(kind) {
    opened.set(++handles, await open(kind));
    return handles;
  },
  run: (handle, count) => run(opened.get(handle)!, count),
  close(handle) {
    opened.get(handle)?.sandbox?.dispose();
    opened.delete(handle);
  },
  inputBytes: new TextEncoder().encode(JSON.stringify(input)).length,
};
document.body.dataset.ready = 'true';
