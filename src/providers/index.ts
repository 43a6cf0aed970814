import { modelInfo, type ModelSettings } from '../model/model-settings';
import { ANTHROPIC_PATH, AnthropicReader, anthropicBody, anthropicHeaders } from './anthropic';
import type { Where } from './failures';
import { OPENAI_PATH, OpenAiReader, openaiBody, openaiHeaders } from './openai';
import { exchange } from './transport';
import type { Fetch, ModelProvider } from './types';

export * from './failures';
export * from './presets';
export * from './sse';
export * from './types';
export {
  ANTHROPIC_PATH,
  ANTHROPIC_VERSION,
  anthropicBody,
  anthropicHeaders,
  AnthropicReader,
} from './anthropic';
export { OPENAI_PATH, openaiBody, openaiHeaders, OpenAiReader } from './openai';

/** How long a request may stay quiet (before its answer starts, or between two pieces) by default. */
export const MODEL_IDLE_MS = 120_000;

/** Options of a provider. */
export interface ProviderSpec {
  /** The `fetch` to use (the page's, bound; a stub in tests). */
  fetch: Fetch;
  /** This page's origin, for the CORS advice of a network failure. */
  origin: string;
  /** The longest quiet spell of a request, in milliseconds (default `MODEL_IDLE_MS`). */
  idleMs?: number;
}

/** The endpoint a base URL and protocol give: the base URL and the protocol's path, nothing else. */
export function endpointOf(settings: Pick<ModelSettings, 'provider' | 'baseUrl'>): string {
  return (
    settings.baseUrl.replace(/\/+$/, '') + (settings.provider === 'anthropic' ? ANTHROPIC_PATH : OPENAI_PATH)
  );
}

/**
 * A provider for checked settings (`checkModelSettings`): each request goes to `endpointOf(settings)` by
 * plain `fetch`, with the protocol's few headers, and its stream is read as it arrives.
 */
export function createProvider(settings: ModelSettings, spec: ProviderSpec): ModelProvider {
  const endpoint = endpointOf(settings);
  const where: Where = {
    provider: settings.provider,
    baseUrl: settings.baseUrl,
    endpoint,
    origin: spec.origin,
    key: settings.key,
  };
  const idleMs = spec.idleMs ?? MODEL_IDLE_MS;
  const anthropic = settings.provider === 'anthropic';
  return {
    info: modelInfo(settings),
    endpoint,
    complete: (request, stream) => {
      const body = JSON.stringify(
        anthropic ? anthropicBody(settings, request) : openaiBody(settings, request),
      );
      const reader = anthropic
        ? new AnthropicReader(where, body.length, stream.onText)
        : new OpenAiReader(where, body.length, stream.onText);
      const headers = anthropic ? anthropicHeaders(settings) : openaiHeaders(settings);
      return exchange(headers, body, reader, { fetch: spec.fetch, signal: stream.signal, idleMs, where });
    },
  };
}
