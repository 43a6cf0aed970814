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
/** The playground → host: the scenario asked for cannot be opened; nothing else is played instead. */
export const ERROR = 'harness-playground:error';
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

/** The themes an embed takes: `auto` follows the host page's own toggle, else the system's. */
export const themes = ['auto', 'light', 'dark'] as const;
export type ThemeName = (typeof themes)[number];

/** The host's look, read from its CSS custom properties `--hp-bg`, `--hp-fg`, `--hp-accent`, `--hp-font`. */
export interface HostStyle {
  bg?: string;
  fg?: string;
  accent?: string;
  font?: string;
}
/** The style's fields, each the suffix of its custom property on the host element (`--hp-<name>`). */
export const styleNames = ['bg', 'fg', 'accent', 'font'] as const;

/**
 * Why an embed shows no lesson: the scenario format's codes, and `SCENARIO_UNKNOWN` for a built-in id
 * that is not one. Each has the remedy the author needs, in the playground's languages.
 */
export const errorFixes = {
  SCENARIO_UNKNOWN: {
    en: 'Use one of the built-in ids the message lists.',
    zh: '请使用上面列出的内置场景 id 之一。',
  },
  SCENARIO_FETCH_FAILED: {
    en: 'Check the address; a file on another origin than the page must be served with Access-Control-Allow-Origin.',
    zh: '请检查地址；与页面不同源的文件需要带 Access-Control-Allow-Origin 响应头。',
  },
  SCENARIO_INVALID: {
    en: 'Fix the file at the place named; scenario.schema.json beside the playground describes the format.',
    zh: '请按提示的位置修改文件；格式说明见 playground 旁的 scenario.schema.json。',
  },
  SCENARIO_WRONG_VERSION: {
    en: 'Write the format version this playground reads (see scenario.schema.json).',
    zh: '请使用此 playground 能读的格式版本（见 scenario.schema.json）。',
  },
  SCENARIO_TOO_LARGE: {
    en: 'Keep the scenario file under 1 MiB.',
    zh: '场景文件请小于 1 MiB。',
  },
} as const;
export type EmbedErrorCode = keyof typeof errorFixes;

/** An embed's error: its code and what is wrong (in English, like the scenario format's messages). */
export interface EmbedError {
  /** An `EmbedErrorCode`, or another code the playground reports (a share link's `LINK_*`). */
  code: string;
  message: string;
}

/** What is wrong with an id that names no built-in scenario, with the ids that do. */
export const unknownId = (id: string, ids: readonly string[]): string =>
  `"${id.slice(0, 100)}" is not a built-in scenario; the built-in ids are ${ids.join(', ')}`;

/** The remedy for an error's `code` in `lang`; '' for a code without one. */
export function fixOf(code: string, lang: KitLang): string {
  const fixes: Partial<Record<string, Record<KitLang, string>>> = errorFixes;
  return fixes[code]?.[lang] ?? '';
}

/** A scenario id: lowercase words joined by dashes (the app's `ScenarioId`). */
export const SCENARIO_ID = /^[a-z][a-z0-9-]*$/;

/** A command a host posts; `load` takes a built-in scenario's id or a whole scenario file object. */
export type Command =
  | { type: typeof COMMAND; command: SimpleCommand }
  | { type: typeof COMMAND; command: 'load'; scenario: string | object }
  | { type: typeof COMMAND; command: 'speed'; speed: Speed }
  | { type: typeof COMMAND; command: 'lang'; lang: KitLang }
  | { type: typeof COMMAND; command: 'theme'; theme: ThemeName; style?: HostStyle };

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
  /** The id of the edit-safety policy the run has (`[data-run-policy]`); null with the policy off. */
  policy: string | null;
}

/** The messages the playground posts to its host. */
export type Report =
  | { type: typeof READY }
  | { type: typeof RESIZE; height: number }
  | { type: typeof STATE; state: EmbedState }
  | { type: typeof EVENT; event: Record<string, unknown> }
  | { type: typeof ERROR; code: string; message: string };

/** The query parameters of the playground's address that an embed sets. */
export const params = {
  embed: 'embed',
  scenario: 'scenario',
  scenarioUrl: 'scenario-url',
  lang: 'lang',
  speed: 'speed',
  autoplay: 'autoplay',
  present: 'present',
  theme: 'theme',
  hold: 'hold',
} as const;
