import type {
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { Json } from '../harness/json';
import { type Described, Fail, type Stop, guestError, readDescribed } from './guest-error';
import { inspectExports, type Inspected } from './inspect';
import { PLUGIN_FILE, PRELUDE, PRELUDE_FILE, PROBE_POLL_MS } from './prelude';
import type { Limits, ReplyBody, SandboxError } from './protocol';
import { RunClock, wallLimitOf } from './run-clock';
import { MAX_REPLY_BYTES, type GuestFunction, fits, utf8Bytes } from './wire';

type Failed = Extract<ReplyBody, { kind: 'failed' }>;
type Helpers = Record<'run' | 'inspect' | 'describe' | 'logs', QuickJSHandle>;

/** One loaded guest: its runtime and context, its module namespace, and the prelude's helpers. */
interface Guest {
  runtime: QuickJSRuntime;
  vm: QuickJSContext;
  helpers: Helpers;
  ns: QuickJSHandle;
  functions: readonly GuestFunction[];
  limits: Limits;
}

const now = () => performance.now();

/**
 * How often, at least, the interrupt handler measures the guest's memory while it runs, in ms. Measuring
 * walks the heap (about 5 ms at 32 MB), so a big heap is measured less often: never more than an eighth
 * of the time. QuickJS's own limit is not enough: in this build it counts allocations, not their bytes.
 */
const MEMORY_CHECK_MS = 4;

/** How long past its deadline a guest may run while a loop probe comes to poll: a few probe periods (run time). */
const PROBE_GRACE_MS = 6 * PROBE_POLL_MS;

/** How long past its wall limit a starved guest may wait for a probe, in wall-clock ms: the host's timer is near. */
const WALL_GRACE_MS = 100;
const undescribable: Described = { name: '', message: 'threw a value that cannot be described', stack: '' };

/**
 * Runs one visitor's plugin module in QuickJS, one call at a time, under the limits given at its load.
 * Knows nothing of workers or messages: the worker wraps it, and Node tests drive it directly.
 */
export class Engine {
  private guest: Guest | null = null;
  private stopped: Stop | null = null;
  /** Whether the guest's memory is measured against its limit (while guest code runs, not our helpers). */
  private watching = false;
  private nextMeasure = 0;
  /** Whether a loop probe is polling the interrupt handler now (see the prelude). */
  private probing = false;

  /**
   * `clock` counts each load's and call's run time against its deadline (run-clock.ts); tests may pass
   * one on a clock of their own.
   */
  constructor(
    private readonly quickjs: QuickJSWASMModule,
    private readonly clock = new RunClock(),
  ) {}

  /** Evaluates `source` as a module in a fresh runtime, replacing the loaded plugin and its state. */
  load(source: string, limits: Limits): ReplyBody {
    this.dispose();
    const started = now();
    const runtime = this.quickjs.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    if (limits.interrupt) runtime.setInterruptHandler(() => this.shouldInterrupt(runtime, limits));
    const vm = runtime.newContext();
    const owned: QuickJSHandle[] = [];
    let helpers: Helpers | null = null;
    try {
      helpers = this.prelude(vm, limits, owned);
      // The deadline starts with the visitor's code; the prelude is ours.
      this.arm(limits);
      const ns = this.evaluate(vm, runtime, helpers, source, limits);
      owned.push(ns);
      const exports = this.inspect(vm, helpers, ns, limits);
      const guest = { runtime, vm, helpers, ns, limits, functions: exports.functions };
      this.guest = guest;
      const { name, hooks, tool } = exports;
      return { kind: 'loaded', name, hooks, ...(tool ? { tool } : {}), logs: this.logs(vm, helpers, limits) };
    } catch (thrown) {
      const logs = helpers ? this.logs(vm, helpers, limits) : [];
      release(owned, vm, runtime);
      return { kind: 'failed', error: coded(thrown), durationMs: now() - started, logs };
    } finally {
      this.clock.stop();
    }
  }

  /**
   * Calls one function of the loaded plugin with JSON arguments. Returns `null` when the call's promise
   * can never settle (no job is left that could settle it): the host's own timer ends such a call.
   */
  call(fn: GuestFunction, args: readonly Json[]): ReplyBody | null {
    const guest = this.guest;
    if (!guest) return missing('no plugin is loaded');
    if (!guest.functions.includes(fn)) return missing(`the plugin exports no ${fn}`);
    const started = now();
    this.arm(guest.limits);
    try {
      const value = this.settle(guest, fn, args);
      if (value === undefined) return null;
      const durationMs = now() - started;
      const logs = this.logs(guest.vm, guest.helpers, guest.limits);
      return { kind: 'returned', value, durationMs, memoryBytes: memoryUsed(guest.runtime), logs };
    } catch (thrown) {
      const error = coded(thrown);
      // After running out of memory, even reading the log could fail: skip it.
      const logs = error.reason === 'memory' ? [] : this.logs(guest.vm, guest.helpers, guest.limits);
      return { kind: 'failed', error, durationMs: now() - started, logs };
    } finally {
      this.clock.stop();
    }
  }

  /** Frees the loaded plugin's runtime. The engine stays usable: `load` again. */
  dispose(): void {
    const guest = this.guest;
    this.guest = null;
    if (guest) release([...Object.values(guest.helpers), guest.ns], guest.vm, guest.runtime);
  }

  /** Starts the clock of one load or call; `watch` measures memory too (guest code, not our helpers). */
  private arm(limits: Limits, watch = true): void {
    this.clock.start(limits.deadlineMs, limits.wallMs ?? wallLimitOf(limits.deadlineMs));
    this.stopped = null;
    this.probing = false;
    this.watching = watch;
    this.nextMeasure = this.clock.now() + MEMORY_CHECK_MS;
  }

  // Called by QuickJS every 10,000 operations, and whenever a loop probe asks (see loops.ts).
  private shouldInterrupt(runtime: QuickJSRuntime, limits: Limits): boolean {
    const t = this.clock.look();
    const past = this.clock.ranPastLimit(t);
    // Past the deadline, the stop waits for a loop probe (where the frame's position is the loop's) for
    // a moment; code with no loop to probe is stopped that moment later.
    const late = past > PROBE_GRACE_MS || this.clock.wallOverBy(t) > WALL_GRACE_MS;
    if (past >= 0 && (this.probing || late)) {
      // A heap measured less often as it grows can pass its limit unmeasured until the deadline: the
      // limit it is over is then the one to name.
      const usedBytes = this.watching ? memoryUsed(runtime) : 0;
      this.stopped = usedBytes > limits.memoryBytes ? { limit: 'memory', usedBytes } : { limit: 'deadline' };
      return true;
    }
    if (!this.watching || t < this.nextMeasure) return false;
    const usedBytes = memoryUsed(runtime);
    // Measuring is the host's work, not the guest's: it does not count as run time.
    const after = this.clock.skip();
    this.nextMeasure = after + Math.max(MEMORY_CHECK_MS, (after - t) * 8);
    if (usedBytes <= limits.memoryBytes) return false;
    this.stopped = { limit: 'memory', usedBytes };
    return true;
  }

  private prelude(vm: QuickJSContext, limits: Limits, owned: QuickJSHandle[]): Helpers {
    const factory = this.unwrap(
      vm,
      vm.evalCode(PRELUDE, PRELUDE_FILE, { type: 'global', strict: true }),
      limits,
    );
    const seed = vm.newNumber(limits.seed);
    const clock = vm.newNumber(limits.now);
    const polling = vm.newFunction('polling', (on) => {
      this.probing = vm.dump(on) === true;
    });
    const tick = vm.newFunction('tick', () => vm.newNumber(this.clock.probe()));
    const made = vm.callFunction(factory, vm.undefined, seed, clock, polling, tick);
    for (const handle of [factory, seed, clock, polling, tick]) handle.dispose();
    const helpers = this.unwrap(vm, made, limits);
    const pick = (key: string) => {
      const handle = vm.getProp(helpers, key);
      owned.push(handle);
      return handle;
    };
    const out = {
      run: pick('run'),
      inspect: pick('inspect'),
      describe: pick('describe'),
      logs: pick('logs'),
    };
    helpers.dispose();
    return out;
  }

  private evaluate(
    vm: QuickJSContext,
    runtime: QuickJSRuntime,
    helpers: Helpers,
    source: string,
    limits: Limits,
  ): QuickJSHandle {
    const result = vm.evalCode(source, PLUGIN_FILE, { type: 'module', strict: true });
    if (result.error) throw this.failure(vm, helpers, result.error, limits);
    const state = vm.getPromiseState(result.value);
    if (state.type === 'fulfilled' && state.notAPromise) return result.value;
    // Top-level await makes the result a promise of the namespace: run what is queued, then look again.
    try {
      this.drain(vm, runtime, helpers, limits);
      const later = vm.getPromiseState(result.value);
      if (later.type === 'fulfilled') return later.value;
      if (later.type === 'rejected') throw this.failure(vm, helpers, later.error, limits);
      const message =
        'the module never finished loading: a top-level await waits for something that never comes';
      throw new Fail({ code: 'PLUGIN_TIMEOUT', reason: 'deadline', message });
    } finally {
      result.value.dispose();
    }
  }

  private inspect(vm: QuickJSContext, helpers: Helpers, ns: QuickJSHandle, limits: Limits): Inspected {
    const made = vm.callFunction(helpers.inspect, vm.undefined, ns);
    if (made.error) throw this.failure(vm, helpers, made.error, limits);
    const text = vm.getString(made.value);
    made.value.dispose();
    return inspectExports(JSON.parse(text) as Record<string, unknown>);
  }

  // Runs the jobs the guest queued. A job fails here only when the guest could not catch it (the
  // deadline, memory): promise reactions turn ordinary throws into rejections.
  private drain(vm: QuickJSContext, runtime: QuickJSRuntime, helpers: Helpers, limits: Limits): void {
    const jobs = runtime.executePendingJobs(-1);
    if (jobs.error) throw this.failure(vm, helpers, jobs.error, limits);
    if (this.stopped) throw new Fail(guestError(undescribable, { stopped: this.stopped, limits }));
  }

  /** The call's result as JSON, or `undefined` while its promise is pending with nothing left to run. */
  private settle(guest: Guest, fn: GuestFunction, args: readonly Json[]): Json | undefined {
    const { vm, runtime, helpers, limits } = guest;
    const fnName = vm.newString(fn);
    const argsJson = vm.newString(JSON.stringify(args));
    const made = vm.callFunction(helpers.run, vm.undefined, guest.ns, fnName, argsJson);
    fnName.dispose();
    argsJson.dispose();
    if (made.error) throw this.failure(vm, helpers, made.error, limits);
    const promise = made.value;
    try {
      this.drain(vm, runtime, helpers, limits);
      const state = vm.getPromiseState(promise);
      if (state.type === 'pending') return undefined;
      if (state.type === 'rejected') throw this.failure(vm, helpers, state.error, limits);
      return this.outcome(vm, state.value, limits);
    } finally {
      promise.dispose();
    }
  }

  // The prelude's `run` settles with '1' + JSON, '2' + why the result is not JSON, or '0' + what was thrown.
  private outcome(vm: QuickJSContext, handle: QuickJSHandle, limits: Limits): Json {
    try {
      const lengthHandle = vm.getProp(handle, 'length');
      const length = vm.getNumber(lengthHandle);
      lengthHandle.dispose();
      // Every UTF-16 unit is at least one byte: a string this long cannot fit, so it is never copied out.
      if (length > MAX_REPLY_BYTES + 1) throw oversized(length);
      const text = vm.getString(handle);
      const body = text.slice(1);
      if (text[0] === '1') {
        if (!fits(body, MAX_REPLY_BYTES)) throw oversized(utf8Bytes(body));
        return shallowJson(body);
      }
      const described = readDescribed(body);
      if (text[0] === '2') {
        const message = `the plugin's result is not JSON: ${described.message}`;
        throw new Fail({ code: 'PLUGIN_DECISION_INVALID', reason: 'not-json', message });
      }
      throw new Fail(guestError(described, { stopped: null, limits }));
    } finally {
      handle.dispose();
    }
  }

  // Only the prelude's own first steps get here; without helpers yet, describe with `dump`.
  private unwrap(
    vm: QuickJSContext,
    result: ReturnType<QuickJSContext['evalCode']>,
    limits: Limits,
  ): QuickJSHandle {
    if (!result.error) return result.value;
    const dumped: unknown = vm.dump(result.error);
    result.error.dispose();
    const record = (typeof dumped === 'object' && dumped !== null ? dumped : {}) as Record<string, unknown>;
    const field = (v: unknown) => (typeof v === 'string' ? v : '');
    const described = {
      name: field(record.name),
      message: field(record.message),
      stack: field(record.stack),
    };
    throw new Fail(guestError(described, { stopped: this.stopped, limits }));
  }

  /**
   * Codes what the guest threw. Describing it runs guest code (a Proxy's traps) under a fresh deadline;
   * whether the guest's own deadline had passed is decided before.
   */
  private failure(vm: QuickJSContext, helpers: Helpers, error: QuickJSHandle, limits: Limits): Fail {
    const stopped = this.stopped;
    this.arm(limits, false);
    const made = vm.callFunction(helpers.describe, vm.undefined, error);
    error.dispose();
    let described = undescribable;
    if (made.error) made.error.dispose();
    else {
      described = readDescribed(vm.getString(made.value));
      made.value.dispose();
    }
    return new Fail(guestError(described, { stopped, limits }));
  }

  private logs(vm: QuickJSContext, helpers: Helpers, limits: Limits): string[] {
    this.arm(limits, false);
    try {
      const made = vm.callFunction(helpers.logs, vm.undefined);
      if (made.error) {
        made.error.dispose();
        return [];
      }
      const lines = JSON.parse(vm.getString(made.value)) as string[];
      made.value.dispose();
      return lines;
    } catch {
      return [];
    }
  }
}

function coded(thrown: unknown): SandboxError {
  if (thrown instanceof Fail) return thrown.error;
  return { code: 'PLUGIN_ERROR', reason: 'crashed', message: `the engine failed: ${String(thrown)}` };
}

function missing(message: string): Failed {
  return {
    kind: 'failed',
    error: { code: 'PLUGIN_ERROR', reason: 'missing', message },
    durationMs: 0,
    logs: [],
  };
}

function oversized(bytes: number): Fail {
  const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;
  const message = `the plugin's result is ${kb(bytes)} of JSON, over the limit of ${kb(MAX_REPLY_BYTES)} per message`;
  return new Fail({ code: 'PLUGIN_ERROR', reason: 'oversized', message });
}

/** How deep a result may nest: far more than any decision needs, far less than the host's stack allows. */
export const MAX_JSON_DEPTH = 200;

// Parses the guest's JSON and refuses it when it nests deeper than MAX_JSON_DEPTH. The depth is counted
// on the text first, so a result nested deeper than the worker's own stack never reaches JSON.parse.
function shallowJson(text: string): Json {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) {
        const message = `the plugin's result is not JSON the host accepts: it nests deeper than ${MAX_JSON_DEPTH} levels`;
        throw new Fail({ code: 'PLUGIN_DECISION_INVALID', reason: 'not-json', message });
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return JSON.parse(text) as Json;
}

function memoryUsed(runtime: QuickJSRuntime): number {
  // computeMemoryUsage costs over a millisecond; the text dump about a tenth of that.
  const used = /memory used\s+\d+\s+(\d+)/.exec(runtime.dumpMemoryUsage());
  return used ? Number(used[1]) : 0;
}

function release(handles: QuickJSHandle[], vm: QuickJSContext, runtime: QuickJSRuntime): void {
  try {
    for (const handle of handles) if (handle.alive) handle.dispose();
    vm.dispose();
    runtime.dispose();
  } catch {
    // A runtime left inconsistent by running out of memory may fail its own checks; it is dropped anyway.
  }
}
