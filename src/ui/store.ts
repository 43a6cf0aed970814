/** Hears a change of the state: the state after it, and which keys changed. */
export type StoreListener<S> = (state: Readonly<S>, changed: ReadonlySet<keyof S>) => void;

/**
 * A small observable state: the one source of truth for what the interface shows beyond the run itself
 * (language, policy switch, run state, tab, replay, notice, …). Views read it and change it only through
 * `set`; each listener hears the keys that changed, so a view updates only when its part did.
 */
export class Store<S extends object> {
  private listeners: { keys: ReadonlySet<keyof S> | null; listener: StoreListener<S> }[] = [];

  constructor(private state: S) {}

  /** The state now. Never change it in place: `set` a new value. */
  get(): Readonly<S> {
    return this.state;
  }

  /** Sets the keys of `patch` whose values differ (`===`), then tells the listeners of those keys. */
  set(patch: Partial<S>): void {
    const changed = new Set<keyof S>();
    for (const key of Object.keys(patch) as (keyof S)[]) {
      if (this.state[key] !== patch[key]) changed.add(key);
    }
    if (changed.size === 0) return;
    this.state = { ...this.state, ...patch };
    for (const { keys, listener } of this.listeners) {
      if (keys === null || [...changed].some((key) => keys.has(key))) listener(this.state, changed);
    }
  }

  /** Hears changes of `keys` (every change with null); returns the function that stops it. */
  on(keys: readonly (keyof S)[] | null, listener: StoreListener<S>): () => void {
    const entry = { keys: keys === null ? null : new Set(keys), listener };
    this.listeners = [...this.listeners, entry];
    return () => {
      this.listeners = this.listeners.filter((e) => e !== entry);
    };
  }
}
