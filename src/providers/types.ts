import type { Result } from '../harness';
import type { Text } from '../model/scenario';
import type { ModelInfo } from '../model/model-settings';

/** One tool as the model is told of it: exactly what `Registry.schemas()` gives (the tools panel). */
export interface ToolSchema {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call the model asked for. `argsText` is the arguments as it sent them: JSON text, maybe not valid. */
export interface ModelCall {
  /** The model's own id of the call, which its result must name. */
  id: string;
  name: string;
  argsText: string;
}

/** The answer the harness gave one call, in the words the model is to read. */
export interface CallAnswer {
  callId: string;
  name: string;
  text: string;
  isError: boolean;
}

/** One turn of the conversation, in neither protocol's shape: each provider translates it. */
export type Turn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; calls: readonly ModelCall[] }
  | { role: 'tools'; answers: readonly CallAnswer[] };

/** One request: what the model is, the conversation so far, and the tools it may call. */
export interface ModelRequest {
  system: string;
  turns: readonly Turn[];
  tools: readonly ToolSchema[];
}

/** Tokens one request used, from the provider's usage fields; `estimated` when it sent none. */
export interface Usage {
  input: number;
  output: number;
  estimated: boolean;
}

/** A whole reply: the text, the calls in the order the model made them, the usage and why it stopped. */
export interface ModelReply {
  text: string;
  calls: ModelCall[];
  usage: Usage;
  /** The provider's own word (`stop`, `tool_calls`, `end_turn`, `max_tokens`…), or null. */
  stop: string | null;
}

/** Why a request to the model failed. Each is shown with what to do. */
export type ModelFailureCode =
  | 'MODEL_AUTH'
  | 'MODEL_RATE_LIMIT'
  | 'MODEL_NETWORK'
  | 'MODEL_BAD_RESPONSE'
  | 'MODEL_TIMEOUT'
  | 'MODEL_HTTP'
  | 'MODEL_STOPPED';

/**
 * A failed request: a stable code, what happened and what to do (both languages), and what the server
 * said, with the visitor's key taken out of it. Nothing of the reply is used: a turn that fails is not
 * applied at all.
 */
export interface ModelFailure {
  code: ModelFailureCode;
  message: Text;
  remedy: Text;
  /** The HTTP status, when the server answered. */
  status?: number;
  /** For MODEL_RATE_LIMIT: how long to wait, when the server said. */
  retryAfterSeconds?: number;
  /** The server's own words (its error message), at most 500 characters, without the key. */
  detail?: string;
}

/** Options of one request. */
export interface StreamSpec {
  /** Stops the request: the answer is then MODEL_STOPPED. */
  signal: AbortSignal;
  /** Each piece of text as it arrives. */
  onText?: (delta: string) => void;
}

/** A model reached by plain `fetch`, speaking one protocol. */
export interface ModelProvider {
  readonly info: ModelInfo;
  /** The address every request goes to: the base URL and the endpoint's path, nothing else. */
  readonly endpoint: string;
  /** Sends one request and reads the streamed reply. Never rejects: every failure is a `ModelFailure`. */
  complete(request: ModelRequest, spec: StreamSpec): Promise<Result<ModelReply, ModelFailure>>;
}

/** The `fetch` a provider uses: the page's, or a stub in tests. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
