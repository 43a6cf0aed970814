// The embed kit's entry, built into dist/embed.js: a classic script, with no framework, that a tutorial
// page loads with one <script> tag. It defines `HarnessPlayground.embed` and <harness-playground>.
import { embedIn, type Controller, type PageDefaults } from './embed';
import { definePlaygroundElement } from './element';
import { pageLang, type EmbedOptions } from './options';

// Read while the script runs: afterwards `currentScript` is null. A copy loaded as a module, or bundled,
// finds its script by name, or is told the playground's address with the `app` option.
const own = document.currentScript;
const scriptUrl = (): string | null => {
  if (own instanceof HTMLScriptElement && own.src) return own.src;
  const named = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].find((s) =>
    /\/embed\.js(?:[?#]|$)/.test(s.src),
  );
  return named?.src ?? null;
};

/** The playground is the folder embed.js was loaded from (its index.html). */
const page = (): PageDefaults => {
  const script = scriptUrl();
  return {
    base: document.baseURI,
    app: script ? new URL('./', script).href : null,
    lang: pageLang(document.documentElement.lang),
  };
};

/** The kit's API, as `window.HarnessPlayground`. */
export interface HarnessPlaygroundKit {
  /** Embeds a playground in `target` (an element or a selector) and returns its controller. */
  embed(target: Element | string, options?: EmbedOptions): Controller;
}

const kit: HarnessPlaygroundKit = {
  embed: (target, options = {}) => embedIn(target, options, page()),
};

declare global {
  interface Window {
    HarnessPlayground?: HarnessPlaygroundKit;
  }
}

// A page that loads the kit twice keeps the first.
window.HarnessPlayground ??= kit;
definePlaygroundElement(page);
