/** A JSON value: what can cross every boundary of the harness and come back unchanged. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The outcome of `toJson`: a fresh plain copy, or where and why the input is not JSON. */
export type JsonCheck =
  { ok: true; value: Json; error?: never } | { ok: false; error: string; value?: never };

/**
 * Copies `input` into plain JSON, refusing anything that would not survive `JSON.stringify` and back
 * unchanged: Dates, functions, symbols, BigInts, NaN and ±Infinity, `undefined` in an array, cycles,
 * class instances, getters that throw. Never throws.
 */
export function toJson(input: unknown): JsonCheck {
  try {
    return { ok: true, value: copy(input, '$', new Set()) };
  } catch (thrown) {
    const error = thrown instanceof NotJson ? thrown.message : `$: reading the value threw`;
    return { ok: false, error };
  }
}

class NotJson extends Error {}

function copy(input: unknown, at: string, ancestors: Set<object>): Json {
  switch (typeof input) {
    case 'string':
    case 'boolean':
      return input;
    case 'number':
      if (!Number.isFinite(input)) throw new NotJson(`${at}: ${input} is not a JSON number`);
      // JSON has no -0 (it comes back as 0); copying it as 0 keeps a live copy equal to its replay.
      return input === 0 ? 0 : input;
    case 'object':
      if (input === null) return null;
      return copyObject(input, at, ancestors);
    default:
      throw new NotJson(`${at}: a ${typeof input} is not JSON`);
  }
}

function copyObject(input: object, at: string, ancestors: Set<object>): Json {
  if (ancestors.has(input)) throw new NotJson(`${at}: the value refers to itself (a cycle)`);
  ancestors.add(input);
  try {
    if (Array.isArray(input)) {
      // Array.from visits holes, which JSON turns into null; `map` would skip them.
      return Array.from(input, (item: unknown, i) => {
        if (item === undefined) throw new NotJson(`${at}[${i}]: undefined is not JSON`);
        return copy(item, `${at}[${i}]`, ancestors);
      });
    }
    const proto: unknown = Object.getPrototypeOf(input);
    if (proto !== Object.prototype && proto !== null) {
      const kind =
        input instanceof Date ? 'a Date' : `an instance of ${input.constructor?.name ?? 'a class'}`;
      throw new NotJson(`${at}: ${kind} is not JSON`);
    }
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(input)) {
      let item: unknown;
      try {
        item = (input as Record<string, unknown>)[key];
      } catch {
        throw new NotJson(`${at}.${key}: its getter threw`);
      }
      if (item !== undefined) out[key] = copy(item, `${at}.${key}`, ancestors);
    }
    return out;
  } finally {
    ancestors.delete(input);
  }
}
