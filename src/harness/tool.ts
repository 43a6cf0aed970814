import type { z } from 'zod';
import { checkTimeLimit } from './abort';
import type { Card } from './cards';
import type { Content } from './content';
import type { ErrorCode } from './errors';
import type { NewEvent } from './events';
import type { Decided, Hooks, SlotHook } from './hooks';
import type { Json } from './json';

/** What a call's error says: a stable code, what happened, and what to do next. */
export interface ResultError {
  code: ErrorCode;
  message: string;
  remedy?: string;
  /** For people, not the model: the whole story when `message` is its short form (a plugin's failure). */
  detail?: string;
}

/**
 * What a call produces for everyone but programs: the model's `content`, the `error` when it failed, and
 * replayable `meta`. This is what the log keeps. The canonical value is not part of it.
 */
export interface ToolResult {
  content: Content;
  error?: ResultError;
  meta?: Json;
}

/** What `execute` gets besides its arguments. */
export interface ToolContext {
  /** The agent session making the call; policies keep their state per session. */
  session: string;
  callId: string;
  hooks: Hooks;
  /**
   * Appends an event to the session's log (tools emit `fs/observed` this way). The events of a call are
   * logged when its `execute` ends, before its result; a call that is stopped or runs out of time logs
   * none of them, since the model never learns what they record.
   */
  emit: (event: NewEvent) => void;
  /**
   * Aborts when the call is stopped (the caller's signal) or runs past the tool's `timeoutMs`. A tool
   * that can stop early should; one that ignores it is still ended, and must then change nothing more:
   * pass it on to every mutation (the filesystem checks it inside the mutation's transaction).
   */
  signal: AbortSignal;
  /**
   * Asks a slot hook (the first listener decides) and records the decision with the plugin that made
   * it, so it is logged as a `plugin/decision` event of this call. Tools ask slot hooks only this way.
   */
  slot: <I, D>(hook: SlotHook<I, D>, input: I) => Promise<Decided<D> | undefined>;
}

/**
 * Normalizes one path argument into the form the tool works on, or throws a `ToolError` saying why it
 * cannot (the file tools' rules throw `FS_INVALID_PATH`). It must be idempotent: a normal path is returned
 * unchanged.
 */
export type PathRule = (raw: string) => string;

/** The input fields whose values are strings (or absent): the fields that can be declared paths. */
export type StringFields<I> = {
  [K in keyof I & string]-?: NonNullable<I[K]> extends string ? K : never;
}[keyof I & string];

/** Which top-level input fields of a tool hold paths, each with the rule that normalizes it. */
export type PathFields<I> = { readonly [K in StringFields<I>]?: PathRule };

/**
 * What a tool does, in words for a person (the Tools panel), by language. A language left out shows the
 * model's own `description` as it is: English usually needs no words of its own.
 */
export interface ToolWords {
  readonly en?: string;
  readonly zh: string;
}

/** Everything a tool is made of. `I` is the parsed input, `O` the canonical value. */
export interface ToolSpec<I, O> {
  name: string;
  /** What the model is told about the tool, including the rules it will meet. */
  description: string;
  /** Optional: the tool's words for people; the interface shows them and knows no tool by name. */
  words?: ToolWords;
  input: z.ZodType<I>;
  /**
   * Optional: the input fields that are paths. The registry normalizes each (by its rule) right after the
   * input is parsed, so `preExecute`, the intent slots, `execute` and `postExecute` all see the one
   * normal form and the tool runs on exactly the path the hooks approved. The log and the call card keep
   * what the model wrote.
   */
  paths?: PathFields<I>;
  /** Mandatory: every value `execute` returns is checked against it. */
  output: z.ZodType<O>;
  /** Produces the canonical value. May do I/O. Throw a `ToolError` for an error the model can act on. */
  execute: (args: I, ctx: ToolContext) => Promise<O> | O;
  /** Pure: the model's content from the value. No I/O, no clock, no randomness. */
  render: (args: I, value: O) => Content;
  /** Pure, optional: replayable UI data. Must be JSON. */
  presentationMeta?: (args: I, value: O) => Json | undefined;
  /** Pure, optional: the card shown when the call is made. */
  presentCall?: (args: I) => Card;
  /** Pure, optional: the card for the result. Gets `{content, error, meta}`, never the value. */
  presentResult?: (args: I, result: ToolResult) => Card;
  /**
   * Optional: the most milliseconds `execute` may take. Past it the call ends with `TOOL_TIMEOUT` and
   * `ctx.signal` aborts; a change the tool had committed stays, one it had not is never made.
   */
  timeoutMs?: number;
}

/** A defined tool. Its type parameters are erased so tools of every shape fit one registry. */
export type Tool = ToolSpec<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The shape of a tool's name: lowercase letters, digits and `_`, starting with a letter, at most 64. */
export const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Tools are made with `Tool.define(spec)`. */
export const Tool = {
  /** Defines a tool. Checks the spec's shape at once, so a broken tool fails where it is written. */
  define<I, O>(spec: ToolSpec<I, O>): ToolSpec<I, O> {
    if (!TOOL_NAME.test(spec.name)) {
      throw new RangeError(`Invalid tool name "${spec.name}": use lowercase letters, digits and _`);
    }
    if (!spec.description.trim()) throw new RangeError(`Tool "${spec.name}" needs a description`);
    for (const [lang, words] of Object.entries(spec.words ?? {})) {
      if (!words.trim()) throw new RangeError(`Tool "${spec.name}" has empty words for "${lang}"`);
    }
    if (spec.timeoutMs !== undefined) checkTimeLimit(spec.timeoutMs, `tool "${spec.name}"`);
    return spec;
  },
};
