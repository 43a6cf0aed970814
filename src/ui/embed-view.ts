// What an embedded playground shows beside the app itself: the error that stands in place of a lesson
// that cannot be opened, and the host page's theme and look.
import { fixOf, type EmbedError, type HostStyle, type KitLang, type ThemeName } from '../kit/protocol';
import { scenarios } from '../model';
import { h } from './dom';

const words = {
  en: { title: 'This lesson cannot be opened', brand: 'Harness Playground' },
  zh: { title: '无法打开这一课', brand: 'Harness Playground' },
};

/** The ids an unknown one is told to choose from. */
export const builtInIdList = (): string[] => scenarios.map((s) => s.id).sort();

/**
 * Shows `error` in place of the app (`root`, hidden meanwhile): its code, what is wrong and how to fix it,
 * as `[data-embed-error]` with `data-code`. Returns the function that takes it away and shows the app.
 */
export function showEmbedError(root: HTMLElement, error: EmbedError, lang: KitLang): () => void {
  document.querySelector('[data-embed-error]')?.remove();
  const panel = h(
    'section',
    { class: 'embed-error', role: 'alert', 'data-embed-error': '', 'data-code': error.code },
    h('p', { class: 'embed-error-brand' }, words[lang].brand),
    h('h2', {}, words[lang].title),
    h('p', {}, h('code', {}, error.code), ` ${error.message}`),
    h('p', { class: 'embed-error-fix' }, fixOf(error.code, lang)),
  );
  root.before(panel);
  root.hidden = true;
  return () => {
    panel.remove();
    root.hidden = false;
  };
}

/** Applies a theme in the frame, without remembering it (the host decides each time): `auto` is the system's. */
export function applyEmbedTheme(theme: ThemeName): void {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

// The host's look goes to the app's own variables; a value the browser would not take is left out.
const targets: Record<keyof HostStyle, { vars: string[]; property: string }> = {
  bg: { vars: ['--bg', '--panel'], property: 'color' },
  fg: { vars: ['--ink'], property: 'color' },
  accent: { vars: ['--accent'], property: 'color' },
  font: { vars: ['font-family'], property: 'font-family' },
};

/** Sets the host's colours and font (from `--hp-bg`, `--hp-fg`, `--hp-accent`, `--hp-font`) on the page. */
export function applyHostStyle(style: HostStyle): void {
  const root = document.documentElement.style;
  for (const [name, { vars, property }] of Object.entries(targets) as [
    keyof HostStyle,
    (typeof targets)['bg'],
  ][]) {
    const value = style[name];
    for (const v of vars) {
      if (value && CSS.supports(property, value)) root.setProperty(v, value);
      else root.removeProperty(v);
    }
  }
}
