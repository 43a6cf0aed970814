import { z } from 'zod';
import { toolArgs } from './tool-args';
import type { ToolCatalog } from './tool-catalog-entry';

export type { ToolCatalog, ToolCatalogEntry } from './tool-catalog-entry';

/**
 * The tools of every tool set, by name, as the tools declare them (the scenario format may not import
 * the tools: `src/model/tool-args.ts` is their copy, made from them and held to them by a test).
 */
export const toolCatalog: ToolCatalog = toolArgs;

type JsonSchema = {
  properties?: Record<string, { const?: unknown }>;
  oneOf?: JsonSchema[];
};

const jsons = new WeakMap<z.ZodType, Record<string, unknown>>();

/** The JSON Schema of a tool's arguments, as the model is given it (made on first need, then kept). */
export function inputJson(input: z.ZodType): Record<string, unknown> {
  let json = jsons.get(input);
  if (!json) {
    const { $schema: _s, ...rest } = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' });
    jsons.set(input, (json = rest));
  }
  return json;
}

/** One problem with a call's arguments: where under `args`, and what is wrong. */
export interface ArgsProblem {
  path: (string | number)[];
  detail: string;
}

const described = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
const quoted = (names: readonly unknown[]) => names.map((n) => JSON.stringify(n)).join(', ');

// Arguments of several shapes told apart by one constant field (str_replace_editor's `command`): the
// field, its values, and the shape `args` names; one shape has no such field.
function shapes(json: JsonSchema, args: Record<string, unknown>) {
  const branches = json.oneOf ?? [json];
  const props = branches[0]?.properties ?? {};
  const key = json.oneOf ? Object.keys(props).find((k) => props[k]!.const !== undefined) : undefined;
  const values = key ? branches.map((b) => b.properties?.[key]?.const) : [];
  const named = key ? branches[values.indexOf(args[key])] : json;
  return { key, values, names: Object.keys(named?.properties ?? {}) };
}

function problemOf(issue: z.core.$ZodIssue, json: JsonSchema, tool: string, args: Record<string, unknown>) {
  const path = issue.path.map((k) => (typeof k === 'number' ? k : String(k)));
  const input = (issue as { input?: unknown }).input;
  const { key, values, names } = shapes(json, args);
  switch (issue.code) {
    case 'invalid_union':
      if (!key) break;
      return {
        path: [key],
        detail: `${args[key] === undefined ? 'missing: one of' : 'expected'} ${quoted(values)}`,
      };
    case 'unrecognized_keys':
      return {
        path: [...path, issue.keys[0]!],
        detail: `not an argument of ${tool} (its arguments: ${quoted(names) || 'none'})`,
      };
    case 'invalid_type':
      if (input === undefined) return { path, detail: `missing: an argument ${tool} needs` };
      return {
        path,
        detail: `expected ${issue.expected === 'object' ? 'an object' : `a ${issue.expected}`}, not ${described(input)}`,
      };
    case 'invalid_value':
      return { path, detail: `expected ${quoted(issue.values)}` };
    case 'too_small':
      return { path, detail: `too small: at least ${issue.minimum}` };
    case 'too_big':
      return { path, detail: `too big: at most ${issue.maximum}` };
  }
  return { path, detail: issue.message };
}

/**
 * Checks a call's arguments against the tool's own schema (`input`): null when they fit, else the first
 * problem, its path relative to `args`. `tool` names the tool in the words.
 */
export function checkArgs(tool: string, input: z.ZodType, args: Record<string, unknown>): ArgsProblem | null {
  const parsed = input.safeParse(args, { reportInput: true });
  if (parsed.success) return null;
  return problemOf(parsed.error.issues[0]!, inputJson(input) as JsonSchema, tool, args);
}
