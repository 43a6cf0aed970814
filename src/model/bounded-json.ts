import type { Result } from '../harness';

/**
 * `JSON.parse` for untrusted text, refusing text nested deeper than `maxDepth` arrays and objects (the
 * outermost counts as 1) before it is parsed, so schemas that walk the result recursively cannot exhaust
 * the stack. The error says where the text stops being JSON, or how deep it goes. Never throws.
 */
export function parseBoundedJson(text: string, maxDepth: number): Result<unknown> {
  const depth = nesting(text, maxDepth);
  if (depth > maxDepth) return { ok: false, error: `nested deeper than ${maxDepth} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (thrown) {
    return { ok: false, error: `not JSON (${thrown instanceof Error ? thrown.message : String(thrown)})` };
  }
}

// One pass over the text, skipping strings; it stops as soon as the limit is passed. Text that is not
// JSON may count wrongly here, and then JSON.parse refuses it anyway.
function nesting(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return depth;
}
