import type { KitLang } from './protocol';

/** What the card shows of a scenario before the playground loads. */
export interface Preview {
  title: string;
  lesson: string;
}

const MAX_TITLE = 200;
const MAX_LESSON = 600;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A scenario text in `lang`: a plain string, or the `{en, zh}` entry; null for anything else. */
export function textIn(value: unknown, lang: KitLang): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const text = (value as Record<string, unknown>)[lang];
    if (typeof text === 'string') return text;
  }
  return null;
}

/** The title and lesson of a scenario file's JSON, clipped to a card's length; null when it has neither. */
export function previewOf(file: unknown, lang: KitLang): Preview | null {
  if (typeof file !== 'object' || file === null) return null;
  const { title, teaches } = file as Record<string, unknown>;
  const t = textIn(title, lang);
  if (t === null) return null;
  return { title: clip(t, MAX_TITLE), lesson: clip(textIn(teaches, lang) ?? '', MAX_LESSON) };
}
