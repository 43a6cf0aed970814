import type { Preview } from './preview';
import { fixOf, type EmbedError, type KitLang } from './protocol';

const words = {
  en: { play: 'Play', brand: 'Harness Playground', failed: 'This lesson cannot be opened' },
  zh: { play: '播放', brand: 'Harness Playground', failed: '无法打开这一课' },
};

/** The card's look: light, in the page's own font and colours. */
export const placeholderStyle = `
.card{box-sizing:border-box;display:flex;flex-direction:column;gap:.5em;align-items:flex-start;
padding:1.25em 1.5em;border:1px solid color-mix(in srgb,currentColor 22%,transparent);border-radius:10px;
background:color-mix(in srgb,currentColor 4%,transparent);font:inherit;color:inherit}
.brand{margin:0;font-size:.8em;letter-spacing:.04em;text-transform:uppercase;opacity:.75}
.title{margin:0;font-size:1.2em;font-weight:650}
.lesson{margin:0;line-height:1.5;max-width:70ch}
.lesson:empty,.error:empty{display:none}
.error{margin:0;line-height:1.5;max-width:70ch;padding:.5em .75em;border-left:4px solid #c5221f;
background:color-mix(in srgb,#c5221f 10%,transparent);overflow-wrap:anywhere}
.error code{font-weight:700}
.play{margin-top:.5em;font:inherit;font-weight:600;padding:.5em 1.25em;border:0;border-radius:999px;
background:#1d4ed8;color:#fff;cursor:pointer}
.play:hover{background:#1e40af}
.play:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`;

/** A click-to-load card, or the card that stands where a lesson cannot be opened. */
export interface Card {
  el: HTMLElement;
  /** Shows the scenario's title and lesson in place of the stand-in. */
  fill(preview: Preview): void;
  /** Shows why the lesson cannot be opened (code, what is wrong, how to fix it); Play goes. */
  fail(error: EmbedError): void;
}

/**
 * The click-to-load card: the scenario's title and lesson and a Play button, built without the
 * playground; `fill` replaces the stand-in title once the preview is read, `fail` shows an error
 * instead. Texts go in as text only.
 */
export function placeholder(lang: KitLang, fallbackTitle: string, onPlay: () => void): Card {
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text = '') => {
    const node = document.createElement(tag);
    node.className = cls;
    node.textContent = text;
    return node;
  };
  const w = words[lang];
  const el = make('div', 'card');
  el.setAttribute('role', 'group');
  el.dataset.placeholder = '';
  const title = make('p', 'title', fallbackTitle);
  const lesson = make('p', 'lesson');
  const error = make('p', 'error');
  const button = make('button', 'play', w.play);
  button.type = 'button';
  button.addEventListener('click', onPlay, { once: true });
  el.append(make('p', 'brand', w.brand), title, lesson, error, button);
  const label = (text: string) => el.setAttribute('aria-label', `${w.brand}: ${text}`);
  label(fallbackTitle);
  return {
    el,
    fill: (preview) => {
      title.textContent = preview.title;
      lesson.textContent = preview.lesson;
      label(preview.title);
    },
    fail: ({ code, message }) => {
      el.dataset.code = code;
      error.setAttribute('role', 'alert');
      error.replaceChildren(make('code', '', code), ` ${message}. ${fixOf(code, lang)}`);
      if (!lesson.textContent) title.textContent = w.failed;
      label(w.failed);
      button.remove();
    },
  };
}
