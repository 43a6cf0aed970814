import type { ParsedArgs } from './call-input';
import { presentCall, presentResult } from './present';
import type { Tool, ToolResult } from './tool';

const DAY = 86_400_000;

/** A deterministic random source (mulberry32), so a "different random" is still reproducible. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `fn` with the clock moved by `shift` ms and `Math.random` replaced; restores both after. */
function inWorld<T>(shift: number, seed: number, fn: () => T): T {
  const RealDate = Date;
  const realRandom = Math.random;
  const realNow = performance.now;
  // Usually inherited from Performance.prototype: restoring means removing the own property we add.
  const ownNow = Object.getOwnPropertyDescriptor(performance, 'now');
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [string]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  Math.random = seeded(seed);
  performance.now = () => realNow.call(performance) + shift;
  try {
    return fn();
  } finally {
    globalThis.Date = RealDate;
    Math.random = realRandom;
    if (ownNow) Object.defineProperty(performance, 'now', ownNow);
    else Reflect.deleteProperty(performance, 'now');
  }
}

function outputs(tool: Tool, args: unknown, value: unknown, result: ToolResult): Record<string, string> {
  // The arguments were parsed once, by the registry: the card projections get them as they are.
  const input: ParsedArgs = { ok: true, args };
  const attempt = (fn: () => unknown): string => {
    try {
      return JSON.stringify(fn()) ?? 'undefined';
    } catch (thrown) {
      return `threw ${String(thrown)}`;
    }
  };
  return {
    render: attempt(() => tool.render(args, value)),
    presentationMeta: attempt(() => tool.presentationMeta?.(args, value)),
    presentCall: attempt(() => presentCall(tool, tool.name, args, input).card),
    presentResult: attempt(() => presentResult(tool, tool.name, args, result, input).card),
  };
}

/**
 * Runs a tool's projections twice, under clocks a year and a bit apart and two different random
 * sources, and names each projection whose output differed: it reads a hidden input, so replay would
 * not reproduce it. An empty list means no difference was seen. `args` are the call's as the registry
 * parsed and normalized them (`CallOutcome.args`), never parsed again here.
 */
export function impureProjections(tool: Tool, args: unknown, value: unknown, result: ToolResult): string[] {
  const first = inWorld(0, 1, () => outputs(tool, args, value, result));
  const second = inWorld(366 * DAY + 12_345, 2, () => outputs(tool, args, value, result));
  return Object.keys(first).filter((name) => first[name] !== second[name]);
}
