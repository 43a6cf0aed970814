import type { UiStore } from './state';

/** How often the page is drawn while a run plays at instant speed. */
const INSTANT_DRAW_MS = 100;

/**
 * When the views update after a change. Nothing playing: once this moment's changes are made. While a
 * run plays: once a frame (or 50 ms, where frames do not come). At instant speed steps come far faster
 * than anyone reads, so the page is drawn every INSTANT_DRAW_MS.
 */
export class Redraw {
  private queued = false;

  constructor(
    private readonly store: UiStore,
    private readonly draw: () => void,
  ) {}

  /** Something changed: draw once, when it is time. */
  request(): void {
    if (this.queued) return;
    this.queued = true;
    const once = () => this.queued && this.now();
    const { run, speed } = this.store.get();
    if (run !== 'playing') queueMicrotask(once);
    else if (speed === 'instant') setTimeout(once, INSTANT_DRAW_MS);
    else {
      requestAnimationFrame(once);
      setTimeout(once, 50);
    }
  }

  /** Draws now; a draw that was waiting is then done. */
  now(): void {
    this.queued = false;
    this.draw();
  }
}
