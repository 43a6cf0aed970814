import type { z } from 'zod';
import type { Result } from '../harness';
import { parseBoundedJson } from './bounded-json';
import type { Scenario, Text } from './scenario';
import { isPolicyId, notAPolicy } from './scenario-names';
import type { MoreTools } from './scenario-calls';
import {
  generatedSize,
  SCENARIO_FORMAT,
  SCENARIO_LIMITS,
  SCENARIO_MAX_DEPTH,
  SCENARIO_VERSION,
  ScenarioBody,
  ScenarioFile,
  scenarioFileWith,
  stepKinds,
  type ScenarioFileInput,
} from './scenario-schema';

/** Why a scenario file was refused. Each code names one kind of problem; the message gives the details. */
export type ScenarioCode =
  | 'SCENARIO_INVALID'
  | 'SCENARIO_WRONG_VERSION'
  | 'SCENARIO_TOO_LARGE'
  | 'SCENARIO_FETCH_FAILED'
  | 'SCENARIO_UNKNOWN_POLICY';

/** A refused scenario: its code, where in the file (a JSON path), and what is wrong. */
export interface ScenarioError {
  code: ScenarioCode;
  /** The JSON path of the offending part, like `steps[2].args` or `files["/a.md"]`; `''` for the whole. */
  path: string;
  /** Only what is wrong, without the place: `expected an object, not a number`. */
  detail: string;
  /** The whole story, in English: `steps[2].args: expected an object, not a number`. */
  message: string;
}

/** A scenario read from a file, a URL or an object: the scenario, or why it was refused. */
export type ScenarioRead = Result<Scenario, ScenarioError>;

/** How to read a scenario made for a run with more tools than the format knows (the lab's Try it). */
export interface ScenarioReadSpec {
  /** The tools a visitor's plugin adds, by name, with their arguments: its calls may name them. */
  tools?: MoreTools;
}

const refuse = (code: ScenarioCode, path: string, detail: string): { ok: false; error: ScenarioError } => ({
  ok: false,
  error: { code, path, detail, message: path ? `${path}: ${detail}` : detail },
});

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

// Each UTF-16 unit is 1 to 3 bytes of UTF-8, so only text between the two bounds is encoded to count.
function overLimit(text: string): number | null {
  if (text.length > SCENARIO_LIMITS.bytes) return text.length;
  if (text.length * 3 <= SCENARIO_LIMITS.bytes) return null;
  const bytes = new TextEncoder().encode(text).length;
  return bytes > SCENARIO_LIMITS.bytes ? bytes : null;
}

/**
 * Reads a scenario file's text. Refuses with `SCENARIO_TOO_LARGE` text over 1 MiB, more than 200
 * files or 500 steps; with `SCENARIO_WRONG_VERSION` a `version` other than 1; with `SCENARIO_INVALID`
 * text that is not JSON (or nests deeper than 64 levels), another `format`, and the first field or
 * step that does not fit, named by its JSON path; with `SCENARIO_UNKNOWN_POLICY` a `policy` that names
 * none of the policies (the message lists them). Every text comes back as `{en, zh}`. Never throws.
 */
export function parseScenarioFile(text: string, spec: ScenarioReadSpec = {}): ScenarioRead {
  const over = overLimit(text);
  if (over !== null)
    return refuse('SCENARIO_TOO_LARGE', '', `at least ${mib(over)}, over the limit of 1 MiB`);
  const json = parseBoundedJson(text, SCENARIO_MAX_DEPTH);
  if (!json.ok) return refuse('SCENARIO_INVALID', '', json.error);
  return checkScenario(json.value, spec);
}

/**
 * Reads a scenario given as a value (the embed API's `load`, a share link): checked exactly as the
 * text it would be as JSON, limits included. A value JSON cannot hold (a cycle, a BigInt) is refused
 * with `SCENARIO_INVALID`. Never throws.
 */
export function parseScenarioObject(value: unknown, spec: ScenarioReadSpec = {}): ScenarioRead {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (thrown) {
    const why = thrown instanceof Error ? thrown.message : String(thrown);
    return refuse('SCENARIO_INVALID', '', `not JSON (${why})`);
  }
  if (text === undefined) return refuse('SCENARIO_INVALID', '', `not JSON (${typeof value})`);
  return parseScenarioFile(text, spec);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkScenario(raw: unknown, spec: ScenarioReadSpec): ScenarioRead {
  if (!isRecord(raw))
    return refuse('SCENARIO_INVALID', '', `a scenario file is an object with "format": "${SCENARIO_FORMAT}"`);
  if (raw.format !== SCENARIO_FORMAT) {
    const got = raw.format === undefined ? 'missing' : `${JSON.stringify(raw.format)}, not`;
    return refuse('SCENARIO_INVALID', 'format', `${got} "${SCENARIO_FORMAT}"`);
  }
  if (typeof raw.version === 'number' && raw.version !== SCENARIO_VERSION)
    return refuse(
      'SCENARIO_WRONG_VERSION',
      'version',
      `version ${raw.version} is not one this playground reads (${SCENARIO_VERSION})`,
    );
  const files = isRecord(raw.files) ? Object.keys(raw.files).length : 0;
  if (files > SCENARIO_LIMITS.files)
    return refuse('SCENARIO_TOO_LARGE', 'files', `${files} files; at most ${SCENARIO_LIMITS.files}`);
  const generated = isRecord(raw.files) ? generatedSize(raw.files) : 0;
  if (generated > SCENARIO_LIMITS.bytes)
    return refuse(
      'SCENARIO_TOO_LARGE',
      'files',
      `its generated files come to about ${mib(generated)}; at most 1 MiB`,
    );
  const steps = Array.isArray(raw.steps) ? raw.steps.length : 0;
  if (steps > SCENARIO_LIMITS.steps)
    return refuse('SCENARIO_TOO_LARGE', 'steps', `${steps} steps; at most ${SCENARIO_LIMITS.steps}`);
  if (typeof raw.policy === 'string' && !isPolicyId(raw.policy))
    return refuse('SCENARIO_UNKNOWN_POLICY', 'policy', notAPolicy(raw.policy));
  const schema = spec.tools ? scenarioFileWith(spec.tools) : ScenarioFile;
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const found = explainFirst(parsed.error.issues[0]!, raw);
    return refuse('SCENARIO_INVALID', formatPath(found.path), found.detail);
  }
  const { $schema: _schema, format: _format, version: _version, ...scenario } = parsed.data;
  return { ok: true, value: scenario };
}

type Issue = z.core.$ZodIssue;
type Found = { path: PropertyKey[]; detail: string };

/** The JSON path of `path`: `steps[2].args`, `files["/a.md"]`; `''` for the document itself. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (/^[A-Za-z_$][\w$]*$/.test(name)) return i === 0 ? name : `.${name}`;
      return `[${JSON.stringify(name)}]`;
    })
    .join('');
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

const article = (expected: string) =>
  expected === 'record' || expected === 'object'
    ? 'an object'
    : /^[aeiou]/.test(expected)
      ? `an ${expected}`
      : `a ${expected}`;

// With `reportInput`, zod gives each issue the value it met; JSON has no undefined, so undefined there
// means the key is absent.
const missing = (issue: Issue) => issue.input === undefined;

// How far a branch of a union is from what the author wrote: keys it lacks or does not know, and a
// wrong kind of value altogether (weighted most). The branch with the smallest distance is the one
// the author meant, and its first issue is the one to report.
function distance(issues: readonly Issue[]): number {
  let sum = 0;
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') sum += issue.keys.length;
    else if ((issue.code === 'invalid_type' || issue.code === 'invalid_union') && missing(issue)) sum += 1;
    else if (issue.code === 'invalid_type' && issue.path.length === 0) sum += 100;
  }
  return sum;
}

// The format has two unions: a text, and a step; no branch fits closer than another (a number where a
// step or a text belongs), so the report says what fits.
function unionDetail(path: readonly PropertyKey[]): string {
  const isStep = path.length === 2 && path[0] === 'steps' && typeof path[1] === 'number';
  return isStep
    ? 'a step is one of {"say"}, {"call", "args"}, {"external", "note"}, {"use", "say"} and {"ask"}'
    : 'expected a text: a string, or {"en", "zh"}';
}

// A step is explained against the kind its keys name: zod alone would report against whichever kind
// failed least, which is often not the one the author wrote (`{"use": ["mine"], "say": …}` fits a say
// step but for one unknown key).
function explainFirst(issue: Issue, raw: Record<string, unknown>): Found {
  const [top, index] = issue.path;
  const step =
    top === 'steps' && typeof index === 'number' && Array.isArray(raw.steps) ? raw.steps[index] : undefined;
  if (step === undefined) return explain(issue, []);
  const at = ['steps', index!];
  const kind = isRecord(step) ? stepKinds.find(([key]) => key in step) : undefined;
  if (!kind) return { path: at, detail: unionDetail(at) };
  const parsed = kind[1].safeParse(step, { reportInput: true });
  return parsed.success ? explain(issue, []) : explain(parsed.error.issues[0]!, at);
}

function explain(issue: Issue, base: readonly PropertyKey[]): Found {
  const path = [...base, ...issue.path];
  switch (issue.code) {
    case 'invalid_union': {
      const scored = issue.errors.map((issues) => ({ issues, d: distance(issues) }));
      const best = Math.min(...scored.map((s) => s.d));
      const closest = scored.filter((s) => s.d === best);
      const first = closest.length === 1 ? closest[0]!.issues[0] : undefined;
      if (first) return explain(first, path);
      return { path, detail: missing(issue) ? 'missing' : unionDetail(path) };
    }
    case 'unrecognized_keys':
      return { path: [...path, issue.keys[0]!], detail: 'not a field of the format here' };
    case 'invalid_type':
      if (missing(issue)) return { path, detail: 'missing' };
      return { path, detail: `expected ${article(issue.expected)}, not ${kindOf(issue.input)}` };
    case 'invalid_value':
      return { path, detail: `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}` };
    case 'invalid_key':
      return { path, detail: `the key: ${issue.issues[0]?.message ?? issue.message}` };
    case 'too_big':
      return { path, detail: `too long: at most ${issue.maximum}` };
    case 'too_small':
      return { path, detail: `too short: at least ${issue.minimum}` };
    default:
      return { path, detail: issue.message };
  }
}

/** What `fetchScenario` needs beside the address. */
export interface FetchScenarioSpec {
  /** What a relative address is resolved against (a page's `document.baseURI`). */
  base?: string | URL;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Gives up after this many milliseconds (15 000 unless given). */
  timeoutMs?: number;
  /** The `fetch` to use; the global one unless given. */
  fetch?: typeof fetch;
}

/**
 * Fetches a scenario file from `url` (absolute, or relative to `base`) across origins: with CORS, no
 * credentials and no referrer beyond the origin; reads at most 1 MiB of it, then parses it as
 * `parseScenarioFile`. A network failure, a server that does not allow the read (CORS), an HTTP error,
 * a timeout or an address that is not http(s) gives `SCENARIO_FETCH_FAILED`. Never throws.
 */
export async function fetchScenario(url: string | URL, spec: FetchScenarioSpec = {}): Promise<ScenarioRead> {
  let address: URL;
  try {
    address = new URL(url, spec.base);
  } catch {
    return refuse(
      'SCENARIO_FETCH_FAILED',
      '',
      `${JSON.stringify(String(url).slice(0, 200))} is not an address`,
    );
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:')
    return refuse(
      'SCENARIO_FETCH_FAILED',
      '',
      `only http and https addresses are fetched, not ${address.protocol}`,
    );
  const timeoutMs = spec.timeoutMs ?? 15_000;
  const signals = [AbortSignal.timeout(timeoutMs), ...(spec.signal ? [spec.signal] : [])];
  try {
    const response = await (spec.fetch ?? fetch)(address, {
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'strict-origin',
      signal: AbortSignal.any(signals),
    });
    if (!response.ok) {
      const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return refuse('SCENARIO_FETCH_FAILED', '', `the server answered HTTP ${status} for ${address.href}`);
    }
    const body = await readCapped(response);
    if (!body.ok) return body.error;
    return parseBytes(body.value);
  } catch (thrown) {
    const name = (thrown as { name?: unknown } | null)?.name;
    const why =
      name === 'TimeoutError'
        ? `no answer within ${timeoutMs / 1000} s`
        : name === 'AbortError'
          ? 'the request was cancelled'
          : 'the request failed: the network, or a server that does not allow cross-origin reads (CORS)';
    return refuse('SCENARIO_FETCH_FAILED', '', `${why} (${address.href})`);
  }
}

type Capped = Result<Uint8Array, { ok: false; error: ScenarioError }>;

// The declared length is a hint only (it may be absent or wrong): the read itself stops past the cap.
async function readCapped(response: Response): Promise<Capped> {
  const tooLarge = (): Capped => ({
    ok: false,
    error: refuse('SCENARIO_TOO_LARGE', '', 'the file is over the limit of 1 MiB'),
  });
  if (Number(response.headers.get('content-length')) > SCENARIO_LIMITS.bytes) return tooLarge();
  if (!response.body) return { ok: true, value: new Uint8Array(await response.arrayBuffer()) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SCENARIO_LIMITS.bytes) {
      void reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, value: bytes };
}

function parseBytes(bytes: Uint8Array): ScenarioRead {
  if (bytes.byteLength > SCENARIO_LIMITS.bytes)
    return refuse('SCENARIO_TOO_LARGE', '', `${mib(bytes.byteLength)} is over the limit of 1 MiB`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('SCENARIO_INVALID', '', 'the file is not UTF-8 text');
  }
  return parseScenarioFile(text);
}

/**
 * Reads a scenario file a person chose or dropped: its size is checked before a byte is read, then it
 * is parsed as `parseScenarioFile` (UTF-8, with or without a byte order mark). Never throws.
 */
export async function readScenarioFile(file: Blob): Promise<ScenarioRead> {
  if (file.size > SCENARIO_LIMITS.bytes)
    return refuse('SCENARIO_TOO_LARGE', '', `${mib(file.size)} is over the limit of 1 MiB`);
  try {
    return parseBytes(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return refuse('SCENARIO_INVALID', '', 'the file could not be read');
  }
}

// A text the same in both languages is written once, as the format allows.
const compact = (text: Text): ScenarioFileInput['title'] => (text.en === text.zh ? text.en : { ...text });

/**
 * The file of a scenario: the header, then its fields in the format's order, each text written once when
 * both languages say the same. `parseScenarioFile` of its JSON gives the scenario back.
 */
export function scenarioFile(scenario: Scenario): ScenarioFileInput {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(ScenarioBody.shape) as (keyof Scenario)[]) {
    if (scenario[key] !== undefined) body[key] = scenario[key];
  }
  const { title, teaches, task, sideBySide, steps } = scenario;
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    ...body,
    title: compact(title),
    teaches: compact(teaches),
    ...(task ? { task: compact(task) } : {}),
    ...(sideBySide ? { sideBySide: sideBySide.map((s) => ({ ...s, label: compact(s.label) })) } : {}),
    steps: steps.map((step) => {
      if ('say' in step) return { ...step, say: compact(step.say) };
      if ('note' in step) return { ...step, note: compact(step.note) };
      return step;
    }),
  } as ScenarioFileInput;
}

/**
 * The text of a scenario's file, two-space indented, or the refusal its import would meet (an export
 * is checked by the same parser as an import, so a file written here is always read back).
 */
export function serializeScenarioFile(scenario: Scenario): Result<string, ScenarioError> {
  const text = `${JSON.stringify(scenarioFile(scenario), null, 2)}\n`;
  const read = parseScenarioFile(text);
  return read.ok ? { ok: true, value: text } : read;
}

/** A name for the downloaded file: `<id>.json`. */
export function scenarioFileName(scenario: Pick<Scenario, 'id'>): string {
  return `${scenario.id}.json`;
}
