import { z } from 'zod';
import { labExampleTools, type LabExampleId } from './lab-example-ids';
import type { BuiltInPluginId, ToolSet } from './scenario-names';
import { checkArgs, toolCatalog } from './tool-catalog';

/** What the checks of this module read of a scenario. */
interface Checked {
  tools?: ToolSet[] | undefined;
  plugins?: BuiltInPluginId[] | undefined;
  lab?: LabExampleId | undefined;
  steps: readonly object[];
}

/** The error codes that let a call through unchecked: the lesson means the call to fail that way. */
export const MEANT_TO_FAIL = { tool: 'UNKNOWN_TOOL', args: 'INVALID_ARGS' } as const;

/** The plugins that act on tables (`columns` and `rows`) in a tool's value, and on nothing else. */
export const TABLE_PLUGINS: readonly BuiltInPluginId[] = ['redact-phones-content', 'redact-phones-value'];

const setsOf = (scenario: Checked): Set<string> => new Set(['files', ...(scenario.tools ?? [])]);

/**
 * Tools a run has beyond the format's (a visitor's plugin adds them), by name, with their arguments;
 * the name `*` stands for any other tool.
 */
export type MoreTools = Readonly<Record<string, z.ZodType>>;

/**
 * For a scenario read back with plugins of the visitor's whose tools are not known yet (a saved run
 * carried on, a share link with plugin code): any tool name, any arguments. Its calls were checked when
 * it was first opened, and a run checks every call's arguments again (`INVALID_ARGS`).
 */
export const ANY_VISITOR_TOOL: MoreTools = { '*': z.record(z.string(), z.unknown()) };

/** The tools a run of `scenario` has, by name, with the schema of their arguments; `more` last, as they win. */
function toolsOf(scenario: Checked, more: MoreTools = {}): Map<string, z.ZodType> {
  const sets = setsOf(scenario);
  const tools = new Map<string, z.ZodType>();
  for (const [name, entry] of Object.entries(toolCatalog))
    if (sets.has(entry.set)) tools.set(name, entry.input);
  for (const [name, input] of Object.entries((scenario.lab && labExampleTools[scenario.lab]) ?? {}))
    tools.set(name, input);
  for (const [name, input] of Object.entries(more)) tools.set(name, input);
  return tools;
}

function unknownTool(name: string, scenario: Checked): string {
  const entry = Object.hasOwn(toolCatalog, name) ? toolCatalog[name] : undefined;
  if (entry) return `"${name}" is in the tool set "${entry.set}": add "${entry.set}" to "tools"`;
  const known = [...toolsOf(scenario).keys()].join(', ');
  return `no tool "${name}" in this scenario (its tools: ${known}; more come with "tools")`;
}

/**
 * Checks each call of the script against the tools of the scenario's run: the tool must be one of them
 * (the file tools, the sets named in `tools`, the tools of its `lab` example), and its `args` must fit
 * that tool's own schema, unless the step `expect`s the call to fail that way (`UNKNOWN_TOOL`,
 * `INVALID_ARGS`). Each problem is an issue at its JSON path.
 */
export function checkCalls(scenario: Checked, ctx: z.RefinementCtx, more: MoreTools = {}): void {
  const tools = toolsOf(scenario, more);
  scenario.steps.forEach((step, i) => {
    if (!('call' in step)) return;
    const { call, args, expect } = step as { call: string; args: Record<string, unknown>; expect?: string };
    const input = tools.get(call) ?? (Object.hasOwn(more, '*') ? more['*'] : undefined);
    if (!input) {
      if (expect !== MEANT_TO_FAIL.tool)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'call'], message: unknownTool(call, scenario) });
      return;
    }
    if (expect === MEANT_TO_FAIL.args) return;
    const problem = checkArgs(call, input, args);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['steps', i, 'args', ...problem.path], message: problem.detail });
  });
}

/**
 * Refuses a table plugin (`redact-phones-*`) in a scenario none of whose tools yields a table: there it
 * could act on nothing, and a lesson about it would show nothing.
 */
export function checkPlugins(scenario: Checked, ctx: z.RefinementCtx): void {
  const sets = setsOf(scenario);
  if (Object.values(toolCatalog).some((t) => t.table && sets.has(t.set))) return;
  const yields = Object.values(toolCatalog).find((t) => t.table);
  const why = (id: string) =>
    `${id} acts on tables (columns and rows) in a tool's value, and no tool of this scenario yields one${yields ? `: add "${yields.set}" to "tools"` : ''}`;
  (scenario.plugins ?? []).forEach((id, i) => {
    if (TABLE_PLUGINS.includes(id)) ctx.addIssue({ code: 'custom', path: ['plugins', i], message: why(id) });
  });
  scenario.steps.forEach((step, i) => {
    if (!('use' in step)) return;
    (step as { use: BuiltInPluginId[] }).use.forEach((id, j) => {
      if (TABLE_PLUGINS.includes(id))
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'use', j], message: why(id) });
    });
  });
}
