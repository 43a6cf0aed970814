import type { KitLang } from './protocol';
import { builtInFile, type ScenarioRef } from './options';

/** What the card shows of a scenario before the playground loads. */
export interface Preview {
  title: string;
  lesson: string;
}

const MAX_TITLE = 200;
const MAX_LESSON = 600;
const MAX_FILE = 1024 * 1024;

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

/**
 * Reads the preview of a scenario: from the object itself, or from its file (a built-in one's is served
 * beside the playground). A file that cannot be fetched or read gives null: the card keeps its
 * stand-in text, and the playground, once loaded, says what is wrong.
 */
export async function fetchPreview(
  scenario: ScenarioRef | null,
  app: URL,
  lang: KitLang,
): Promise<Preview | null> {
  if (!scenario) return null;
  if (scenario.kind === 'object') return previewOf(scenario.value, lang);
  const url = scenario.kind === 'id' ? builtInFile(app, scenario.id) : scenario.url;
  try {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    if (!response.ok || Number(response.headers.get('content-length')) > MAX_FILE) return null;
    const text = await response.text();
    return text.length > MAX_FILE ? null : previewOf(JSON.parse(text), lang);
  } catch {
    return null;
  }
}

const words = {
  en: { play: 'Play', brand: 'Harness Playground' },
  zh: { play: '播放', brand: 'Harness Playground' },
};

/** The card's look: light, in the page's own font and colours. */
export const placeholderStyle = `
.card{box-sizing:border-box;display:flex;flex-direction:column;gap:.5em;align-items:flex-start;
padding:1.25em 1.5em;border:1px solid color-mix(in srgb,currentColor 22%,transparent);border-radius:10px;
background:color-mix(in srgb,currentColor 4%,transparent);font:inherit;color:inherit}
.brand{margin:0;font-size:.8em;letter-spacing:.04em;text-transform:uppercase;opacity:.75}
.title{margin:0;font-size:1.2em;font-weight:650}
.lesson{margin:0;line-height:1.5;max-width:70ch}
.lesson:empty{display:none}
.play{margin-top:.5em;font:inherit;font-weight:600;padding:.5em 1.25em;border:0;border-radius:999px;
background:#1d4ed8;color:#fff;cursor:pointer}
.play:hover{background:#1e40af}
.play:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`;

/**
 * The click-to-load card: the scenario's title and lesson and a Play button, built without the
 * playground; `fill` replaces the stand-in title once the preview is read. Texts go in as text only.
 */
export function placeholder(
  lang: KitLang,
  fallbackTitle: string,
  onPlay: () => void,
): {
  el: HTMLElement;
  fill: (preview: Preview) => void;
} {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = '') => {
    const node = document.createElement(tag);
    node.className = cls;
    node.textContent = text;
    return node;
  };
  const el = make('div', 'card');
  el.setAttribute('role', 'group');
  el.dataset.placeholder = '';
  const title = make('p', 'title', fallbackTitle);
  const lesson = make('p', 'lesson');
  const button = make('button', 'play', words[lang].play);
  button.type = 'button';
  button.addEventListener('click', onPlay, { once: true });
  el.append(make('p', 'brand', words[lang].brand), title, lesson, button);
  const label = (text: string) => el.setAttribute('aria-label', `${words[lang].brand}: ${text}`);
  label(fallbackTitle);
  return {
    el,
    fill: (preview) => {
      title.textContent = preview.title;
      lesson.textContent = preview.lesson;
      label(preview.title);
    },
  };
}
