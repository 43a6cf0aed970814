// Call tracking: the calls running now (a script step's, the visitor's, an agent's), so that one Stop ends
// them all, each with its result logged like any other.
import type { CallOptions, LiveCall } from '../harness';
import type { Run } from './run';

/** The calls of a playground that `stop` can end, and the controllers it aborts with them. */
export class CallTracker {
  /** The controllers of the calls running now. */
  private readonly running = new Set<AbortController>();
  /** Controllers `stop` aborts besides the calls: an agent's, whose model request may be open. */
  private readonly attached = new Set<AbortController>();

  /** `started` hears that a call began. */
  constructor(private readonly started: () => void) {}

  /** Whether a call is running now. */
  get calling(): boolean {
    return this.running.size > 0;
  }

  /**
   * Stops the calls running now. Each ends at once with `ABORTED` (or `ABORTED_BEFORE_DISPATCH` when its
   * tool had not started), with its result logged like any other; a change it had not committed is never
   * made. Returns how many calls were stopped.
   */
  stop(): number {
    const stopped = this.running.size;
    for (const controller of this.running) controller.abort();
    this.running.clear();
    // An agent's request to its model, too: a load stops it before the run it belongs to is replaced.
    for (const controller of this.attached) controller.abort();
    this.attached.clear();
    return stopped;
  }

  /** Makes `stop` abort `controller` as well. Returns the function that detaches it. */
  attach(controller: AbortController): () => void {
    this.attached.add(controller);
    return () => this.attached.delete(controller);
  }

  /**
   * A call of `run` that `stop` can end (and `options.signal`, when given), kept among the run's live
   * calls once it has its result.
   */
  async call(run: Run, tool: string, args: unknown, options: CallOptions = {}): Promise<LiveCall> {
    const controller = new AbortController();
    const outer = options.signal;
    const relay = () => controller.abort(outer?.reason);
    if (outer?.aborted) relay();
    else outer?.addEventListener('abort', relay, { once: true });
    this.running.add(controller);
    this.started();
    try {
      const unparsed = options.unparsed ? { unparsed: options.unparsed } : {};
      const live = await run.session.call(tool, args, { signal: controller.signal, ...unparsed });
      run.calls.set(live.entry.callId, live);
      return live;
    } finally {
      outer?.removeEventListener('abort', relay);
      this.running.delete(controller);
    }
  }
}
