import type { Tool } from './tool';

/**
 * The parsed arguments of a call with every path field the tool declares (`ToolSpec.paths`) normalized
 * by its rule: a copy when one changed, the same object when none did. Throws what a rule throws (a
 * `ToolError` saying why the path cannot be used), before any hook has seen the call.
 */
export function normalizedArgs(tool: Tool, args: unknown): unknown {
  const rules = Object.entries((tool.paths ?? {}) as Record<string, ((raw: string) => string) | undefined>);
  if (rules.length === 0 || typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const fields = args as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [field, rule] of rules) {
    const raw = fields[field];
    if (rule === undefined || typeof raw !== 'string') continue;
    const normal = rule(raw);
    if (normal !== raw) (copy ??= { ...fields })[field] = normal;
  }
  return copy ?? args;
}
