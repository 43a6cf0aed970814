// The host page's theme and look, as the kit hands them to the frame: `auto` follows the page's own
// toggle where a documentation generator keeps one, and changes with it.
import { styleNames, type HostStyle, type ThemeName } from './protocol';

/** The theme `auto` means on this page now: the page's own toggle, or `auto` (the system's) without one. */
export function pageTheme(doc: Document = document): ThemeName {
  const html = doc.documentElement;
  // VitePress: the `dark` class; light is its absence (its pages say so in a generator tag).
  if (html.classList.contains('dark')) return 'dark';
  // Starlight and Docusaurus: data-theme on <html>; MkDocs' own theme: data-bs-theme.
  const attr = html.getAttribute('data-theme') ?? html.getAttribute('data-bs-theme');
  if (attr === 'dark' || attr === 'light') return attr;
  // Material for MkDocs: data-md-color-scheme on <body>, `slate` for its dark scheme.
  const scheme = doc.body?.getAttribute('data-md-color-scheme');
  if (scheme === 'slate' || scheme === 'default') return scheme === 'slate' ? 'dark' : 'light';
  if (doc.querySelector('meta[name="generator"][content^="VitePress"]')) return 'light';
  // Any other page that states one colour scheme on its root.
  const stated = getComputedStyle(html).colorScheme;
  return stated === 'dark' || stated === 'light' ? stated : 'auto';
}

/** The look set on the host element with `--hp-bg`, `--hp-fg`, `--hp-accent` and `--hp-font`. */
export function hostStyle(host: Element): HostStyle {
  const computed = getComputedStyle(host);
  const style: HostStyle = {};
  for (const name of styleNames) {
    const value = computed.getPropertyValue(`--hp-${name}`).trim();
    if (value) style[name] = value.slice(0, 200);
  }
  return style;
}

/** Calls `changed` whenever the page's own toggle may have changed; returns the function that stops it. */
export function watchPageTheme(changed: () => void, doc: Document = document): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(doc.documentElement, {
    attributes: true,
    attributeFilter: ['class', 'data-theme', 'data-bs-theme', 'style'],
  });
  if (doc.body) observer.observe(doc.body, { attributes: true, attributeFilter: ['data-md-color-scheme'] });
  return () => observer.disconnect();
}
