/**
 * Error codes a tool call can end with. `FS_*` codes come from the filesystem and pass through the
 * registry unchanged; the others are the registry's and the plugins' own.
 */
export type ErrorCode =
  | 'INVALID_ARGS'
  | 'UNKNOWN_TOOL'
  | 'TOOL_FAILED'
  | 'OUTPUT_INVALID'
  | 'RENDER_FAILED'
  | 'META_NOT_JSON'
  | 'HOOK_DENIED'
  | 'APPROVAL_DENIED'
  | 'BLOCKED'
  | 'PLUGIN_ERROR'
  | 'PLUGIN_DECISION_INVALID'
  | 'PLUGIN_TIMEOUT'
  | 'PLUGIN_MEMORY'
  | 'ABORTED'
  | 'ABORTED_BEFORE_DISPATCH'
  | 'TOOL_TIMEOUT'
  | 'PLUGIN_TOOL_SCHEMA'
  | 'BAD_PATTERN'
  | 'NOT_AVAILABLE'
  | `FS_${string}`
  | `SQL_${string}`
  | `WEB_${string}`;

/** The shape of every error code: capital letters, digits and `_`, starting with a letter. */
export const ERROR_CODE = /^[A-Z][A-Z0-9_]*$/;

/** Whether `code` is a well-formed error code (code written in JavaScript may put anything there). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && ERROR_CODE.test(code);
}

/**
 * An error meant for the model: a stable `code`, what happened, and the `remedy` that leads to the right
 * next action. Tools throw it; the registry turns it into an error result.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly remedy?: string,
  ) {
    super(message);
  }
}

/**
 * A listener of a hook failed. Carries the plugin's and the hook's names so the log can say who broke.
 */
export class PluginError extends ToolError {
  /** What went wrong, without the names (the message says who and where too). */
  readonly detail: string;
  constructor(
    readonly plugin: string,
    readonly hook: string,
    cause: unknown,
    code: ErrorCode = 'PLUGIN_ERROR',
  ) {
    const detail = describeThrown(cause);
    super(code, `plugin "${plugin}" failed in hook "${hook}": ${detail}`);
    this.detail = detail;
  }
}

/**
 * A readable one-line description of anything that was thrown: an Error, a string, a frozen object with
 * throwing getters, a revoked proxy. Never throws itself.
 */
export function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return String(thrown.message || thrown.name);
    if (typeof thrown === 'string') return thrown;
    if (thrown === null || typeof thrown !== 'object') return String(thrown);
    const text = JSON.stringify(thrown);
    return text === undefined ? Object.prototype.toString.call(thrown) : text;
  } catch {
    return 'a value that cannot be described';
  }
}

/** The code a thrown value carries when it is a `ToolError` with a well-formed code, else `fallback`. */
export function codeOf(thrown: unknown, fallback: ErrorCode): ErrorCode {
  try {
    // Code written in JavaScript may put anything in `code`; the log accepts only stable codes.
    return thrown instanceof ToolError && isErrorCode(thrown.code) ? thrown.code : fallback;
  } catch {
    return fallback;
  }
}
