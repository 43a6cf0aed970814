import { count, counted, modelText, parseJson, plural, type HarnessEvent, type LiveCall } from '../harness';
import type { ModelInfo } from '../model/model-settings';
import type { CallAnswer, ModelCall, ModelFailure, ModelProvider, Turn } from '../providers';
import { vagueErrors } from '../plugins/vague-errors';
import type { Playground } from './playground';

/**
 * Which answers a failed call gives the model: `coded`, the harness's own (`Error FS_STALE_VERSION: …`
 * and its remedy), or `vague` ("edit failed.", the other arm of the error-code experiment).
 */
export type ErrorMode = 'coded' | 'vague';

/** The limits of one run, unless told otherwise: 20 requests, and 200,000 tokens in and out. */
export const AGENT_LIMITS = /* @__PURE__ */ Object.freeze({ turns: 20, tokens: 200_000 });

/** Why a run ended without finishing: a failed request, or a limit (`MODEL_LIMIT`). */
export type AgentFailure = Omit<ModelFailure, 'code'> & {
  code: Exclude<ModelFailure['code'], 'MODEL_STOPPED'> | 'MODEL_LIMIT';
};

/** What a run is doing: waiting for the model's reply, making the calls it asked for, or ended. */
export type AgentStatus = 'requesting' | 'calling' | 'done' | 'stopped' | 'failed';

/** The run as it stands, for a view. */
export interface AgentState {
  status: AgentStatus;
  /** Requests made so far (the one open now included). */
  turn: number;
  maxTurns: number;
  /** Tokens used so far, from the providers' usage fields (`estimated` when a server gave none). */
  tokens: number;
  maxTokens: number;
  estimated: boolean;
  /** Calls made so far. */
  calls: number;
  /** The text of the reply being streamed now; empty once the turn's message is logged. */
  text: string;
  failure: AgentFailure | null;
}

/** Options of a run. */
export interface AgentSpec {
  provider: ModelProvider;
  /** What the person asks: the scenario's task, or the visitor's own words. */
  task: string;
  errors?: ErrorMode;
  maxTurns?: number;
  maxTokens?: number;
  /**
   * Makes the script's external changes by themselves, each right after the model has read the file it
   * changes (so its next write is against an old version), as the script would. Without it, the visitor's
   * button makes them, whenever pressed.
   */
  autoExternal?: boolean;
  /** Each piece of the model's text as it arrives. */
  onText?: (delta: string) => void;
  /** Every change of the state. */
  onChange?: (state: AgentState) => void;
}

/** A run that has ended: what the experiment compares. */
export interface FinishedRun {
  scenario: string;
  errors: ErrorMode;
  model: ModelInfo;
  status: 'done' | 'stopped' | 'failed';
  failure: AgentFailure | null;
  turns: number;
  tokens: number;
  events: readonly HarnessEvent[];
  /** The files of the scenario (and those its outcome and its external edits name) as the run left them. */
  files: Record<string, string | null>;
}

/** The model's instructions, the same in both arms of the experiment. */
export function systemPrompt(): string {
  return [
    'You are an agent that works in a small workspace of files, through the tools you are given. Do what the person asks with these tools; when it is done, reply with a short summary and call no tool.',
    'Read a file before you change it, change only what the task needs, and keep the changes other people made: files can change while you work.',
    'When a call fails, read its result and act on it. A result of the harness names an error code and often a remedy: follow the remedy, which says what to do next, then carry on with the task.',
    'Answer in the language the person uses.',
  ].join('\n\n');
}

const ended = (status: AgentStatus) => status === 'done' || status === 'stopped' || status === 'failed';

/**
 * A real model driving one run of the playground: the model gets the task, the system prompt and the tools'
 * JSON Schemas (as `Registry.schemas()` gives them); each call it asks for is made through
 * `pg.callAsAgent`, so it is logged, shown and judged by the plugins like any other; each reply's text is
 * logged as a `model/message` once complete. The run ends when the model calls no tool (`done`), on
 * `stop()` or the playground's `stop()` (`stopped`: the open request and a running call are aborted), or on
 * a failed request or a limit (`failed`, with a code). A failed request applies nothing of its reply.
 * Open the run with `pg.load(scenario, {model})` first.
 */
export class Agent {
  readonly finished: Promise<FinishedRun>;
  private readonly controller = new AbortController();
  private current: AgentState;
  /** The session and scenario of the run this agent drives; a later load replaces them in `pg`, not here. */
  private readonly session: Playground['run']['session'];
  private readonly scenario: Playground['scenario'];

  private constructor(
    private readonly pg: Playground,
    private readonly spec: AgentSpec,
  ) {
    this.session = pg.run.session;
    this.scenario = pg.scenario;
    this.current = {
      status: 'requesting',
      turn: 0,
      maxTurns: spec.maxTurns ?? AGENT_LIMITS.turns,
      tokens: 0,
      maxTokens: spec.maxTokens ?? AGENT_LIMITS.tokens,
      estimated: false,
      calls: 0,
      text: '',
      failure: null,
    };
    this.finished = this.run();
  }

  /** Starts a run on the playground's current run, which must be one a model drives (`pg.model`). */
  static start(pg: Playground, spec: AgentSpec): Agent {
    if (!pg.model) throw new RangeError('Load the scenario for a model first: pg.load(scenario, { model })');
    if (!spec.task.trim()) throw new RangeError('A run needs a task for the model');
    return new Agent(pg, spec);
  }

  get state(): AgentState {
    return this.current;
  }

  /** Stops the run: the open request and any running call end at once; nothing more is asked. */
  stop(): void {
    this.controller.abort();
  }

  private set(change: Partial<AgentState>): void {
    this.current = { ...this.current, ...change };
    this.spec.onChange?.(this.current);
  }

  private async run(): Promise<FinishedRun> {
    const { pg, session } = this;
    const gone = () => this.controller.signal.aborted || pg.run.session !== session;
    const detach = pg.attach(this.controller);
    const uninstall = this.spec.errors === 'vague' ? pg.run.hooks.install(vagueErrors()) : () => undefined;
    // Let the caller hold the Agent before the first state change reaches it.
    await Promise.resolve();
    try {
      const turns: Turn[] = [{ role: 'user', text: this.spec.task }];
      for (;;) {
        if (gone()) return this.end('stopped', null);
        const step = await this.turn(turns);
        if (step !== 'more') return this.end(step.status, step.failure);
      }
    } catch (thrown) {
      // Nothing below throws by contract; if something does, the run ends saying so instead of hanging.
      const detail = thrown instanceof Error ? thrown.message : String(thrown);
      return this.end('failed', {
        code: 'MODEL_BAD_RESPONSE',
        detail,
        message: { en: `The run broke off: ${detail}`, zh: `运行中断：${detail}` },
        remedy: { en: 'Run the task again.', zh: '请重新运行任务。' },
      });
    } finally {
      uninstall();
      detach();
    }
  }

  /** One request and the calls of its reply. */
  private async turn(
    turns: Turn[],
  ): Promise<'more' | { status: 'done' | 'stopped' | 'failed'; failure: AgentFailure | null }> {
    const { pg, spec } = this;
    const signal = this.controller.signal;
    this.set({ status: 'requesting', turn: this.current.turn + 1, text: '' });
    const request = { system: systemPrompt(), turns, tools: pg.run.registry.schemas() };
    const onText = (delta: string) => {
      spec.onText?.(delta);
      this.set({ text: this.current.text + delta });
    };
    const reply = await spec.provider.complete(request, { signal, onText });
    if (!reply.ok) {
      if (reply.error.code === 'MODEL_STOPPED' || signal.aborted) return { status: 'stopped', failure: null };
      return { status: 'failed', failure: reply.error as AgentFailure };
    }
    if (signal.aborted) return { status: 'stopped', failure: null };
    const { text, calls, usage } = reply.value;
    this.set({
      tokens: this.current.tokens + usage.input + usage.output,
      estimated: this.current.estimated || usage.estimated,
    });
    if (text.trim()) pg.sayAsAgent(text);
    this.set({ text: '' });
    turns.push({ role: 'assistant', text, calls });
    if (calls.length === 0) return { status: 'done', failure: null };
    const limit = this.limit(calls.length);
    if (limit) return { status: 'failed', failure: limit };
    this.set({ status: 'calling' });
    const answers: CallAnswer[] = [];
    // One after another, in the model's order: two calls on one file must not race each other.
    for (const call of calls) {
      if (signal.aborted) return { status: 'stopped', failure: null };
      answers.push(await this.call(call));
    }
    turns.push({ role: 'tools', answers });
    return 'more';
  }

  /** The limit another request would pass, as a failure (the calls of the last reply are not made), or null. */
  private limit(pending: number): AgentFailure | null {
    const { turn, maxTurns, tokens, maxTokens } = this.current;
    const notMade = {
      en: `The ${counted(pending, 'call')} of the last reply ${plural(pending, 'was', 'were')} not made.`,
      zh: `最后一次回复中的 ${pending} 个调用没有执行。`,
    };
    if (turn >= maxTurns) {
      return {
        code: 'MODEL_LIMIT',
        message: {
          en: `The run reached its limit of ${counted(maxTurns, 'request')}. ${notMade.en}`,
          zh: `运行达到了 ${maxTurns} 次请求的上限。${notMade.zh}`,
        },
        remedy: {
          en: 'Run the task again, or give a narrower task.',
          zh: '请重新运行任务，或者把任务缩小一些。',
        },
      };
    }
    if (tokens >= maxTokens) {
      return {
        code: 'MODEL_LIMIT',
        message: {
          en: `The run used ${counted(tokens, 'token')}, past its limit of ${count(maxTokens)}. ${notMade.en}`,
          zh: `运行已用 ${tokens} 个 token，超过了 ${maxTokens} 的上限。${notMade.zh}`,
        },
        remedy: {
          en: 'Run the task again, or give a narrower task.',
          zh: '请重新运行任务，或者把任务缩小一些。',
        },
      };
    }
    return null;
  }

  /**
   * Makes one call. Arguments that are not JSON are not a failure of the model's connection: the harness
   * answers the call with INVALID_ARGS, as an unknown tool gets UNKNOWN_TOOL, and the run goes on.
   */
  private async call(call: ModelCall): Promise<CallAnswer> {
    const { pg } = this;
    const signal = this.controller.signal;
    const from = pg.run.session.events.length;
    const parsed =
      call.argsText.trim() === '' ? ({ ok: true, value: {} } as const) : parseJson(call.argsText);
    const live: LiveCall = parsed.ok
      ? await pg.callAsAgent(call.name, parsed.value, { signal })
      : await pg.callAsAgent(call.name, call.argsText, { signal, unparsed: parsed.error });
    this.set({ calls: this.current.calls + 1 });
    if (this.spec.autoExternal) await this.externalAfterRead(from);
    const { result } = live.outcome;
    return {
      callId: call.id,
      name: call.name,
      text: modelText(result.content),
      isError: Boolean(result.error),
    };
  }

  /** Makes the script's next external change if the call just made read the file it changes. */
  private async externalAfterRead(from: number): Promise<void> {
    const next = this.pg.script.state.externals[0] ?? null;
    if (!next || this.controller.signal.aborted) return;
    const read = this.pg.run.session.events
      .slice(from)
      .some(
        (e) => e.type === 'fs/observed' && e.via === 'read' && e.state === 'present' && e.path === next.path,
      );
    if (read) await this.pg.simulateExternalEdit('scenario');
  }

  private async end(
    status: 'done' | 'stopped' | 'failed',
    failure: AgentFailure | null,
  ): Promise<FinishedRun> {
    const { pg, session, scenario } = this;
    const info = this.spec.provider.info;
    // A run replaced by a later load left its files to that run: they are no longer this run's to show.
    const files = pg.run.session === session ? await filesOf(pg, scenario, session.events) : {};
    this.set({ status, failure, text: '' });
    return {
      scenario: scenario.id,
      errors: this.spec.errors ?? 'coded',
      model: { provider: info.provider, model: info.model, baseUrl: info.baseUrl },
      status,
      failure,
      turns: this.current.turn,
      tokens: this.current.tokens,
      events: [...session.events],
      files,
    };
  }
}

/** The files a comparison looks at, as they are now: the scenario's, its outcome's and those edited behind its back. */
async function filesOf(
  pg: Playground,
  scenario: Playground['scenario'],
  events: readonly HarnessEvent[],
): Promise<Record<string, string | null>> {
  const paths = new Set([
    ...Object.keys(scenario.files),
    ...Object.keys(scenario.outcome?.files ?? {}),
    ...events.flatMap((e) => (e.type === 'external/edit' ? [e.path] : [])),
  ]);
  const files: Record<string, string | null> = {};
  for (const path of [...paths].sort()) files[path] = (await pg.fs.read(path))?.content ?? null;
  return files;
}

/** Whether a state is one a run ends in. */
export function isEnded(state: AgentState): boolean {
  return ended(state.status);
}
