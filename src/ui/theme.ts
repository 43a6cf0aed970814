/** The visitor's theme choice; "system" follows the operating system's setting. */
export type Theme = 'system' | 'light' | 'dark';

const KEY = 'harness-playground:theme';

/** The saved choice, else "system". */
export function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Applies and remembers a theme: `data-theme` on the root element, read by the stylesheet. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Storage may be blocked (private windows); the theme still applies for this visit.
  }
}
