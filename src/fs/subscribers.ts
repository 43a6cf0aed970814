/**
 * The listeners of a backend's `subscribe`. A listener that throws is reported and does not stop the
 * others: the mutation it hears about has already committed.
 */
export class Subscribers<T, Extra = never> {
  private readonly entries = new Set<{ listener: (value: T, extra?: Extra) => void }>();

  /** Adds a listener; the returned function removes exactly this subscription. */
  add(listener: (value: T, extra?: Extra) => void): () => void {
    const entry = { listener };
    this.entries.add(entry);
    return () => {
      this.entries.delete(entry);
    };
  }

  /** Calls every listener, in subscription order, with `value` (and `extra`, when given). */
  emit(value: T, extra?: Extra): void {
    for (const { listener } of [...this.entries]) {
      try {
        if (extra === undefined) listener(value);
        else listener(value, extra);
      } catch (error) {
        console.error('A filesystem subscriber threw; the change itself was committed.', error);
      }
    }
  }
}
