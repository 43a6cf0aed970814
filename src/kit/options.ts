import {
  SCENARIO_ID,
  langs,
  params,
  speedNames,
  themes,
  type KitLang,
  type Speed,
  type ThemeName,
} from './protocol';

/** What `HarnessPlayground.embed` takes. */
export interface EmbedOptions {
  /**
   * The scenario: a built-in scenario's id (`stale-version`), the address of a scenario file (absolute,
   * or relative to the page), or a scenario file object. Without it, the playground's default.
   */
  scenario?: string | URL | object;
  /** The language; without it, the page's `<html lang>` when it is English or Chinese, else the visitor's. */
  lang?: KitLang;
  speed?: Speed;
  /** Play to the end at once. */
  autoplay?: boolean;
  /** The playground's presentation mode. */
  present?: boolean;
  /** `'auto'` (the default) follows the content's height; a number is CSS pixels; a string is any CSS length. */
  height?: 'auto' | number | string;
  /**
   * The most an auto height grows to (pixels, or a CSS length); past it the frame scrolls inside and
   * follows the newest entry. Without it, none: the page never needs a scroll bar inside the frame.
   */
  maxHeight?: number | string;
  /** `'auto'` (the default) follows the page's own dark/light toggle, else the system's; or `light`, `dark`. */
  theme?: ThemeName;
  /** Show a light card (title, lesson, a Play button) and load the playground only when it is pressed. */
  clickToLoad?: boolean;
  /** The playground's address; without it, the folder `embed.js` was loaded from. */
  app?: string | URL;
}

/** A scenario as the kit handles it: by id, by address, or as a whole object. */
export type ScenarioRef =
  { kind: 'id'; id: string } | { kind: 'url'; url: string } | { kind: 'object'; value: object };

/** The options, checked, with every address absolute. */
export interface Settings {
  app: URL;
  scenario: ScenarioRef | null;
  lang: KitLang | null;
  speed: Speed | null;
  autoplay: boolean;
  present: boolean;
  height: 'auto' | string;
  /** A CSS length, or `none`. */
  maxHeight: string;
  theme: ThemeName;
  clickToLoad: boolean;
}

const fail = (message: string): never => {
  throw new TypeError(`HarnessPlayground.embed: ${message}`);
};

/**
 * Reads a scenario given as an id, an address or an object. A string that is an id (lowercase words
 * joined by dashes) names a built-in scenario; any other string is an address, resolved against `base`.
 * Throws a TypeError for anything else.
 */
export function scenarioRef(value: unknown, base: string): ScenarioRef {
  if (value instanceof URL) return { kind: 'url', url: value.href };
  if (typeof value === 'string') {
    if (SCENARIO_ID.test(value)) return { kind: 'id', id: value };
    try {
      return { kind: 'url', url: new URL(value, base).href };
    } catch {
      return fail(`scenario ${JSON.stringify(value)} is neither an id nor an address`);
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { kind: 'object', value };
  return fail(`scenario must be an id, an address or a scenario object, not ${String(value)}`);
}

/** The language of a page, when the playground speaks it: `zh-CN` → `zh`, `en-GB` → `en`, `fr` → null. */
export function pageLang(tag: string | null | undefined): KitLang | null {
  const primary = (tag ?? '').toLowerCase().split('-')[0];
  return langs.find((l) => l === primary) ?? null;
}

const cssHeight = (height: EmbedOptions['height'], name = 'height'): 'auto' | string => {
  if (height === undefined || height === 'auto') return 'auto';
  if (typeof height === 'number') {
    if (!Number.isFinite(height) || height <= 0) fail(`${name} ${height} is not a positive number`);
    return `${height}px`;
  }
  if (typeof height === 'string' && height.trim()) return height;
  return fail(`${name} must be 'auto', a number or a CSS length, not ${JSON.stringify(height)}`);
};

const cssMaxHeight = (max: EmbedOptions['maxHeight']): string => {
  if (max === undefined || max === 'none') return 'none';
  const css = cssHeight(max, 'maxHeight');
  return css === 'auto' ? fail(`maxHeight must be a number or a CSS length, not 'auto'`) : css;
};

/**
 * Checks the options of an embed and makes every address absolute: `app` and a scenario address are
 * resolved against `base` (the page's address). Throws a TypeError naming the option at fault.
 */
export function settingsOf(
  options: EmbedOptions,
  base: string,
  defaults: { app: string | null; lang: KitLang | null },
): Settings {
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const app = options.app ?? defaults.app ?? fail('cannot tell where the playground is: pass options.app');
  let appUrl: URL;
  try {
    appUrl = new URL(app, base);
  } catch {
    return fail(`app ${JSON.stringify(String(app))} is not an address`);
  }
  if (options.lang !== undefined && !langs.includes(options.lang))
    fail(`lang ${JSON.stringify(options.lang)} is not one of ${langs.join(', ')}`);
  if (options.speed !== undefined && !speedNames.includes(options.speed))
    fail(`speed ${JSON.stringify(options.speed)} is not one of ${speedNames.join(', ')}`);
  if (options.theme !== undefined && !themes.includes(options.theme))
    fail(`theme ${JSON.stringify(options.theme)} is not one of ${themes.join(', ')}`);
  return {
    app: appUrl,
    scenario: options.scenario === undefined ? null : scenarioRef(options.scenario, base),
    lang: options.lang ?? defaults.lang,
    speed: options.speed ?? null,
    autoplay: options.autoplay === true,
    present: options.present === true,
    height: cssHeight(options.height),
    maxHeight: cssMaxHeight(options.maxHeight),
    theme: options.theme ?? 'auto',
    clickToLoad: options.clickToLoad === true,
  };
}

/**
 * The address of the playground's frame for `settings`: `<app>?embed=1&scenario=<id>` (or
 * `scenario-url=<address>`), with `lang`, `speed`, `autoplay=1`, `present=1` and `theme` when set. A
 * scenario object is not in the address: the kit sends it with `load` once the frame is ready, and the
 * address says `hold=1`, so the frame shows nothing and plays nothing until then (with `autoplay=1`, the
 * object's script then plays through its own external edits, as a built-in's does).
 */
export function frameAddress(
  settings: Settings,
  more: { autoplay?: boolean; theme?: ThemeName } = {},
): string {
  const url = new URL(settings.app.href);
  const q = url.searchParams;
  q.set(params.embed, '1');
  const scenario = settings.scenario;
  if (scenario?.kind === 'id') q.set(params.scenario, scenario.id);
  if (scenario?.kind === 'url') q.set(params.scenarioUrl, scenario.url);
  if (settings.lang) q.set(params.lang, settings.lang);
  if (settings.speed) q.set(params.speed, settings.speed);
  const autoplay = more.autoplay ?? settings.autoplay;
  if (autoplay) q.set(params.autoplay, '1');
  if (settings.present) q.set(params.present, '1');
  if (scenario?.kind === 'object') q.set(params.hold, '1');
  const theme = more.theme ?? settings.theme;
  if (theme !== 'auto') q.set(params.theme, theme);
  return url.href;
}

/** The address of a built-in scenario's file, served beside the playground: `<app>/scenarios/<id>.json`. */
export function builtInFile(app: URL, id: string): string {
  return new URL(`scenarios/${id}.json`, app).href;
}
