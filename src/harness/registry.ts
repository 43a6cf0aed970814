import { z } from 'zod';
import { neverAborted, timedOut, untilAborted, withTimeLimit, type Raced } from './abort';
import {
  postExecute,
  preExecute,
  type Approve,
  type PostDecision,
  type PostExecuteInput,
  type PreExecuteInput,
} from './call-hooks';
import { prepareCall, type CallRequest, type ParsedArgs, type PreparedCall } from './call-input';
import { CHANGES_STAY, errorResult, fromThrown } from './call-results';
import { Content } from './content';
import { ToolError, codeOf, describeThrown } from './errors';
import type { NewEvent } from './events';
import { type Decided, type Hooks, slot, vote } from './hooks';
import { toJson } from './json';
import type { Tool, ToolContext, ToolResult } from './tool';

/** What one call produced. `value` is the canonical value, present only when the call succeeded. */
export interface CallOutcome {
  result: ToolResult;
  value?: unknown;
  /**
   * Every non-pass vote of a plugin and every slot decision (`ctx.slot`), in order, with the hook it
   * was made in.
   */
  decisions: { hook: string; plugin: string; decision: unknown }[];
  approvals: { plugin: string; prompt: string; approved: boolean }[];
  /** The arguments as the registry parsed them, once: what the cards get (see `PreparedCall`). */
  parsed: ParsedArgs;
  /** The parsed arguments with path fields normalized, when the call got that far: what the projections got. */
  args?: unknown;
}

/** Options of `Registry.call`. */
export interface CallSpec {
  session: string;
  hooks: Hooks;
  emit: ToolContext['emit'];
  approve?: Approve;
  /**
   * Stops the call: before its tool starts, it ends with `ABORTED_BEFORE_DISPATCH`; after, with
   * `ABORTED`, at once, even when the tool never returns.
   */
  signal?: AbortSignal;
}

/** Where a call has got to, for an abort to say what it interrupted; and the events its tool emitted. */
interface Progress {
  dispatched: boolean;
  /** The tool's events, logged only once the call has ended without being stopped. */
  events: NewEvent[];
}

/** The result of a call stopped by its caller, keeping the decisions made before the stop. */
function stopped(work: CallOutcome, tool: string, progress: Progress): CallOutcome {
  const result = progress.dispatched
    ? errorResult('ABORTED', `the call of ${tool} was stopped before it finished`, CHANGES_STAY)
    : errorResult(
        'ABORTED_BEFORE_DISPATCH',
        `the call of ${tool} was stopped before the tool started; nothing was done`,
        'call it again if you still need it',
      );
  // Copies: the abandoned run may still add to `work`, and nobody must see that.
  const { parsed, args } = work;
  return { result, decisions: [...work.decisions], approvals: [...work.approvals], parsed, args };
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `- ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('\n');
}

const isPrepared = (call: CallRequest | PreparedCall): call is PreparedCall => 'parsed' in call;

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

  /**
   * Looks up a call's tool and parses its arguments, once: `call` takes what this returns, and the
   * session makes the call's cards from the same parse. Pure: nothing runs, no plugin is asked.
   */
  prepare(request: CallRequest): PreparedCall {
    return prepareCall(
      request,
      (name) => this.tools.get(name),
      () => [...this.tools.keys()].join(', '),
    );
  }

  /**
   * Runs one call end to end: a request, or the call `prepare` made of it (then parsed no more). Never
   * throws: every failure becomes an error result with a code. A call stopped by `spec.signal` resolves
   * at once with `ABORTED` (or `ABORTED_BEFORE_DISPATCH`), keeping the decisions made so far; a tool that
   * goes on anyway is heard no more. The outcome hands on the parsed arguments (`parsed`, `args`).
   */
  async call(call: CallRequest | PreparedCall, spec: CallSpec): Promise<CallOutcome> {
    // A call prepared while the tool of its name was another (since unregistered) is prepared again.
    const prepared =
      isPrepared(call) && call.tool === this.tools.get(call.request.tool) ? call : this.prepare(unwrap(call));
    const { request, parsed, args } = prepared;
    const work: CallOutcome = { result: { content: [] }, decisions: [], approvals: [], parsed, args };
    const progress: Progress = { dispatched: false, events: [] };
    const stop = spec.signal ?? neverAborted;
    // Stopped before it was made: no plugin is asked, nothing runs.
    if (stop.aborted) return stopped(work, request.tool, progress);
    try {
      const raced = await untilAborted(this.run(prepared, spec, work, progress), stop);
      if (!raced.done) return stopped(work, request.tool, progress);
    } catch (thrown) {
      work.result = fromThrown(thrown, 'TOOL_FAILED');
      delete work.value;
      // Only a hook can throw here (the tool's own throws are caught where it runs): before the tool, it
      // emitted nothing; after it, the model gets this error instead of what the events record.
      progress.events = [];
    }
    for (const event of progress.events) spec.emit(event);
    return work;
  }

  private async run(
    { request, tool, args, refused: invalid }: PreparedCall,
    spec: CallSpec,
    outcome: CallOutcome,
    progress: Progress,
  ): Promise<void> {
    if (invalid || !tool) {
      outcome.result = invalid ?? errorResult('UNKNOWN_TOOL', `there is no tool "${request.tool}"`);
      return;
    }
    const base = { session: spec.session, callId: request.callId, tool: tool.name, args };
    const refused = await this.preExecute(base, spec, outcome);
    if (refused) {
      outcome.result = refused;
      return;
    }
    const stop = spec.signal ?? neverAborted;
    // Stopped while the plugins were deciding (a person can take long to answer): the tool never starts.
    if (stop.aborted) return;
    progress.dispatched = true;
    const ran = await this.execute(tool, request, args, spec, outcome, progress);
    if (ran === 'stopped') return;
    // Listeners see the result and value frozen: a change must be a decision, validated and logged.
    if (spec.hooks.listeners(postExecute).length === 0) return;
    const seen = { ...base, result: deepFreeze(outcome.result), value: deepFreeze(outcome.value) };
    const failedAlready = outcome.result.error !== undefined;
    await this.postExecute(tool, seen, spec, outcome);
    // A result a plugin turned into an error (blocked, or a value refused) never reached the model: as
    // after a stop, nothing records what it held (a blocked read is not a read the policy counts).
    if (!failedAlready && outcome.result.error) progress.events = [];
  }

  /**
   * Runs the tool under the call's signal and its time limit, and projects its value. `'stopped'` when the
   * caller stopped it (the caller answers for it). A time limit reached is a `TOOL_TIMEOUT` result; the
   * events the tool emitted are then dropped, as after a stop, since the model never learns of them.
   */
  private async execute(
    tool: Tool,
    request: CallRequest,
    args: unknown,
    spec: CallSpec,
    outcome: CallOutcome,
    progress: Progress,
  ): Promise<'stopped' | 'ran'> {
    const stop = spec.signal ?? neverAborted;
    const limited = tool.timeoutMs === undefined ? undefined : withTimeLimit(stop, tool.timeoutMs);
    const signal = limited?.signal ?? stop;
    const held: NewEvent[] = [];
    const ctx: ToolContext = {
      session: spec.session,
      callId: request.callId,
      hooks: spec.hooks,
      emit: (event) => void held.push(event),
      signal,
      slot: async (hook, input) => {
        const decided = await slot(spec.hooks, hook, input);
        if (decided)
          outcome.decisions.push({ hook: hook.spec.name, plugin: decided.by, decision: decided.decision });
        return decided;
      },
    };
    let ran: Raced<unknown>;
    try {
      ran = await untilAborted((async () => tool.execute(args, ctx))(), signal);
    } catch (thrown) {
      progress.events = held;
      outcome.result = fromThrown(thrown, 'TOOL_FAILED');
      return 'ran';
    }
    if (!ran.done) {
      if (!timedOut(limited?.limit, ran.reason)) return 'stopped';
      outcome.result = errorResult(
        'TOOL_TIMEOUT',
        `${tool.name} did not finish within ${tool.timeoutMs} ms, so it was stopped`,
        CHANGES_STAY,
      );
      return 'ran';
    }
    progress.events = held;
    try {
      ({ result: outcome.result, value: outcome.value } = project(tool, args, ran.value));
    } catch (thrown) {
      outcome.result = fromThrown(thrown, 'TOOL_FAILED');
    }
    return 'ran';
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
    const stop = spec.signal ?? neverAborted;
    for (const { decision, by } of decided) {
      if (decision.verdict !== 'ask') continue;
      // A call stopped while the plugins voted is over: nobody is asked about it any more.
      if (stop.aborted) return null;
      const approved = spec.approve
        ? await spec.approve({ ...input, prompt: decision.prompt, plugin: by, signal: stop })
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
        BLOCKED_REMEDY,
      );
      delete outcome.value;
      return;
    }
    outcome.result = final.result;
    if (final.result.error) delete outcome.value;
    else outcome.value = final.value;
  }
}

/** What the model can do with a result a plugin blocked: the call ran, but what it returned is withheld. */
const BLOCKED_REMEDY =
  'the call itself ran and what it changed stays, but its result is withheld from you (a file it read ' +
  'counts as unread): act on the feedback, and do not repeat the call to get the result';

function unwrap(call: CallRequest | PreparedCall): CallRequest {
  return isPrepared(call) ? call.request : call;
}
