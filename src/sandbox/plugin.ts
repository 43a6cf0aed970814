import {
  type Contribution,
  type Order,
  type Plugin,
  PluginError,
  ToolError,
  logged,
  postExecute,
  preExecute,
  toJson,
} from '../harness';
import { editIntent, writeIntent } from '../contracts/fs-intents';
import { hookNames } from './decisions';
import type { SandboxError } from './protocol';
import type { CallResult, LoadResult, Sandbox } from './sandbox';
import type { GuestHook } from './wire';

/** One call the adapter made, for the plugin console: the hook, what went in, and what came out. */
export interface SandboxCall {
  plugin: string;
  hook: GuestHook;
  input: unknown;
  result: CallResult;
}

/** Options of `sandboxPlugin`. */
export interface SandboxPluginSpec {
  /** Where the listeners sit among the others; a custom decider may go `pre` the built-in policy. */
  order?: Order;
  /** Told of every call, with its input and result (the lab's console). */
  onCall?: (call: SandboxCall) => void;
  /** Told when an `observed` notification failed; notifications never fail their sender. */
  onNoticeError?: (error: PluginError) => void;
}

/** The error a listener throws for a failed call. The harness adds the plugin's and the hook's names. */
function thrown(plugin: string, hook: string, error: SandboxError): Error {
  const at = error.line ? ` (line ${error.line}${error.column ? `, column ${error.column}` : ''})` : '';
  // The harness passes a PLUGIN_TIMEOUT through as it is, so that one carries the names itself.
  if (error.code === 'PLUGIN_TIMEOUT') return new PluginError(plugin, hook, error.message + at, error.code);
  return new ToolError(error.code, error.message + at);
}

/**
 * Turns a plugin loaded in `sandbox` into a harness plugin: one listener per hook the guest exports. A
 * failing call throws a coded error, so a vote hook fails its call and a slot hook (write or edit intent)
 * refuses: never "allow". Results go to the harness unchecked, which checks each against its hook's schema.
 */
export function sandboxPlugin(
  sandbox: Sandbox,
  loaded: Extract<LoadResult, { ok: true }>,
  spec: SandboxPluginSpec = {},
): Plugin {
  const plugin = loaded.name;
  const run = async (hook: GuestHook, input: unknown): Promise<CallResult> => {
    const json = toJson(input);
    const result: CallResult = json.ok
      ? await sandbox.invoke(hook, [json.value])
      : {
          ok: false,
          error: { code: 'PLUGIN_ERROR', reason: 'bridge', message: `the input is not JSON: ${json.error}` },
          durationMs: 0,
          logs: [],
        };
    spec.onCall?.({ plugin, hook, input, result });
    return result;
  };
  const decide = async <D>(hook: GuestHook, input: unknown): Promise<D> => {
    const result = await run(hook, input);
    if (result.ok) return result.value as D;
    throw thrown(plugin, hookNames[hook], result.error);
  };
  const order = spec.order ?? 'default';
  const has = (hook: GuestHook) => loaded.hooks.includes(hook);
  const contributions: Contribution[] = [];
  if (has('preExecute')) contributions.push(preExecute.of((i) => decide('preExecute', i), order));
  if (has('postExecute')) contributions.push(postExecute.of((i) => decide('postExecute', i), order));
  if (has('writeIntent')) contributions.push(writeIntent.of((i) => decide('writeIntent', i), order));
  if (has('editIntent')) contributions.push(editIntent.of((i) => decide('editIntent', i), order));
  if (has('observed')) {
    const observed = logged.of((event) => {
      if (event.type !== 'fs/observed') return;
      void run('observed', event).then((result) => {
        if (!result.ok) spec.onNoticeError?.(thrownNotice(plugin, result.error));
      });
    }, order);
    contributions.push(observed);
  }
  return { name: plugin, contributions };
}

function thrownNotice(plugin: string, error: SandboxError): PluginError {
  return new PluginError(plugin, hookNames.observed, error.message, error.code);
}
