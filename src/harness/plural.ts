// One formatter for every count: building one per call shows in profiles.
const counter = new Intl.NumberFormat('en-US');

/** A count written the same way everywhere ("1,200"), independent of the visitor's locale. */
export function count(n: number): string {
  return n >= 0 && n < 1000 && Number.isInteger(n) ? String(n) : counter.format(n);
}

/**
 * The English word that agrees with `n`: `one` when `n` is exactly 1, else `many` (by default `one` with
 * an "s"). Use it for every noun (or verb) that follows a count, so no text says "1 lines" or "line(s)".
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return n === 1 ? one : many;
}

/** A count and its noun in agreement, as the model and people read them: "1 line", "0 lines", "1,200 lines". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${plural(n, one, many)}`;
}
