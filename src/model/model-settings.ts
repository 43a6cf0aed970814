import { z } from 'zod';
import type { Result } from '../harness';

/**
 * The two protocols a visitor's model can speak: `openai`, an OpenAI-compatible Chat Completions endpoint
 * (OpenAI, OpenRouter, Ollama, LM Studio…), and `anthropic`, the Anthropic Messages API.
 */
export const ProviderName = z.enum(['openai', 'anthropic']);
export type ProviderName = z.infer<typeof ProviderName>;

/** The longest base URL, model name and key the settings accept. */
export const MODEL_LIMITS = { baseUrl: 2048, model: 256, key: 4096 } as const;

// The page's Content-Security-Policy (scripts/csp.ts) lets it reach https origins and these two local
// hosts over plain http; any other http address would be blocked by the browser before it is sent.
const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1']);

/**
 * Checks a base URL and returns it without trailing slashes: http(s) only, plain http for `localhost`
 * and `127.0.0.1` only, and no user name, password, query or fragment, so that nothing secret can ride
 * in an address that sessions and exports keep. Never throws.
 */
export function checkBaseUrl(text: string): Result<string> {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: 'the base URL is empty' };
  if (typed.length > MODEL_LIMITS.baseUrl)
    return { ok: false, error: `the base URL is over ${MODEL_LIMITS.baseUrl} characters` };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return { ok: false, error: `"${typed}" is not an address (it starts with https:// or http://)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return {
      ok: false,
      error: `the base URL starts with ${url.protocol}//; use https:// (or http:// for a local server)`,
    };
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname))
    return {
      ok: false,
      error:
        'plain http:// works for localhost and 127.0.0.1 only (the page’s security policy); use https://',
    };
  if (url.username || url.password)
    return {
      ok: false,
      error: 'the base URL holds a user name or password; put the key in the API key field',
    };
  if (typed.includes('?') || typed.includes('#'))
    return {
      ok: false,
      error: 'the base URL has a query or fragment; give the address alone (the key has its own field)',
    };
  return { ok: true, value: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/** A base URL as sessions and exports keep it: one `checkBaseUrl` accepts. */
const BaseUrl = z
  .string()
  .max(MODEL_LIMITS.baseUrl)
  .refine(
    (text) => checkBaseUrl(text).ok,
    'not a base URL (http or https, no credentials, query or fragment)',
  );

/**
 * Which model drove a run, as a saved session and an exported session file record it (their optional
 * `model` field): the protocol, the model's name and the base URL. Never the key.
 */
export const ModelInfo = z.strictObject({
  provider: ProviderName,
  model: z.string().min(1).max(MODEL_LIMITS.model),
  baseUrl: BaseUrl,
});
export type ModelInfo = z.infer<typeof ModelInfo>;

/** What a request to the visitor's model needs: the model and where it is, and the key (may be empty). */
export interface ModelSettings extends ModelInfo {
  key: string;
}

/** Settings that were refused: the field at fault and why, in English. */
export interface SettingsProblem {
  code: 'MODEL_SETTINGS_INVALID';
  field: 'provider' | 'baseUrl' | 'model' | 'key';
  message: string;
}

const problem = (
  field: SettingsProblem['field'],
  message: string,
): Result<ModelSettings, SettingsProblem> => ({
  ok: false,
  error: { code: 'MODEL_SETTINGS_INVALID', field, message },
});

// A header value is a byte string without line breaks; a key pasted with a stray character would make
// `fetch` throw a TypeError that reads like a network failure.
const HEADER_SAFE = /^[\x21-\x7e\x80-\xff]*$/;

/** Whether `key` can be sent as a key: within the length limit, and only characters a header carries. */
export function keyFits(key: string): boolean {
  return key.length <= MODEL_LIMITS.key && HEADER_SAFE.test(key);
}

/** Why a base URL does not fit its protocol's rule (the app appends the endpoint's own path), or null. */
function pathProblem(provider: ProviderName, baseUrl: string): string | null {
  const path = new URL(baseUrl).pathname;
  if (provider === 'openai' && /\/chat\/completions$/.test(path))
    return 'the app appends /chat/completions: give the base URL only (such as https://api.openai.com/v1)';
  if (provider === 'anthropic' && /\/v1(\/messages)?$/.test(path))
    return 'the Anthropic base URL is the host (https://api.anthropic.com): the app appends /v1/messages';
  return null;
}

/**
 * Checks what the visitor typed and returns the settings to use, trimmed, or the first field at fault.
 * An Anthropic key is required; an OpenAI-compatible one may be empty (local servers need none). Keys are
 * not checked for a prefix: compatible servers issue keys of every shape.
 */
export function checkModelSettings(input: {
  provider: string;
  baseUrl: string;
  model: string;
  key: string;
}): Result<ModelSettings, SettingsProblem> {
  const provider = ProviderName.safeParse(input.provider);
  if (!provider.success)
    return problem('provider', `"${input.provider}" is not a provider: openai or anthropic`);
  const base = checkBaseUrl(input.baseUrl);
  if (!base.ok) return problem('baseUrl', base.error);
  const wrongPath = pathProblem(provider.data, base.value);
  if (wrongPath) return problem('baseUrl', wrongPath);
  const model = input.model.trim();
  if (model === '') return problem('model', 'name the model (such as gpt-4o-mini or llama3.1)');
  if (model.length > MODEL_LIMITS.model)
    return problem('model', `the model name is over ${MODEL_LIMITS.model} characters`);
  const key = input.key.trim();
  if (key.length > MODEL_LIMITS.key) return problem('key', `the key is over ${MODEL_LIMITS.key} characters`);
  if (!HEADER_SAFE.test(key))
    return problem('key', 'the key holds a space, a line break or a character a request header cannot carry');
  if (provider.data === 'anthropic' && key === '') return problem('key', 'the Anthropic API needs a key');
  return { ok: true, value: { provider: provider.data, baseUrl: base.value, model, key } };
}

/** The settings without the key: what a session keeps. */
export function modelInfo(settings: ModelInfo): ModelInfo {
  return { provider: settings.provider, model: settings.model, baseUrl: settings.baseUrl };
}
