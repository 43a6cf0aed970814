// How the kit reads the scenario it is asked for, in the host page: a built-in's texts from the table in
// embed.js; an author's file fetched by the page itself (so a file beside the page needs no CORS) and
// handed to the frame as an object. Only a file the page cannot read at all (another origin that does not
// allow the read) is left to the frame to fetch. Whatever fails is an error with a code, never a fallback.
import { builtInIds, builtInPreview, builtIns } from './built-ins';
import { builtInFile, type ScenarioRef } from './options';
import { previewOf, type Preview } from './preview';
import { unknownId, type EmbedError, type EmbedErrorCode, type KitLang } from './protocol';

/** What to open and what its card shows, or why nothing can be opened. */
export type Reading =
  | { ok: true; scenario: ScenarioRef | null; preview: Preview | null; error?: never }
  | { ok: false; error: EmbedError; scenario?: never; preview?: never };

const MAX_FILE = 1024 * 1024;
/** The scenario format's envelope, checked here so a card never shows a file the playground refuses. */
const FORMAT = 'harness-playground/scenario';
const VERSION = 1;

const refuse = (code: EmbedErrorCode, message: string): Reading => ({ ok: false, error: { code, message } });

/** Reads `scenario` for an embed of the playground at `app`. Never throws. */
export async function readScenario(scenario: ScenarioRef | null, app: URL, lang: KitLang): Promise<Reading> {
  if (!scenario) return { ok: true, scenario, preview: null };
  if (scenario.kind === 'object') return envelope(scenario.value, scenario, lang);
  if (scenario.kind === 'id') {
    if (builtIns) {
      const preview = builtInPreview(scenario.id, lang);
      if (preview) return { ok: true, scenario, preview };
      return refuse('SCENARIO_UNKNOWN', unknownId(scenario.id, builtInIds()));
    }
    const file = await fetchJson(builtInFile(app, scenario.id));
    return { ok: true, scenario, preview: 'value' in file ? previewOf(file.value, lang) : null };
  }
  const file = await fetchJson(scenario.url);
  if ('unreachable' in file) return { ok: true, scenario, preview: null };
  if ('error' in file) return { ok: false, error: file.error };
  return envelope(file.value, { kind: 'object', value: file.value as object }, lang);
}

function envelope(value: unknown, scenario: ScenarioRef, lang: KitLang): Reading {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refuse('SCENARIO_INVALID', 'the file is not a JSON object');
  const file = value as Record<string, unknown>;
  if (file.format !== FORMAT) return refuse('SCENARIO_INVALID', `format: expected "${FORMAT}"`);
  if (file.version !== VERSION)
    return refuse('SCENARIO_WRONG_VERSION', `version: this playground reads version ${VERSION}`);
  const preview = previewOf(file, lang);
  if (!preview) return refuse('SCENARIO_INVALID', 'title: expected a text, or {"en", "zh"}');
  return { ok: true, scenario, preview };
}

type Fetched = { value: unknown } | { error: EmbedError } | { unreachable: true };

async function fetchJson(url: string): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetch(url, { mode: 'cors', credentials: 'omit' });
  } catch {
    // The network, or another origin that does not allow the read: the frame may still reach it.
    return { unreachable: true };
  }
  const failed = (code: EmbedErrorCode, message: string): Fetched => ({ error: { code, message } });
  if (!response.ok)
    return failed('SCENARIO_FETCH_FAILED', `the server answered HTTP ${response.status} for ${url}`);
  if (Number(response.headers.get('content-length')) > MAX_FILE)
    return failed('SCENARIO_TOO_LARGE', 'the file is over the limit of 1 MiB');
  try {
    const text = await response.text();
    if (text.length > MAX_FILE) return failed('SCENARIO_TOO_LARGE', 'the file is over the limit of 1 MiB');
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return failed('SCENARIO_INVALID', `the file is not JSON (${(error as Error).message})`);
  }
}
