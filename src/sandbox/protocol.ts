import { z } from 'zod';
import { JsonValue } from '../harness/json';
import type { Result } from '../harness/result';
import { TOOL_NAME } from '../harness/tool';
import { ToolPaths } from './tool-paths';
import { PROTOCOL_VERSION, fits, guestFunctions, utf8Bytes } from './wire';

export { MAX_REPLY_BYTES, MAX_REQUEST_BYTES, PROTOCOL_VERSION } from './wire';

/** A guest function's name, as the bridge carries it. */
export const GuestFunction = z.enum(guestFunctions);

/** The limits the engine enforces on each load and call. */
export const Limits = z.strictObject({
  /**
   * The guest's run time for one load or call, enforced by the engine's interrupt handler: time the
   * worker's thread waited for a core does not count (run-clock.ts).
   */
  deadlineMs: z.number().int().positive(),
  /** The wall-clock time one load or call may take however busy the machine; 4 × `deadlineMs` if absent. */
  wallMs: z.number().int().positive().optional(),
  memoryBytes: z.number().int().positive(),
  stackBytes: z.number().int().positive(),
  /** The seed of the guest's `Math.random`. */
  seed: z.number().int(),
  /** The guest's clock: `Date.now()` and `new Date()` always give this instant. */
  now: z.number().int(),
  /** Off only in tests, to prove that the host's own timer ends a stuck worker. */
  interrupt: z.boolean(),
});
export type Limits = z.infer<typeof Limits>;

/** Why a load or call failed, beyond its code. */
export const FailReason = z.enum([
  'syntax',
  'thrown',
  'deadline',
  'memory',
  'stack',
  'oversized',
  'not-json',
  'invalid',
  'missing',
  'crashed',
  'bridge',
]);
export type FailReason = z.infer<typeof FailReason>;

/** The codes of the errors a sandbox reports; each is also a harness `ErrorCode`. */
export const SandboxErrorCode = z.enum([
  'PLUGIN_ERROR',
  'PLUGIN_TIMEOUT',
  'PLUGIN_DECISION_INVALID',
  // The plugin went over its memory limit and was stopped.
  'PLUGIN_MEMORY',
  // A load the host refused: the plugin's tool has an input schema past the bounds (tool-schema.ts).
  'PLUGIN_TOOL_SCHEMA',
]);
export type SandboxErrorCode = z.infer<typeof SandboxErrorCode>;

/** A failure of guest code: a code, a reason, a message for the visitor and where in their source. */
export const SandboxError = z.strictObject({
  code: SandboxErrorCode,
  reason: FailReason,
  message: z.string().max(4096),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
});
export type SandboxError = z.infer<typeof SandboxError>;

/** What a loaded guest contributes as a tool. */
export const ToolInfo = z.strictObject({
  name: z.string().regex(TOOL_NAME, 'a tool name: lowercase letters, digits and _'),
  description: z.string().min(1).max(4096),
  inputSchema: z.record(z.string(), JsonValue),
  functions: z.array(GuestFunction),
  /** The input fields that are paths, each `'file'` or `'directory'` (tool-paths.ts). */
  paths: ToolPaths.optional(),
});
export type ToolInfo = z.infer<typeof ToolInfo>;

// The prelude's console keeps 100 lines of up to 500 characters, plus one saying how many it dropped.
const Log = z.array(z.string().max(500)).max(101);

const envelope = { v: z.literal(PROTOCOL_VERSION) };
const Id = z.number().int().nonnegative();

/** A request from the host to the worker. */
export const Request = z.discriminatedUnion('kind', [
  z.strictObject({ ...envelope, id: Id, kind: z.literal('load'), source: z.string(), limits: Limits }),
  z.strictObject({
    ...envelope,
    id: Id,
    kind: z.literal('call'),
    fn: GuestFunction,
    args: z.array(JsonValue),
  }),
]);
export type Request = z.infer<typeof Request>;

/** A message from the sandbox to the host: readiness, a reply to one request, or a crash. */
export const Reply = z.discriminatedUnion('kind', [
  z.strictObject({ ...envelope, kind: z.literal('frame') }),
  z.strictObject({ ...envelope, kind: z.literal('ready') }),
  z.strictObject({ ...envelope, kind: z.literal('crashed'), message: z.string().max(4096) }),
  z.strictObject({
    ...envelope,
    id: Id,
    kind: z.literal('loaded'),
    name: z.string(),
    hooks: z.array(GuestFunction),
    tool: ToolInfo.optional(),
    logs: Log,
  }),
  z.strictObject({
    ...envelope,
    id: Id,
    kind: z.literal('returned'),
    value: JsonValue,
    durationMs: z.number().nonnegative(),
    memoryBytes: z.number().int().nonnegative(),
    logs: Log,
  }),
  z.strictObject({
    ...envelope,
    id: Id,
    kind: z.literal('failed'),
    error: SandboxError,
    durationMs: z.number().nonnegative(),
    logs: Log,
  }),
]);
export type Reply = z.infer<typeof Reply>;

/** A reply without its envelope, as the engine produces it. */
export type ReplyBody = DistributiveOmit<Extract<Reply, { id: number }>, 'v' | 'id'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Why a message was refused, and whether for its size alone. */
export interface Refused {
  message: string;
  oversized: boolean;
}

/** The outcome of reading a message: the parsed message, or why it was refused. */
export type Decoded<T> = Result<T, Refused>;

// `__proto__` as an own key is harmless in the parsed object, but a later copy by assignment (zod's
// record parsing, Object.assign) would turn it into the copy's prototype: drop it where it is read.
const dropProtoKeys = (key: string, value: unknown): unknown => (key === '__proto__' ? undefined : value);

/**
 * Reads one message: a JSON string within `cap` bytes, without `__proto__` keys, that `schema` accepts.
 * Never throws.
 */
export function decode<T>(data: unknown, schema: z.ZodType<T>, cap: number): Decoded<T> {
  const refuse = (message: string, oversized = false): Decoded<T> => ({
    ok: false,
    error: { message, oversized },
  });
  if (typeof data !== 'string') return refuse('a message that is not JSON text');
  if (!fits(data, cap))
    return refuse(`a message of ${utf8Bytes(data)} bytes, over the limit of ${cap}`, true);
  let raw: unknown;
  try {
    raw = JSON.parse(data, dropProtoKeys);
  } catch {
    return refuse('a message that is not valid JSON');
  }
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = schema.safeParse(raw);
  } catch {
    // A message nested deeper than the host's stack can check: only a broken sandbox sends one.
    return refuse('a message nested too deeply to check');
  }
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return refuse(`a malformed message (${issue?.path.join('.') || 'root'}: ${issue?.message})`);
}

/** Writes one message as JSON text; `undefined` when it would be bigger than `cap` bytes. */
export function encode(message: Request | Reply, cap: number): string | undefined {
  const text = JSON.stringify(message);
  return fits(text, cap) ? text : undefined;
}
