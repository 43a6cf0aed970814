import type { z } from 'zod';
import { errorResult, fromThrown, notJsonResult } from './call-results';
import type { JsonProblem } from './json';
import type { Tool, ToolResult } from './tool';
import { normalizedArgs } from './tool-paths';

/** One call to run. */
export interface CallRequest {
  callId: string;
  tool: string;
  args: unknown;
  /**
   * Set when the arguments the model sent were not JSON: where and why (see `copyJson`). The call then
   * ends with `INVALID_ARGS` saying so, whatever `args` holds.
   */
  notJson?: JsonProblem;
}

/** Arguments as a tool's input schema parsed them (`ok`), or as they came when it did not or could not. */
export interface ParsedArgs {
  ok: boolean;
  args: unknown;
}

/**
 * A call looked up and its arguments parsed, once (`Registry.prepare`): everything after the registry
 * (the cards, the session, the purity check) uses these rather than parsing again.
 */
export interface PreparedCall {
  readonly request: CallRequest;
  /** The tool the call names; undefined when there is none. */
  readonly tool: Tool | undefined;
  /** The arguments as the model wrote them, parsed: what the cards get. */
  readonly parsed: ParsedArgs;
  /**
   * The parsed arguments with the tool's path fields normalized: what the hooks, `execute` and the
   * projections get. Present exactly when the call may go on to the hooks (`refused` is then absent).
   */
  readonly args?: unknown;
  /** Why the call ends before any hook: an unknown tool, arguments that are not JSON or are invalid. */
  readonly refused?: ToolResult;
}

function issues(error: z.ZodError): string {
  return error.issues.map((i) => `- ${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`).join('\n');
}

/** Looks up the tool of `request` with `get` and parses its arguments; `known` lists every tool's name. */
export function prepareCall(
  request: CallRequest,
  get: (name: string) => Tool | undefined,
  known: () => string,
): PreparedCall {
  const tool = get(request.tool);
  const raw = { ok: false, args: request.args };
  if (!tool) {
    const refused = errorResult(
      'UNKNOWN_TOOL',
      `there is no tool "${request.tool}"`,
      `use one of: ${known() || 'none'}`,
    );
    return { request, tool, parsed: raw, refused };
  }
  if (request.notJson)
    return { request, tool, parsed: raw, refused: notJsonResult(tool.name, request.notJson) };
  const checked = tool.input.safeParse(request.args);
  if (!checked.success) {
    const refused = errorResult(
      'INVALID_ARGS',
      `the arguments of ${tool.name} are invalid:\n${issues(checked.error)}`,
      'fix the arguments to match the tool schema and call again',
    );
    return { request, tool, parsed: raw, refused };
  }
  const parsed = { ok: true, args: checked.data };
  // Paths are normalized before any plugin sees them: the hooks judge the path the tool will use.
  try {
    return { request, tool, parsed, args: normalizedArgs(tool, checked.data) };
  } catch (thrown) {
    return { request, tool, parsed, refused: fromThrown(thrown, 'INVALID_ARGS') };
  }
}
