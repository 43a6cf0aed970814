/**
 * Colours code in read cards once the highlighter has loaded. The highlighter is fetched on first use,
 * so the first page stays light; until it arrives the code shows as plain text.
 */
export function highlightInto(target: HTMLElement, path: string, lines: readonly string[]): void {
  if (!/\.(m?[jt]sx?|json|py|md|css)$/i.test(path) || lines.length === 0) return;
  void import('./highlight').then(({ highlight }) => highlight(target, path, lines.join('\n')));
}
