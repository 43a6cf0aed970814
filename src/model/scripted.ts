import type { Json, ToolResult } from '../harness';
import type { ExternalChange, ScenarioPolicyId, Step, Text } from './scenario';
import type { ScenarioAsk } from './scenario-schema';

/**
 * What the model does next: speak, call a tool, or (in a script) have someone edit a file. An action
 * made from a step of the script carries that step's number (`step`, from 1); one the model adds in
 * reaction to a result (a re-read, a retry, a remark) has none: it belongs to the step before it.
 */
export type Action = (
  | { kind: 'say'; text: Text }
  | { kind: 'call'; tool: string; args: Json; expect?: string; attempt: number }
  | { kind: 'external'; change: ExternalChange; note: Text }
  | { kind: 'use'; plugins: string[]; text: Text }
  | { kind: 'policy'; policy: ScenarioPolicyId; text: Text }
  | { kind: 'ask'; ask: ScenarioAsk }
  | { kind: 'reveal'; ask: ScenarioAsk }
) & { step?: number };

/**
 * Turns a script's steps into actions, each numbered with its step. An ask is two actions of one step:
 * asking, then revealing the answer (which only Reveal takes), so where a run stands at an ask is its
 * position, like any other.
 */
export function actionsOf(steps: readonly Step[]): Action[] {
  return steps.flatMap((s, i): Action | Action[] => {
    const step = i + 1;
    if ('ask' in s) {
      return [
        { kind: 'ask', ask: s.ask, step },
        { kind: 'reveal', ask: s.ask, step },
      ];
    }
    if ('use' in s) return { kind: 'use', plugins: s.use, text: s.say, step };
    if ('policy' in s) return { kind: 'policy', policy: s.policy, text: s.say, step };
    if ('say' in s) return { kind: 'say', text: s.say, step };
    if ('call' in s)
      return {
        kind: 'call',
        tool: s.call,
        args: s.args,
        attempt: 1,
        step,
        ...(s.expect ? { expect: s.expect } : {}),
      };
    return { kind: 'external', change: s.external, note: s.note, step };
  });
}

const pathOf = (args: Json): string | undefined =>
  args && typeof args === 'object' && !Array.isArray(args) && typeof args.path === 'string'
    ? args.path
    : undefined;

/** Retries after a stale or unread file, at most this many times per call. */
const MAX_ATTEMPTS = 3;

const lines = {
  stale: (code: string): Text => ({
    en: `The file changed after I read it (${code}). I'll read it again and retry.`,
    zh: `我读过之后文件被改动了（${code}）。我重新读一遍再试。`,
  }),
  unread: (code: string, path: string): Text => ({
    en: `I haven't read ${path} in this session yet (${code}). Reading it first.`,
    zh: `这个会话里我还没读过 ${path}（${code}），先读一遍。`,
  }),
  stopped: (code: string): Text => ({
    en: `You stopped that call (${code}). I'll go on from the next step.`,
    zh: `你停止了这次调用（${code}），我从下一步接着做。`,
  }),
  failed: (code: string): Text => ({
    en: `That failed with ${code}. I'll leave it there and go on.`,
    zh: `这一步失败了（${code}），先放下，继续往下。`,
  }),
};

/** The codes of a call the person stopped. */
const STOPPED: readonly string[] = ['ABORTED', 'ABORTED_BEFORE_DISPATCH'];

/**
 * How a careful model reacts to a result it did not expect: after `FS_STALE_VERSION` it re-reads the
 * file and retries; after `FS_NOT_OBSERVED` it reads first and retries; after a stop it says so and
 * does not retry; after other errors it says so and moves on. Returns the actions to do next, before the
 * rest of the script. Pure.
 */
export function reactTo(action: Action & { kind: 'call' }, result: ToolResult): Action[] {
  const code = result.error?.code;
  if (!code || code === action.expect) return [];
  if (STOPPED.includes(code)) return [{ kind: 'say', text: lines.stopped(code) }];
  const path = pathOf(action.args);
  const canRetry =
    path && action.attempt < MAX_ATTEMPTS && (code === 'FS_STALE_VERSION' || code === 'FS_NOT_OBSERVED');
  if (!canRetry) return [{ kind: 'say', text: lines.failed(code) }];
  const reread: Action =
    action.tool === 'str_replace_editor'
      ? { kind: 'call', tool: 'str_replace_editor', args: { command: 'view', path }, attempt: 1 }
      : { kind: 'call', tool: 'read', args: { path }, attempt: 1 };
  const say = code === 'FS_STALE_VERSION' ? lines.stale(code) : lines.unread(code, path);
  // The retry belongs to the step it retries: it is no step of its own.
  const { step: _step, ...retry } = action;
  return [{ kind: 'say', text: say }, reread, { ...retry, attempt: action.attempt + 1 }];
}

/**
 * An ask the script stands at: asking (the class predicts; only Reveal goes on) or revealed (the right
 * choice marked and the reason shown, until the next step).
 */
export interface AskState {
  ask: ScenarioAsk;
  /** The ask's step in the script, from 1. */
  step: number;
  revealed: boolean;
}

/**
 * The ask a script stands at after taking `action`; null after any action that is not an ask's. Derived
 * from the last action taken, so a reload, Back and a share link arrive where the live run was.
 */
export function askAfter(action: Action | undefined): AskState | null {
  if (action?.kind !== 'ask' && action?.kind !== 'reveal') return null;
  return { ask: action.ask, step: action.step ?? 0, revealed: action.kind === 'reveal' };
}
