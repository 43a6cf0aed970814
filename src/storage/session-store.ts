import { promisifyRequest, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { EventLog, type HarnessEvent } from '../harness';
import { ModelInfo, modelInfo } from '../model/model-settings';
import { ScriptProgress } from '../model/progress';
import { ScenarioId, scenarioPolicyIds } from '../model/scenario';
import { SCENARIO_LIMITS } from '../model/scenario-schema';

/** What the list of past sessions shows of a session, kept apart from its (possibly long) log. */
export const SessionHead = z.strictObject({
  id: z.string().min(1).max(256),
  scenario: ScenarioId,
  title: z.string().max(1024),
  /** Milliseconds since the epoch (wall clock; the log itself runs on the fake clock). */
  createdAt: z.number().int().nonnegative(),
  updatedAt: z.number().int().nonnegative(),
  policy: z.boolean(),
  /** Optional: the edit-safety policy, by id, when it was not `dsh-ledger` (the observation policy). */
  edits: z.enum(scenarioPolicyIds).optional(),
  progress: ScriptProgress,
  /** Optional: the real model that drove the session (never the key); absent for the scripted model. */
  model: ModelInfo.optional(),
  eventCount: z.number().int().nonnegative(),
  /**
   * The scenario file of a run of a scenario of the visitor's own (from a file, a link, the embed API),
   * as text: a reload carries it on without fetching it again. Absent for a built-in scenario.
   */
  custom: z.string().max(SCENARIO_LIMITS.bytes).optional(),
});
export type SessionHead = z.infer<typeof SessionHead>;

/** A stored session: its head and its log, events exactly as logged (no values). */
export const SessionRecord = SessionHead.omit({ eventCount: true }).extend({ events: EventLog });
export type SessionRecord = z.infer<typeof SessionRecord>;
/** A record to save: its log may be read-only. */
export type SessionRecordInput = Omit<SessionRecord, 'events'> & { events: readonly HarnessEvent[] };

/**
 * A session set aside because its head or log did not parse (`STORAGE_BAD_RECORD`): what the list of past
 * sessions shows of it, and why it cannot be opened. Written beside the records it moved, in the same
 * transaction; read back as untrusted as any record.
 */
export const DamagedSession = z.strictObject({
  id: z.string().min(1).max(256),
  code: z.literal('STORAGE_BAD_RECORD'),
  /** The record that did not parse, and the first thing wrong with it. */
  record: z.enum(['head', 'log']),
  reason: z.string().max(2048),
  /** When it was set aside: milliseconds since the epoch. */
  setAsideAt: z.number().int().nonnegative(),
  /** Where each of its records is now: its `quarantine:` key, or null when it was left in place. */
  records: z
    .array(z.strictObject({ key: z.string().max(300), setAsideAs: z.string().max(400).nullable() }))
    .max(2),
  /** What its head said, when the head parsed (a bad log); absent for a bad head. */
  head: SessionHead.pick({ title: true, scenario: true, updatedAt: true, eventCount: true }).optional(),
});
export type DamagedSession = z.infer<typeof DamagedSession>;

// One object store, two keys per session: `head:<id>` → SessionHead, `log:<id>` → the events;
// `quarantine:<stamp>:<key>` → a record set aside because it did not parse (see `SessionStore`); and
// `damaged:<id>` → the DamagedSession that says so.
const HEAD = 'head:';
const LOG = 'log:';
const QUARANTINE = 'quarantine:';
const DAMAGED = 'damaged:';
const headKey = (id: string) => HEAD + id;
const logKey = (id: string) => LOG + id;
const range = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);
const heads = () => range(HEAD);

/** The database and store sessions live in, apart from every workspace. */
export const SESSION_DB = 'harness-playground';
export const SESSION_STORE = 'sessions';

/** How many sessions are kept; saving one more forgets the least recently updated. */
export const KEEP_SESSIONS = 30;

/**
 * A stored session record the store could not use (`STORAGE_BAD_RECORD`): its key, why, and the
 * `quarantine:` key it was moved to, or null when it could not be moved and is only skipped.
 */
export interface SessionProblem {
  code: 'STORAGE_BAD_RECORD';
  key: string;
  reason: string;
  setAsideAs: string | null;
}

const reasonOf = (error: z.ZodError): string => {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'the record'}: ${first.message}` : 'invalid';
};

/** Why a stored head and log make no session (with the head, when it parsed), or null when they make one. */
function badRecord(
  head: unknown,
  events: unknown,
): { key: 'head' | 'log'; reason: string; head?: SessionHead } | null {
  const parsed = SessionHead.safeParse(head);
  if (!parsed.success) return { key: 'head', reason: reasonOf(parsed.error) };
  const log = EventLog.safeParse(events);
  return log.success ? null : { key: 'log', reason: reasonOf(log.error), head: parsed.data };
}

let stamps = 0;

/** The key a problem names when the store as a whole could not be read. */
const SESSIONS_KEY = '(sessions)';

/**
 * Sessions kept in IndexedDB. Every record is parsed on the way out with schemas whose JSON is bounded
 * (depth, size: see `JsonValue`), so no stored value can overflow the check. A session whose head or log
 * does not parse is set aside: both records move, untouched, to `quarantine:<stamp>:<key>` keys (never
 * deleted; one the browser will not store again stays where it is, skipped), it is reported by
 * `problems()` (`STORAGE_BAD_RECORD`), it reads as missing, and `damaged()` lists it with why; the others
 * are unaffected.
 * Relies on the global `IDBKeyRange` for listings.
 */
export class SessionStore {
  private readonly met = new Map<string, SessionProblem>();

  constructor(
    private readonly useStore: UseStore,
    private readonly keep = KEEP_SESSIONS,
  ) {}

  /**
   * Saves a session (head and log in one transaction), and in the same transaction forgets sessions
   * beyond the newest `keep` and other sessions that never got past their start.
   */
  async save(record: SessionRecordInput): Promise<void> {
    const { events, model, ...rest } = record;
    // Field by field: settings holding a key can be passed as the model, and the key is still left out.
    const head: SessionHead = {
      ...rest,
      ...(model ? { model: modelInfo(model) } : {}),
      eventCount: events.length,
    };
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

  /** The session `id`, or null when there is none or it does not parse (it is then set aside). */
  async get(id: string): Promise<SessionRecord | null> {
    const [head, events] = await this.useStore('readonly', (store) =>
      Promise.all([promisifyRequest(store.get(headKey(id))), promisifyRequest(store.get(logKey(id)))]),
    );
    if (head === undefined) return null;
    const parsed = SessionHead.safeParse(head);
    const log = parsed.success ? EventLog.safeParse(events) : null;
    if (!parsed.success || !log?.success) {
      await this.setAside(id);
      return null;
    }
    const { eventCount: _count, ...rest } = parsed.data;
    return { ...rest, events: log.data };
  }

  /** Every session's head, the most recently updated first; heads that do not parse are set aside. */
  async list(): Promise<SessionHead[]> {
    const [keys, raw] = await this.useStore('readonly', (store) =>
      Promise.all([promisifyRequest(store.getAllKeys(heads())), promisifyRequest(store.getAll(heads()))]),
    );
    const bad: string[] = [];
    const listed = raw.flatMap((h, i) => {
      const head = SessionHead.safeParse(h);
      if (head.success && headKey(head.data.id) === keys[i]) return [head.data];
      bad.push(String(keys[i]).slice(HEAD.length));
      return [];
    });
    for (const id of bad) await this.setAside(id);
    return listed.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  /**
   * The sessions set aside so far, in this page or before (at most `keep`), the most recently set aside
   * first. A note that does not parse itself is skipped. A session an earlier release set aside without
   * a note gets its note now (its records stay where they are).
   */
  async damaged(): Promise<DamagedSession[]> {
    const [raw, aside] = await this.useStore('readonly', (store) =>
      Promise.all([
        promisifyRequest(store.getAll(range(DAMAGED))),
        promisifyRequest(store.getAllKeys(range(QUARANTINE))),
      ]),
    );
    const notes = raw.flatMap((value) => {
      const note = DamagedSession.safeParse(value);
      return note.success ? [note.data] : [];
    });
    const noted = new Set(notes.map((n) => n.id));
    for (const key of aside.map(String)) {
      const [, stamp, id] = /^quarantine:([^:]+):head:(.+)$/.exec(key) ?? [];
      if (stamp === undefined || id === undefined || noted.has(id)) continue;
      noted.add(id);
      const note = await this.noteEarlier(id, stamp);
      if (note) notes.push(note);
    }
    return notes.sort((a, b) => b.setAsideAt - a.setAsideAt).slice(0, this.keep);
  }

  /** Writes the note of a session set aside (stamp `stamp`) by a release that wrote none, or gives null. */
  private async noteEarlier(id: string, stamp: string): Promise<DamagedSession | null> {
    const headAt = `${QUARANTINE}${stamp}:${headKey(id)}`;
    const logAt = `${QUARANTINE}${stamp}:${logKey(id)}`;
    const setAsideAt = parseInt(stamp.split('.')[0] ?? '', 36) || 0;
    const earlier = { key: 'head' as const, reason: 'set aside by an earlier release, which kept no reason' };
    try {
      return await this.useStore('readwrite', (store) => {
        const [head, logAside, logInPlace] = [store.get(headAt), store.get(logAt), store.get(logKey(id))];
        let note: DamagedSession | null = null;
        logInPlace.onsuccess = () => {
          const aside = logAside.result !== undefined;
          const bad = badRecord(head.result, aside ? logAside.result : logInPlace.result) ?? earlier;
          const log: { key: string; setAsideAs: string | null }[] = [];
          if (aside || logInPlace.result !== undefined)
            log.push({ key: logKey(id), setAsideAs: aside ? logAt : null });
          note = damagedNote(id, bad, setAsideAt, [{ key: headKey(id), setAsideAs: headAt }, ...log]);
          store.put(note, DAMAGED + id);
        };
        return promisifyRequest(store.transaction).then(() => note);
      });
    } catch {
      return null;
    }
  }

  /**
   * Every stored session record met so far that did not parse (`STORAGE_BAD_RECORD`), one per key: set
   * aside under a `quarantine:` key (`setAsideAs`), or skipped where it could not be moved (null).
   */
  problems(): SessionProblem[] {
    return [...this.met.values()];
  }

  /**
   * Moves the head and log of session `id` under `quarantine:` keys, in one transaction, if they still
   * make no session (the check runs again inside it), and notes each moved record as a problem.
   */
  private async setAside(id: string): Promise<void> {
    const note = (problem: SessionProblem) => {
      this.met.delete(problem.key);
      this.met.set(problem.key, problem);
    };
    try {
      const moved = await this.useStore('readwrite', (store) => setAsideIn(store, id));
      moved.forEach(note);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const reason = `it could not be set aside (${why})`;
      note({ code: 'STORAGE_BAD_RECORD', key: headKey(id), reason, setAsideAs: null });
    }
  }

  /**
   * The most recently updated session that parses, or null. Never rejects: storage that fails to answer
   * is noted as a problem and gives null, so a start that asks for the last session always goes on.
   */
  async latest(): Promise<SessionRecord | null> {
    try {
      for (const head of await this.list()) {
        const record = await this.get(head.id);
        if (record) return record;
      }
    } catch (error) {
      const reason = `the sessions could not be read (${error instanceof Error ? error.message : String(error)})`;
      this.met.set(SESSIONS_KEY, { code: 'STORAGE_BAD_RECORD', key: SESSIONS_KEY, reason, setAsideAs: null });
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

/** What is written of a session set aside: which record failed and why, where its records went. */
function damagedNote(
  id: string,
  bad: NonNullable<ReturnType<typeof badRecord>>,
  now: number,
  moved: readonly { key: string; setAsideAs: string | null }[],
): DamagedSession {
  const { head } = bad;
  return {
    id,
    code: 'STORAGE_BAD_RECORD',
    record: bad.key,
    reason: bad.reason.slice(0, 2048),
    setAsideAt: now,
    records: moved.map(({ key, setAsideAs }) => ({ key, setAsideAs })),
    ...(head
      ? {
          head: {
            title: head.title,
            scenario: head.scenario,
            updatedAt: head.updatedAt,
            eventCount: head.eventCount,
          },
        }
      : {}),
  };
}

/** Sets aside the head and log of `id` in the transaction of `store` if they still make no session. */
function setAsideIn(store: IDBObjectStore, id: string): Promise<SessionProblem[]> {
  return new Promise((resolve, reject) => {
    const tx = store.transaction;
    const moved: SessionProblem[] = [];
    let failure: unknown = null;
    const head = store.get(headKey(id));
    const log = store.get(logKey(id));
    log.onsuccess = () => {
      try {
        moveIfBad();
      } catch (error) {
        // Thrown in a request's handler, an error would abort the transaction with no word of why.
        failure = error;
        tx.abort();
      }
    };
    const moveIfBad = () => {
      const bad = badRecord(head.result, log.result);
      if (bad === null) return;
      const now = Date.now();
      const stamp = `${now.toString(36)}.${(stamps++).toString(36)}`;
      for (const [key, value] of [
        [headKey(id), head.result],
        [logKey(id), log.result],
      ] as const) {
        if (value === undefined) continue;
        const at = `${QUARANTINE}${stamp}:${key}`;
        const reason = key.startsWith(HEAD) === (bad.key === 'head') ? bad.reason : `its ${bad.key} is bad`;
        try {
          // The value as it was, not wrapped: a wrapper adds levels, and a log stored at the browser's
          // depth limit could then not be stored again.
          store.put(value, at);
        } catch (error) {
          // Left where it is: a log without its head is never listed, and a head is read and skipped.
          const why = `${reason}; it could not be stored again (${String(error)}) and is left in place`;
          moved.push({ code: 'STORAGE_BAD_RECORD', key, reason: why, setAsideAs: null });
          continue;
        }
        store.delete(key);
        moved.push({ code: 'STORAGE_BAD_RECORD', key, reason, setAsideAs: at });
      }
      store.put(damagedNote(id, bad, now, moved), DAMAGED + id);
    };
    tx.oncomplete = () => resolve(moved);
    tx.onabort = () =>
      reject(failure ?? tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });
}
