// Cancellation and time limits, one mechanism for the whole harness: an `AbortSignal` says "stop", and
// `AbortSignal.timeout` makes a time limit into one. The registry stops calls with it; the sandbox's host
// timer is one too.

/** What `untilAborted` came to: the work's value, or the reason of the abort that came first. */
export type Raced<T> =
  { done: true; value: T; reason?: never } | { done: false; reason: unknown; value?: never };

/** A signal that never aborts: the default when a caller gives none. */
export const neverAborted: AbortSignal = new AbortController().signal;

const finished = <T>(value: T): Raced<T> => ({ done: true, value });

/**
 * Waits for `work`, or for `signal` to abort, whichever comes first. An abort settles at once, even when
 * `work` never does; whatever `work` does afterwards is ignored (its rejection too). A rejection of `work`
 * before any abort rejects. The abort listener is removed as soon as either has happened.
 */
export function untilAborted<T>(work: PromiseLike<T>, signal: AbortSignal): Promise<Raced<T>> {
  // Nothing can stop the work: no listener to add and remove (every call passes here twice).
  if (signal === neverAborted) return Promise.resolve(work).then(finished);
  if (signal.aborted) {
    // Work already started may still fail later: nobody waits for it, so its failure must not surface.
    Promise.resolve(work).catch(() => {});
    return Promise.resolve({ done: false, reason: signal.reason });
  }
  return new Promise<Raced<T>>((resolve, reject) => {
    const stop = () => resolve({ done: false, reason: signal.reason });
    signal.addEventListener('abort', stop, { once: true });
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve({ done: true, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error);
      },
    );
  });
}

/**
 * A signal that aborts when `signal` does or when `ms` milliseconds have passed, and the time limit's own
 * signal, to tell which of the two it was (`timedOut(limit, reason)`).
 */
export function withTimeLimit(signal: AbortSignal, ms: number): { signal: AbortSignal; limit: AbortSignal } {
  const limit = AbortSignal.timeout(ms);
  return { signal: signal === neverAborted ? limit : AbortSignal.any([signal, limit]), limit };
}

/** Whether an abort with `reason` came from the time limit `limit` rather than from anyone else. */
export function timedOut(limit: AbortSignal | undefined, reason: unknown): boolean {
  // `AbortSignal.any` passes on the reason object of the signal that aborted first.
  return limit !== undefined && limit.aborted && reason === limit.reason;
}

/** Checks a time limit given to a tool or a sandbox: a positive, finite number of milliseconds. */
export function checkTimeLimit(ms: number, what: string): void {
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new RangeError(`Invalid time limit ${ms} for ${what}: give a positive number of milliseconds`);
  }
}
