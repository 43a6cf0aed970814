import { type Order, type Plugin, PluginError, toJson } from '../harness';
import { guestHookSpecs } from './guest-hooks';
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
}

/**
 * The error a listener throws for a failed call. The harness adds the plugin's and the hook's names to a
 * plain tool error; a PLUGIN_TIMEOUT, which it passes through as it is, and a failed notification, which it
 * reports as it is, carry the names themselves.
 */
function thrown(plugin: string, hook: string, error: SandboxError): Error {
  return new PluginError(plugin, hook, error.message, error.code, error.line);
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
  const decide = async (hook: GuestHook, input: unknown): Promise<unknown> => {
    const result = await run(hook, input);
    if (result.ok) return result.value;
    throw thrown(plugin, guestHookSpecs[hook].hook, result.error);
  };
  const order = spec.order ?? 'default';
  const contributions = loaded.hooks.map((hook) =>
    guestHookSpecs[hook].contribute((input) => decide(hook, input), order),
  );
  return { name: plugin, contributions };
}
