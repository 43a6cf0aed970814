// The arena's worker: every hazard under every policy (and the lab's plugin, asked through the page),
// each in a workspace of its own in memory, one after another; each run is posted as it ends.
import './jitless';
import { editIntent, writeIntent } from '../../contracts/fs-intents';
import { logged, PluginError, type ErrorCode } from '../../harness';
import { builtInHazardFiles } from '../../model/hazards';
import { definePolicy, policies, policyIds, type PolicySpec } from '../../plugins/policies';
import { arenaJson, parseHazards, runHazard, type ArenaRun } from '../../run/arena';
import { arenaSvg } from '../../run/arena-svg';
import { YOURS, type AskedHook, type FromWorker, type ToWorker } from './protocol';

const post = (message: FromWorker) => postMessage(message);
const waiting = new Map<number, (answer: Extract<ToWorker, { kind: 'answer' }>) => void>();
let asked = 0;
let decided = false;

/** Asks the page what the lab's plugin answers; its failure refuses, as a sandboxed plugin's does. */
async function ask(name: string, hook: AskedHook, input: unknown): Promise<never> {
  const id = ++asked;
  const answer = await new Promise<Extract<ToWorker, { kind: 'answer' }>>((resolve) => {
    waiting.set(id, resolve);
    post({ kind: 'ask', id, hook, input });
  });
  waiting.delete(id);
  if (!answer.ok) {
    decided = true;
    throw new PluginError(name, hook, answer.message, answer.code as ErrorCode);
  }
  if ((answer.value as { verdict?: unknown } | null)?.verdict !== 'pass') decided = true;
  return answer.value as never;
}

/** The lab's plugin as a policy: its intents and its `observed`, answered in the page. */
function yourPolicy(name: string, hooks: readonly string[]): PolicySpec {
  return definePolicy({
    id: YOURS,
    summary: `Your plugin "${name}", as applied in the lab.`,
    models: { product: `your plugin "${name}"`, version: 'as applied', source: 'the plugin lab' },
    make: () => {
      post({ kind: 'fresh' });
      const contributions = [
        ...(hooks.includes('writeIntent') ? [writeIntent.of((i) => ask(name, 'writeIntent', i))] : []),
        ...(hooks.includes('editIntent') ? [editIntent.of((i) => ask(name, 'editIntent', i))] : []),
        ...(hooks.includes('observed')
          ? [
              logged.of((event) =>
                event.type === 'fs/observed' ? post({ kind: 'observed', event }) : undefined,
              ),
            ]
          : []),
      ];
      return { name, contributions };
    },
  });
}

async function start(yours: { name: string; hooks: string[] } | null): Promise<void> {
  const started = performance.now();
  const hazards = parseHazards(builtInHazardFiles);
  const columns = [
    ...policyIds.map((id) => policies[id]),
    ...(yours ? [yourPolicy(yours.name, yours.hooks)] : []),
  ];
  post({
    kind: 'columns',
    hazards: hazards.map(({ id, title, teaches, zh }) => ({
      id,
      title: { en: title, zh: zh?.title ?? title },
      teaches: { en: teaches, zh: zh?.teaches ?? teaches },
    })),
    policies: columns.map((p) => ({ id: p.id, summary: p.summary, product: p.models.product })),
  });
  const runs: ArenaRun[] = [];
  // The built-in columns first, row by row; the lab's plugin (slower: every answer crosses to the page) last.
  for (const group of [columns.filter((p) => p.id !== YOURS), columns.filter((p) => p.id === YOURS)]) {
    for (const hazard of hazards) {
      for (const policy of group) {
        const run = await runHazard(hazard, policy);
        runs.push(run);
        const { outcome, refusals, log } = run;
        post({
          kind: 'run',
          run: { hazard: hazard.id, policy: policy.id, outcome, refusals, log: [...log] },
        });
      }
    }
  }
  const ordered = hazards.flatMap((h) =>
    columns.flatMap((p) => runs.filter((r) => r.hazard === h.id && r.policy === p.id)),
  );
  const matrix = { hazards, policies: columns, runs: ordered };
  post({
    kind: 'done',
    ms: performance.now() - started,
    json: arenaJson(matrix),
    svg: arenaSvg(matrix),
    decided,
  });
}

onmessage = (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.kind === 'answer') waiting.get(message.id)?.(message);
  else start(message.yours).catch((error: unknown) => post({ kind: 'failed', message: String(error) }));
};
