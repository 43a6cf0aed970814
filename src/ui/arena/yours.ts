// The arena's "Your policy" column: the plugin open in the lab, as it was last applied, answering the
// write and edit intents of every hazard. It runs in a sandbox of its own, apart from the lab's, and its
// module starts afresh for each workspace (and on a resume), as it would after a page reload.
import { editIntent, writeIntent } from '../../contracts/fs-intents';
import { postExecute, preExecute, type Contribution } from '../../harness';
import { definePolicy, type PolicySpec } from '../../plugins/policies';
import { Sandbox, sandboxPlugin } from '../../sandbox';

/** The id of the column, in the view (`data-policy="yours"`) and in the exports. */
export const YOURS = 'yours';

/** The plugin the lab has open, as it was applied: its name, its source and whether that is TypeScript. */
export interface OpenPlugin {
  name: string;
  source: string;
  typescript: boolean;
}

/** What the column can be: no plugin open, one that could not start, or a policy ready to run. */
export type Yours =
  | { kind: 'none' }
  | { kind: 'failed'; name: string; why: string; code: string }
  | {
      kind: 'ready';
      name: string;
      spec: PolicySpec;
      /** Whether any write or edit intent got an answer other than pass (or a failure) so far. */
      decided: () => boolean;
      /** Ends the column's sandbox. */
      dispose: () => void;
    };

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

/**
 * The open plugin as an edit-safety policy. Only its intents and its `observed` notice take part: a
 * `preExecute` or `postExecute` of it would ask or rewrite where the arena has nobody to ask.
 */
export async function yourPolicy(open: OpenPlugin | null): Promise<Yours> {
  if (!open) return { kind: 'none' };
  const { name } = open;
  const code = await javascriptOf(open);
  if (!code.ok) return { kind: 'failed', name, why: code.why, code: 'TS' };
  let sandbox: Sandbox;
  try {
    sandbox = await Sandbox.create();
  } catch (error) {
    return { kind: 'failed', name, why: String(error), code: 'PLUGIN_ERROR' };
  }
  const first = await sandbox.load(code.js);
  if (!first.ok) {
    sandbox.dispose();
    return { kind: 'failed', name, why: first.error.message, code: first.error.code };
  }
  let decided = false;
  const watched = (c: Contribution): Contribution =>
    c.hook === writeIntent || c.hook === editIntent
      ? {
          ...c,
          listener: async (input) => {
            try {
              const answer = await c.listener(input);
              if ((answer as { verdict?: unknown } | null)?.verdict !== 'pass') decided = true;
              return answer;
            } catch (error) {
              decided = true;
              throw error;
            }
          },
        }
      : c;
  const spec = definePolicy({
    id: YOURS,
    summary: `Your plugin "${name}", as applied in the lab.`,
    models: { product: `your plugin "${name}"`, version: 'as applied', source: 'the plugin lab' },
    make: () => {
      // A fresh module for each workspace; the calls queue behind this load in the sandbox.
      void sandbox.load(code.js);
      const plugin = sandboxPlugin(sandbox, first);
      const taking = plugin.contributions.filter((c) => c.hook !== preExecute && c.hook !== postExecute);
      return { name: plugin.name, contributions: taking.map(watched) };
    },
  });
  return { kind: 'ready', name, spec, decided: () => decided, dispose: () => sandbox.dispose() };
}
