// The page's half of the arena's "Your policy" column: the plugin open in the lab, as it was last
// applied, loaded in a sandbox of its own (apart from the lab's), answering what the arena's worker
// asks. Loaded with the lab (re-exported by ../lab/index.ts): the sandbox is the lab's part of the page.
import type { HarnessEvent, Json } from '../../harness';
import { Sandbox } from '../../sandbox';
import type { AskedHook } from './protocol';

/** The plugin the lab has open, as it was applied: its name, its source and whether that is TypeScript. */
export interface OpenPlugin {
  name: string;
  source: string;
  typescript: boolean;
}

/** The open plugin, ready to answer: its hooks, and a sandbox whose module can start afresh. */
export interface ArenaGuest {
  hooks: string[];
  /** What the plugin answers, or the error it failed with (its code, e.g. PLUGIN_TIMEOUT). */
  ask(
    hook: AskedHook,
    input: unknown,
  ): Promise<{ ok: true; value: unknown } | { ok: false; message: string; code: string }>;
  observed(event: HarnessEvent): void;
  /** The module loaded again: its state starts afresh, as after a page reload. */
  fresh(): void;
  dispose(): void;
}

/** JavaScript as the sandbox runs it: TypeScript compiled first. */
async function javascriptOf(
  open: OpenPlugin,
): Promise<{ ok: true; js: string } | { ok: false; why: string }> {
  if (!open.typescript) return { ok: true, js: open.source };
  const { compilePlugin } = await import('../../sandbox/typescript');
  const compiled = await compilePlugin(open.source);
  return compiled.ok
    ? { ok: true, js: compiled.js }
    : { ok: false, why: compiled.diagnostics[0]?.summary ?? 'it does not compile' };
}

/** Starts the open plugin in a sandbox of its own; why not, with a code, when it cannot. */
export async function arenaGuest(
  open: OpenPlugin,
): Promise<{ ok: true; guest: ArenaGuest } | { ok: false; why: string; code: string }> {
  const code = await javascriptOf(open);
  if (!code.ok) return { ok: false, why: code.why, code: 'TS' };
  let sandbox: Sandbox;
  try {
    sandbox = await Sandbox.create();
  } catch (error) {
    return { ok: false, why: String(error), code: 'PLUGIN_ERROR' };
  }
  const loaded = await sandbox.load(code.js);
  if (!loaded.ok) {
    sandbox.dispose();
    return { ok: false, why: loaded.error.message, code: loaded.error.code };
  }
  // Calls queue in the sandbox in the order they are made: a reload, then the calls of that workspace.
  const guest: ArenaGuest = {
    hooks: [...loaded.hooks],
    ask: async (hook, input) => {
      const result = await sandbox.invoke(hook, [input as Json]);
      return result.ok
        ? { ok: true, value: result.value }
        : { ok: false, message: result.error.message, code: result.error.code };
    },
    observed: (event) => void sandbox.invoke('observed', [event as unknown as Json]),
    fresh: () => void sandbox.load(code.js),
    dispose: () => sandbox.dispose(),
  };
  return { ok: true, guest };
}
