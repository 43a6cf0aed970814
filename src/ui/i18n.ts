import { plural } from '../harness';
import type { Lang } from '../model/scenario';
import { askStrings } from './strings/ask';
import { benchStrings } from './strings/bench';
import { firstStrings } from './strings/first';
import { modelStrings } from './strings/model';
import { stageStrings } from './strings/stage';
import { workspaceStrings } from './strings/workspace';

export { pickLang } from './lang-pick';

/**
 * Every visible string of the interface, in both languages: one table, kept in a file per part of the page,
 * so nothing is left untranslated (tests/unit/ui/i18n.test.ts checks that no key is given twice).
 */
const strings = {
  ...firstStrings,
  ...stageStrings,
  ...workspaceStrings,
  ...benchStrings,
  ...modelStrings,
  ...askStrings,
};

/** A key of the string table. */
export type StringKey = keyof typeof strings;

// Where the language is read from. The language lives in one place, the interface's store (`lang` of
// `UiState`); this is a way to it, never a copy.
let source: () => Lang = () => 'en';

/**
 * Says where every later `tr` reads the language: the interface's store once there is one; before that
 * (while the page starts), the language it starts in. A change of the store's `lang` then reaches every
 * string that is made afterwards, with no one to tell.
 */
export function speakFrom(read: () => Lang): void {
  source = read;
}

/** Shows the language in use on the document: its `lang`, its title, and (with `inUrl`) the address. */
export function showLang(inUrl: boolean): void {
  const now = lang();
  document.documentElement.lang = now === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  if (!inUrl) return;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', now);
  history.replaceState(null, '', url);
}

/** The language in use: read from where `speakFrom` points. */
export function lang(): Lang {
  return source();
}

/** The values a string's placeholders are filled from: counts as numbers or as written ("1,200"). */
export type StringVars = Record<string, string | number>;

// `{name}`, or `{name|one|many}`: the word that agrees with the count `name` (`many` defaults to `one`s).
const PLACEHOLDER = /\{(\w+)(?:\|([^|{}]+)(?:\|([^|{}]+))?)?\}/g;

/**
 * `template` with `{name}` filled from `vars`, and `{name|one|many}` replaced by the English word that
 * agrees with the count `name` (`'{n} {n|plugin} on'`: "1 plugin on", "2 plugins on"). A count given as
 * written ("1,200") is read without its commas. A placeholder with no value stays visible.
 */
export function fillIn(template: string, vars: StringVars): string {
  return template.replace(PLACEHOLDER, (whole, name: string, one?: string, many?: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    if (one === undefined) return String(value);
    return plural(typeof value === 'number' ? value : Number(value.replaceAll(',', '')), one, many);
  });
}

/** The string `key` in the current language, with its placeholders filled from `vars` (see `fillIn`). */
export function tr(key: StringKey, vars: StringVars = {}): string {
  return fillIn(strings[key][lang()], vars);
}

/**
 * A label and its value as one phrase: `Result: read` in English, `结果：read` in Chinese, whose colon is
 * full-width and carries its own space.
 */
export function labelled(key: StringKey, value: string): string {
  return `${tr(key)}${colon()}${value}`;
}

/** The colon after a label in the current language: `: ` in English, a full-width `：` in Chinese. */
export function colon(): string {
  return lang() === 'zh' ? '：' : ': ';
}

/** Every key, for the test that checks both languages are filled. */
export const allStrings = strings;

/** The table's parts, for the test that checks no key is given in two of them. */
export const stringParts = {
  firstStrings,
  stageStrings,
  workspaceStrings,
  benchStrings,
  modelStrings,
  askStrings,
};
