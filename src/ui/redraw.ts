import type { RunState, UiStore } from './state';

/** How often the page is drawn while a run plays at instant speed. */
const INSTANT_DRAW_MS = 100;

/**
 * When the views update after a change. A change of the run state (Play, Pause, the end), and any
 * change while nothing plays: once this moment's changes are made, so hosts and visitors hear it at
 * once. While a run plays: once a frame (or 50 ms, where frames do not come). At instant speed steps
 * come far faster than anyone reads, so the page is drawn every INSTANT_DRAW_MS.
 */
export class Redraw {
  private queued = false;
  private soon = false;
  /** The run state the views last showed. */
  private shown: RunState | null = null;

  constructor(
    private readonly store: UiStore,
    private readonly draw: () => void,
  ) {}

  /** Something changed: draw once, when it is time. */
  request(): void {
    const { run, speed } = this.store.get();
    if (run !== 'playing' || run !== this.shown) {
      if (this.soon) return;
      this.soon = true;
      queueMicrotask(() => this.soon && this.now());
      return;
    }
    if (this.queued) return;
    this.queued = true;
    const once = () => this.queued && this.now();
    if (speed === 'instant') setTimeout(once, INSTANT_DRAW_MS);
    else {
      requestAnimationFrame(once);
      setTimeout(once, 50);
    }
  }

  /** Draws now; a draw that was waiting is then done. */
  now(): void {
    this.queued = false;
    this.soon = false;
    this.shown = this.store.get().run;
    this.draw();
  }
}
