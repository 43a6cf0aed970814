import { z } from 'zod';
import type { Result } from './result';

/** A JSON value: what can cross every boundary of the harness and come back unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schema of any JSON value, for records and messages that carry JSON of any shape. */
export const JsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number(),
    z.string(),
    z.array(JsonValue),
    z.record(z.string(), JsonValue),
  ]),
);

/** Where a value is not JSON (`.args.offset`, `[2]`, or '' for the value itself) and why. */
export interface NotJson {
  at: string;
  why: string;
}

/** The outcome of `toJson`: a fresh plain copy, or where and why the input is not JSON, as one line. */
export type JsonCheck = Result<Json>;

/**
 * Copies `input` into plain JSON, refusing anything that would not survive `JSON.stringify` and back
 * unchanged: Dates, functions, symbols, BigInts, NaN and ±Infinity, `undefined` in an array, cycles,
 * class instances, getters that throw. Never throws. The error is `$<where>: <why>`.
 */
export function toJson(input: unknown): JsonCheck {
  const checked = checkJson(input);
  return checked.ok ? checked : { ok: false, error: `$${checked.error.at}: ${checked.error.why}` };
}

/** `toJson`, with the place and the reason of a failure apart (to word them for whoever must act). */
export function checkJson(input: unknown): Result<Json, NotJson> {
  try {
    return { ok: true, value: copy(input, new Set()) };
  } catch (thrown) {
    const error =
      thrown instanceof NotJsonError
        ? { at: thrown.at, why: thrown.message }
        : { at: '', why: 'reading the value threw' };
    return { ok: false, error };
  }
}

// Where the offending value sits is built only when there is one: each level the error passes through
// puts its key in front (`.key`, `[i]`), so copying a value that is JSON builds no path strings.
class NotJsonError extends Error {
  at = '';
}

function located(thrown: unknown, key: string): unknown {
  if (thrown instanceof NotJsonError) thrown.at = key + thrown.at;
  return thrown;
}

function copy(input: unknown, ancestors: Set<object>): Json {
  switch (typeof input) {
    case 'string':
    case 'boolean':
      return input;
    case 'number':
      if (!Number.isFinite(input)) throw new NotJsonError(`${input} is not a JSON number`);
      // JSON has no -0 (it comes back as 0); copying it as 0 keeps a live copy equal to its replay.
      return input === 0 ? 0 : input;
    case 'object':
      if (input === null) return null;
      return copyObject(input, ancestors);
    default:
      throw new NotJsonError(`a ${typeof input} is not JSON`);
  }
}

function copyObject(input: object, ancestors: Set<object>): Json {
  if (ancestors.has(input)) throw new NotJsonError('the value refers to itself (a cycle)');
  ancestors.add(input);
  try {
    if (Array.isArray(input)) {
      // Array.from visits holes, which JSON turns into null; `map` would skip them.
      return Array.from(input, (item: unknown, i) => {
        try {
          if (item === undefined) throw new NotJsonError('undefined is not JSON');
          return copy(item, ancestors);
        } catch (thrown) {
          throw located(thrown, `[${i}]`);
        }
      });
    }
    const proto: unknown = Object.getPrototypeOf(input);
    if (proto !== Object.prototype && proto !== null) {
      const kind =
        input instanceof Date ? 'a Date' : `an instance of ${input.constructor?.name ?? 'a class'}`;
      throw new NotJsonError(`${kind} is not JSON`);
    }
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(input)) {
      try {
        let item: unknown;
        try {
          item = (input as Record<string, unknown>)[key];
        } catch {
          throw new NotJsonError('its getter threw');
        }
        if (item !== undefined) out[key] = copy(item, ancestors);
      } catch (thrown) {
        throw located(thrown, `.${key}`);
      }
    }
    return out;
  } finally {
    ancestors.delete(input);
  }
}
