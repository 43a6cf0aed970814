import { z } from 'zod';
import { counted } from './plural';
import type { Result } from './result';

/** A JSON value: what can cross every boundary of the harness and come back unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * How much JSON one check accepts. Every value that comes from outside the page's own code (a file, a
 * link, storage, a plugin) is checked against limits like these before anything walks it recursively.
 */
export interface JsonLimits {
  /** Containers nested inside each other: `[[1]]` is 2 deep, a scalar 0. */
  maxDepth: number;
  /** Values in all (containers and scalars alike). */
  maxNodes: number;
  /** Characters (UTF-16 code units) in one string or object key. */
  maxStringLength: number;
  /** UTF-8 bytes of the text `parseJson` reads (`checkJson` reads no text). */
  maxBytes: number;
}

/**
 * The limits of `JsonValue`, `checkJson` and `toJson` unless told otherwise: deep enough for any tool's
 * arguments or a card's data, far too shallow to exhaust a call stack that walks it.
 */
export const JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  maxDepth: 64,
  maxNodes: 1_000_000,
  maxStringLength: 16 * 2 ** 20,
  maxBytes: 16 * 2 ** 20,
});

/** Why a check refused its input, one code per kind of problem. */
export type JsonProblemCode =
  | 'JSON_SYNTAX'
  | 'JSON_TOO_LARGE'
  | 'JSON_TOO_DEEP'
  | 'JSON_TOO_MANY_NODES'
  | 'JSON_STRING_TOO_LONG'
  | 'JSON_NOT_JSON';

/** A refused value: the code, what is wrong, and where (`$`, `$.args[2]`, …). */
export interface JsonProblem {
  code: JsonProblemCode;
  message: string;
  at: string;
}

/** The outcome of a bounded check: the JSON, or the first problem found. */
export type JsonChecked = Result<Json, JsonProblem>;

/**
 * Checks that `value` is plain JSON within `limits` (by default `JSON_LIMITS`) and returns it unchanged
 * (not copied). Walks with an explicit stack, so no input, however deep, can overflow the call stack.
 * Refuses what `JSON.stringify` would change or drop: Dates, functions, NaN, `undefined` in an array,
 * cycles, class instances, getters that throw. Never throws.
 */
export function checkJson(value: unknown, limits?: Partial<JsonLimits>): JsonChecked {
  return walk(value, limits ? { ...JSON_LIMITS, ...limits } : JSON_LIMITS, false);
}

/**
 * Reads JSON text from outside: refuses text over `maxBytes` before parsing it (`JSON_TOO_LARGE`), text
 * that is not JSON (`JSON_SYNTAX`), then checks the parsed value as `checkJson` does. Never throws.
 */
export function parseJson(text: string, limits: Partial<JsonLimits> = {}): JsonChecked {
  const bounds = { ...JSON_LIMITS, ...limits };
  if (!fitsBytes(text, bounds.maxBytes)) {
    return problem(
      'JSON_TOO_LARGE',
      `the text is over the limit of ${counted(bounds.maxBytes, 'byte')}`,
      '$',
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (thrown) {
    return problem('JSON_SYNTAX', thrown instanceof Error ? thrown.message : 'not JSON', '$');
  }
  return walk(raw, bounds, false);
}

/** Whether `text` is at most `limit` bytes in UTF-8, counting only when its length cannot tell. */
function fitsBytes(text: string, limit: number): boolean {
  // A UTF-16 code unit takes 1 to 3 bytes (a surrogate pair 4 for its two units).
  if (text.length > limit) return false;
  if (text.length * 3 <= limit) return true;
  return utf8Length(text, limit) <= limit;
}

/**
 * UTF-8 bytes of `text` (a lone surrogate counts as the 3 bytes of the character that replaces it); the
 * count stops as soon as it passes `limit`.
 */
export function utf8Length(text: string, limit = Infinity): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
    // A high surrogate followed by a low one is one character of 4 bytes (3 counted, 1 for the low).
    if (unit >= 0xd800 && unit < 0xdc00) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        bytes += 1;
        i++;
      }
    }
    if (bytes > limit) return bytes;
  }
  return bytes;
}

/**
 * The schema of any JSON value, for records and messages that carry JSON of any shape: `checkJson` with
 * the default limits, so a value nested thousands of levels deep is refused without zod walking it.
 */
export const JsonValue: z.ZodType<Json> = z.custom<Json>().superRefine((value, ctx) => {
  const checked = checkJson(value);
  if (!checked.ok) {
    const { code, message, at } = checked.error;
    ctx.addIssue({ code: 'custom', message: `${at}: ${message}`, params: { code } });
  }
});

/** The outcome of `toJson`: a fresh plain copy, or where and why the input is not JSON. */
export type JsonCheck = Result<Json>;

/**
 * Copies `input` into plain JSON within `JSON_LIMITS`, refusing anything that would not survive
 * `JSON.stringify` and back unchanged: Dates, functions, symbols, BigInts, NaN and ±Infinity, `undefined`
 * in an array, cycles, class instances, getters that throw, and values past the limits. The error reads
 * `<where>: <why>`. Never throws.
 */
export function toJson(input: unknown): JsonCheck {
  const copied = copyJson(input);
  return copied.ok ? copied : { ok: false, error: `${copied.error.at}: ${copied.error.message}` };
}

/** `toJson` with the problem apart (its code, what is wrong and where), to word it for whoever must act. */
export function copyJson(input: unknown, limits?: Partial<JsonLimits>): JsonChecked {
  return walk(input, limits ? { ...JSON_LIMITS, ...limits } : JSON_LIMITS, true);
}

const problem = (code: JsonProblemCode, message: string, at: string): JsonChecked => ({
  ok: false,
  error: { code, message, at },
});

/** One container being walked: what it is, how far the walk has come, and the copy being filled. */
class Frame {
  next = 0;
  constructor(
    readonly source: object,
    /** The object's own keys, or null for an array. */
    readonly keys: readonly string[] | null,
    readonly length: number,
    readonly out: Json[] | { [key: string]: Json } | null,
    readonly parent: Frame | null,
    /** How the parent names this value: its key or index (spelled `.key` or `[i]` only for a refusal). */
    readonly step: Step,
    readonly depth: number,
  ) {}
}

/** Where a value sits in its parent: a key, an index, or nothing for the root. */
type Step = string | number | null;

const spell = (step: Step): string =>
  step === null ? '' : typeof step === 'number' ? `[${step}]` : `.${step}`;

/** A refusal found mid-walk; where it is (the path) is spelled out only then. */
class Refusal {
  constructor(
    readonly code: JsonProblemCode,
    readonly message: string,
    readonly parent: Frame | null,
    readonly step: Step,
  ) {}

  path(): string {
    const steps = [spell(this.step)];
    for (let frame = this.parent; frame; frame = frame.parent) steps.push(spell(frame.step));
    return '$' + steps.reverse().join('');
  }
}

/** The walk shared by `checkJson` (`copy` false: the input comes back as it is) and `toJson`. */
function walk(input: unknown, limits: JsonLimits, copy: boolean): JsonChecked {
  const state: WalkState = { nodes: 0, limits, copy };
  try {
    const root = visit(state, input, null, null);
    if (!(root instanceof Frame)) return { ok: true, value: root };
    const stack: Frame[] = [root];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next >= top.length) {
        stack.pop();
        continue;
      }
      const child = member(state, top);
      if (child instanceof Frame) stack.push(child);
    }
    return { ok: true, value: copy ? (root.out as Json) : (input as Json) };
  } catch (thrown) {
    if (thrown instanceof Refusal) return problem(thrown.code, thrown.message, thrown.path());
    return problem('JSON_NOT_JSON', 'reading the value threw', '$');
  }
}

interface WalkState {
  nodes: number;
  limits: JsonLimits;
  copy: boolean;
}

/** Visits the next member of `frame`: checks it, puts it in the copy, and gives a container's frame. */
function member(state: WalkState, frame: Frame): Json | Frame | undefined {
  const i = frame.next++;
  if (frame.keys === null) {
    const item = (frame.source as unknown[])[i];
    // A hole reads as undefined, and JSON would turn it into null: refuse both.
    if (item === undefined) throw new Refusal('JSON_NOT_JSON', 'undefined is not JSON', frame, i);
    const child = visit(state, item, frame, i);
    if (state.copy) (frame.out as Json[]).push(child instanceof Frame ? (child.out as Json) : child);
    return child;
  }
  const key = frame.keys[i]!;
  if (key.length > state.limits.maxStringLength) {
    throw new Refusal('JSON_STRING_TOO_LONG', tooLong(key, state.limits), frame, key);
  }
  let item: unknown;
  try {
    item = (frame.source as Record<string, unknown>)[key];
  } catch {
    throw new Refusal('JSON_NOT_JSON', 'its getter threw', frame, key);
  }
  // JSON.stringify drops a member whose value is undefined; so does the check.
  if (item === undefined) return undefined;
  const child = visit(state, item, frame, key);
  if (!state.copy) return child;
  const value = child instanceof Frame ? (child.out as Json) : child;
  const out = frame.out as { [key: string]: Json };
  // Defined, not assigned, for `__proto__` (JSON.parse makes it an own key): assigning it would set the
  // copy's prototype instead. Every other key is a plain own property either way.
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  } else out[key] = value;
  return child;
}

const tooLong = (text: string, limits: JsonLimits) =>
  `a string of ${counted(text.length, 'character')} is over the limit of ${limits.maxStringLength}`;

/** Checks one value: a scalar comes back as JSON, a container as the frame that will walk it. */
function visit(state: WalkState, value: unknown, parent: Frame | null, step: Step): Json | Frame {
  const { limits } = state;
  if (++state.nodes > limits.maxNodes) {
    throw new Refusal('JSON_TOO_MANY_NODES', `more than ${counted(limits.maxNodes, 'value')}`, parent, step);
  }
  switch (typeof value) {
    case 'string':
      if (value.length > limits.maxStringLength) {
        throw new Refusal('JSON_STRING_TOO_LONG', tooLong(value, limits), parent, step);
      }
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) {
        throw new Refusal('JSON_NOT_JSON', `${value} is not a JSON number`, parent, step);
      }
      // JSON has no -0 (it comes back as 0); giving 0 keeps a live copy equal to its replay.
      return value === 0 ? 0 : value;
    case 'object':
      return value === null ? null : enter(state, value, parent, step);
    default:
      throw new Refusal('JSON_NOT_JSON', `a ${typeof value} is not JSON`, parent, step);
  }
}

/** Whether `value` is one of the containers being walked around this point: the walk has met a cycle. */
function isOpen(value: object, parent: Frame | null): boolean {
  // The open containers are exactly the frame's ancestors, at most `maxDepth` of them.
  for (let frame = parent; frame; frame = frame.parent) if (frame.source === value) return true;
  return false;
}

function enter(state: WalkState, value: object, parent: Frame | null, step: Step): Frame {
  const depth = (parent?.depth ?? 0) + 1;
  const { maxDepth } = state.limits;
  if (depth > maxDepth) {
    throw new Refusal('JSON_TOO_DEEP', `nested deeper than ${counted(maxDepth, 'level')}`, parent, step);
  }
  if (isOpen(value, parent)) {
    throw new Refusal('JSON_NOT_JSON', 'the value refers to itself (a cycle)', parent, step);
  }
  if (Array.isArray(value)) {
    return new Frame(value, null, value.length, state.copy ? [] : null, parent, step, depth);
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const kind = value instanceof Date ? 'a Date' : `an instance of ${value.constructor?.name ?? 'a class'}`;
    throw new Refusal('JSON_NOT_JSON', `${kind} is not JSON`, parent, step);
  }
  const keys = Object.keys(value);
  return new Frame(value, keys, keys.length, state.copy ? {} : null, parent, step, depth);
}
