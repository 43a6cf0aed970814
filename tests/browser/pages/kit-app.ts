// A stand-in for the playground inside an embed, for tests/browser/kit.spec.ts: it speaks the app's
// side of the protocol (ready, resize, state, event) only when the test says so, and keeps every message
// it hears, so the kit's own behaviour is tested apart from the app's.
import { EVENT, READY, RESIZE, STATE, type EmbedState } from '../../../src/kit/protocol';

/** A message the stand-in heard: what, from whom, from which origin. */
export interface HeardByApp {
  data: unknown;
  fromParent: boolean;
  origin: string;
}

declare global {
  interface Window {
    __app?: {
      /** The query parameters the stand-in was opened with. */
      params: Record<string, string>;
      heard: HeardByApp[];
      /** Posts any message to the host, as the app would. */
      post(data: unknown): void;
      ready(): void;
      resize(height: number): void;
      state(state: Partial<EmbedState>): void;
      event(event: Record<string, unknown>): void;
    };
  }
}

const params = Object.fromEntries(new URLSearchParams(location.search));
const heard: HeardByApp[] = [];
addEventListener('message', (e) =>
  heard.push({ data: e.data as unknown, fromParent: e.source === parent, origin: e.origin }),
);
const post = (data: unknown) => parent.postMessage(data, '*');
const base: EmbedState = {
  runState: 'idle',
  scenario: params.scenario ?? 'happy-path',
  position: 0,
  done: false,
  waiting: false,
  policy: 'dsh-ledger',
  asking: false,
};

window.__app = {
  params,
  heard,
  post,
  ready: () => post({ type: READY }),
  resize: (height) => post({ type: RESIZE, height }),
  state: (state) => post({ type: STATE, state: { ...base, ...state } }),
  event: (event) => post({ type: EVENT, event }),
};
// `?stand-in=ready` says ready at once; otherwise the test decides when.
if (params['stand-in'] === 'ready') window.__app.ready();
