// Reads just enough of a source map (version 3) to send a runtime error in compiled code back to the line
// of the source it came from.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * For each line of the generated code, the 1-based source line its first mapping points at (a line
 * without one, a blank line, takes the line of the mapping before it). `mappings` is the source map's
 * field of that name, for a map with one source.
 */
export function sourceLines(mappings: string): number[] {
  const lines: number[] = [];
  let sourceLine = 0;
  for (const generated of mappings.split(';')) {
    let first: number | undefined;
    for (const segment of generated.split(',')) {
      const fields = segment ? decodeVlq(segment) : [];
      // [column, source, line, column, name?]: the line is a delta from the previous mapping's.
      if (fields.length < 4) continue;
      sourceLine += fields[2]!;
      first ??= sourceLine;
    }
    lines.push((first ?? sourceLine) + 1);
  }
  return lines;
}

/** The signed numbers of one segment: base64 digits of five bits, the sixth bit saying "more follows". */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new RangeError(`Invalid base64 digit "${char}" in source map segment "${segment}"`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value % 2 ? -Math.floor(value / 2) : value / 2);
    value = 0;
    shift = 0;
  }
  return values;
}
