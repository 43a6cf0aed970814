/**
 * The outcome of work that can fail without throwing: a value, or an error, never both. Narrow on `ok`;
 * the `never` fields make reading the other side a compile error.
 */
export type Result<T, E = string> =
  { ok: true; value: T; error?: never } | { ok: false; error: E; value?: never };
