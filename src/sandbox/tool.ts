import type { z } from 'zod';
import { dirPath, filePath } from '../contracts/paths';
import {
  type Card,
  type Content,
  type Json,
  type PathRule,
  type Result,
  type Tool,
  type ToolResult,
  ToolError,
} from '../harness';
import { JsonValue } from '../harness/json';
import type { SandboxError, ToolInfo } from './protocol';
import type { PathKind } from './tool-paths';
import { toolInput } from './tool-schema';
import type { CallResult, Sandbox } from './sandbox';
import type { GuestFunction } from './wire';

type Made<T> = Result<T, SandboxError>;

/**
 * What the sandbox made of one value: each projection's answers, one when two calls agreed, two when they
 * did not (see `sandboxTool`), and how many times the host has handed each out.
 */
interface Projected {
  content: Made<Content>[];
  meta?: Made<Json>[];
  turns: { content: number; meta: number };
}

const KEEP = 64;

/** Why a card the sandbox did not make for this call is shown as a generic one. */
export const NOT_MADE_HERE =
  "the sandboxed tool's cards are made in the sandbox when it runs, and it made none for this call " +
  '(a replay, a result a plugin changed, or a call shown before the tool ran)';

/** A bounded map, oldest out first. */
function keep<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEEP) map.delete(map.keys().next().value as string);
}

/** The key of one result a card is made for: the arguments, what the model read and the meta. */
const resultKey = (args: unknown, result: Pick<ToolResult, 'content' | 'meta'>) =>
  JSON.stringify([args, result.content, result.meta ?? null]);

// The line once: a message that names it already ("stopped at line 4") is left as it is.
const described = (e: SandboxError) =>
  `${e.message}${e.line && !e.message.includes(`line ${e.line}`) ? ` (line ${e.line})` : ''}`;

function inputSchema(info: ToolInfo): z.ZodType {
  const input = toolInput(info.inputSchema, JsonValue);
  if (input.ok) return input.value;
  // `Sandbox.load` refuses such a tool, so only a caller that made `info` itself gets here.
  throw new RangeError(`Tool "${info.name}" cannot be contributed: ${input.error.message}`);
}

const PATH_RULES: Record<PathKind, PathRule> = { file: filePath, directory: dirPath };

/** The harness's rules for the path fields a tool declares: the file tools' own. */
function pathRules(info: ToolInfo): Record<string, PathRule> | undefined {
  if (!info.paths) return undefined;
  return Object.fromEntries(Object.entries(info.paths).map(([field, kind]) => [field, PATH_RULES[kind]]));
}

/** One answer, or both when they differ: `JSON.stringify` of two `Made` records compares their text. */
function answers<T>(first: Made<T>, second: Made<T>): Made<T>[] {
  return JSON.stringify(first) === JSON.stringify(second) ? [first] : [first, second];
}

/** Options of `sandboxTool`. */
export interface SandboxToolSpec {
  /** Told of every call into the sandbox the tool makes, with its arguments and result (the lab's console). */
  onCall?: (call: { fn: GuestFunction; args: Json[]; result: CallResult }) => void;
}

/**
 * The tool a sandboxed plugin contributes, as a harness tool whose functions all run in the sandbox. Its
 * input schema must pass `checkToolSchema` (a tool from `Sandbox.load` always does); one that does not
 * throws a RangeError, and no validator is built from it. The
 * harness calls `render` and `presentationMeta` synchronously, so `execute` runs them in the sandbox right
 * after `execute` and the harness reads those results back. A value the sandbox did not make (a
 * post-execute plugin replaced it) cannot be rendered: the call fails with RENDER_FAILED.
 *
 * Cards likewise: `execute` asks the guest's `presentCall` for the arguments and its `presentResult` for
 * the result it rendered, each checked against the Card schema. The host's presenters hand those back;
 * a card that failed the check, or one asked for a call the sandbox made none for (a replay, a result a
 * plugin changed), throws its reason, and the harness shows a generic card with it (`Presented.fallback`).
 *
 * Purity: the guest's clock is fixed, but its seeded `Math.random` advances and its module state persists,
 * so a projection that reads either answers differently when called again. `execute` therefore calls each
 * projection twice; when the two answers differ, the host's projection hands them out in turn (the first,
 * then the second, then the first again…), as calling the guest again would. The harness's purity check,
 * which calls the host's projection twice after the call, then sees two outputs and flags it. A pure
 * projection answers the same both times and is handed out unchanged.
 */
export function sandboxTool(sandbox: Sandbox, info: ToolInfo, spec: SandboxToolSpec = {}): Tool {
  const call = async (fn: GuestFunction, ...args: Json[]): Promise<CallResult> => {
    const done = await sandbox.call(fn, ...args);
    spec.onCall?.({ fn, args, result: done });
    return done;
  };
  const made = new Map<string, Projected>();
  const key = (args: unknown, value: unknown) => JSON.stringify([args, value]);
  const has = (fn: string) => info.functions.includes(fn as ToolInfo['functions'][number]);
  const projected = (args: unknown, value: unknown): Projected => {
    const found = made.get(key(args, value));
    if (found) return found;
    const message = `the sandboxed tool ${info.name} renders only values its execute made`;
    throw new ToolError('RENDER_FAILED', message, 'replace the content instead of the value, or block');
  };
  const remember = (k: string, p: Projected) => {
    made.delete(k);
    made.set(k, p);
    if (made.size > KEEP) made.delete(made.keys().next().value as string);
  };
  const result = <T>(r: CallResult): Made<T> =>
    r.ok ? { ok: true, value: r.value as T } : { ok: false, error: r.error };
  const twice = async <T>(fn: 'tool.render' | 'tool.presentationMeta', args: Json, value: Json) => {
    const first = result<T>(await call(fn, args, value));
    return answers(first, result<T>(await call(fn, args, value)));
  };
  const next = <T>(list: Made<T>[], turn: number): T => {
    const answer = list[turn % list.length]!;
    if (!answer.ok) throw new Error(described(answer.error));
    return answer.value;
  };
  const callCards = new Map<string, Made<Card>>();
  const resultCards = new Map<string, Made<Card>>();
  const card = (found: Made<Card> | undefined): Card => {
    if (!found) throw new Error(NOT_MADE_HERE);
    if (!found.ok) throw new ToolError(found.error.code, described(found.error));
    return found.value;
  };
  // The cards for what the tool itself made: the arguments, and the result it rendered (the first answers).
  const makeCards = async (json: Json, content: Made<Content>[], meta: Made<Json>[] | undefined) => {
    if (has('tool.presentCall'))
      keep(callCards, JSON.stringify(json), result<Card>(await call('tool.presentCall', json)));
    const rendered = content[0];
    const metaValue = meta?.[0];
    if (!has('tool.presentResult') || !rendered?.ok || (metaValue && !metaValue.ok)) return;
    const own: ToolResult = {
      content: rendered.value,
      ...(metaValue?.ok && metaValue.value !== undefined ? { meta: metaValue.value } : {}),
    };
    keep(
      resultCards,
      resultKey(json, own),
      result<Card>(await call('tool.presentResult', json, own as unknown as Json)),
    );
  };
  const paths = pathRules(info);
  return {
    name: info.name,
    description: info.description,
    input: inputSchema(info),
    // Normalized by the harness before any hook: the guest's execute runs on the path the hooks saw.
    ...(paths ? { paths } : {}),
    output: JsonValue,
    execute: async (args) => {
      const json = args as Json;
      const executed = await call('tool.execute', json);
      if (!executed.ok) throw new ToolError(executed.error.code, described(executed.error));
      const content = await twice<Content>('tool.render', json, executed.value);
      const meta = has('tool.presentationMeta')
        ? await twice<Json>('tool.presentationMeta', json, executed.value)
        : undefined;
      const turns = { content: 0, meta: 0 };
      remember(key(args, executed.value), meta === undefined ? { content, turns } : { content, meta, turns });
      await makeCards(json, content, meta);
      return executed.value;
    },
    ...(has('tool.presentCall')
      ? { presentCall: (args: unknown) => card(callCards.get(JSON.stringify(args))) }
      : {}),
    ...(has('tool.presentResult')
      ? { presentResult: (args: unknown, r: ToolResult) => card(resultCards.get(resultKey(args, r))) }
      : {}),
    render: (args, value) => {
      const p = projected(args, value);
      return next(p.content, p.turns.content++);
    },
    ...(has('tool.presentationMeta')
      ? {
          presentationMeta: (args: unknown, value: unknown) => {
            const p = projected(args, value);
            return p.meta ? next(p.meta, p.turns.meta++) : undefined;
          },
        }
      : {}),
  };
}
