/** A visible string in both languages the playground speaks. */
export interface Text {
  en: string;
  zh: string;
}

/** The languages of the playground. */
export type Lang = keyof Text;

/** Picks the string of `lang`. */
export function t(text: Text, lang: Lang): string {
  return text[lang];
}
