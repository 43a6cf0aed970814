import { z } from 'zod';
import { DiffHunk } from './cards';
import { Content } from './content';
import { type ErrorCode, isErrorCode } from './errors';
import { JsonValue as Json } from './json';

/** A well-formed error code (see `ERROR_CODE`). */
export const ErrorCodeSchema = z.custom<ErrorCode>(isErrorCode, 'an error code');

const ResultError = z.strictObject({
  code: ErrorCodeSchema,
  message: z.string(),
  remedy: z.string().optional(),
  detail: z.string().optional(),
});

const stamp = { seq: z.number().int().nonnegative(), at: z.number().int().nonnegative() };

/** The most diff lines an `external/edit` event keeps: enough to see the change, small in the log. */
export const MAX_EXTERNAL_DIFF_LINES = 40;

/** A change made behind the agent's back, as the transcript shows it. */
export const ExternalDiff = z.strictObject({
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  hunks: z.array(DiffHunk),
  truncated: z.boolean(),
});
export type ExternalDiff = z.infer<typeof ExternalDiff>;

/** Every event the harness logs, tagged by `type`. Each is parsed on the way in and on the way out. */
export const HarnessEvent = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('session/start'),
    ...stamp,
    session: z.string().min(1),
    scenario: z.string().optional(),
    tools: z.array(z.string()),
  }),
  z.strictObject({ type: z.literal('model/message'), ...stamp, text: z.string() }),
  z.strictObject({
    type: z.literal('tool/call'),
    ...stamp,
    callId: z.string(),
    tool: z.string(),
    args: Json,
  }),
  // Only what the model and the cards need: the canonical value is never stored (strict: a `value`
  // key makes the event invalid).
  z.strictObject({
    type: z.literal('tool/result'),
    ...stamp,
    callId: z.string(),
    tool: z.string(),
    content: Content,
    error: ResultError.optional(),
    meta: Json.optional(),
  }),
  z.strictObject({
    type: z.literal('plugin/decision'),
    ...stamp,
    callId: z.string(),
    hook: z.string(),
    plugin: z.string(),
    decision: Json,
  }),
  z.strictObject({
    type: z.literal('approval'),
    ...stamp,
    callId: z.string(),
    plugin: z.string(),
    prompt: z.string(),
    approved: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('fs/observed'),
    ...stamp,
    session: z.string(),
    path: z.string(),
    state: z.enum(['present', 'absent']),
    version: z.string().optional(),
    /** How the agent came to know: its own read, write or edit. */
    via: z.enum(['read', 'write', 'edit']).optional(),
    /** The 1-based inclusive line range a read window showed; absent when the whole file was seen. */
    lines: z.tuple([z.number().int().positive(), z.number().int().nonnegative()]).optional(),
  }),
  z.strictObject({
    type: z.literal('external/edit'),
    ...stamp,
    path: z.string(),
    who: z.enum(['button', 'editor', 'other-tab', 'agent', 'scenario', 'reset']),
    version: z.string().nullable(),
    /** The version before the change: null when the file did not exist; absent when nobody knows. */
    from: z.string().nullable().optional(),
    /** The change as a small diff (at most `MAX_EXTERNAL_DIFF_LINES` lines, `truncated` when cut). */
    diff: ExternalDiff.optional(),
    /** What the scenario says about this edit, in the language of the moment. */
    note: z.string().optional(),
  }),
  z.strictObject({
    type: z.literal('plugin/error'),
    ...stamp,
    plugin: z.string(),
    hook: z.string(),
    message: z.string(),
  }),
]);
export type HarnessEvent = z.infer<typeof HarnessEvent>;
export type EventType = HarnessEvent['type'];

/** Every type of event, in the order the schema lists them (the event log filters by them). */
export const EVENT_TYPES: readonly EventType[] = HarnessEvent.options.map((o) => o.shape.type.value);

/** An event before the log stamps it with `seq` and `at`. */
export type NewEvent = HarnessEvent extends infer E
  ? E extends unknown
    ? Omit<E, 'seq' | 'at'>
    : never
  : never;

/** A whole log. */
export const EventLog = z.array(HarnessEvent);

/** The log as JSON text. Parses every event first, so nothing invalid is ever written. */
export function serializeLog(events: readonly HarnessEvent[]): string {
  return JSON.stringify(EventLog.parse(events));
}

/** Reads a log written by `serializeLog`; throws a `ZodError` naming the bad event when it is not one. */
export function parseLog(text: string): HarnessEvent[] {
  return EventLog.parse(JSON.parse(text));
}
