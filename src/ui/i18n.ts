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

let current: Lang = 'en';

/** Sets the language every later `tr` call uses. */
export function setLang(lang: Lang): void {
  current = lang;
}

/** Puts a language in use on the document too: its `lang`, its title, and (with `inUrl`) the address. */
export function showLang(lang: Lang, inUrl: boolean): void {
  setLang(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = tr('appTitle');
  if (!inUrl) return;
  const url = new URL(window.location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
}

/** The language in use. */
export function lang(): Lang {
  return current;
}

/** The string `key` in the current language, with `{name}` placeholders filled from `vars`. */
export function tr(key: StringKey, vars: Record<string, string | number> = {}): string {
  return strings[key][current].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
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
  return current === 'zh' ? '：' : ': ';
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
