// The messages between a host page and an embedded playground, declared once for both sides. This
// module has no imports, so the embed kit stays small; tests/unit/kit hold its copies of the app's
// names (speeds, languages, the scenario id pattern) to the app's own.

/** Every message type starts with this. */
export const MESSAGE_PREFIX = 'harness-playground:';
/** The playground → host: it listens for commands now (posted once). */
export const READY = 'harness-playground:ready';
/** The playground → host: its content is `height` CSS pixels tall now. */
export const RESIZE = 'harness-playground:resize';
/** The playground → host: the run's state changed. */
export const STATE = 'harness-playground:state';
/** The playground → host: one logged event. */
export const EVENT = 'harness-playground:event';
/** Host → the playground: do something. */
export const COMMAND = 'harness-playground:command';

/** The commands that take no argument. */
export const simpleCommands = ['play', 'pause', 'step', 'back', 'reset', 'external', 'reveal'] as const;
export type SimpleCommand = (typeof simpleCommands)[number];

/** The run speeds, by name (the app's `SpeedName`). */
export const speedNames = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof speedNames)[number];

/** The languages of the playground. */
export const langs = ['en', 'zh'] as const;
export type KitLang = (typeof langs)[number];

/** A scenario id: lowercase words joined by dashes (the app's `ScenarioId`). */
export const SCENARIO_ID = /^[a-z][a-z0-9-]*$/;

/** A command a host posts; `load` takes a built-in scenario's id or a whole scenario file object. */
export type Command =
  | { type: typeof COMMAND; command: SimpleCommand }
  | { type: typeof COMMAND; command: 'load'; scenario: string | object }
  | { type: typeof COMMAND; command: 'speed'; speed: Speed }
  | { type: typeof COMMAND; command: 'lang'; lang: KitLang };

/** What the playground reports of its run. */
export interface EmbedState {
  runState: 'idle' | 'playing' | 'paused' | 'done';
  scenario: string;
  /** Script steps taken. */
  position: number;
  done: boolean;
  /** The script waits for "Simulate external edit". */
  waiting: boolean;
  /** The script stands at a question whose answer is not revealed yet (only "reveal" goes on). */
  asking: boolean;
}

/** The messages the playground posts to its host. */
export type Report =
  | { type: typeof READY }
  | { type: typeof RESIZE; height: number }
  | { type: typeof STATE; state: EmbedState }
  | { type: typeof EVENT; event: Record<string, unknown> };

/** The query parameters of the playground's address that an embed sets. */
export const params = {
  embed: 'embed',
  scenario: 'scenario',
  scenarioUrl: 'scenario-url',
  lang: 'lang',
  speed: 'speed',
  autoplay: 'autoplay',
  present: 'present',
} as const;
