import { createStore, promisifyRequest, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { EventLog, type HarnessEvent } from '../harness';
import { ScriptProgress } from './progress';
import { ScenarioId } from './scenario';

/** What the list of past sessions shows of a session, kept apart from its (possibly long) log. */
export const SessionHead = z.strictObject({
  id: z.string().min(1),
  scenario: ScenarioId,
  title: z.string(),
  /** Milliseconds since the epoch (wall clock; the log itself runs on the fake clock). */
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  policy: z.boolean(),
  progress: ScriptProgress,
  eventCount: z.number().int().nonnegative(),
});
export type SessionHead = z.infer<typeof SessionHead>;

/** A stored session: its head and its log, events exactly as logged (no values). */
export const SessionRecord = SessionHead.omit({ eventCount: true }).extend({ events: EventLog });
export type SessionRecord = z.infer<typeof SessionRecord>;
/** A record to save: its log may be read-only. */
export type SessionRecordInput = Omit<SessionRecord, 'events'> & { events: readonly HarnessEvent[] };

// One object store, two keys per session: `head:<id>` → SessionHead, `log:<id>` → the events.
const HEAD = 'head:';
const LOG = 'log:';
const headKey = (id: string) => HEAD + id;
const logKey = (id: string) => LOG + id;
const heads = () => IDBKeyRange.bound(HEAD, `${HEAD}\uffff`);

/** The database and store sessions live in, apart from every workspace. */
export const SESSION_DB = 'harness-playground';
export const SESSION_STORE = 'sessions';

/** How many sessions are kept; saving one more forgets the least recently updated. */
export const KEEP_SESSIONS = 30;

/**
 * Sessions kept in IndexedDB: every record is parsed on the way out, and one that does not parse is
 * treated as missing. Relies on the global `IDBKeyRange` for listings.
 */
export class SessionStore {
  constructor(
    private readonly useStore: UseStore,
    private readonly keep = KEEP_SESSIONS,
  ) {}

  /**
   * Saves a session (head and log in one transaction), and in the same transaction forgets sessions
   * beyond the newest `keep` and other sessions that never got past their start.
   */
  async save(record: SessionRecordInput): Promise<void> {
    const { events, ...rest } = record;
    const head: SessionHead = { ...rest, eventCount: events.length };
    await this.useStore('readwrite', (store) => {
      store.put(head, headKey(record.id));
      store.put(events, logKey(record.id));
      const all = store.getAll(heads());
      all.onsuccess = () => {
        for (const id of this.forgettable(all.result, record.id)) {
          store.delete(headKey(id));
          store.delete(logKey(id));
        }
      };
      return promisifyRequest(store.transaction);
    });
  }

  private forgettable(raw: unknown[], current: string): string[] {
    const parsed = raw.flatMap((h) => {
      const head = SessionHead.safeParse(h);
      return head.success ? [head.data] : [];
    });
    const sorted = parsed.sort((a, b) => b.updatedAt - a.updatedAt);
    return sorted
      .filter((h, i) => h.id !== current && (h.eventCount <= 1 || i >= this.keep))
      .map((h) => h.id);
  }

  /** The session `id`, or null when there is none or it does not parse. */
  async get(id: string): Promise<SessionRecord | null> {
    const [head, events] = await this.useStore('readonly', (store) =>
      Promise.all([promisifyRequest(store.get(headKey(id))), promisifyRequest(store.get(logKey(id)))]),
    );
    const parsed = SessionHead.safeParse(head);
    if (!parsed.success) return null;
    const { eventCount: _count, ...rest } = parsed.data;
    const record = SessionRecord.safeParse({ ...rest, events });
    return record.success ? record.data : null;
  }

  /** Every session's head, the most recently updated first. */
  async list(): Promise<SessionHead[]> {
    const raw = await this.useStore('readonly', (store) => promisifyRequest(store.getAll(heads())));
    return raw
      .flatMap((h) => {
        const head = SessionHead.safeParse(h);
        return head.success ? [head.data] : [];
      })
      .sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /** The most recently updated session that parses, or null. */
  async latest(): Promise<SessionRecord | null> {
    for (const head of await this.list()) {
      const record = await this.get(head.id);
      if (record) return record;
    }
    return null;
  }

  /** Forgets one session. */
  async delete(id: string): Promise<void> {
    await this.useStore('readwrite', (store) => {
      store.delete(headKey(id));
      store.delete(logKey(id));
      return promisifyRequest(store.transaction);
    });
  }
}

/**
 * Opens the session store of this browser (database `harness-playground`, store `sessions`), or null
 * when IndexedDB is missing, refused or not answering; the playground then keeps no history.
 */
export async function openSessionStore(timeoutMs = 3000): Promise<SessionStore | null> {
  try {
    if (!globalThis.indexedDB) return null;
    const store = new SessionStore(createStore(SESSION_DB, SESSION_STORE));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    // A listing that comes back proves the database works here.
    await Promise.race([store.list(), late]).finally(() => clearTimeout(timer));
    return store;
  } catch {
    return null;
  }
}

/**
 * Saves something as it changes without losing the last change: `schedule()` asks for a write soon;
 * asks made while one is in flight make exactly one more write after it, of the state at that time.
 */
export class Autosave {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private dirty = false;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Asks for a write on the next task, so the changes of one step are saved together. */
  schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, 0);
  }

  /** Writes now whatever is asked for, and resolves when nothing is left to write. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.pump();
    }
    while (this.running) await this.running;
  }

  private pump(): Promise<void> {
    this.dirty = true;
    this.running ??= (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          await this.write();
        } catch (error) {
          this.onError(error);
        }
      }
      this.running = null;
    })();
    return this.running;
  }
}
