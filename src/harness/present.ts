import type { ParsedArgs } from './call-input';
import { Card } from './cards';
import { modelText } from './content';
import { codeOf, describeThrown } from './errors';
import { zhOfThrown } from './said';
import type { Tool, ToolResult } from './tool';

/** A card, and why the generic fallback was used instead of the tool's own when it was. */
export interface Presented {
  card: Card;
  /** Why the generic card was used, in English: the harness's words, then what the tool said. */
  fallback?: string;
  /** What the tool said in that reason, in Chinese, when it threw a `SaidError` (words in both languages). */
  fallbackZh?: string;
}

type Failed = { error: string; zh?: string };

/**
 * Parses `args` with the tool's input schema; the raw args when the tool is unknown or they fail. For
 * arguments read back from a log: a live call's were parsed by the registry (`CallOutcome.parsed`).
 */
export function parsedArgs(tool: Tool | undefined, args: unknown): ParsedArgs {
  if (!tool) return { ok: false, args };
  const parsed = tool.input.safeParse(args);
  return parsed.success ? { ok: true, args: parsed.data } : { ok: false, args };
}

function pretty(args: unknown): string {
  try {
    return JSON.stringify(args, null, 2) ?? String(args);
  } catch {
    return describeThrown(args);
  }
}

function checked(make: () => unknown): Presented | Failed {
  try {
    const parsed = Card.safeParse(make());
    if (parsed.success) return { card: parsed.data };
    return { error: `invalid card: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
  } catch (thrown) {
    // A presenter that hands on a card someone else checked and refused (a sandboxed tool's) says so.
    const refused = codeOf(thrown, 'RENDER_FAILED') === 'PLUGIN_DECISION_INVALID';
    const error = `${refused ? 'invalid card' : 'presenter threw'}: ${describeThrown(thrown)}`;
    const zh = zhOfThrown(thrown);
    return zh === undefined ? { error } : { error, zh };
  }
}

function fellBack(card: Card, failed: Failed): Presented {
  return failed.zh === undefined
    ? { card, fallback: failed.error }
    : { card, fallback: failed.error, fallbackZh: failed.zh };
}

/**
 * The card shown when a call is made: the tool's own, or a generic card with the arguments. `input` is
 * `args` as the tool's schema parsed them, when that was done already (the registry does it once a call).
 */
export function presentCall(
  tool: Tool | undefined,
  name: string,
  args: unknown,
  input: ParsedArgs = parsedArgs(tool, args),
): Presented {
  const generic: Card = { card: 'generic', title: name, body: pretty(args) };
  if (!tool?.presentCall || !input.ok) return { card: generic };
  const made = checked(() => tool.presentCall?.(input.args));
  return 'card' in made ? made : fellBack(generic, made);
}

/**
 * The card for a result. Error results, unknown tools and tools without a presenter get a generic card
 * built from the content; a presenter that throws or returns an invalid card does too, with the reason.
 * `input` as for `presentCall`.
 */
export function presentResult(
  tool: Tool | undefined,
  name: string,
  args: unknown,
  result: ToolResult,
  input: ParsedArgs = parsedArgs(tool, args),
): Presented {
  const title = result.error ? `${name} · ${result.error.code}` : name;
  const generic: Card = { card: 'generic', title, body: modelText(result.content) };
  if (result.error || !tool?.presentResult || !input.ok) return { card: generic };
  const made = checked(() => tool.presentResult?.(input.args, result));
  return 'card' in made ? made : fellBack(generic, made);
}
