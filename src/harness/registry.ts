import { z } from 'zod';
import { Content, text } from './content';
import { ToolError, codeOf, describeThrown, type ErrorCode } from './errors';
import type { Hooks } from './hooks';
import { type Decided, VoteHook, vote } from './hooks';
import { toJson } from './json';
import type { ResultError, Tool, ToolContext, ToolResult } from './tool';

/** What `pre-execute` listeners see. */
export interface PreExecuteInput {
  session: string;
  callId: string;
  tool: string;
  args: unknown;
}

/** A `pre-execute` vote: let the call go on, refuse it, or have the person decide. */
export const PreDecision = z.discriminatedUnion('verdict', [
  z.strictObject({ verdict: z.literal('allow') }),
  z.strictObject({ verdict: z.literal('deny'), reason: z.string() }),
  z.strictObject({ verdict: z.literal('ask'), prompt: z.string() }),
]);
export type PreDecision = z.infer<typeof PreDecision>;

/** Every listener votes in order; the first `deny` ends the round. */
export const preExecute = VoteHook.define<PreExecuteInput, PreDecision>({
  name: 'pre-execute',
  decision: PreDecision,
  final: (d) => d.verdict === 'deny',
});

/** What `post-execute` listeners see: the result so far and, when the call succeeded, its value. */
export interface PostExecuteInput extends PreExecuteInput {
  result: ToolResult;
  value: unknown;
}

/**
 * A `post-execute` decision. Replacing `content` changes only what the model reads; replacing `value`
 * changes the data, which is re-validated and re-projected. One decision cannot do both.
 */
export type PostDecision =
  | { action: 'pass'; content?: never; value?: never }
  | { action: 'accept'; content: Content; value?: never }
  | { action: 'accept'; value: unknown; content?: never }
  | { action: 'block'; feedback: string };

// Plugins written in JavaScript bypass the types; strict objects make "both" (or neither) invalid.
const PostDecisionSchema: z.ZodType<PostDecision> = z.union([
  z.strictObject({ action: z.literal('pass') }),
  z.strictObject({ action: z.literal('accept'), content: Content }),
  z
    .strictObject({ action: z.literal('accept'), value: z.unknown() })
    .refine((d) => 'value' in d, 'value is missing'),
  z.strictObject({ action: z.literal('block'), feedback: z.string() }),
]) as z.ZodType<PostDecision>;

/** Every listener speaks in order, each seeing the result the ones before it made; a `block` ends it. */
export const postExecute = VoteHook.define<PostExecuteInput, PostDecision>({
  name: 'post-execute',
  decision: PostDecisionSchema,
  final: (d) => d.action === 'block',
});

/** The host's answer to a pre-execute `ask`: true approves this one call. */
export type Approve = (request: {
  tool: string;
  args: unknown;
  prompt: string;
  plugin: string;
}) => Promise<boolean>;

/** One call to run. */
export interface CallRequest {
  callId: string;
  tool: string;
  args: unknown;
}

/** What one call produced. `value` is the canonical value, present only when the call succeeded. */
export interface CallOutcome {
  result: ToolResult;
  value?: unknown;
  /** Every non-pass decision of a plugin, in order, with the hook it was made in. */
  decisions: { hook: string; plugin: string; decision: unknown }[];
  approvals: { plugin: string; prompt: string; approved: boolean }[];
}

/** Options of `Registry.call`. */
export interface CallSpec {
  session: string;
  hooks: Hooks;
  emit: ToolContext['emit'];
  approve?: Approve;
}

function errorResult(code: ErrorCode, message: string, remedy?: string): ToolResult {
  const error: ResultError = remedy ? { code, message, remedy } : { code, message };
  return { content: text(`Error ${code}: ${message}${remedy ? `\nRemedy: ${remedy}` : ''}`), error };
}

function fromThrown(thrown: unknown, fallback: ErrorCode): ToolResult {
  let remedy: string | undefined;
  try {
    remedy = thrown instanceof ToolError && typeof thrown.remedy === 'string' ? thrown.remedy : undefined;
  } catch {
    // A revoked proxy throws even on `instanceof`; escaping here would skip the post-execute hooks.
  }
  return errorResult(codeOf(thrown, fallback), describeThrown(thrown), remedy);
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `- ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('\n');
}

/** Freezes an object and everything it holds, so listeners cannot change it in place. */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  // Arrays by index: the common case (lines of a file) without a list of string keys to walk.
  const keys = Array.isArray(value) ? value.keys() : Reflect.ownKeys(value);
  for (const key of keys) {
    const item = (value as Record<PropertyKey, unknown>)[key];
    if (typeof item === 'object' && item !== null) deepFreeze(item, seen);
  }
  return Object.freeze(value);
}

/**
 * Checks a value against the tool's schema and runs its pure projections: the result, and the value as
 * parsed. Every failure becomes a `ToolError` with its code.
 */
export function project(tool: Tool, args: unknown, value: unknown): { result: ToolResult; value: unknown } {
  const checked = tool.output.safeParse(value);
  if (!checked.success) {
    throw new ToolError(
      'OUTPUT_INVALID',
      `the value of ${tool.name} fails its schema:\n${issues(checked.error)}`,
    );
  }
  let content: Content;
  try {
    content = Content.parse(tool.render(args, checked.data));
  } catch (thrown) {
    throw new ToolError('RENDER_FAILED', `render of ${tool.name} failed: ${describeThrown(thrown)}`);
  }
  if (!tool.presentationMeta) return { result: { content }, value: checked.data };
  let meta: unknown;
  try {
    meta = tool.presentationMeta(args, checked.data);
  } catch (thrown) {
    throw new ToolError('META_NOT_JSON', `presentationMeta of ${tool.name} threw: ${describeThrown(thrown)}`);
  }
  if (meta === undefined) return { result: { content }, value: checked.data };
  const json = toJson(meta);
  if (!json.ok) throw new ToolError('META_NOT_JSON', `presentationMeta of ${tool.name}: ${json.error}`);
  return { result: { content, meta: json.value }, value: checked.data };
}

/** The tools a harness offers, and the one path every call takes through them. */
export class Registry {
  private readonly tools = new Map<string, Tool>();

  /** Adds a tool; a second tool with the same name is a mistake and throws. */
  register(tool: Tool): this {
    if (this.tools.has(tool.name)) throw new RangeError(`A tool named "${tool.name}" is already registered`);
    this.tools.set(tool.name, tool);
    return this;
  }

  /** Removes a tool (a plugin's tool, when the plugin is unloaded). */
  unregister(name: string): void {
    this.tools.delete(name);
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  list(): Tool[] {
    return [...this.tools.values()];
  }

  /** Each tool as the model receives it: name, description and the JSON Schema of its input. */
  schemas(): { name: string; description: string; inputSchema: Record<string, unknown> }[] {
    return this.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<
        string,
        unknown
      >,
    }));
  }

  /** Runs one call end to end. Never throws: every failure becomes an error result with a code. */
  async call(request: CallRequest, spec: CallSpec): Promise<CallOutcome> {
    const outcome: CallOutcome = { result: { content: [] }, decisions: [], approvals: [] };
    try {
      await this.run(request, spec, outcome);
    } catch (thrown) {
      outcome.result = fromThrown(thrown, 'TOOL_FAILED');
      delete outcome.value;
    }
    return outcome;
  }

  private async run(request: CallRequest, spec: CallSpec, outcome: CallOutcome): Promise<void> {
    const tool = this.tools.get(request.tool);
    if (!tool) {
      const known =
        this.list()
          .map((t) => t.name)
          .join(', ') || 'none';
      outcome.result = errorResult(
        'UNKNOWN_TOOL',
        `there is no tool "${request.tool}"`,
        `use one of: ${known}`,
      );
      return;
    }
    const parsed = tool.input.safeParse(request.args);
    if (!parsed.success) {
      outcome.result = errorResult(
        'INVALID_ARGS',
        `the arguments of ${tool.name} are invalid:\n${issues(parsed.error)}`,
        'fix the arguments to match the tool schema and call again',
      );
      return;
    }
    const base = { session: spec.session, callId: request.callId, tool: tool.name, args: parsed.data };
    const refused = await this.preExecute(base, spec, outcome);
    if (refused) {
      outcome.result = refused;
      return;
    }
    let value: unknown;
    try {
      const ctx: ToolContext = {
        session: spec.session,
        callId: request.callId,
        hooks: spec.hooks,
        emit: spec.emit,
      };
      value = await tool.execute(parsed.data, ctx);
      ({ result: outcome.result, value: outcome.value } = project(tool, parsed.data, value));
    } catch (thrown) {
      outcome.result = fromThrown(thrown, 'TOOL_FAILED');
    }
    // Listeners see the result and value frozen: a change must be a decision, validated and logged.
    if (spec.hooks.listeners(postExecute).length === 0) return;
    const seen = { ...base, result: deepFreeze(outcome.result), value: deepFreeze(outcome.value) };
    await this.postExecute(tool, seen, spec, outcome);
  }

  private async preExecute(
    input: PreExecuteInput,
    spec: CallSpec,
    outcome: CallOutcome,
  ): Promise<ToolResult | null> {
    const { decided } = await vote(spec.hooks, preExecute, input);
    for (const { decision, by } of decided) {
      if (decision.verdict === 'allow') continue;
      outcome.decisions.push({ hook: preExecute.spec.name, plugin: by, decision });
    }
    // A deny ends the round, so it can only be last; it wins before anyone asks the person.
    const last = decided.at(-1);
    if (last?.decision.verdict === 'deny') {
      return errorResult(
        'HOOK_DENIED',
        `plugin "${last.by}" denied this call: ${last.decision.reason}`,
        'do not repeat the same call; choose another action',
      );
    }
    for (const { decision, by } of decided) {
      if (decision.verdict !== 'ask') continue;
      const approved = spec.approve
        ? await spec.approve({ ...input, prompt: decision.prompt, plugin: by })
        : false;
      outcome.approvals.push({ plugin: by, prompt: decision.prompt, approved });
      if (!approved) {
        return errorResult(
          'APPROVAL_DENIED',
          `the person declined this call (${decision.prompt})`,
          'ask the person what they want instead',
        );
      }
    }
    return null;
  }

  private async postExecute(
    tool: Tool,
    input: PostExecuteInput,
    spec: CallSpec,
    outcome: CallOutcome,
  ): Promise<void> {
    const replace = (
      current: PostExecuteInput,
      { decision, by }: Decided<PostDecision>,
    ): PostExecuteInput => {
      if (decision.action !== 'accept') return current;
      if (decision.content) return { ...current, result: { ...current.result, content: decision.content } };
      if (current.result.error) {
        throw new ToolError(
          'PLUGIN_DECISION_INVALID',
          `plugin "${by}" replaced the value of a failed call; block it or replace its content instead`,
        );
      }
      try {
        return { ...current, ...project(tool, current.args, decision.value) };
      } catch (thrown) {
        throw new ToolError(
          codeOf(thrown, 'OUTPUT_INVALID'),
          `the value from plugin "${by}" was refused: ${describeThrown(thrown)}`,
        );
      }
    };
    const { decided, input: final } = await vote(spec.hooks, postExecute, input, replace);
    for (const { decision, by } of decided) {
      if (decision.action !== 'pass')
        outcome.decisions.push({ hook: postExecute.spec.name, plugin: by, decision });
    }
    const last = decided.at(-1);
    if (last?.decision.action === 'block') {
      outcome.result = errorResult(
        'BLOCKED',
        `plugin "${last.by}" blocked this result: ${last.decision.feedback}`,
      );
      delete outcome.value;
      return;
    }
    outcome.result = final.result;
    if (final.result.error) delete outcome.value;
    else outcome.value = final.value;
  }
}
