import { z } from 'zod';
import { HarnessEvent, type JsonProblemCode, checkJson, type Result, utf8Length } from '../harness';
import { ModelInfo } from './model-settings';
import { ScenarioId } from './scenario';

/** The `format` of an exported session file. */
export const SESSION_FORMAT = 'harness-playground/session';
/** The `version` of the format this playground writes and reads. */
export const SESSION_VERSION = 1;
/** Larger files are refused before they are read. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Files nested deeper (the file itself, its events, their values) are refused before any is checked. */
export const MAX_IMPORT_DEPTH = 64;

/**
 * An exported session: a header and the events exactly as they were logged. Tool results carry the
 * model's `content`, the `error` and `meta`; canonical values are never logged, so never exported.
 */
export const SessionFile = z.strictObject({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_VERSION),
  /** The id of the scenario the session ran. */
  scenario: ScenarioId,
  title: z.string(),
  /** When the file was made, as an ISO 8601 date-time in UTC. */
  exportedAt: z.iso.datetime(),
  /**
   * Optional: the real model that drove the session, `{provider, model, baseUrl}` (absent for the
   * scripted model). Never the key.
   */
  model: ModelInfo.optional(),
  events: z.array(HarnessEvent),
});
export type SessionFile = z.infer<typeof SessionFile>;

/** Why an import was refused. Each code names one kind of problem; the message gives the details. */
export type ImportCode =
  | 'IMPORT_TOO_LARGE'
  | 'IMPORT_TOO_DEEP'
  | 'IMPORT_NOT_JSON'
  | 'IMPORT_WRONG_FORMAT'
  | 'IMPORT_WRONG_VERSION'
  | 'IMPORT_BAD_FIELD'
  | 'IMPORT_BAD_EVENT';

/** A refused import: the code, a message in English, and where the problem is when there is a place. */
export interface ImportError {
  code: ImportCode;
  /** The whole story, e.g. `event 3 (tool/result): unknown key "value"`. */
  message: string;
  /** Only what is wrong, without the place (`unknown key "value"`), for messages that name the place. */
  detail: string;
  /** The index of the bad event (IMPORT_BAD_EVENT). */
  index?: number;
  /** The header field at fault (IMPORT_BAD_FIELD). */
  field?: string;
}

/** An import's outcome. */
export type Imported = Result<SessionFile, ImportError>;

const refuse = (code: ImportCode, message: string, more: Partial<ImportError> = {}): Imported => ({
  ok: false,
  error: { code, message, detail: message, ...more },
});

const eventTypes: ReadonlySet<unknown> = new Set(HarnessEvent.options.map((o) => o.shape.type.value));

/** What a session file holds, before it is written. */
export interface SessionFileSpec {
  scenario: string;
  title: string;
  /** The real model that drove the session, if one did; only its provider, name and base URL are kept. */
  model?: ModelInfo | null;
  events: readonly HarnessEvent[];
}

/** Makes the file of a session; every event is checked, so an invalid log is never exported. */
export function sessionFile(spec: SessionFileSpec, exportedAt: Date): SessionFile {
  const { provider, model, baseUrl } = spec.model ?? {};
  return SessionFile.parse({
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    scenario: spec.scenario,
    title: spec.title,
    exportedAt: exportedAt.toISOString(),
    // Picked field by field: settings holding a key can be passed here and the key is still left out.
    ...(spec.model ? { model: { provider, model, baseUrl } } : {}),
    events: spec.events,
  });
}

/** The file as text: the header indented, one event per line, so files read and diff well. */
export function serializeSessionFile(file: SessionFile): string {
  const { events, ...header } = file;
  const head = JSON.stringify(header, null, 2).slice(0, -2);
  const lines = events.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
  return `${head},\n  "events": [${events.length ? `\n${lines}\n  ` : ''}]\n}\n`;
}

/** A name for the downloaded file, e.g. `harness-session-stale-version-2026-01-01T09-00-00Z.json`. */
export function sessionFileName(file: SessionFile): string {
  const stamp = file.exportedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return `harness-session-${file.scenario}-${stamp}.json`;
}

const issue = (error: z.ZodError) => {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const at = first.path.length ? `${first.path.join('.')}: ` : '';
  return `${at}${first.message}`;
};

const SessionHeader = SessionFile.omit({ events: true });

/** Events checked between two yields of `reading`. */
const EVENTS_PER_STEP = 512;

/**
 * Checks the events one by one, yielding every `EVENTS_PER_STEP` of them; returns them parsed, or the
 * refusal of the first bad one.
 */
function* checkEvents(events: unknown): Generator<void, Result<HarnessEvent[], Imported>> {
  const no = (refused: Imported) => ({ ok: false as const, error: refused });
  if (!Array.isArray(events))
    return no(refuse('IMPORT_BAD_FIELD', '"events" must be an array', { field: 'events' }));
  if (events.length === 0) return no(refuse('IMPORT_BAD_EVENT', 'the log is empty', { index: 0 }));
  const parsed: HarnessEvent[] = [];
  for (const [index, raw] of events.entries()) {
    if (index > 0 && index % EVENTS_PER_STEP === 0) yield;
    const bad = (detail: string, type?: unknown) => {
      const what = typeof type === 'string' && eventTypes.has(type) ? ` (${type})` : '';
      return no(refuse('IMPORT_BAD_EVENT', `event ${index}${what}: ${detail}`, { index, detail }));
    };
    const event = HarnessEvent.safeParse(raw);
    if (!event.success) {
      const type = (raw as { type?: unknown } | null)?.type;
      if (!eventTypes.has(type)) return bad(`unknown event type ${JSON.stringify(type) ?? 'undefined'}`);
      return bad(issue(event.error), type);
    }
    if (event.data.seq !== index) return bad(`seq is ${event.data.seq}`, event.data.type);
    if (index === 0 && event.data.type !== 'session/start')
      return bad(`a log opens with session/start, not ${event.data.type}`);
    parsed.push(event.data);
  }
  return { ok: true, value: parsed };
}

/**
 * Reads a session file's text in steps, yielding between them (the parse, the bounded check, each run of
 * events, the header), so that `parseSessionFileChunked` can give the page a turn in between.
 */
function* reading(text: string): Generator<void, Imported> {
  const bytes = utf8Length(text, MAX_IMPORT_BYTES);
  if (bytes > MAX_IMPORT_BYTES) return tooLarge(utf8Length(text));
  let parsed: unknown;
  try {
    // JSON.parse itself is no recursion: it reads text of any depth; the check below bounds it.
    parsed = JSON.parse(text);
  } catch (thrown) {
    return refuse('IMPORT_NOT_JSON', thrown instanceof Error ? thrown.message : 'not JSON');
  }
  yield;
  // Every value is at least one byte of text, so the byte limit bounds the values too.
  const json = checkJson(parsed, { maxDepth: MAX_IMPORT_DEPTH, maxNodes: MAX_IMPORT_BYTES });
  if (!json.ok) {
    const { code, message, at } = json.error;
    return refuse(importCodes[code], `${at}: ${message}`);
  }
  yield;
  const raw: unknown = json.value;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return refuse(
      'IMPORT_WRONG_FORMAT',
      'the file is not an object with "format": "harness-playground/session"',
    );
  const { format, version, events, ...rest } = raw as Record<string, unknown>;
  if (format !== SESSION_FORMAT)
    return refuse('IMPORT_WRONG_FORMAT', `"format" is ${JSON.stringify(format)}, not "${SESSION_FORMAT}"`);
  if (version !== SESSION_VERSION)
    return refuse('IMPORT_WRONG_VERSION', `"version" is ${JSON.stringify(version)}; this playground reads 1`);
  const log = yield* checkEvents(events);
  if (!log.ok) return log.error;
  const header = SessionHeader.safeParse({ format, version, ...rest });
  if (!header.success) {
    const field = String(header.error.issues[0]?.path[0] ?? '');
    return refuse('IMPORT_BAD_FIELD', issue(header.error), { field });
  }
  return { ok: true, value: { ...header.data, events: log.value } };
}

/**
 * Reads a session file's text. Refuses, with a code, text over `MAX_IMPORT_BYTES`, text that is not
 * JSON, JSON nested deeper than `MAX_IMPORT_DEPTH` (`IMPORT_TOO_DEEP`, found without recursion, so a
 * file of any depth is refused without overflowing the stack), another format or version, a bad header
 * field, and the first bad event (with its index). Never throws.
 */
export function parseSessionFile(text: string): Imported {
  const steps = reading(text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Options of `parseSessionFileChunked` and `readSessionFile`. */
export interface ReadSpec {
  /** How long the work may run before it gives the page a turn, in milliseconds. Default 20. */
  sliceMs?: number;
  /** Stops the reading between two steps; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * `parseSessionFile`, giving the event loop a turn whenever a slice of about `sliceMs` has passed, so
 * that a file of tens of thousands of events never holds the page for long. The same answer.
 */
export async function parseSessionFileChunked(text: string, spec: ReadSpec = {}): Promise<Imported> {
  const steps = reading(text);
  const sliceMs = spec.sliceMs ?? 20;
  let start = performance.now();
  for (;;) {
    spec.signal?.throwIfAborted();
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - start >= sliceMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      start = performance.now();
    }
  }
}

/** The import code of each problem the bounded JSON check finds in a file's text. */
const importCodes: Record<JsonProblemCode, ImportCode> = {
  JSON_SYNTAX: 'IMPORT_NOT_JSON',
  JSON_NOT_JSON: 'IMPORT_NOT_JSON',
  JSON_TOO_LARGE: 'IMPORT_TOO_LARGE',
  JSON_TOO_MANY_NODES: 'IMPORT_TOO_LARGE',
  JSON_STRING_TOO_LONG: 'IMPORT_TOO_LARGE',
  JSON_TOO_DEEP: 'IMPORT_TOO_DEEP',
};

function tooLarge(bytes: number): Imported {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return refuse('IMPORT_TOO_LARGE', `${mb(bytes)} is over the limit of ${mb(MAX_IMPORT_BYTES)}`);
}

/**
 * Reads a chosen file: its size is checked before a byte is read, then its text as
 * `parseSessionFileChunked` (in slices, giving the page a turn between them).
 */
export async function readSessionFile(file: Blob, spec: ReadSpec = {}): Promise<Imported> {
  if (file.size > MAX_IMPORT_BYTES) return tooLarge(file.size);
  return parseSessionFileChunked(await file.text(), spec);
}
