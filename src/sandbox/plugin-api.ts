// The types of a visitor's plugin module, as the sandbox sees it: what each hook receives and what it may
// answer. Self-contained (no imports, types only): the TypeScript mode hands this text as it is to the
// checker in the browser, both as globals and as the module 'harness-playground'.
// tests/unit/sandbox/plugin-api.test.ts fails the type check when it drifts from the harness's own types.

/** A JSON value: all that crosses the bridge between the sandbox and the harness. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value, or a promise of it: every plugin function may be `async`. */
export type Awaitable<T> = T | Promise<T>;

/** A stable error code a call can end with. */
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

/**
 * The code of a plugin's own refusal (`Refusal`, `Conflict`): capital letters, digits and `_`, starting
 * with `FS_`, `SQL_` or `WEB_` (e.g. `FS_OUTSIDE_APP`). Another code is refused at run time too
 * (`PLUGIN_DECISION_INVALID`).
 */
export type RefusalCode = `FS_${string}` | `SQL_${string}` | `WEB_${string}`;

/**
 * What a slot listener (`writeIntent`, `editIntent`) returns to hand the decision on to the next plugin
 * in order: "not mine to decide". Returning nothing (`undefined`) is an error, not a pass.
 */
export interface Pass {
  verdict: 'pass';
}

/** One block of what the model reads. Text is the only kind. */
export interface ContentBlock {
  type: 'text';
  text: string;
}

/** What the model reads from one call: text blocks, joined by blank lines. */
export type Content = ContentBlock[];

/** Why a call failed: a stable code, what happened, and what the model should do next. */
export interface ResultError {
  code: ErrorCode;
  message: string;
  remedy?: string;
  /** For people, not the model: the whole story when `message` is its short form (a plugin's failure). */
  detail?: string;
}

/** A call's result as the model and the log see it: its content, its error, and the tool's meta. */
export interface ToolResult {
  content: Content;
  error?: ResultError;
  meta?: Json;
}

/**
 * What `preExecute` receives: the call about to run. `args` have passed the tool's input schema, and the
 * path fields a tool declares (the file tools', a plugin tool's `paths`) are normalized (`/app/../x` is
 * `/x`): the tool runs on exactly these paths.
 */
export interface PreExecuteInput {
  session: string;
  callId: string;
  tool: string;
  args: unknown;
}

/**
 * A `preExecute` vote: let the call go on, refuse it (it ends with HOOK_DENIED and `reason`), or have the
 * person decide (`prompt` is what they are asked; declined → APPROVAL_DENIED).
 */
export type PreDecision =
  { verdict: 'allow' } | { verdict: 'deny'; reason: string } | { verdict: 'ask'; prompt: string };

/**
 * What `postExecute` receives: the call, its result so far (as earlier plugins left it) and its value,
 * which is absent when the call failed.
 */
export interface PostExecuteInput extends PreExecuteInput {
  result: ToolResult;
  value?: unknown;
}

/**
 * A `postExecute` decision: leave the result alone; replace only what the model reads (`content`);
 * replace the value (`value`: checked against the tool's schema, then rendered again); or turn the result
 * into a BLOCKED error with `feedback`. One decision never gives both `content` and `value`.
 */
export type PostDecision =
  | { action: 'pass'; content?: never; value?: never }
  | { action: 'accept'; content: Content; value?: never }
  | { action: 'accept'; value: unknown; content?: never }
  | { action: 'block'; feedback: string };

/** What `writeIntent` and `editIntent` receive: who wants to change which file (`path` is normalized). */
export interface IntentInput {
  session: string;
  callId: string;
  tool: string;
  path: string;
}

/** The error a tool reports instead of the storage's when the storage refuses the guard with code `when`. */
export interface Conflict {
  when: string;
  code: RefusalCode;
  message: string;
  remedy: string;
}

/** Refuses a write or an edit outright: the call ends with `code`, `message` and `remedy`. */
export interface Refusal {
  verdict: 'refuse';
  code: RefusalCode;
  message: string;
  remedy: string;
}

/**
 * The condition the storage checks inside a write's transaction: none, "only if the file does not exist",
 * or "only if the file is still at `version`".
 */
export type WriteGuard =
  { kind: 'none' } | { kind: 'createIfAbsent' } | { kind: 'replaceIfVersion'; version: string };

/**
 * The condition the storage checks inside an edit's transaction: none, or "only if the file is still at
 * `version`"; `withinLines` (1-based, inclusive ranges) also refuses an edit touching any other line.
 */
export type EditGuard =
  { kind: 'none' } | { kind: 'ifVersion'; version: string; withinLines?: [number, number][] };

/** A `writeIntent` answer: go ahead under a guard (with the errors to report when it fails), or refuse. */
export type WriteDecision = { verdict: 'proceed'; guard: WriteGuard; conflicts?: Conflict[] } | Refusal;

/** An `editIntent` answer: go ahead under a guard (with the errors to report when it fails), or refuse. */
export type EditDecision = { verdict: 'proceed'; guard: EditGuard; conflicts?: Conflict[] } | Refusal;

/** What a `writeIntent` returns: a decision, or `{verdict: 'pass'}` to hand it to the next plugin. */
export type WriteAnswer = WriteDecision | Pass;

/** What an `editIntent` returns: a decision, or `{verdict: 'pass'}` to hand it to the next plugin. */
export type EditAnswer = EditDecision | Pass;

/**
 * What `observed` receives: the agent now knows `path` is present at `version` (or absent), from its own
 * read, write or edit; `lines` is the window a read showed (absent when it saw the whole file).
 */
export interface ObservedEvent {
  type: 'fs/observed';
  seq: number;
  at: number;
  session: string;
  path: string;
  state: 'present' | 'absent';
  version?: string;
  via?: 'read' | 'write' | 'edit';
  lines?: [number, number];
}

/** Votes on each call before it runs. Every plugin votes in order; the first `deny` ends the round. */
export type PreExecute = (input: PreExecuteInput) => Awaitable<PreDecision>;

/** Speaks on each result. Every plugin speaks in order, each seeing the result the earlier ones made. */
export type PostExecute = (input: PostExecuteInput) => Awaitable<PostDecision>;

/**
 * Decides how (and whether) a file may be written. Plugins are asked in order until one decides; one that
 * returns `{verdict: 'pass'}` hands it to the next. The built-in policy decides every write: a plugin
 * after it is never asked.
 */
export type WriteIntent = (input: IntentInput) => Awaitable<WriteAnswer>;

/** Decides how (and whether) a file may be edited: as `WriteIntent`, the first that does not pass decides. */
export type EditIntent = (input: IntentInput) => Awaitable<EditAnswer>;

/** Told of each `fs/observed` event, in order with the hooks. What it returns is ignored. */
export type Observed = (event: ObservedEvent) => Awaitable<void>;

/** Plain text under an optional title: the card every other kind falls back to. */
export interface GenericCard {
  card: 'generic';
  title?: string;
  body: string;
}

/** A command, what it printed and how it ended. */
export interface TerminalCard {
  card: 'terminal';
  title?: string;
  command: string;
  output: string;
  exitCode: number | null;
}

/** One hunk of a unified diff: the lines start with ' ', '+' or '-'. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

/** A change to one file. */
export interface DiffCard {
  card: 'diff';
  title?: string;
  path: string;
  created: boolean;
  added: number;
  removed: number;
  hunks: DiffHunk[];
  endings?: 'LF' | 'CRLF' | 'mixed';
  bom?: boolean;
  normalized?: boolean;
}

/**
 * A window of a file: `offset` is its first line (1-based), `totalLines` the whole file's count;
 * `truncated` is true when it holds less than the whole file, and `cap` names the output cap that ended it.
 */
export interface ReadCard {
  card: 'read';
  title?: string;
  path: string;
  offset: number;
  lines: string[];
  totalLines: number;
  truncated?: boolean;
  cap?: { kind: 'lines' | 'bytes'; limit: number };
}

/** One hit of a search: a path, and for content searches the line and its text; a row may carry its
 * `fields` (each column's name and value), shown apart. */
export interface SearchMatch {
  path: string;
  line?: number;
  text?: string;
  fields?: { label: string; value: string }[];
}

/** Search results; a list showing fewer than `total` matches must say `truncated: true`. */
export interface SearchCard {
  card: 'search';
  title?: string;
  query: string;
  matches: SearchMatch[];
  total: number;
  truncated: boolean;
}

/** A fetched page: its address, title and an excerpt. */
export interface WebCard {
  card: 'web';
  title?: string;
  url: string;
  pageTitle: string;
  excerpt: string;
}

/** How the playground shows a call or its result: one of six kinds, tagged by `card`. */
export type Card = GenericCard | TerminalCard | DiffCard | ReadCard | SearchCard | WebCard;

/**
 * A tool the plugin contributes. `inputSchema` is a JSON Schema of its arguments (what the model sees);
 * `execute` makes the value, `render` what the model reads of it, `presentationMeta` optional JSON for
 * the log. `presentCall` and `presentResult` make its cards (checked against `Card`; an invalid one is shown as a generic card with the reason).
 */
export interface ToolSpec<Args = Json, Value = Json> {
  name: string;
  description: string;
  inputSchema?: { [key: string]: Json };
  /**
   * Which arguments are paths: each a top-level `type: 'string'` property of `inputSchema`, naming a
   * `'file'` or a `'directory'`. They are normalized as the file tools' are (absolute; `.`, `..`, repeated
   * and trailing slashes resolved) before any hook sees the call, and `execute` gets exactly the path the
   * hooks approved. E.g. `paths: { path: 'file' }`.
   */
  paths?: { [field: string]: 'file' | 'directory' };
  execute: (args: Args) => Awaitable<Value>;
  render: (args: Args, value: Value) => Awaitable<Content>;
  presentationMeta?: (args: Args, value: Value) => Awaitable<Json | undefined>;
  presentCall?: (args: Args) => Awaitable<Card>;
  presentResult?: (args: Args, result: ToolResult) => Awaitable<Card>;
}

/** What the guest's `console` offers: each call records one line for the plugin console. */
export interface PluginConsole {
  log: (...data: unknown[]) => void;
  info: (...data: unknown[]) => void;
  warn: (...data: unknown[]) => void;
  error: (...data: unknown[]) => void;
  debug: (...data: unknown[]) => void;
}

/**
 * A plugin module: its `name` (1–64 letters, digits, spaces or `_ . : @ / -`) and at least one hook or a
 * tool. Other exports are allowed and ignored.
 */
export interface PluginModule {
  name: string;
  preExecute?: PreExecute;
  postExecute?: PostExecute;
  writeIntent?: WriteIntent;
  editIntent?: EditIntent;
  observed?: Observed;
  tool?: ToolSpec<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
