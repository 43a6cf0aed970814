// The controller of an embedded playground, as a host page's script sees it, and what its reports carry.
import type { EmbedError, EmbedState, KitLang, Speed, ThemeName } from './protocol';
import type { READY } from './protocol';

/** What each kind of report hands its listeners. */
export interface Payloads {
  /** The ready message, `{type: "harness-playground:ready"}`. */
  ready: { type: typeof READY };
  state: EmbedState;
  /** One logged event, in the session file's format. */
  event: Record<string, unknown>;
  /** The content's new height, in CSS pixels. */
  resize: { height: number };
  /** Why the scenario asked for cannot be opened: its code first, then what is wrong. */
  error: EmbedError;
}
export type ReportKind = keyof Payloads;

/** An embedded playground, driven from the host page. Every method is safe to call before it is ready. */
export interface Controller {
  /** The element whose shadow root holds the frame: one the kit put in the target, or <harness-playground>. */
  readonly element: HTMLElement;
  /** The playground's frame; null while a click-to-load card waits for its click. */
  readonly frame: HTMLIFrameElement | null;
  /** Whether the playground has said it listens; commands sent before are queued, then sent in order. */
  readonly ready: boolean;
  /** The last state the playground reported, or null. */
  readonly state: EmbedState | null;
  /**
   * Plays. This and `step`, `back`, `reset` and `external` load a click-to-load embed first, as its
   * Play button does; `pause` does not.
   */
  play(): void;
  pause(): void;
  step(): void;
  /** One step back. */
  back(): void;
  reset(): void;
  /** Presses "Simulate external edit". */
  external(): void;
  /** Presses "Reveal": the answer of the lesson's question the run stands at. */
  reveal(): void;
  /**
   * Opens another scenario: a built-in id or a scenario object (sent as `load`), or the address of a
   * scenario file (the frame is opened afresh on it; commands still queued for the old one are dropped).
   */
  load(scenario: string | URL | object): void;
  setSpeed(speed: Speed): void;
  setLang(lang: KitLang): void;
  /** `auto` follows the page's own dark/light toggle (else the system's); `light` and `dark` hold. */
  setTheme(theme: ThemeName): void;
  /** Calls `listener` with the payload of each report of `kind`; returns the function that stops it. */
  on<K extends ReportKind>(kind: K, listener: (payload: Payloads[K]) => void): () => void;
  /** Removes the frame or card and stops listening. Later calls do nothing. */
  destroy(): void;
}
