import type { Plugin, Result, Tool } from '../../harness';
import { MAX_PLUGIN_SOURCE, starterPlugin, type LabPlugin } from '../../model';
import { num } from '../dom';
import { lt, type LabString } from './strings';
import {
  Sandbox,
  sandboxPlugin,
  sandboxTool,
  type LoadResult,
  type SandboxCall,
  type SandboxError,
} from '../../sandbox';
import { tr } from '../i18n';
import type { ConsoleEntry } from './console';
import type { Mark } from './editor';
import type { Place } from './place';

/** The status line of a plugin: what happened last, in words, with its code when it failed. */
export type Status = { tone: 'info' | 'ok' | 'error' | 'busy'; text: string; code?: string };

/** One plugin of the lab: what the visitor wrote, and what of it runs now. */
export interface Slot extends LabPlugin {
  /** What was applied last: the source (to tell edits since), the harness plugin and its tool. */
  applied: {
    source: string;
    name: string;
    plugin: Plugin;
    tools: Tool[];
    /** For TypeScript: the source line of each line of the JavaScript that runs (1-based, by index). */
    lines: number[] | null;
    /** What the sandbox found the module exports. */
    loaded: Extract<LoadResult, { ok: true }>;
  } | null;
  sandbox: Sandbox | null;
  status: Status | null;
  marks: Mark[];
}

/** A slot for `plugin`, not applied yet. */
export function slotOf(plugin: LabPlugin): Slot {
  return { ...plugin, applied: null, sandbox: null, status: null, marks: [] };
}

/** The plugin a new slot starts with: the JavaScript starter, switched on, after the built-in policy. */
export function defaultPlugin(): LabPlugin {
  return { source: starterPlugin('js'), language: 'js', order: 'default', enabled: true };
}

/** The `name` a module exports, read from its text for labels before it is loaded. */
export function nameIn(source: string): string | null {
  return /export\s+const\s+name\s*(?::\s*string\s*)?=\s*(['"`])([^'"`\n]{1,60})\1/.exec(source)?.[2] ?? null;
}

function describe(error: SandboxError): string {
  const named = error.line && error.message.includes(`line ${error.line}`);
  const at = error.line && !named ? ` (line ${error.line}${error.column ? `:${error.column}` : ''})` : '';
  return `${error.message}${at}`;
}

/** A plugin loaded in its slot's sandbox, and the source lines of the JavaScript that runs. */
export interface Loaded {
  loaded: Extract<LoadResult, { ok: true }>;
  sandbox: Sandbox;
  lines: number[] | null;
}

/** Why a slot's code did not load: the status and marks to show. What ran before runs on. */
export interface NotLoaded {
  status: Status;
  marks: Mark[];
}

/** The status of an Apply that failed: why, and what still runs in its place. */
function notApplied(slot: Slot, why: string, code: string): Status {
  const still = slot.applied ? tr('labStillRuns', { name: slot.applied.name }) : tr('labNothingRuns');
  return { tone: 'error', text: `${tr('labFailed', { why })} ${still}`, code };
}

/**
 * Checks `source`, the slot's code (compiling TypeScript first), and loads it into a sandbox. A slot
 * whose version runs keeps running it: the new code loads in a sandbox of its own, which replaces the
 * slot's only once it is installed (`Loaded.sandbox`), so a failed Apply changes nothing that runs.
 * `busy` is told of each stage. Nothing is installed in the harness.
 */
export async function loadSlot(
  slot: Slot,
  source: string,
  deadlineMs: number,
  busy: (text: string) => void,
): Promise<Result<Loaded, NotLoaded>> {
  if (source.length > MAX_PLUGIN_SOURCE) {
    const text = [
      lt('tooLarge', { n: num(source.length), max: num(MAX_PLUGIN_SOURCE) }),
      slot.applied ? tr('labStillRuns', { name: slot.applied.name }) : tr('labNothingRuns'),
    ].join(' ');
    return { ok: false, error: { status: { tone: 'error', text, code: 'PLUGIN_TOO_LARGE' }, marks: [] } };
  }
  let js = source;
  let lines: number[] | null = null;
  if (slot.language === 'ts') {
    busy(tr('labCompiling'));
    const { compilePlugin } = await import('../../sandbox/typescript');
    const compiled = await compilePlugin(source);
    if (!compiled.ok) {
      const marks = compiled.diagnostics.map((d) => ({
        line: d.line,
        column: d.column,
        from: d.from,
        to: d.to,
        message: `${d.code}: ${d.summary}`,
        detail: d.message,
      }));
      const first = compiled.diagnostics[0];
      const text = `${tr('labCompileFailed', { n: compiled.diagnostics.length })}${
        first ? ` ${tr('labRuntimeError', { line: first.line, message: first.summary })}` : ''
      } ${slot.applied ? tr('labStillRuns', { name: slot.applied.name }) : ''}`.trim();
      return { ok: false, error: { status: { tone: 'error', text, code: first?.code ?? 'TS' }, marks } };
    }
    js = compiled.js;
    lines = compiled.lines;
  }
  // The running version's sandbox is never loaded over; an idle one (nothing applied) is reused.
  let sandbox = slot.applied ? null : slot.sandbox;
  if (!sandbox) {
    busy(tr('labStarting'));
    try {
      sandbox = await Sandbox.create({ deadlineMs });
    } catch (error) {
      return { ok: false, error: { status: notApplied(slot, String(error), 'PLUGIN_ERROR'), marks: [] } };
    }
    if (!slot.applied) slot.sandbox = sandbox;
  }
  busy(tr('labLoadingPlugin'));
  const loaded = await sandbox.load(js);
  if (!loaded.ok) {
    if (sandbox !== slot.sandbox) sandbox.dispose();
    const { error } = loaded;
    const marks = error.line
      ? [{ line: error.line, ...(error.column ? { column: error.column } : {}), message: error.message }]
      : [];
    return { ok: false, error: { status: notApplied(slot, describe(error), error.code), marks } };
  }
  return { ok: true, value: { loaded, sandbox, lines } };
}

/**
 * The harness parts of a loaded plugin: its listeners and its tool, each telling `heard` of every call
 * into the sandbox (the lab's console).
 */
export function harnessParts(
  slot: Slot,
  { loaded, sandbox }: Loaded,
  heard: (call: Omit<ConsoleEntry, 'invalid'>) => void,
): { plugin: Plugin; tools: Tool[] } {
  const plugin = sandboxPlugin(sandbox, loaded, {
    order: slot.order,
    onCall: (call: SandboxCall) =>
      heard({ plugin: call.plugin, fn: call.hook, input: call.input, result: call.result }),
  });
  const name = loaded.name;
  const tools = loaded.tool
    ? [
        sandboxTool(sandbox, loaded.tool, {
          onCall: ({ fn, args, result }) => heard({ plugin: name, fn, input: args, result }),
        }),
      ]
    : [];
  return { plugin, tools };
}

/** What the visitor can do about a call into the sandbox that failed with `code`. */
function whatToDo(code: string): LabString {
  if (code === 'PLUGIN_TIMEOUT') return 'doFixTimeout';
  if (code === 'PLUGIN_MEMORY') return 'doFixMemory';
  if (code === 'PLUGIN_DECISION_INVALID') return 'doFixDecision';
  return 'doFixError';
}

/**
 * Puts the failure of a call into the sandbox on its slot, if it failed (or returned a decision that is
 * not one: `invalid`): the status says where, and the line is marked while the text is still the one that
 * ran. Whether there was a failure.
 */
export function markFailure(
  slot: Slot,
  call: Omit<ConsoleEntry, 'invalid'>,
  invalid: ConsoleEntry['invalid'],
): boolean {
  const error = call.result.ok ? invalid : call.result.error;
  if (!error) return false;
  // TypeScript runs as the JavaScript it compiled to: its lines map back to the visitor's.
  const line = error.line && (slot.applied?.lines ? slot.applied.lines[error.line - 1] : error.line);
  // The line once: a message that names it already ("stopped at line 15") is not prefixed with it.
  const named = error.line !== undefined && error.message.includes(`line ${error.line}`);
  const at = line && !named ? tr('labRuntimeError', { line, message: error.message }) : error.message;
  const said = /[.!?。]$/.test(at) ? at : `${at}.`;
  slot.status = { tone: 'error', text: `${call.fn}: ${said} ${lt(whatToDo(error.code))}`, code: error.code };
  if (line && slot.applied?.source === slot.source) {
    const column = slot.language === 'js' ? error.column : undefined;
    slot.marks = [{ line, ...(column ? { column } : {}), message: error.message }];
  }
  return true;
}

/**
 * What the status line says once a plugin is applied: its hooks and tool, whether the next calls go
 * through it (not when its only hooks are deciders placed after the built-in policy), and the tools refused.
 */
export function appliedStatus(
  loaded: Extract<LoadResult, { ok: true }>,
  refused: readonly { tool: string; reason: string }[],
  place: Place | null,
): Status {
  const exported = [
    ...loaded.hooks,
    ...(loaded.tool ? [tr('labAppliedTool', { tool: loaded.tool.name })] : []),
  ];
  const slotsOnly = loaded.hooks.every((h) => h === 'writeIntent' || h === 'editIntent') && !loaded.tool;
  const text = [
    tr('labApplied', { name: loaded.name, hooks: exported.join(', ') || tr('labNoHooks') }),
    place?.asked === 'never'
      ? place.text
      : exported.length && !(slotsOnly && !place)
        ? tr('labGoesThrough')
        : '',
    ...refused.map((r) => tr('labToolRefused', { why: r.reason })),
  ].filter(Boolean);
  return { tone: refused.length ? 'error' : 'ok', text: text.join(' ') };
}
