import { normalizePath } from '../fs/paths';
import type { HarnessEvent, Json } from '../harness';
import type { Scenario, Text } from '../model/scenario';
import type { ErrorMode, FinishedRun } from './agent';

/**
 * What one run of the error-code experiment came to, read from its log (where the error codes are kept
 * whatever the model was told) and the files it left.
 */
export interface RunSummary {
  errors: ErrorMode;
  status: FinishedRun['status'];
  /** Tool calls the model made. */
  calls: number;
  /** Of which ended with an error. */
  failed: number;
  /** The error codes met, in order (as the log keeps them, even when the model read "edit failed."). */
  codes: string[];
  /** `FS_STALE_VERSION` results met. */
  stale: number;
  /** Whether the model read the file again after each stale version; null when it met none. */
  reReadAfterStale: boolean | null;
  /** Edits made behind the model's back. */
  externalEdits: number;
  /** Whether every line those edits added is still in its file; null when there was none to check. */
  externalKept: boolean | null;
  /** Whether the files end as the scenario's outcome says; null when it says nothing of files. */
  outcomeMet: boolean | null;
  turns: number;
  tokens: number;
}

/** The path a call names, normalized as the workspace stores it, when it names one. */
function pathOf(args: Json): string | null {
  if (!args || typeof args !== 'object' || Array.isArray(args) || typeof args.path !== 'string') return null;
  try {
    return normalizePath(args.path);
  } catch {
    return null;
  }
}

type Event<T extends HarnessEvent['type']> = Extract<HarnessEvent, { type: T }>;

/** For each stale version met, whether a read of the same file followed it. */
function reReads(events: readonly HarnessEvent[]): boolean[] {
  const calls = new Map(events.flatMap((e) => (e.type === 'tool/call' ? [[e.callId, e] as const] : [])));
  return events.flatMap((e, i) => {
    if (e.type !== 'tool/result' || e.error?.code !== 'FS_STALE_VERSION') return [];
    const path = pathOf(calls.get(e.callId)?.args ?? null);
    const later = events.slice(i + 1);
    return [
      later.some((o) => o.type === 'fs/observed' && o.via === 'read' && (path === null || o.path === path)),
    ];
  });
}

/** Whether each external edit's added lines are all still in its file at the end; null for none to check. */
function kept(events: readonly HarnessEvent[], files: FinishedRun['files']): boolean | null {
  const edits = events.filter(
    (e): e is Event<'external/edit'> =>
      e.type === 'external/edit' && e.who !== 'reset' && e.diff !== undefined,
  );
  const checks = edits.flatMap((edit) => {
    const added = edit.diff!.hunks.flatMap((h) =>
      h.lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)),
    );
    if (added.length === 0) return [];
    const lines = new Set((files[edit.path] ?? '').split(/\r?\n/));
    return [added.every((line) => lines.has(line))];
  });
  return checks.length ? checks.every(Boolean) : null;
}

/** The summary of one finished run. */
export function summarizeRun(run: FinishedRun, scenario: Pick<Scenario, 'outcome'>): RunSummary {
  const results = run.events.filter((e): e is Event<'tool/result'> => e.type === 'tool/result');
  const codes = results.flatMap((r) => (r.error ? [r.error.code] : []));
  const stale = reReads(run.events);
  const expected = scenario.outcome?.files;
  return {
    errors: run.errors,
    status: run.status,
    calls: results.length,
    failed: codes.length,
    codes,
    stale: stale.length,
    reReadAfterStale: stale.length ? stale.every(Boolean) : null,
    externalEdits: run.events.filter((e) => e.type === 'external/edit' && e.who !== 'reset').length,
    externalKept: kept(run.events, run.files),
    outcomeMet: expected ? Object.entries(expected).every(([path, text]) => run.files[path] === text) : null,
    turns: run.turns,
    tokens: run.tokens,
  };
}

/** One line of a comparison: what it measures, in both languages, and its value in each run. */
export interface ComparisonRow {
  key: keyof Omit<RunSummary, 'errors'>;
  label: Text;
  values: [Text, Text];
}

/** Two runs of the same task side by side, each summarized, with rows ready to show. */
export interface Comparison {
  runs: [RunSummary, RunSummary];
  rows: ComparisonRow[];
}

const same = (text: string): Text => ({ en: text, zh: text });
const yesNo = (value: boolean | null): Text =>
  value === null ? same('—') : value ? { en: 'yes', zh: '是' } : { en: 'no', zh: '否' };
const statuses: Record<RunSummary['status'], Text> = {
  done: { en: 'finished', zh: '完成' },
  stopped: { en: 'stopped', zh: '已停止' },
  failed: { en: 'failed', zh: '失败' },
};

const labels: Record<ComparisonRow['key'], Text> = {
  status: { en: 'How the run ended', zh: '运行如何结束' },
  calls: { en: 'Tool calls', zh: '工具调用次数' },
  failed: { en: 'Failed calls', zh: '失败的调用' },
  codes: { en: 'Error codes met (from the log)', zh: '遇到的错误码（来自日志）' },
  stale: { en: 'Stale versions met', zh: '遇到的过期版本' },
  reReadAfterStale: { en: 'Read the file again after a stale version', zh: '遇到过期版本后重新读了文件' },
  externalEdits: { en: 'Edits behind its back', zh: '背后发生的编辑' },
  externalKept: { en: 'The other writer’s change survived', zh: '别人的改动保住了' },
  outcomeMet: { en: 'Files end as the scenario expects', zh: '文件的最终内容符合场景预期' },
  turns: { en: 'Requests to the model', zh: '对模型的请求次数' },
  tokens: { en: 'Tokens', zh: 'Token 数' },
};

function shown(summary: RunSummary, key: ComparisonRow['key']): Text {
  if (key === 'status') return statuses[summary.status];
  const value = summary[key];
  if (Array.isArray(value)) return same(value.length ? value.join(', ') : '—');
  if (typeof value === 'boolean' || value === null) return yesNo(value);
  return same(value.toLocaleString('en-US'));
}

/**
 * Compares two finished runs of the same scenario (the experiment's two arms: coded errors and vague
 * ones, in the order given). Throws a `RangeError` for runs of different scenarios.
 */
export function compareRuns(
  a: FinishedRun,
  b: FinishedRun,
  scenario: Pick<Scenario, 'id' | 'outcome'>,
): Comparison {
  if (a.scenario !== b.scenario || a.scenario !== scenario.id) {
    throw new RangeError(`Runs of "${a.scenario}" and "${b.scenario}" are not two runs of "${scenario.id}"`);
  }
  const runs: [RunSummary, RunSummary] = [summarizeRun(a, scenario), summarizeRun(b, scenario)];
  const rows = (Object.keys(labels) as ComparisonRow['key'][]).map((key) => ({
    key,
    label: labels[key],
    values: [shown(runs[0], key), shown(runs[1], key)] as [Text, Text],
  }));
  return { runs, rows };
}
