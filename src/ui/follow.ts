import { h } from './dom';
import { tr } from './i18n';

/** While a run plays, one scroll to the newest entry this often at most: each one lays the page out. */
const PLAYING_GAP_MS = 200;
/** How long after new entries the list's growing is followed too. */
const SETTLE_MS = 1000;
/** A scroll this soon after the visitor's wheel, touch or scrolling key is taken as theirs. */
const INPUT_MS = 800;
/** Keys that scroll the page (Space is the page's Play key, so not among them). */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

/**
 * Keeps the newest transcript entry in view as entries arrive, unless the visitor has scrolled up to
 * read: then a button named "New entries" appears, and pressing it follows again.
 *
 * Only the visitor's own scrolling (a wheel, a touch, a scrolling key, the scroll bar) stops following:
 * the page also moves by itself (its own scrolls, entries taking their real height as they come near
 * the screen, the browser keeping what is shown in place), and none of that is the visitor's wish.
 * The page asks for a scroll once per update; while a run plays, one scroll per PLAYING_GAP_MS at most.
 */
export class Follow {
  readonly button = h(
    'button',
    { type: 'button', class: 'primary new-entries', 'data-action': 'new-entries', hidden: true },
    // The arrow is a picture of "down there": its name is the words alone.
    h('span', { 'aria-hidden': 'true' }, '↓ '),
    h('span', { 'data-words': '' }),
  );
  private following = true;
  /** New entries came in this update. */
  private pending = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastEnd = -Infinity;
  /** Until when the list's growing is followed too: entries off screen take their real height late. */
  private settleUntil = 0;
  /** When the visitor last did something that scrolls. */
  private input = -Infinity;
  private lastY = 0;
  /** A replay opened at its top: its entries neither scroll nor call for "New entries". */
  private quiet = false;

  /**
   * `scroller` is the element the transcript scrolls in (presentation mode's stage), or null where the
   * page itself scrolls; `covered` is how much of the window's foot is covered (a bar kept on screen).
   */
  constructor(
    private readonly list: HTMLElement,
    private readonly playing: () => boolean,
    private readonly scroller: () => HTMLElement | null = () => null,
    private readonly covered: () => number = () => 0,
  ) {
    this.button.querySelector('[data-words]')!.textContent = tr('newEntries');
    this.button.addEventListener('click', () => {
      this.following = true;
      this.button.hidden = true;
      this.settleUntil = performance.now() + SETTLE_MS;
      this.toEnd();
    });
    const mark = () => {
      const now = performance.now();
      // A new gesture: where the page stood before it.
      if (now - this.input > INPUT_MS) this.lastY = this.top();
      this.input = now;
    };
    const options = { capture: true, passive: true } as const;
    window.addEventListener(
      'wheel',
      (event) => {
        mark();
        // Up the page, away from the newest entry: stop at once, before the scroll lands.
        if (event.deltaY < 0) this.leave();
      },
      options,
    );
    window.addEventListener('touchmove', mark, options);
    window.addEventListener('keydown', (event) => SCROLL_KEYS.has(event.key) && mark(), options);
    // The scroll bar: a press on the root (or the stage) beside its content.
    window.addEventListener(
      'pointerdown',
      (event) => event.target === (this.scroller() ?? document.documentElement) && mark(),
      options,
    );
    // Captured at the document: an element's scroll does not bubble.
    document.addEventListener(
      'scroll',
      (event) => event.target === (this.scroller() ?? document) && this.scrolled(),
      options,
    );
    // Entries are laid out only once near the screen (content-visibility), so scrolling to the newest
    // can make the ones passed on the way grow, pushing it down again: follow that for a moment.
    new ResizeObserver(() => {
      if (this.following && performance.now() < this.settleUntil) this.request();
    }).observe(list);
  }

  /** Whether the page follows the newest entry (the visitor has not scrolled up from it). */
  get followingNow(): boolean {
    return this.following;
  }

  /** New entries came (during the page's update): follow them once it is over, or say so. */
  appended(): void {
    if (!this.following) {
      if (!this.quiet) this.button.hidden = false;
      return;
    }
    this.settleUntil = performance.now() + SETTLE_MS;
    this.pending = true;
  }

  /**
   * The transcript starts afresh: a replay from its top, where its banner shows (the visitor reads it
   * from its start, not from its end); back to live, the newest entry is followed again.
   */
  restart(fromTop: boolean): void {
    this.leave();
    this.button.hidden = true;
    this.quiet = fromTop;
    this.following = !fromTop;
    if (fromTop) (this.scroller() ?? window).scrollTo({ top: 0, behavior: 'instant' });
    else this.appended();
  }

  /**
   * The foot of the screen is covered anew, or the pane the transcript scrolls in changed size (a
   * banner came above it): keep the newest entry in view.
   */
  footChanged(): void {
    if (this.following && (this.covered() > 0 || this.scroller() !== null)) this.request();
  }

  /** The page's update is over: make the scroll it asked for. Once the run stops, at once. */
  update(): void {
    if (this.timer !== null && !this.playing()) {
      clearTimeout(this.timer);
      this.timer = null;
      this.pending = true;
    }
    if (!this.pending) return;
    this.pending = false;
    this.request();
  }

  private request(): void {
    if (this.timer !== null || !this.following) return;
    const wait = this.playing() ? this.lastEnd + PLAYING_GAP_MS - performance.now() : 0;
    if (wait <= 0) return this.toEnd();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.toEnd();
    }, wait);
  }

  /** Scrolls this page (never a page embedding it) down until the newest entry's end is on screen. */
  private toEnd(): void {
    const last = this.list.lastElementChild;
    if (!this.following || !(last instanceof HTMLElement) || !this.list.isConnected) return;
    this.lastEnd = performance.now();
    const below = last.getBoundingClientRect().bottom - this.bottom();
    if (below > 1) (this.scroller() ?? window).scrollTo({ top: this.top() + below, behavior: 'instant' });
  }

  /** How far the transcript is scrolled. */
  private top(): number {
    return this.scroller()?.scrollTop ?? window.scrollY;
  }

  /** Where the transcript's visible part ends, in the window's coordinates. */
  private bottom(): number {
    return this.scroller()?.getBoundingClientRect().bottom ?? window.innerHeight - this.covered();
  }

  private leave(): void {
    this.following = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  // Following goes on while the newest entry shows, and stops when the visitor scrolls up from it.
  private scrolled(): void {
    if (performance.now() - this.input > INPUT_MS) return;
    this.quiet = false;
    const y = this.top();
    const up = y < this.lastY;
    this.lastY = y;
    const last = this.list.lastElementChild;
    if (!last) return;
    if (last.getBoundingClientRect().bottom <= this.bottom() + 48) {
      this.following = true;
      this.button.hidden = true;
    } else if (up) this.leave();
  }
}
