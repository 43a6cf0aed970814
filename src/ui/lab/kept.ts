// The lab's plugins, kept in this browser: saved as they change, read back (untrusted) after a reload.
// Light on purpose (no editor, no sandbox): the app may import it at start to learn whether to open the lab.
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { LabPlugin, MAX_LAB_PLUGINS, MAX_PLUGIN_SOURCE } from '../../model';
import { keptStore } from '../../storage/lab-db';
import type { Slot } from './slot';
import { num } from '../dom';
import { lt } from './strings';

/** The deadlines a visitor can pick for each call, in milliseconds. */
export const DEADLINES = [50, 100, 250, 500, 1000] as const;

/** One kept plugin: as the lab holds it, and the source that was applied last (it may be older). */
export const KeptPlugin = LabPlugin.extend({
  /** What runs: the source applied last, or null when it was never applied (or no longer loads). */
  appliedSource: z.string().max(MAX_PLUGIN_SOURCE).nullable(),
});
export type KeptPlugin = z.infer<typeof KeptPlugin>;

/** Everything the lab keeps: its plugins, the one selected, the deadline, and the Run gate of a link. */
export const KeptLab = z.strictObject({
  version: z.literal(1),
  plugins: z.array(KeptPlugin).min(1).max(MAX_LAB_PLUGINS),
  selected: z
    .number()
    .int()
    .nonnegative()
    .max(MAX_LAB_PLUGINS - 1),
  deadlineMs: z.literal(DEADLINES),
  /** The code came by a link and Run was never pressed: it stays held until it is. */
  fromLink: z.boolean(),
  /**
   * How many times the record was written: each save names the count it read and is refused when another
   * tab has saved since (absent in records from before it was counted: 0).
   */
  rev: z.number().int().nonnegative().optional(),
});
export type KeptLab = z.infer<typeof KeptLab>;

const KEY = 'plugins';
const QUARANTINE = 'quarantine:';

/** A kept record the lab could not use: set aside under `setAsideAs` (null when it could not be moved). */
export interface KeptProblem {
  code: 'STORAGE_BAD_RECORD';
  key: string;
  reason: string;
  setAsideAs: string | null;
}

/** What reading the kept lab gave: the record (or null when there is none), and a problem when one was met. */
export interface KeptRead {
  kept: KeptLab | null;
  problem: KeptProblem | null;
}

// Functions here take `null` for no store (storage did not answer at start), and `keptStore()` by default.

const reasonOf = (error: z.ZodError) => {
  const first = error.issues[0];
  return first ? `${first.path.join('.') || 'the record'}: ${first.message}` : 'invalid';
};

/**
 * Reads the kept lab. A record that does not parse is moved, untouched, to a `quarantine:` key and
 * reported; storage that cannot be opened reads as nothing kept, with the reason. Never rejects.
 */
export async function readKept(use: UseStore | null = keptStore()): Promise<KeptRead> {
  if (use === null) return { kept: null, problem: null };
  let raw: unknown;
  try {
    raw = await use('readonly', (s) => promisifyRequest(s.get(KEY)));
  } catch (error) {
    const reason = `the lab's storage could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return { kept: null, problem: { code: 'STORAGE_BAD_RECORD', key: KEY, reason, setAsideAs: null } };
  }
  if (raw === undefined) return { kept: null, problem: null };
  let parsed: z.ZodSafeParseResult<KeptLab>;
  try {
    parsed = KeptLab.safeParse(raw);
  } catch {
    // A value the check cannot walk (it is shaped, so only a hostile one) is bad like any other.
    parsed = { success: false, error: new z.ZodError([]) } as z.ZodSafeParseResult<KeptLab>;
  }
  if (parsed.success) {
    const kept = parsed.data;
    return { kept: { ...kept, selected: Math.min(kept.selected, kept.plugins.length - 1) }, problem: null };
  }
  const reason = reasonOf(parsed.error);
  const aside = `${QUARANTINE}${Date.now()}:${KEY}`;
  try {
    await use('readwrite', (s) => {
      s.put(raw, aside);
      s.delete(KEY);
      return promisifyRequest(s.transaction);
    });
    return { kept: null, problem: { code: 'STORAGE_BAD_RECORD', key: KEY, reason, setAsideAs: aside } };
  } catch {
    return { kept: null, problem: { code: 'STORAGE_BAD_RECORD', key: KEY, reason, setAsideAs: null } };
  }
}

/**
 * Whether the lab has plugins kept that run (applied and switched on), or a kept record that does not
 * read: the app then opens the lab at start, which applies them, or sets the record aside and says so.
 * Changes nothing itself.
 */
export async function hasKeptPlugins(use: UseStore | null = keptStore()): Promise<boolean> {
  if (use === null) return false;
  let raw: unknown;
  try {
    raw = await use('readonly', (s) => promisifyRequest(s.get(KEY)));
  } catch {
    return false;
  }
  if (raw === undefined) return false;
  let parsed: z.ZodSafeParseResult<KeptLab> | null = null;
  try {
    parsed = KeptLab.safeParse(raw);
  } catch {
    // A value the check cannot walk is a bad record: the lab says so.
  }
  if (!parsed?.success) return true;
  const kept = parsed.data;
  return !kept.fromLink && kept.plugins.some((p) => p.enabled && p.appliedSource !== null);
}

/** A lab that cannot be kept as it stands, with its code and the sentence that says why. */
export class KeptRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The count of writes of the record `raw` as stored: 0 for none, or for one from before it was counted. */
function revOf(raw: unknown): number {
  const rev = (raw as { rev?: unknown } | undefined)?.rev;
  return typeof rev === 'number' && Number.isSafeInteger(rev) && rev >= 0 ? rev : 0;
}

/**
 * Writes the lab as it stands and resolves with the record's new count of writes. With `expected`, a
 * check-and-set in one transaction: when the stored count is not `expected` (another tab saved since this
 * one read it), nothing is written and it rejects with `KeptRefused` (`LAB_CHANGED_ELSEWHERE`). Rejects
 * when the browser refuses (the caller says so), or with `KeptRefused` (`PLUGIN_TOO_LARGE`) when a plugin
 * is longer than the lab keeps.
 */
export async function writeKept(
  record: KeptLab,
  use: UseStore = keptStore(),
  expected?: number,
): Promise<number> {
  const big = record.plugins.findIndex((p) => p.source.length > MAX_PLUGIN_SOURCE);
  if (big !== -1) {
    const n = record.plugins[big]!.source.length;
    throw new KeptRefused(
      'PLUGIN_TOO_LARGE',
      lt('tooLargeToKeep', { i: big + 1, n: num(n), max: num(MAX_PLUGIN_SOURCE) }),
    );
  }
  const checked = KeptLab.parse(record);
  // The check and the put in one transaction, the put from the read's own callback (no await between).
  return use('readwrite', (s) => {
    let rev = 0;
    let refused: KeptRefused | null = null;
    const read = s.get(KEY);
    read.onsuccess = () => {
      const current = revOf(read.result);
      if (expected !== undefined && current !== expected) {
        refused = new KeptRefused('LAB_CHANGED_ELSEWHERE', lt('changedElsewhere'));
        return;
      }
      rev = current + 1;
      s.put({ ...checked, rev }, KEY);
    };
    return promisifyRequest(s.transaction).then(() => {
      if (refused) throw refused;
      return rev;
    });
  });
}

/**
 * Saves what `snapshot` gives at most every `delayMs` while things change, and at once when asked
 * (`flush`) or when the page is hidden; a flush with nothing changed since the last save writes nothing, so
 * a tab left open never writes back what it read over another tab's later save. Each save is checked
 * against the count of writes this tab last read (`read`) or wrote; until it knows one it waits, and
 * `replace` writes over whatever is kept (plugins from a link). `failed` hears a save that was refused.
 * Without a store (`null`: storage did not answer at start) nothing is written, and the page's storage
 * banner says so.
 */
export class KeptSaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  /** The count of writes this tab's record is based on; `null` until known, `'any'` to replace. */
  private base: number | 'any' | null = null;

  constructor(
    private readonly snapshot: () => KeptLab,
    /** Hears a save that failed: what to tell the visitor, and its code. */
    private readonly failed: (text: string, code: string) => void,
    private readonly delayMs = 300,
    private readonly use: UseStore | null = keptStore(),
  ) {
    if (typeof document !== 'undefined') {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') void this.flush();
      });
    }
  }

  /** Reads the kept lab (`readKept`); later saves are checked against the count of writes it had. */
  async read(): Promise<KeptRead> {
    const read = await readKept(this.use);
    this.base = read.kept?.rev ?? 0;
    return read;
  }

  /** Saves this tab's record over whatever is kept (plugins from a link replace it), now. */
  replace(): Promise<void> {
    this.base = 'any';
    this.dirty = true;
    return this.flush();
  }

  /** A change was made: it is saved within `delayMs`. */
  schedule(): void {
    this.dirty = true;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Saves now if anything changed; resolves when the store has it (or the save failed and was reported). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const use = this.use;
    const base = this.base;
    if (use === null || !this.dirty || base === null) return this.writing;
    this.dirty = false;
    const record = this.snapshot();
    this.writing = this.writing
      .then(() => writeKept(record, use, base === 'any' ? undefined : base))
      .then((rev) => {
        this.base = rev;
      })
      .catch((error: unknown) => {
        this.dirty = true; // not kept: a later flush tries again
        if (error instanceof KeptRefused) this.failed(error.message, error.code);
        else {
          const why = error instanceof Error ? error.message : String(error);
          this.failed(lt('keptFailed', { why }), 'STORAGE_SAVE_FAILED');
        }
      });
    return this.writing;
  }
}

/** The record of the lab as it stands: each plugin with the source last applied, the choice and limits. */
export function keptOf(
  slots: readonly Slot[],
  selected: number,
  deadlineMs: number,
  fromLink: boolean,
): KeptLab {
  return {
    version: 1,
    plugins: slots.map((s) => ({
      source: s.source,
      language: s.language,
      order: s.order,
      enabled: s.enabled,
      appliedSource: s.applied?.source ?? null,
    })),
    selected,
    deadlineMs: DEADLINES.find((ms) => ms === deadlineMs) ?? 250,
    fromLink,
  };
}
