import { replayChunked, type HarnessEvent, type Registry, type ReplayProgress, type Tool } from '../harness';
import type { ReplayMore, UiStore } from './state';

/**
 * Shows logs in replay mode: every card rebuilt from the log alone, in chunks that give the page a turn
 * between them. The first cards show after the first chunk, the rest at most every 200 ms, and a long
 * log shows how far it has come. A newer replay (or leaving replay) stops an older one being read.
 */
export class Replays {
  private shown = 0;

  constructor(
    private readonly store: UiStore,
    private readonly spec: {
      /** The built-in tools, as a replay draws them. */
      tools: Registry;
      /** Tools besides the built-in ones (the visitor's, from the lab), looked up after them. */
      more: (name: string) => Tool | undefined;
      /** The scenario a log names none for belongs to (the one open). */
      scenario: () => string;
    },
  ) {}

  /** A key that changes with each replay shown (the transcript starts afresh on it). */
  get key(): string {
    return `replay:${this.shown}`;
  }

  /** Shows `events`; the scenario is the one given, else the one the log starts with, else the open one. */
  show(events: readonly HarnessEvent[], title: string, more: ReplayMore = {}): void {
    const { scenario, model = null, policy } = more;
    const start = events[0]?.type === 'session/start' ? events[0].scenario : undefined;
    const base = {
      events,
      title,
      scenario: scenario ?? start ?? this.spec.scenario(),
      model,
      ...(policy !== undefined ? { policy } : {}),
    };
    const key = ++this.shown;
    const current = () => this.shown === key && this.store.get().replay?.events === events;
    this.store.set({ replay: { ...base, entries: [], read: { done: 0, total: events.length } } });
    const stop = new AbortController();
    let drawn = -Infinity;
    const onProgress = ({ entries, done, total }: ReplayProgress) => {
      if (!current()) return stop.abort();
      if (done < total && performance.now() - drawn < 200) return;
      drawn = performance.now();
      this.store.set({
        replay: { ...base, entries: entries.slice(), read: done < total ? { done, total } : null },
      });
    };
    const tools = (name: string) => this.spec.tools.get(name) ?? this.spec.more(name);
    replayChunked(events, tools, { onProgress, signal: stop.signal }).catch(() => undefined);
  }
}
