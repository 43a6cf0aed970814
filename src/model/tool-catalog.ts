import { z } from 'zod';
import catalogFile from './tool-catalog.json' with { type: 'json' };
import type { ToolSet } from './scenario';

/** One tool a scenario can call: its set, what the model is told of it, and its arguments' JSON Schema. */
export interface ToolCatalogEntry {
  /** `files` for the file tools every run has, else the tool set a scenario names in `tools`. */
  set: 'files' | ToolSet;
  description: string;
  /** The JSON Schema of the tool's arguments, exactly as the model is given it. */
  input: Record<string, unknown>;
  /** Whether the tool's value can hold a table (`columns` and `rows`), which redaction plugins act on. */
  table: boolean;
}

/** Every tool a scenario can call, by name. */
export type ToolCatalog = Readonly<Record<string, ToolCatalogEntry>>;

/**
 * The tools of every tool set, by name, as `toolCatalog()` of src/run makes them from the tools (the
 * scenario format may not import the tools: this is their copy, which a test holds to them).
 */
export const toolCatalog = catalogFile as ToolCatalog;

/** One problem with a call's arguments: where under `args`, and what is wrong. */
export interface ArgsProblem {
  path: (string | number)[];
  detail: string;
}

const schemas = new Map<object, z.ZodType>();
const schemaOf = (json: object): z.ZodType => {
  let schema = schemas.get(json);
  if (!schema) schemas.set(json, (schema = z.fromJSONSchema(json as z.core.JSONSchema.JSONSchema)));
  return schema;
};

const described = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
const quoted = (names: readonly unknown[]) => names.map((n) => JSON.stringify(n)).join(', ');
const propsOf = (json: object) =>
  Object.keys((json as { properties?: Record<string, unknown> }).properties ?? {});

// A tool whose arguments are one of several objects told apart by one constant field (`command` of
// str_replace_editor): the branch that field names, so a problem is explained against the command meant.
function branchOf(json: object, args: Record<string, unknown>): object | ArgsProblem {
  const branches = (json as { oneOf?: unknown }).oneOf;
  if (!Array.isArray(branches)) return json;
  const [key] = Object.entries((branches[0] as { properties?: object }).properties ?? {}).find(
    ([, p]) => (p as { const?: unknown }).const !== undefined,
  ) ?? [undefined];
  if (key === undefined) return json;
  const values = branches.map(
    (b) => (b as { properties: Record<string, { const?: unknown }> }).properties[key]?.const,
  );
  const at = values.indexOf(args[key]);
  if (at >= 0) return branches[at] as object;
  const detail = args[key] === undefined ? 'missing: one of' : 'expected';
  return { path: [key], detail: `${detail} ${quoted(values)}` };
}

function problemOf(issue: z.core.$ZodIssue, json: object, tool: string): ArgsProblem {
  const path = issue.path.map((k) => (typeof k === 'number' ? k : String(k)));
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys':
      return {
        path: [...path, issue.keys[0]!],
        detail: `not an argument of ${tool} (its arguments: ${quoted(propsOf(json)) || 'none'})`,
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
    default:
      return { path, detail: issue.message };
  }
}

/**
 * Checks a call's arguments against the JSON Schema of the tool's arguments (`input`): null when they
 * fit, else the first problem, its path relative to `args`. `tool` names the tool in the words.
 */
export function checkArgs(tool: string, input: object, args: Record<string, unknown>): ArgsProblem | null {
  const json = branchOf(input, args);
  if ('detail' in json) return json;
  const parsed = schemaOf(json).safeParse(args, { reportInput: true });
  return parsed.success ? null : problemOf(parsed.error.issues[0]!, json, tool);
}
