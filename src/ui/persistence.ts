import type { HarnessEvent } from '../harness';
import type { Json } from '../harness';
import {
  ShareTooLong,
  scenarioById,
  scenarioFile,
  serializeScenarioFile,
  encodeShare,
  readSessionFile,
  serializeSessionFile,
  sessionFile,
  sessionFileName,
  shareUrl,
  type LabPlugin,
  type ModelInfo,
} from '../model';
import { Autosave, STORAGE_SAVE_FAILED, type SessionStore } from '../storage';
import type { Playground } from '../run';
import { rememberRun } from './first-view';
import { tr } from './i18n';
import { damagedMessage, download, importMessage, pastSessionsDialog } from './sessions';
import type { Notice, UiStore } from './state';

/** What a saved session has besides its run: set when the session starts. */
interface SessionMeta {
  id: string;
  title: string;
  createdAt: number;
}

/** What sessions and sharing need from the app. */
export interface PersistenceSpec {
  store: UiStore;
  /** Where sessions are saved as they grow; null keeps nothing (embeds, no storage). */
  sessions: SessionStore | null;
  pg: () => Playground;
  /** The lab's plugins, when the lab was opened (a share link carries them). */
  labPlugins: () => LabPlugin[] | null;
  /** Shows a log in replay. */
  replay: (
    events: readonly HarnessEvent[],
    title: string,
    scenario: string,
    model?: ModelInfo | null,
  ) => void;
  /** The session carried on at start, if any: its title and first save are kept. */
  resumed?: SessionMeta | null;
}

/** How long a playing run waits at least between two saves; a run that stops is saved at once. */
const PLAYING_SAVE_GAP_MS = 500;

/**
 * Sessions and sharing: the live session saved as it grows (at once after a step by hand, at most every
 * half second while playing, and when the page is hidden), export and import of session files, share
 * links and the past sessions dialog.
 */
export class Persistence {
  private readonly autosave: Autosave | null;
  private meta: SessionMeta | null;
  private throttle: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly spec: PersistenceSpec) {
    this.meta = spec.resumed ?? null;
    const sessions = spec.sessions;
    this.autosave = sessions
      ? new Autosave(() => this.save(sessions), {
          onError: (error) => console.warn('The session could not be saved:', error),
          onStatus: (status) => this.saveStatus(status),
        })
      : null;
    // A page going away writes what is left at once.
    window.addEventListener('pagehide', () => void this.saved());
  }

  /** Asks for the live session to be saved soon (after a change). */
  schedule(): void {
    if (!this.autosave) return;
    if (this.spec.store.get().run !== 'playing') {
      this.autosave.schedule();
      return;
    }
    this.throttle ??= setTimeout(() => {
      this.throttle = null;
      this.autosave?.schedule();
    }, PLAYING_SAVE_GAP_MS);
  }

  /** Writes any change not saved yet; resolves when the store has it (tests, and before listing). */
  async saved(): Promise<void> {
    if (this.throttle) {
      clearTimeout(this.throttle);
      this.throttle = null;
      this.autosave?.schedule();
    }
    await this.autosave?.flush();
  }

  // Said once a streak of failures, and taken back when a save lands: what was saved before is kept.
  private saveStatus(status: 'failed' | 'recovered'): void {
    const { store } = this.spec;
    if (status === 'failed') this.notice(tr('saveFailed'), { code: STORAGE_SAVE_FAILED });
    else if (store.get().notice?.code === STORAGE_SAVE_FAILED) store.set({ notice: null });
  }

  private async save(store: SessionStore): Promise<void> {
    const pg = this.spec.pg();
    const run = pg.saved();
    if (this.meta?.id !== run.id) {
      const title = pg.scenario.title[this.spec.store.get().lang];
      this.meta = { id: run.id, title, createdAt: Date.now() };
    }
    const { title, createdAt } = this.meta;
    const custom = customFile(pg);
    const updatedAt = Math.max(Date.now(), createdAt);
    await store.save({ ...run, title, createdAt, updatedAt, ...(custom ? { custom } : {}) });
    // The next load carries this session on: its first view shows this lesson and policy meanwhile.
    rememberRun(isCustom(pg) ? null : pg.scenario.id, pg.run.policyId);
  }

  private notice(text: string, more: Omit<Notice, 'text' | 'tone'> & { tone?: Notice['tone'] } = {}): void {
    this.spec.store.set({ notice: { text, tone: 'warn', ...more } });
  }

  /** Downloads the shown session (the replayed one, else the live one) as a session file. */
  exportSession(): void {
    const { replay, lang } = this.spec.store.get();
    const pg = this.spec.pg();
    const events = replay?.events ?? pg.run.session.events;
    const scenario = replay?.scenario ?? pg.scenario.id;
    const title = replay?.title ?? this.meta?.title ?? pg.scenario.title[lang];
    const model = replay ? replay.model : pg.model;
    const file = sessionFile({ scenario, title, events, model }, new Date());
    download(serializeSessionFile(file), sessionFileName(file));
  }

  /** Opens a session file in replay; a refused file only gets a notice saying why, nothing else changes. */
  async importSession(file: Blob): Promise<void> {
    const imported = await readSessionFile(file);
    if (!imported.ok) {
      this.notice(importMessage(imported.error), { code: imported.error.code });
      return;
    }
    this.spec.store.set({ notice: null });
    const { events, title, scenario, model } = imported.value;
    this.spec.replay(events, title, scenario, model);
  }

  /** Copies a link to this scenario, its settings and its position; shows the link if copying fails. */
  async copyShareLink(): Promise<string | null> {
    const { lang, speed, policy, edits } = this.spec.store.get();
    const pg = this.spec.pg();
    const plugins = this.spec.labPlugins();
    let url: string;
    try {
      const custom = isCustom(pg) ? scenarioFile(pg.scenario) : undefined;
      const token = await encodeShare({
        scenario: pg.scenario.id,
        lang,
        speed,
        policy,
        ...(edits ? { edits } : {}),
        step: pg.script.state.step,
        ...(plugins ? { plugins } : {}),
        ...(custom ? { custom: custom as Json } : {}),
      });
      url = shareUrl(window.location.href, token);
    } catch (error) {
      if (error instanceof ShareTooLong)
        this.notice(tr('shareTooLong', { length: error.length }), { code: error.code });
      else this.notice(tr('shareFailed', { why: String(error) }));
      return null;
    }
    try {
      await navigator.clipboard.writeText(url);
      this.notice(tr('shareCopied'), { tone: 'info', link: url });
    } catch {
      this.notice(tr('shareManual'), { tone: 'info', link: url });
    }
    return url;
  }

  /** Lists the stored sessions; opening one shows it in replay. */
  async openPastSessions(): Promise<void> {
    const store = this.spec.sessions;
    if (!store) return;
    await this.saved();
    const dialog = pastSessionsDialog({
      heads: await store.list(),
      damaged: await store.damaged(),
      current: this.spec.pg().run.session.id,
      open: (id) => void this.openStored(id),
      // Nothing is opened, moved or deleted: the visitor learns why, with the code.
      openDamaged: (damaged) => this.notice(damagedMessage(damaged), { code: damaged.code }),
    });
    document.body.append(dialog);
    dialog.showModal();
  }

  // A session found damaged only now (its log read for the first time) is set aside, and says why.
  private async openStored(id: string): Promise<void> {
    const store = this.spec.sessions;
    const record = await store?.get(id);
    if (record) return this.spec.replay(record.events, record.title, record.scenario, record.model);
    const damaged = (await store?.damaged())?.find((d) => d.id === id);
    if (damaged) this.notice(damagedMessage(damaged), { code: damaged.code });
    else this.notice(tr('sessionMissing'));
  }
}

/** Whether the scenario played is one of the visitor's own (not the built-in of its id). */
function isCustom(pg: Playground): boolean {
  return scenarioById(pg.scenario.id) !== pg.scenario;
}

/** The file text of a scenario of the visitor's own, to keep with its session; undefined for a built-in. */
function customFile(pg: Playground): string | undefined {
  if (!isCustom(pg)) return undefined;
  const file = serializeScenarioFile(pg.scenario);
  return file.ok ? file.value : undefined;
}
