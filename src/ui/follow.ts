import { h } from './dom';
import { tr } from './i18n';

/** How long after following to the newest entry the list's growing is followed too. */
const SETTLE_MS = 600;

/**
 * Keeps the newest transcript entry in view as entries arrive, unless the visitor has scrolled up to
 * read: then a button named "New entries" appears, and pressing it follows again. One scroll a frame at
 * most, so a run at instant speed does not lay the page out for every entry.
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
  private ours = 0;
  private queued = false;
  /** Until when the list's growing is followed too: entries off screen take their real height late. */
  private settleUntil = 0;

  constructor(private readonly list: HTMLElement) {
    this.button.querySelector('[data-words]')!.textContent = tr('newEntries');
    this.button.addEventListener('click', () => {
      this.following = true;
      this.button.hidden = true;
      this.toEnd();
    });
    window.addEventListener('scroll', () => this.scrolled(), { passive: true });
    // Entries are laid out only once near the screen (content-visibility), so scrolling to the newest
    // can make the ones passed on the way grow, pushing it down again: follow that for a moment.
    new ResizeObserver(() => {
      if (this.following && performance.now() < this.settleUntil) this.queueEnd();
    }).observe(list);
  }

  /** New entries came: follow them, or say so. */
  appended(): void {
    if (!this.following) {
      this.button.hidden = false;
      return;
    }
    this.queueEnd();
  }

  private queueEnd(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      if (this.following) this.toEnd();
    });
  }

  private toEnd(): void {
    const last = this.list.lastElementChild;
    if (!(last instanceof HTMLElement) || !this.list.isConnected) return;
    this.ours = performance.now();
    this.settleUntil = this.ours + SETTLE_MS;
    last.scrollIntoView({ block: 'end', behavior: 'auto' });
  }

  // A scroll of the visitor's (not one made here): following goes on only while the newest entry shows.
  private scrolled(): void {
    if (performance.now() - this.ours < 150) return;
    const last = this.list.lastElementChild;
    if (!last) return;
    this.following = last.getBoundingClientRect().bottom <= window.innerHeight + 48;
    if (this.following) this.button.hidden = true;
  }
}
