/** The request headers the app may send; a preflight asking for any other is answered without it. */
export const ALLOWED_HEADERS: readonly string[];

/** One turn of a request's conversation, in one shape for both protocols. */
export type FakeTurn =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; calls: { id: string; name: string; args: string }[] }
  | { role: 'tool'; id: string; text: string; isError: boolean };

/** The conversation a request carried. */
export interface FakeConversation {
  model: string;
  system: string;
  tools: string[];
  turns: FakeTurn[];
}

/** One request the fake received (a preflight has `preflight`, the headers it asked for). */
export interface FakeRequest {
  method: string;
  path: string;
  script: string | undefined;
  token: string;
  headers: Record<string, string>;
  preflight?: string[];
  protocol?: 'openai' | 'anthropic';
  body?: Record<string, unknown>;
  conversation?: FakeConversation;
}

/** The fake model without the network. */
export interface FakeModel {
  handle(request: { method: string; path: string; headers: Record<string, string>; body: string }): Promise<{
    status: number;
    headers: Record<string, string>;
    body: AsyncIterable<string> | Iterable<string>;
  }>;
  /** Opens a gate of `token` (before or after someone waits at it). */
  open(token: string, name: string): void;
  /** The requests received, preflights included, optionally only those of `token`. */
  requests(token?: string): FakeRequest[];
}

/** The names of the scripts a request can pick by its path. */
export const scripts: Record<string, unknown>;

/** The conversation of a request body, in one shape for both protocols. */
export function conversation(protocol: 'openai' | 'anthropic', body: unknown): FakeConversation;

/** A fresh fake model. */
export function fakeModel(): FakeModel;

/** A `fetch` answered by a fake model, without the network (CORS is not enforced). */
export function fakeFetch(model?: FakeModel): ((url: string, init?: RequestInit) => Promise<Response>) & {
  model: FakeModel;
};

/** Starts the fake model on a port (0: any free one). */
export function startFakeModel(options?: {
  port?: number;
  host?: string;
}): Promise<FakeModel & { origin: string; close(): Promise<void> }>;
