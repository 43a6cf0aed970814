import type { FsBackend } from '../fs/types';
import { Registry, type Tool } from '../harness';
import { toolSetNames, type ToolSet } from '../model/scenario';
import { brokenTools } from '../tools/broken';
import { sqlQueryTool, type SqlEngine } from '../tools/sql';
import { strengthTools } from '../tools/strengths';
import { countWordsTool, shellTool, webFetchTool } from '../tools/teaching';
import { fileTools } from '../tools/toolbox';

/** What the tool sets are made from: the workspace, and the few things a set needs from its run. */
export interface ToolSetContext {
  fs: FsBackend;
  /** Whether edit's Unicode fallback is on (the scenario's choice). */
  unicodeFallback: boolean;
  /** Lands the scenario's race on `path`: the gap in a write where someone else's change can land. */
  race: (path: string) => Promise<void>;
  /** Opens the SQL engine, loaded on first use; without it the `sql` set is empty. */
  sqlEngine?: () => Promise<SqlEngine>;
}

/**
 * Every tool set, by name: the file tools every run has, and the sets a scenario asks for by name. The
 * one table that loading, resuming and replay all read; its keys are exactly the scenario format's names.
 */
export const toolSets = {
  files: (c) => fileTools(c.fs, { unicodeFallback: () => c.unicodeFallback }),
  teaching: (c) => [shellTool(c.fs), webFetchTool(), countWordsTool(c.fs)],
  broken: () => brokenTools(),
  sql: (c) => (c.sqlEngine ? [sqlQueryTool(c.sqlEngine)] : []),
  strengths: (c) => strengthTools(c.fs, c.race),
} as const satisfies Record<'files' | ToolSet, (context: ToolSetContext) => Tool[]>;

/** The tools of a run: the file tools, then the sets asked for, in the table's order. */
export function toolsFor(sets: readonly ToolSet[], context: ToolSetContext): Tool[] {
  const names = Object.keys(toolSets) as (keyof typeof toolSets)[];
  return names.filter((n) => n === 'files' || sets.includes(n)).flatMap((n) => toolSets[n](context));
}

/**
 * Every tool of every set, by name: what a replay needs to rebuild cards from any log. A replay runs
 * nothing, so these tools are never called: their workspace and SQL engine are never reached.
 */
export function replayTools(fs: FsBackend): Registry {
  const unused = () => Promise.reject(new Error('a replay runs no tool'));
  const context: ToolSetContext = { fs, unicodeFallback: false, race: unused, sqlEngine: unused };
  const registry = new Registry();
  for (const tool of toolsFor(toolSetNames, context)) registry.register(tool);
  return registry;
}
