/** Code waiting to be coloured until it comes near the screen, with what it needs for that. */
const waiting = new WeakMap<Element, { path: string; lines: readonly string[] }>();

let observer: IntersectionObserver | null = null;

function colour(target: HTMLElement, job: { path: string; lines: readonly string[] }): void {
  void import('./highlight').then(({ highlight }) => highlight(target, job.path, job.lines.join('\n')));
}

// One observer for every card; a card is coloured once, as it nears the viewport.
function watcher(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver !== 'function') return observer;
  observer = new IntersectionObserver(
    (seen) => {
      for (const { target, isIntersecting } of seen) {
        const job = waiting.get(target);
        if (!isIntersecting || !job) continue;
        waiting.delete(target);
        observer?.unobserve(target);
        colour(target as HTMLElement, job);
      }
    },
    { rootMargin: '400px 0px' },
  );
  return observer;
}

/**
 * Colours code in read cards once the highlighter has loaded and the card is near the screen. The
 * highlighter is fetched on first use, so the first page stays light; a long run at instant speed
 * colours only the cards a person can see. Until then the code shows as plain text.
 */
export function highlightInto(target: HTMLElement, path: string, lines: readonly string[]): void {
  if (!/\.(m?[jt]sx?|json|py|md|css)$/i.test(path) || lines.length === 0) return;
  const job = { path, lines };
  const watch = watcher();
  if (!watch) return colour(target, job);
  waiting.set(target, job);
  watch.observe(target);
}
