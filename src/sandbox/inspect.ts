import { TOOL_NAME } from '../harness/tool';
import { Fail } from './guest-error';
import { checkToolPaths } from './tool-paths';
import { checkToolSchema } from './tool-schema';
import type { ToolInfo } from './protocol';
import { type GuestFunction, type GuestHook, guestHooks } from './wire';

/** What a guest module offers, checked: its name, its hooks, its tool, and every function the host may call. */
export interface Inspected {
  name: string;
  hooks: GuestHook[];
  tool?: ToolInfo;
  functions: GuestFunction[];
}

const invalid = (message: string): Fail => new Fail({ code: 'PLUGIN_ERROR', reason: 'invalid', message });
const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80) ?? String(value);

/**
 * Checks the prelude's summary of a module's exports (`{name, <hook>: typeof, tool?}`) and says what is
 * wrong in the visitor's terms. Throws a `Fail` with reason `invalid`.
 */
export function inspectExports(exports: Record<string, unknown>): Inspected {
  const name = exports.name;
  if (typeof name !== 'string') {
    const got = String(exports.nameType);
    throw invalid(
      `the plugin must export its name as a string, e.g. export const name = 'redact' (got ${got})`,
    );
  }
  if (!/^[\w .:@/-]{1,64}$/.test(name)) {
    throw invalid(`the plugin's name ${shown(name)} must be 1–64 letters, digits, spaces or _ . : @ / -`);
  }
  const wrong = guestHooks.find((hook) => exports[hook] !== 'function' && exports[hook] !== 'undefined');
  if (wrong) throw invalid(`the export ${wrong} must be a function (it is ${String(exports[wrong])})`);
  const hooks = guestHooks.filter((hook) => exports[hook] === 'function');
  const tool = exports.tool === undefined ? undefined : checkTool(exports.tool);
  if (!hooks.length && !tool)
    throw invalid(`the plugin exports no hook (${guestHooks.join(', ')}) and no tool`);
  const functions: GuestFunction[] = [...hooks, ...(tool?.functions ?? [])];
  return tool ? { name, hooks, tool, functions } : { name, hooks, functions };
}

function checkTool(raw: unknown): ToolInfo {
  const tool = raw as Partial<Record<keyof ToolInfo, unknown>>;
  if (typeof tool.name !== 'string' || !TOOL_NAME.test(tool.name)) {
    throw invalid(
      `tool.name must be 1–64 lowercase letters, digits and _, starting with a letter (got ${shown(tool.name)})`,
    );
  }
  if (typeof tool.description !== 'string' || !tool.description.trim() || tool.description.length > 4096) {
    throw invalid(`tool "${tool.name}" needs a description of at most 4096 characters`);
  }
  const schema = tool.inputSchema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw invalid(`tool.inputSchema must be a JSON Schema object (got ${shown(schema)})`);
  }
  const functions = Array.isArray(tool.functions) ? (tool.functions as GuestFunction[]) : [];
  if (!functions.includes('tool.execute') || !functions.includes('tool.render')) {
    throw invalid(`tool "${tool.name}" must have the functions execute(args) and render(args, value)`);
  }
  const inputSchema = schema as ToolInfo['inputSchema'];
  // Checked here too, so that a schema too big to send back is refused in words, not as an oversized reply.
  const checked = checkToolSchema(inputSchema);
  if (!checked.ok) {
    const message = `tool "${tool.name}": ${checked.error.message}`;
    throw new Fail({ code: checked.error.code, reason: 'invalid', message });
  }
  const info: ToolInfo = { name: tool.name, description: tool.description, inputSchema, functions };
  if (tool.paths === undefined) return info;
  const paths = checkToolPaths(tool.paths, inputSchema);
  if (!paths.ok) throw new Fail({ code: 'PLUGIN_TOOL_SCHEMA', reason: 'invalid', message: paths.error });
  return { ...info, paths: paths.value };
}
