/** Where saving stands after a change of streak: the first failure after a success, or the first success after failures. */
export type SaveStatus = 'failed' | 'recovered';

/** The code the interface shows while saves fail: the session is no longer being kept. */
export const STORAGE_SAVE_FAILED = 'STORAGE_SAVE_FAILED';

/** Options of an `Autosave`. */
export interface AutosaveSpec {
  /** Told of every failed write (a console line, say). */
  onError?: (error: unknown) => void;
  /**
   * Told once per streak: `'failed'` with the error when a write fails after the last one succeeded (or
   * at the very first write), `'recovered'` when a write succeeds after failures. The interface shows
   * `STORAGE_SAVE_FAILED` between the two.
   */
  onStatus?: (status: SaveStatus, error?: unknown) => void;
  /** The wait before the first retry after a failure; it doubles with each failure. Default 1 s. */
  retryMs?: number;
  /** The longest wait between retries. Default 30 s. */
  maxRetryMs?: number;
}

/**
 * Saves something as it changes without losing the last change: `schedule()` asks for a write soon;
 * asks made while one is in flight make exactly one more write after it, of the state at that time.
 * Each write saves the whole state, so a failed one loses nothing already saved (the store's own
 * transaction keeps what it had), and the next one that succeeds saves everything. After a failure the
 * write is retried, with a wait that doubles up to `maxRetryMs`, until one succeeds; asks made meanwhile
 * wait for the retry instead of hammering a full disk.
 */
export class Autosave {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private dirty = false;
  private failures = 0;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly spec: AutosaveSpec = {},
  ) {
    this.retryMs = spec.retryMs ?? 1000;
    this.maxRetryMs = spec.maxRetryMs ?? 30_000;
  }

  /** Whether the last write failed (a retry is then due). */
  get failing(): boolean {
    return this.failures > 0;
  }

  /** Asks for a write on the next task (or at the next retry while failing), so a step is saved together. */
  schedule(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, 0);
  }

  /** Writes now whatever is asked for (once, even while failing), and resolves when that is done. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.pump();
    }
    while (this.running) await this.running;
  }

  private pump(): Promise<void> {
    this.running ??= (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.write();
          this.succeeded();
        } catch (error) {
          this.failed(error);
          break;
        }
      }
      this.running = null;
    })();
    return this.running;
  }

  private succeeded(): void {
    if (this.failures === 0) return;
    this.failures = 0;
    this.spec.onStatus?.('recovered');
  }

  private failed(error: unknown): void {
    // The state is still unsaved: the retry writes it, with whatever changed since.
    this.dirty = true;
    this.failures++;
    this.spec.onError?.(error);
    if (this.failures === 1) this.spec.onStatus?.('failed', error);
    const wait = Math.min(this.maxRetryMs, this.retryMs * 2 ** (this.failures - 1));
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, wait);
  }
}
