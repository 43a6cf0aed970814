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

/** The longest detail a plugin failure's brief sentence (what the model reads) carries as it is. */
const BRIEF_DETAIL = 160;

/** What the model reads when a plugin's detail is too long to carry: the failure in a few words. */
const BRIEF_BY_CODE: Partial<Record<ErrorCode, string>> = {
  PLUGIN_DECISION_INVALID: 'its decision is invalid',
  PLUGIN_TIMEOUT: 'it ran past its deadline',
  PLUGIN_MEMORY: 'it ran out of memory',
};

/**
 * What the model should do after plugin `plugin` failed in `hook`: the fault is the plugin's, so the same
 * call fails again; whether the call changed anything depends on the hook (after `post-execute` the tool
 * has run; before it, and in a write or edit intent, which refuses when it fails, nothing changed).
 */
export function pluginRemedy(plugin: string, hook: string): string {
  const fault = `the fault is in plugin "${plugin}", not in your call, and the same call is likely to fail the same way until it is fixed or switched off`;
  return hook === 'post-execute'
    ? `the call itself ran and what it changed stays; ${fault}: check what the call did before repeating it, and tell the user`
    : `nothing was changed; ${fault}: tell the user, or go on without this call`;
}

/**
 * A listener of a hook failed. Carries the plugin's and the hook's names, and the line in the plugin's
 * source when known, so the log can say who broke and where, once; its remedy says what the model can do.
 */
export class PluginError extends ToolError {
  /** What went wrong, without the names (the message says who and where too). */
  readonly detail: string;
  /**
   * One short sentence for the model: who failed where, and the detail only when it is short and on one
   * line (the whole message is for people).
   */
  readonly brief: string;
  constructor(
    readonly plugin: string,
    readonly hook: string,
    cause: unknown,
    code: ErrorCode = 'PLUGIN_ERROR',
    readonly line?: number,
  ) {
    const detail = describeThrown(cause);
    // A detail that already names its line ("stopped at line 15") is not told it again.
    const at = line && !detail.includes(`line ${line}`) ? ` at line ${line}` : '';
    const who = `plugin "${plugin}" failed in hook "${hook}"${at}`;
    super(code, `${who}: ${detail}`, pluginRemedy(plugin, hook));
    this.detail = detail;
    const short = detail.length <= BRIEF_DETAIL && !detail.includes('\n');
    this.brief = `${who}: ${short ? detail : (BRIEF_BY_CODE[code] ?? 'it failed')}`;
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
