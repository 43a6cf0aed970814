// Model-based test of the filesystem issue: random sequences of agent reads, writes and edits (through
// the whole harness), external edits, deletes and page reloads, checked after every command against the
// pure reference in tests/model/reference.ts: the error code, every file's content and version, both
// sessions' ledgers, and the journal. Some agent calls are stopped at a random point: such a call must
// end with its own outcome (it finished first), or change nothing (ABORTED_BEFORE_DISPATCH, or ABORTED
// before its mutation), or have committed its mutation whole (ABORTED after it) while its observation is
// never recorded. Never half a mutation, and nothing lands after the stop.
//
//   MODEL_RUNS=100000 npx vitest run tests/unit/fs/model-based.test.ts   (npm run test:model)
//   MODEL_SEED=… MODEL_PATH=… replay a failure that fast-check printed.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { IdbBackend, MemoryBackend, connect } from '../../../src/fs';
import { commands } from '../../model/arbitraries';
import {
  SESSIONS,
  canonical,
  initialState,
  step,
  type Command,
  type RefState,
  type RefStep,
  type Stop,
} from '../../model/reference';
import { boot, execute, reload, type Backends, type World } from '../../model/world';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MEMORY_RUNS = env('MODEL_RUNS', 1000);
const IDB_RUNS = env('MODEL_IDB_RUNS', Math.max(100, Math.round(MEMORY_RUNS / 100)));
const replay = {
  ...(process.env.MODEL_SEED ? { seed: Number(process.env.MODEL_SEED) } : {}),
  ...(process.env.MODEL_PATH ? { path: process.env.MODEL_PATH } : {}),
};

/** How a run's pages reach their storage: the same backends after a reload, or new ones on the same data. */
interface Storage {
  name: string;
  runs: number;
  length: number;
  /** Storage for one run; `open` is called at the start and after every reload. */
  make: () => { open: () => Backends };
}

const memory: Storage = {
  name: 'MemoryBackend',
  runs: MEMORY_RUNS,
  length: 40,
  make: () => {
    // The in-memory workspace lives as long as the page; a reload keeps it here so that the ledger
    // restore is what gets tested. Changes behind the agents' backs use the same backend.
    const fs = new MemoryBackend();
    return { open: () => ({ fs, external: fs }) };
  },
};

const idb: Storage = {
  name: 'IdbBackend (fake-indexeddb)',
  runs: IDB_RUNS,
  length: 30,
  make: () => {
    // One database per run. Each page opens new connections; external changes come through a second
    // connection, as from another tab.
    const factory = new IDBFactory();
    const open = () => new IdbBackend({ useStore: connect('workspace:model', factory) });
    return { open: () => ({ fs: open(), external: open() }) };
  },
};

/** `${command kind}:${code}` → how often it happened, to show that the guards were really exercised. */
const seen = new Map<string, number>();

/**
 * Maps the reference's version numbers to the backend's opaque tokens. Versions are counted per path, so
 * one token may serve several paths, but a path must never get a token it had before.
 */
class Versions {
  private readonly tokens = new Map<number, string>();
  private readonly issued = new Set<string>();

  token(ref: number, real: string | undefined, path: string, where: string): string {
    const known = this.tokens.get(ref);
    if (known !== undefined) {
      expect(real ?? known, `${where}: version`).toBe(known);
      return known;
    }
    expect(real, `${where}: a new version was reported`).toBeTypeOf('string');
    const key = `${path} ${real!}`;
    expect(this.issued.has(key), `${where}: version ${real} of ${path} was issued before`).toBe(false);
    this.tokens.set(ref, real!);
    this.issued.add(key);
    return real!;
  }

  of(ref: number): string {
    const token = this.tokens.get(ref);
    if (token === undefined) throw new Error(`reference version ${ref} was never reported`);
    return token;
  }
}

async function compare(world: World, ref: RefState, versions: Versions, where: string): Promise<void> {
  const files = await Promise.all(
    (await world.fs.list()).map(async (info) => ({
      ...info,
      content: (await world.fs.read(info.path))?.content,
    })),
  );
  const expected = [...ref.files].map(([path, f]) => ({
    path,
    version: versions.of(f.version),
    content: f.content,
  }));
  expect(
    files.map(({ path, version, content }) => ({ path, version, content })),
    `${where}: files`,
  ).toEqual(expected.sort((a, b) => (a.path < b.path ? -1 : 1)));
  for (const session of SESSIONS) {
    const real = [...world.policy.ledger(session)].map(([path, e]) =>
      e.state === 'present' ? [path, e.version] : [path, 'absent'],
    );
    const want = [...ref.ledgers.get(session)!].map(([path, e]) =>
      e.state === 'present' ? [path, versions.of(e.version)] : [path, 'absent'],
    );
    expect(real.sort(), `${where}: ledger of ${session}`).toEqual(want.sort());
  }
  const journal = (await world.fs.journal()).map((m, i) => [
    m.seq - i,
    m.op,
    m.path,
    m.version,
    m.by.kind === 'agent' ? m.by.session : 'external',
  ]);
  const wantJournal = ref.journal.map((c) => [
    1,
    c.op,
    c.path,
    c.version === null ? null : versions.of(c.version),
    c.by,
  ]);
  expect(journal, `${where}: journal`).toEqual(wantJournal);
}

/** Turns of the event loop: microtasks, or whole tasks. */
async function pass(stop: Stop): Promise<void> {
  for (let i = 0; i < stop.ticks; i++) {
    if (stop.macro) await new Promise((resolve) => setTimeout(resolve, 0));
    else await Promise.resolve();
  }
}

type AgentCommand = Extract<Command, { session: string }>;

/**
 * Runs an agent's call that is stopped at `command.stop`, and gives the state the reference must now be
 * in: the call's own prediction when it finished first; the state before it when it was stopped before it
 * changed anything; or, when it had committed its mutation, the predicted files and journal with the
 * ledgers of before (the model never learned of the change). Which of the last two it is, the journal
 * tells: anything in between (half a mutation) fails the comparison that follows.
 */
async function stopped(
  world: World,
  command: AgentCommand & { stop: Stop },
  ref: RefState,
  predicted: RefStep,
  versions: Versions,
  where: string,
): Promise<{ state: RefState; code: string | null }> {
  const controller = new AbortController();
  if (command.stop.ticks === 0) controller.abort();
  const running = execute(world, command, controller.signal);
  await pass(command.stop);
  controller.abort();
  const outcome = await running;
  const code = outcome.code;
  if (code === 'ABORTED_BEFORE_DISPATCH') return { state: ref, code };
  if (code !== 'ABORTED') {
    expect(code, `${where}: code of a call that finished before its stop`).toBe(predicted.code);
    if (predicted.version !== undefined) {
      versions.token(predicted.version, outcome.version, canonical(command.path)!, where);
    }
    return { state: predicted.state, code };
  }
  const committed = (await world.fs.journal()).length > ref.journal.length;
  if (!committed) return { state: ref, code };
  // The mutation landed whole before the stop: its version is in the workspace, not in the outcome.
  const path = canonical(command.path)!;
  if (predicted.version !== undefined) {
    versions.token(predicted.version, (await world.fs.read(path))?.version, path, where);
  }
  return { state: { ...predicted.state, ledgers: ref.ledgers }, code: 'ABORTED (committed)' };
}

async function runCommands(storage: Storage, cmds: Command[]): Promise<void> {
  const { open } = storage.make();
  let world = boot(open());
  let ref = initialState;
  const versions = new Versions();
  for (const [i, command] of cmds.entries()) {
    const where = `command ${i} ${JSON.stringify(command)}`;
    const predicted = step(ref, command);
    if (command.kind === 'reload') world = reload(world, open());
    else if ('session' in command && command.stop) {
      const done = await stopped(world, { ...command, stop: command.stop }, ref, predicted, versions, where);
      count(`${command.kind}:${done.code}`);
      ref = done.state;
      await compare(world, ref, versions, where);
      continue;
    } else {
      const outcome = await execute(world, command);
      count(`${command.kind}:${outcome.code}`);
      expect(outcome.code, `${where}: code`).toBe(predicted.code);
      if (predicted.version !== undefined) {
        versions.token(predicted.version, outcome.version, canonical(command.path)!, where);
      }
    }
    ref = predicted.state;
    await compare(world, ref, versions, where);
  }
  // A stopped tool may still be going: give it time, then check that nothing landed late.
  await pass({ ticks: 5, macro: true });
  await compare(world, ref, versions, 'after the last command');
}

const count = (key: string) => seen.set(key, (seen.get(key) ?? 0) + 1);

describe.each([memory, idb])('the harness over $name agrees with the reference model', (storage) => {
  it(
    `in ${storage.runs} random runs of up to ${storage.length} commands`,
    async () => {
      await fc.assert(
        fc.asyncProperty(commands(storage.length), (cmds) => runCommands(storage, cmds)),
        { numRuns: storage.runs, ...replay },
      );
    },
    Math.max(60_000, storage.runs * 50),
  );
});

// With the default run counts, every guard must have been met: these are the collisions the
// arbitraries are built to produce.
afterAll(() => {
  if (process.env.MODEL_VERBOSE) console.log(Object.fromEntries([...seen].sort()));
  if (replay.seed !== undefined || MEMORY_RUNS < 1000) return;
  const required = [
    'read:null',
    'read:FS_NOT_FOUND',
    'read:FS_OFFSET_PAST_END',
    'read:FS_INVALID_PATH',
    'write:null',
    'write:FS_NOT_OBSERVED',
    'write:FS_STALE_VERSION',
    'write:FS_INVALID_PATH',
    'edit:null',
    'edit:FS_NOT_OBSERVED',
    'edit:FS_NOT_FOUND',
    'edit:FS_STALE_VERSION',
    'edit:FS_EDIT_NOT_FOUND',
    'edit:FS_AMBIGUOUS_EDIT',
    'edit:FS_NO_CHANGE',
    'edit:FS_EMPTY_OLD_STRING',
    'insert:null',
    'insert:FS_STALE_VERSION',
    'insert:FS_OFFSET_PAST_END',
    'external-write:null',
    'external-edit:null',
    'delete:null',
    // Stops: before the call, during it with nothing changed, and after its mutation committed.
    'read:ABORTED_BEFORE_DISPATCH',
    'read:ABORTED',
    'write:ABORTED_BEFORE_DISPATCH',
    'write:ABORTED',
    'write:ABORTED (committed)',
    'edit:ABORTED',
    'edit:ABORTED (committed)',
    'insert:ABORTED',
  ];
  // A stop that lands after the commit and before the result is rare (about ten times in a default run).
  const least = (key: string) => (key.endsWith('(committed)') ? 1 : 5);
  expect(required.filter((key) => (seen.get(key) ?? 0) < least(key))).toEqual([]);
});
