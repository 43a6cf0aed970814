/** Code waiting to be coloured until it comes near the screen, with what it needs for that. */
const waiting = new WeakMap<Element, { path: string; lines: readonly string[] }>();

let observer: IntersectionObserver | null = null;

/** Colour is decoration: it waits until the page is idle (a run at instant speed first), a second at most. */
const whenIdle = (task: () => void): void =>
  void (typeof requestIdleCallback === 'function'
    ? requestIdleCallback(task, { timeout: 1000 })
    : setTimeout(task, 0));

function colour(target: HTMLElement, job: { path: string; lines: readonly string[] }): void {
  whenIdle(
    () =>
      void import('./highlight').then(({ highlight }) => highlight(target, job.path, job.lines.join('\n'))),
  );
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
 * Colours code in read cards once the highlighter has loaded and the card is near the screen, when the
 * page is idle. The highlighter is fetched on first use, so the first page stays light; a long run at
 * instant speed colours only the cards a person can see, once it leaves the page a moment. Until then
 * the code shows as plain text.
 */
export function highlightInto(target: HTMLElement, path: string, lines: readonly string[]): void {
  if (!/\.(m?[jt]sx?|json|py|md|css)$/i.test(path) || lines.length === 0) return;
  const job = { path, lines };
  const watch = watcher();
  if (!watch) return colour(target, job);
  waiting.set(target, job);
  watch.observe(target);
}
