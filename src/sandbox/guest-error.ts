import type { Limits, SandboxError } from './protocol';
import { PLUGIN_FILE } from './prelude';

/** A failure already coded for the host; thrown inside the engine, caught at the edge of load and call. */
export class Fail extends Error {
  constructor(readonly error: SandboxError) {
    super(error.message);
  }
}

/** Anything the guest threw, as the prelude's `describe` reports it (getters never run). */
export interface Described {
  name: string;
  message: string;
  stack: string;
}

/** Where in the visitor's source a stack points: its innermost frame in the plugin file. */
export function locate(stack: string): { line?: number; column?: number } {
  const escaped = PLUGIN_FILE.replace(/\./g, '\\.');
  const frame = new RegExp(`${escaped}:(\\d+)(?::(\\d+))?`).exec(stack);
  if (!frame) return {};
  const line = Number(frame[1]);
  const column = frame[2] === undefined ? undefined : Number(frame[2]);
  return column === undefined ? { line } : { line, column };
}

/** Which limit the engine's interrupt handler stopped the guest at, and what it measured then. */
export type Stop = { limit: 'deadline' } | { limit: 'memory'; usedBytes: number };

/** What was happening when the guest failed, so the error can say which limit it met. */
export interface FailContext {
  /** The engine's interrupt handler stopped the guest at a limit; null when it did not. */
  stopped: Stop | null;
  limits: Limits;
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

// QuickJS reports a compile error with a bare location as its only frame ("at plugin.js:2:33").
const compileFrame = new RegExp(`^\\s*at ${PLUGIN_FILE.replace(/\./g, '\\.')}:\\d+`);

/** Turns a failure of guest code into the coded error the host reports. Pure. */
export function guestError(described: Described, context: FailContext): SandboxError {
  const where = locate(described.stack);
  const { name, message } = described;
  const { stopped, limits } = context;
  const at = where.line ? ` at line ${where.line}` : '';
  if (stopped?.limit === 'deadline') {
    return {
      code: 'PLUGIN_TIMEOUT',
      reason: 'deadline',
      message: `the plugin ran past its deadline of ${limits.deadlineMs} ms and was stopped${at}`,
      ...where,
    };
  }
  if (stopped?.limit === 'memory') {
    const text = `the plugin used ${mb(stopped.usedBytes)}, over its memory limit of ${mb(limits.memoryBytes)}, and was stopped${at}`;
    return { code: 'PLUGIN_MEMORY', reason: 'memory', message: text, ...where };
  }
  if (name === 'InternalError' && message === 'out of memory') {
    const text = `out of memory: the plugin's memory limit is ${mb(limits.memoryBytes)}`;
    return { code: 'PLUGIN_MEMORY', reason: 'memory', message: text, ...where };
  }
  if (name === 'InternalError' && message === 'stack overflow') {
    const text = `stack overflow: the plugin's calls nest deeper than its ${kb(context.limits.stackBytes)} stack allows`;
    return { code: 'PLUGIN_ERROR', reason: 'stack', message: text, ...where };
  }
  const text = name ? `${name}: ${message}` : message;
  const syntax = name === 'SyntaxError' && compileFrame.test(described.stack);
  return {
    code: 'PLUGIN_ERROR',
    reason: syntax ? 'syntax' : 'thrown',
    message: text.slice(0, 4000),
    ...where,
  };
}

/** Reads the prelude's description of a thrown value; anything else is described as unreadable. */
export function readDescribed(json: string): Described {
  try {
    const raw = JSON.parse(json) as Partial<Record<keyof Described, unknown>>;
    const field = (v: unknown) => (typeof v === 'string' ? v : '');
    return { name: field(raw.name), message: field(raw.message), stack: field(raw.stack) };
  } catch {
    return { name: '', message: 'threw a value that cannot be described', stack: '' };
  }
}
