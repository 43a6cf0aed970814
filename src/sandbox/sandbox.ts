import type { Json } from '../harness/json';
import type { Result } from '../harness/result';
import { Channel, type Outcome } from './channel';
import { checkResult } from './decisions';
import type { OpenLink } from './link';
import { probeLoops, type Probed } from './loops';
import type { Limits, SandboxError, ToolInfo } from './protocol';
import { checkToolPaths } from './tool-paths';
import { checkToolSchema } from './tool-schema';
import type { GuestFunction, GuestHook } from './wire';

/** Options of `Sandbox.create`. Every limit applies to each load and each call on its own. */
export interface SandboxSpec {
  /**
   * The run time of one load or call, enforced inside the engine; time the machine spent elsewhere does
   * not count. Its wall-clock time is bounded too: three quarters of the way to the host's own timer.
   * Default 250 ms.
   */
  deadlineMs?: number;
  /** The engine's memory limit. Default 32 MB. */
  memoryBytes?: number;
  /** The engine's stack limit: at most 128 KB (more crashes the worker in Chromium), the default. */
  stackBytes?: number;
  /** The seed of the guest's `Math.random`. Default 1. */
  seed?: number;
  /** The guest's fixed clock, in epoch ms. Default 2025-01-01T00:00:00Z. */
  now?: number;
  /**
   * How long past the deadline the host waits for an answer before it stops and replaces the worker.
   * Default 1000 ms: generous, since a busy page delays messages and a replacement costs a restart.
   */
  graceMs?: number;
  /** Tests only: without the engine's interrupt, only the host's timer stops runaway code. Default true. */
  engineInterrupt?: boolean;
  /** How the worker is started; the sandboxed frame by default (tests in Node pass another). */
  link?: OpenLink;
}

/** A loaded plugin: its name, its hooks and its tool, or why it did not load. */
export type LoadResult =
  | { ok: true; name: string; hooks: GuestHook[]; tool?: ToolInfo; logs: string[]; error?: never }
  | { ok: false; error: SandboxError; logs: string[]; name?: never };

/**
 * What a call came to, with its console lines. `durationMs` is the engine's time for a reply, the host's
 * for a host timeout; `memoryBytes` the engine's memory after a call that returned.
 */
export type CallResult = Result<Json, SandboxError> & {
  durationMs: number;
  memoryBytes?: number;
  logs: string[];
};

/** How long past the deadline the host waits for an answer unless a sandbox is given another. */
const DEFAULT_GRACE_MS = 1000;

/** How long past the deadline the host waits for a load at least (see `loadTimeout`). */
const LOAD_GRACE_MS = 5000;

/** The largest stack the engine may get; above it the worker crashed in Chromium. */
export const MAX_STACK_BYTES = 128 * 1024;

/** The engine's memory limit unless a sandbox is given another. */
export const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;

const closed: SandboxError = { code: 'PLUGIN_ERROR', reason: 'crashed', message: 'the sandbox was disposed' };

function limitsOf(spec: SandboxSpec): Limits {
  const deadlineMs = spec.deadlineMs ?? 250;
  return {
    deadlineMs,
    // The engine stops a starved guest itself, before the host's timer replaces its worker.
    wallMs: deadlineMs + Math.round(((spec.graceMs ?? DEFAULT_GRACE_MS) * 3) / 4),
    memoryBytes: spec.memoryBytes ?? DEFAULT_MEMORY_BYTES,
    stackBytes: Math.min(spec.stackBytes ?? MAX_STACK_BYTES, MAX_STACK_BYTES),
    seed: spec.seed ?? 1,
    now: spec.now ?? Date.UTC(2025, 0, 1),
    interrupt: spec.engineInterrupt ?? true,
  };
}

/**
 * Runs one visitor plugin away from the page: in QuickJS, in a worker, in a sandboxed frame. Loads and
 * calls are queued and run one at a time. A worker that times out or dies is replaced before the next
 * request, and the last loaded plugin is loaded into it again (its module state starts afresh).
 */
export class Sandbox {
  private channel: Channel | null = null;
  private source: string | null = null;
  /** Where the loaded module's positions are in the visitor's source (its loops carry probes). */
  private probed: Probed | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  private starts = 0;

  private constructor(
    /** The limits every load and call runs under. */
    readonly limits: Limits,
    private readonly graceMs: number,
    private readonly openLink: OpenLink,
  ) {}

  /** Starts a sandbox: fetches the engine (once per page), starts its frame and worker. */
  static async create(spec: SandboxSpec = {}): Promise<Sandbox> {
    const openLink = spec.link ?? (await import('./frame-link')).frameLink();
    const sandbox = new Sandbox(limitsOf(spec), spec.graceMs ?? DEFAULT_GRACE_MS, openLink);
    await sandbox.connect();
    return sandbox;
  }

  /**
   * For diagnostics and tests: how many workers were started (more than one means one was replaced), and
   * how many replies matched no request in flight (spoofed, or late after a timeout) on the current one.
   */
  stats(): { workersStarted: number; ignoredReplies: number } {
    return { workersStarted: this.starts, ignoredReplies: this.channel?.ignored ?? 0 };
  }

  /**
   * Loads `source` as the plugin module, replacing the loaded one. Its loops get probes first (loops.ts),
   * so a deadline or the memory limit stops a loop at once, where it is; every error's line and column
   * are the ones of `source`.
   */
  load(source: string): Promise<LoadResult> {
    return this.enqueue(async () => {
      // The old plugin is being replaced: a new worker need not load it again first.
      this.source = null;
      const probed = probeLoops(source);
      this.probed = probed;
      const ready = await this.ensure();
      if (ready !== true) return { ok: false, error: this.placed(ready || closed), logs: [] };
      const loaded = await this.loadNow(probed.code);
      this.source = loaded.ok ? probed.code : null;
      return loaded.ok ? loaded : { ...loaded, error: this.placed(loaded.error) };
    });
  }

  /** Calls a function of the loaded plugin, and checks its result against the hook's decision schema. */
  async call(fn: GuestFunction, ...args: Json[]): Promise<CallResult> {
    const result = await this.invoke(fn, args);
    const invalid = result.ok ? checkResult(fn, result.value) : null;
    return invalid ? { ok: false, error: invalid, durationMs: result.durationMs, logs: result.logs } : result;
  }

  /** Calls a function of the loaded plugin and returns its JSON result unchecked. */
  invoke(fn: GuestFunction, args: readonly Json[]): Promise<CallResult> {
    return this.enqueue(async () => {
      const started = performance.now();
      const ready = await this.ensure();
      if (ready !== true) return { ok: false, error: ready || closed, durationMs: 0, logs: [] };
      const outcome = await this.channel!.request({ kind: 'call', fn, args: [...args] }, this.timeout());
      const result = toCallResult(outcome, performance.now() - started);
      return result.ok ? result : { ...result, error: this.placed(result.error) };
    });
  }

  /** The error with its line and column in the visitor's source rather than in the probed module. */
  private placed(error: SandboxError): SandboxError {
    if (!this.probed || error.line === undefined) return error;
    const { line, column } = this.probed.position(error.line, error.column);
    const { column: _old, ...rest } = error;
    const at = error.message.endsWith(` at line ${error.line}`)
      ? `${error.message.slice(0, -String(error.line).length)}${line}`
      : error.message;
    return { ...rest, message: at, line, ...(column === undefined ? {} : { column }) };
  }

  /** Ends the worker and removes its frame. Later loads and calls fail with PLUGIN_ERROR. */
  dispose(): void {
    this.disposed = true;
    this.channel?.close();
    this.channel = null;
  }

  private timeout(): number {
    return this.limits.deadlineMs + this.graceMs;
  }

  // A load may be the first thing a fresh worker runs (the engine's first run, on a slow phone or a busy
  // machine): its host timer allows more. Visitor code that never ends is still stopped by the deadline.
  private loadTimeout(): number {
    return this.limits.deadlineMs + Math.max(this.graceMs, LOAD_GRACE_MS);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  private async connect(): Promise<void> {
    this.starts++;
    this.channel = await Channel.open(this.openLink);
  }

  private async loadNow(source: string): Promise<LoadResult> {
    const outcome = await this.channel!.request(
      { kind: 'load', source, limits: this.limits },
      this.loadTimeout(),
    );
    if (!outcome.ok) return { ok: false, error: outcome.error, logs: [] };
    const reply = outcome.reply;
    if (reply.kind === 'failed') return { ok: false, error: reply.error, logs: reply.logs };
    if (reply.kind !== 'loaded') return { ok: false, error: closed, logs: [] };
    if (reply.tool) {
      // Checked here, once, before anything reads the schema: the worker's own checks are not trusted.
      const schema = checkToolSchema(reply.tool.inputSchema);
      if (!schema.ok) {
        const message = `tool "${reply.tool.name}": ${schema.error.message}`;
        return {
          ok: false,
          error: { code: schema.error.code, reason: 'invalid', message },
          logs: reply.logs,
        };
      }
    }
    if (reply.tool?.paths) {
      // The worker checked them too; the host does not trust it.
      const paths = checkToolPaths(reply.tool.paths, reply.tool.inputSchema);
      if (!paths.ok) {
        const error: SandboxError = { code: 'PLUGIN_TOOL_SCHEMA', reason: 'invalid', message: paths.error };
        return { ok: false, error, logs: reply.logs };
      }
    }
    const hooks = reply.hooks.filter((fn): fn is GuestHook => !fn.startsWith('tool.'));
    return {
      ok: true,
      name: reply.name,
      hooks,
      ...(reply.tool ? { tool: reply.tool } : {}),
      logs: reply.logs,
    };
  }

  /**
   * A live worker with the plugin loaded: `true`; `false` once disposed; or the error that prevented it
   * (the worker did not start, or the plugin no longer loads).
   */
  private async ensure(): Promise<true | false | SandboxError> {
    if (this.disposed) return false;
    if (this.channel?.alive) return true;
    try {
      await this.connect();
    } catch (thrown) {
      const message = `the sandbox could not start: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
      return { code: 'PLUGIN_ERROR', reason: 'crashed', message };
    }
    if (this.source === null) return true;
    const reloaded = await this.loadNow(this.source);
    if (reloaded.ok) return true;
    return {
      ...reloaded.error,
      message: `reloading the plugin in a new worker failed: ${reloaded.error.message}`,
    };
  }
}

function toCallResult(outcome: Outcome, hostMs: number): CallResult {
  if (!outcome.ok) return { ok: false, error: outcome.error, durationMs: hostMs, logs: [] };
  const reply = outcome.reply;
  if (reply.kind === 'returned') {
    const { value, durationMs, memoryBytes, logs } = reply;
    return { ok: true, value, durationMs, memoryBytes, logs };
  }
  if (reply.kind === 'failed')
    return { ok: false, error: reply.error, durationMs: reply.durationMs, logs: reply.logs };
  return { ok: false, error: closed, durationMs: hostMs, logs: [] };
}
