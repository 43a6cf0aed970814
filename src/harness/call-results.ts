import { text } from './content';
import { PluginError, ToolError, codeOf, describeThrown, type ErrorCode } from './errors';
import type { JsonProblem } from './json';
import type { ResultError, ToolResult } from './tool';

// The error results of a call, worded once: what the registry answers when a call cannot go on.

/**
 * An error result: the model reads `Error CODE: message` and the remedy. `detail`, the whole story for
 * people (a plugin's long explanation), is kept on the error for the card, never in the model's text.
 */
export function errorResult(code: ErrorCode, message: string, remedy?: string, detail?: string): ToolResult {
  const error: ResultError = { code, message, ...(remedy ? { remedy } : {}), ...(detail ? { detail } : {}) };
  return { content: text(`Error ${code}: ${message}${remedy ? `\nRemedy: ${remedy}` : ''}`), error };
}

/**
 * The error result for anything thrown: a `ToolError`'s code and remedy, else `fallback`. A plugin's
 * failure is one short sentence for the model (`PluginError.brief`), its whole message the detail.
 */
export function fromThrown(thrown: unknown, fallback: ErrorCode): ToolResult {
  let remedy: string | undefined;
  let plugin: PluginError | undefined;
  try {
    remedy = thrown instanceof ToolError && typeof thrown.remedy === 'string' ? thrown.remedy : undefined;
    plugin = thrown instanceof PluginError ? thrown : undefined;
  } catch {
    // A revoked proxy throws even on `instanceof`; escaping here would skip the post-execute hooks.
  }
  const code = codeOf(thrown, fallback);
  if (plugin && plugin.brief !== plugin.message)
    return errorResult(code, plugin.brief, remedy, plugin.message);
  return errorResult(code, describeThrown(thrown), remedy);
}

/** What an interrupted tool leaves behind, said the same way by every stop and time limit. */
export const CHANGES_STAY =
  'a change it had already committed stays, and one it had not made is never made (each change of a ' +
  'file is whole or not at all): check the files involved, then call again if you still need to';

/** `INVALID_ARGS` for arguments that are not JSON, naming the argument and the reason. */
export function notJsonResult(tool: string, notJson: JsonProblem): ToolResult {
  // `at` is a path from the arguments' root: `$.offset`, `$.edits[2].text`, or `$` for the root itself.
  const at = notJson.at.replace(/^\$\.?/, '');
  const what = at === '' ? `the arguments of ${tool} are not JSON` : `argument ${at} of ${tool} is not JSON`;
  return errorResult(
    'INVALID_ARGS',
    `${what}: ${notJson.message}`,
    'send the arguments as plain JSON (finite numbers, strings, booleans, null, arrays, objects), then call again',
  );
}
