// The edit-safety arena: every hazard under every policy, each run in a workspace of its own in memory,
// and each outcome classified. Pure and deterministic: scripted steps, fake clocks, backend versions.
import { editIntent, writeIntent } from '../contracts/fs-intents';
import { MemoryBackend } from '../fs/memory';
import {
  fakeClock,
  Hooks,
  Registry,
  Session,
  type Contribution,
  type HarnessEvent,
  type NewEvent,
} from '../harness';
import { Hazard, arenaOutcomes, type ArenaOutcome, type HazardChange } from '../model/hazard';
import type { PolicySpec } from '../plugins/policies';
import { editTool } from '../tools/edit';
import { locatedEditTool } from '../tools/located-edit';
import { readTool } from '../tools/read';
import { writeTool } from '../tools/write';
import { smallDiff } from './external';

/** The `format` of an exported matrix. */
export const ARENA_FORMAT = 'harness-playground/arena';

/** A call of the agent (or the second agent) that ended with an error. */
export interface Refusal {
  step: number;
  agent: 'a' | 'b';
  tool: string;
  code: string;
}

/** One hazard under one policy: what it ended as, and the log to replay it from. */
export interface ArenaRun {
  hazard: string;
  policy: string;
  outcome: ArenaOutcome;
  refusals: Refusal[];
  /** Every file at the end, by path. */
  files: Record<string, string>;
  /**
   * The first agent's log (its transcript, external edits included), with each change the second agent
   * made to a file as an external edit `who: "agent"`, where it happened: the replay of a cell.
   */
  log: readonly HarnessEvent[];
}

/**
 * The rule, in this order, given every file at the end and whether any write or edit was refused:
 * 1. `kept`: the files are exactly the hazard's `meant` (every safe change made, every unsafe one
 *    refused): nothing anyone wrote was lost and no safe edit was refused;
 * 2. `lost-update`: something another party wrote (a hazard's `theirs`) is gone: silently overwritten;
 * 3. `false-refusal`: nothing of theirs is lost, a write or an edit was refused, and yet the files are
 *    not as meant: the refused change was a safe one;
 * 4. `corrupted`: nothing was lost or refused, and the files still differ: bytes outside the intended
 *    change were altered.
 */
export function classify(hazard: Hazard, files: Record<string, string>, refused: boolean): ArenaOutcome {
  const paths = new Set([...Object.keys(files), ...Object.keys(hazard.meant)]);
  if ([...paths].every((p) => files[p] === hazard.meant[p])) return 'kept';
  const gone = hazard.theirs.some((t) => {
    const now = files[t.path];
    return t.has !== undefined ? !now?.includes(t.has) : now?.includes(t.lacks ?? '') === true;
  });
  if (gone) return 'lost-update';
  return refused ? 'false-refusal' : 'corrupted';
}

const scenarioActor = { kind: 'external', who: 'scenario' } as const;

async function change(fs: MemoryBackend, c: HazardChange) {
  const before = await fs.read(c.path);
  if (c.content === null) await fs.delete(c.path, scenarioActor);
  else await fs.write(c.path, c.content, { kind: 'none' }, scenarioActor);
  const after = await fs.read(c.path);
  return { path: c.path, from: before?.version ?? null, version: after?.version ?? null };
}

/** One harness for the hazard's agents: the policy made afresh, the file tools, a session per agent. */
function harness(
  fs: MemoryBackend,
  policy: PolicySpec,
  hazard: string,
  gap: () => Promise<void>,
  logs?: Logs,
) {
  const plugin = policy.make({ read: (path) => fs.read(path) });
  // A hazard's `gap` lands after the policy has answered and before the tool writes.
  const gapped = (c: Contribution): Contribution =>
    c.hook === writeIntent || c.hook === editIntent
      ? {
          ...c,
          listener: async (input) => {
            const answer = await c.listener(input);
            await gap();
            return answer;
          },
        }
      : c;
  const hooks = new Hooks();
  hooks.install({ name: plugin.name, contributions: plugin.contributions.map(gapped) });
  const registry = new Registry();
  const edit = plugin.locate ? locatedEditTool(fs, plugin.locate) : editTool(fs);
  for (const tool of [readTool(fs), edit, writeTool(fs)]) registry.register(tool);
  const session = (id: 'a' | 'b') => {
    const log = logs?.[id];
    const clock = fakeClock(log?.length ? (log.at(-1)?.at ?? 0) + 1000 : 0);
    return new Session({ id, registry, hooks, clock, ...(log ? { log } : { scenario: hazard }) });
  };
  // Ledgers are per session, so one fold over both logs rebuilds both.
  if (logs) plugin.restore?.([...logs.a, ...logs.b]);
  return { a: session('a'), b: session('b') };
}
type Logs = { a: readonly HarnessEvent[]; b: readonly HarnessEvent[] };

/** Runs one hazard under one policy in a fresh in-memory workspace, and classifies the outcome. */
export async function runHazard(hazard: Hazard, policy: PolicySpec): Promise<ArenaRun> {
  const fs = new MemoryBackend();
  await fs.reset(hazard.files, scenarioActor);
  let pending: HazardChange | null = null;
  const gap = async () => {
    const landing = pending;
    pending = null;
    if (landing) agents.a.emit({ type: 'external/edit', who: 'scenario', ...(await change(fs, landing)) });
  };
  let agents = harness(fs, policy, hazard.id, gap);
  const refusals: Refusal[] = [];
  const theirs: Theirs[] = [];
  for (const [step, s] of hazard.steps.entries()) {
    if ('resume' in s) {
      agents = harness(fs, policy, hazard.id, gap, { a: agents.a.events, b: agents.b.events });
    } else if ('external' in s) {
      agents.a.emit({ type: 'external/edit', who: 'scenario', ...(await change(fs, s.external)) });
    } else {
      pending = s.gap ?? null;
      const agent = s.agent ?? 'a';
      const before = agent === 'b' ? await snapshot(fs) : null;
      const done = await agents[agent].call(s.call, s.args);
      if (before) theirs.push(...(await changedBy(fs, before, agents.a.events.length)));
      const error = done.outcome.result.error;
      if (error && s.call !== 'read') refusals.push({ step, agent, tool: s.call, code: error.code });
    }
  }
  const files = await contents(fs);
  const outcome = classify(hazard, files, refusals.length > 0);
  const log = withTheirs(agents.a.events, theirs);
  return { hazard: hazard.id, policy: policy.id, outcome, refusals, files, log };
}

/** Every file's content and version, by path. */
async function snapshot(fs: MemoryBackend): Promise<Map<string, { content: string; version: string }>> {
  const files = new Map<string, { content: string; version: string }>();
  for (const { path } of await fs.list()) {
    const file = await fs.read(path);
    if (file) files.set(path, { content: file.content, version: file.version });
  }
  return files;
}

/** Every file's content, by path. */
async function contents(fs: MemoryBackend): Promise<Record<string, string>> {
  return Object.fromEntries([...(await snapshot(fs))].map(([path, file]) => [path, file.content]));
}

/** A change the second agent made, to show in the first agent's log at `at` (an index of that log). */
interface Theirs {
  at: number;
  edit: Extract<NewEvent, { type: 'external/edit' }>;
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** What the second agent's step changed, file by file, as the first agent's log would show it. */
async function changedBy(fs: MemoryBackend, before: Snapshot, at: number): Promise<Theirs[]> {
  const after = await snapshot(fs);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changed: Theirs[] = [];
  for (const path of paths) {
    const [was, now] = [before.get(path), after.get(path)];
    if (was?.version === now?.version) continue;
    const edit = {
      type: 'external/edit',
      path,
      who: 'agent',
      from: was?.version ?? null,
      version: now?.version ?? null,
      diff: smallDiff(path, was?.content ?? '', now?.content ?? ''),
    } as const;
    changed.push({ at, edit });
  }
  return changed;
}

/** The first agent's log with the second agent's changes put in where they happened, seq and time kept in order. */
function withTheirs(log: readonly HarnessEvent[], theirs: readonly Theirs[]): readonly HarnessEvent[] {
  if (theirs.length === 0) return log;
  const out: HarnessEvent[] = [];
  const push = (event: NewEvent | HarnessEvent) =>
    out.push({ ...event, seq: out.length, at: out.at(-1)?.at ?? 0 } as HarnessEvent);
  let next = 0;
  for (const [i, event] of log.entries()) {
    while (theirs[next]?.at === i) push(theirs[next++]!.edit);
    out.push({ ...event, seq: out.length });
  }
  while (next < theirs.length) push(theirs[next++]!.edit);
  return out;
}

/** The whole matrix: a run per hazard and policy, hazards in rows, policies in columns. */
export interface ArenaMatrix {
  hazards: readonly Hazard[];
  policies: readonly PolicySpec[];
  runs: ArenaRun[];
}

/** Runs every hazard under every policy (one after another, so the matrix never depends on timing). */
export async function runArena(
  hazards: readonly Hazard[],
  policies: readonly PolicySpec[],
): Promise<ArenaMatrix> {
  const runs: ArenaRun[] = [];
  for (const hazard of hazards) for (const policy of policies) runs.push(await runHazard(hazard, policy));
  return { hazards, policies, runs };
}

/** Counts of each outcome for one policy. */
export type ArenaTotals = Record<ArenaOutcome, number>;

/** The matrix as a JSON document: `{format: "harness-playground/arena", version: 1, ...}`. */
export function arenaJson(matrix: ArenaMatrix) {
  const totals = (policy: string): ArenaTotals => {
    const count = Object.fromEntries(arenaOutcomes.map((o) => [o, 0])) as ArenaTotals;
    for (const run of matrix.runs) if (run.policy === policy) count[run.outcome] += 1;
    return count;
  };
  return {
    format: ARENA_FORMAT,
    version: 1,
    policies: matrix.policies.map((p) => ({ id: p.id, summary: p.summary, models: { ...p.models } })),
    hazards: matrix.hazards.map((h) => ({ id: h.id, title: h.title })),
    cells: matrix.runs.map((r) => ({
      hazard: r.hazard,
      policy: r.policy,
      outcome: r.outcome,
      refusals: r.refusals.map((f) => ({ ...f })),
    })),
    totals: Object.fromEntries(matrix.policies.map((p) => [p.id, totals(p.id)])),
  };
}

/** The built-in hazards, parsed (a bad file throws, naming the problem). */
export function parseHazards(files: readonly unknown[]): Hazard[] {
  return files.map((file) => Hazard.parse(file));
}
