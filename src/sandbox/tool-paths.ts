// A visitor's tool may declare which of its input fields are paths, as the built-in file tools do
// (`ToolSpec.paths`): the harness then normalizes them by the filesystem's rules before any hook sees the
// call, and the tool runs on exactly the path the hooks approved. The declaration is checked against the
// tool's inputSchema once, by the host, when the plugin is loaded.
import { z } from 'zod';
import type { Result } from '../harness/result';

/** What a path field names: a file (the rule of `read`, `write`, `edit`) or a directory (that of `ls`). */
export const PathKind = z.enum(['file', 'directory']);
export type PathKind = z.infer<typeof PathKind>;

/** The most path fields one tool may declare. */
export const MAX_PATH_FIELDS = 16;

/** A tool's `paths` as they cross from the sandbox: field name → kind. */
export const ToolPaths = z.record(z.string(), PathKind);
export type ToolPaths = z.infer<typeof ToolPaths>;

/**
 * Checks a tool's `paths` declaration against its input schema: an object of at most MAX_PATH_FIELDS
 * fields, each a top-level property of the schema declared `type: 'string'`, each `'file'` or
 * `'directory'`. The error says what is wrong in the visitor's terms.
 */
export function checkToolPaths(
  paths: unknown,
  inputSchema: Record<string, unknown>,
): Result<ToolPaths, string> {
  if (paths === null || typeof paths !== 'object' || Array.isArray(paths)) {
    return { ok: false, error: "tool.paths must be an object of field names, e.g. { path: 'file' }" };
  }
  const entries = Object.entries(paths as Record<string, unknown>);
  if (entries.length > MAX_PATH_FIELDS) {
    return { ok: false, error: `tool.paths declares ${entries.length} fields, more than ${MAX_PATH_FIELDS}` };
  }
  const properties = inputSchema.properties;
  const props = properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : {};
  for (const [field, kind] of entries) {
    if (!PathKind.safeParse(kind).success) {
      return {
        ok: false,
        error: `tool.paths.${field} must be 'file' or 'directory' (got ${JSON.stringify(kind)})`,
      };
    }
    const prop = Object.hasOwn(props, field) ? props[field] : undefined;
    const type = prop && typeof prop === 'object' ? (prop as { type?: unknown }).type : undefined;
    if (type !== 'string') {
      return {
        ok: false,
        error: `tool.paths.${field}: the inputSchema has no top-level property "${field}" of type 'string'`,
      };
    }
  }
  return { ok: true, value: Object.fromEntries(entries) as ToolPaths };
}
