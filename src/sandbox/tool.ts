import { z } from 'zod';
import { type Content, type Json, type Tool, ToolError } from '../harness';
import { JsonValue, type SandboxError, type ToolInfo } from './protocol';
import type { CallResult, Sandbox } from './sandbox';

type Made<T> = { ok: true; value: T } | { ok: false; error: SandboxError };

/** What `execute` made of one value in the sandbox: its content and its meta, or why either failed. */
interface Projected {
  content: Made<Content>;
  meta?: Made<Json>;
}

const KEEP = 64;

const described = (e: SandboxError) => `${e.message}${e.line ? ` (line ${e.line})` : ''}`;

function inputSchema(info: ToolInfo): z.ZodType {
  try {
    return z.fromJSONSchema(info.inputSchema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // A schema zod cannot read still describes the tool to the model; the arguments are then only JSON.
    return JsonValue;
  }
}

/**
 * The tool a sandboxed plugin contributes, as a harness tool whose functions all run in the sandbox. The
 * harness calls `render` and `presentationMeta` synchronously, so `execute` runs them in the sandbox right
 * after `execute` and the harness reads those results back. A value the sandbox did not make (a
 * post-execute plugin replaced it) cannot be rendered: the call fails with RENDER_FAILED. Cards use the
 * harness's generic fallback.
 */
export function sandboxTool(sandbox: Sandbox, info: ToolInfo): Tool {
  const made = new Map<string, Projected>();
  const key = (args: unknown, value: unknown) => JSON.stringify([args, value]);
  const has = (fn: string) => info.functions.includes(fn as ToolInfo['functions'][number]);
  const projected = (args: unknown, value: unknown): Projected => {
    const found = made.get(key(args, value));
    if (found) return found;
    const message = `the sandboxed tool ${info.name} renders only values its execute made`;
    throw new ToolError('RENDER_FAILED', message, 'replace the content instead of the value, or block');
  };
  const remember = (k: string, p: Projected) => {
    made.set(k, p);
    if (made.size > KEEP) made.delete(made.keys().next().value as string);
  };
  const result = <T>(r: CallResult): Made<T> =>
    r.ok ? { ok: true, value: r.value as T } : { ok: false, error: r.error };
  return {
    name: info.name,
    description: info.description,
    input: inputSchema(info),
    output: JsonValue,
    execute: async (args) => {
      const json = args as Json;
      const executed = await sandbox.call('tool.execute', json);
      if (!executed.ok) throw new ToolError(executed.error.code, described(executed.error));
      const content = result<Content>(await sandbox.call('tool.render', json, executed.value));
      const meta = has('tool.presentationMeta')
        ? result<Json>(await sandbox.call('tool.presentationMeta', json, executed.value))
        : undefined;
      remember(key(args, executed.value), meta === undefined ? { content } : { content, meta });
      return executed.value;
    },
    render: (args, value) => {
      const { content } = projected(args, value);
      if (!content.ok) throw new Error(described(content.error));
      return content.value;
    },
    ...(has('tool.presentationMeta')
      ? {
          presentationMeta: (args: unknown, value: unknown) => {
            const { meta } = projected(args, value);
            if (meta && !meta.ok) throw new Error(described(meta.error));
            return meta?.value;
          },
        }
      : {}),
  };
}
