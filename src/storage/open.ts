import { createStore, type UseStore } from 'idb-keyval';
import {
  MemoryBackend,
  STORAGE_WAIT_MS,
  platformIndexedDB,
  probeStore,
  workspaceBackend,
  workspaceStore,
  type Probe,
} from '../fs';
import type { FsBackend } from '../fs/types';
import { keptStore } from './lab-db';
import { SESSION_DB, SESSION_STORE, SessionStore } from './session-store';

/** The code of the banner that says this page keeps nothing. */
export const STORAGE_UNAVAILABLE = 'STORAGE_UNAVAILABLE';

/**
 * Why this page keeps nothing: IndexedDB is missing or refused; it did not answer within the wait
 * (`unanswered`); or it answered after the page had gone on in memory (`late`).
 */
export type StorageState = 'refused' | 'unanswered' | 'late';

/** Where the page keeps things: all in this browser's IndexedDB, or all in memory and why. */
export interface PageStorage {
  fs: FsBackend;
  /** Where sessions are saved; null keeps none. */
  sessions: SessionStore | null;
  /** Where the lab keeps its plugins; null keeps none. */
  kept: UseStore | null;
  /** Null when everything is kept; else why not. */
  unavailable: StorageState | null;
  /** When storage did not answer in time: resolves if it answers later (the page stays in memory). */
  later: Promise<void> | null;
}

/** How `openStorage` reaches the platform (tests pass their own). */
export interface StorageSpec {
  indexedDB?: IDBFactory | null;
  waitMs?: number;
}

/**
 * Opens the page's three databases (the workspace `workspace:playground`, the sessions, the lab) at once
 * and waits at most `waitMs` (3 s) for them together. All answer: everything is kept. Any is missing,
 * refuses or stays silent: the page works wholly in memory, so the banner that says "nothing will be
 * kept" is true of all of it; a database that answers later is closed and left alone, and what was done
 * in memory stays in memory for the life of the page.
 */
export async function openStorage(spec: StorageSpec = {}): Promise<PageStorage> {
  const factory = spec.indexedDB === undefined ? platformIndexedDB() : spec.indexedDB;
  const none = (unavailable: StorageState, later: Promise<void> | null = null): PageStorage => ({
    fs: new MemoryBackend(),
    sessions: null,
    kept: null,
    unavailable,
    later,
  });
  if (factory === null) return none('refused');
  const stores = [workspaceStore('playground', factory), createStore(SESSION_DB, SESSION_STORE), keptStore()];
  const waitMs = spec.waitMs ?? STORAGE_WAIT_MS;
  const probes = await Promise.all(stores.map((use) => probeStore(use, waitMs)));
  const [workspace, sessions, kept] = stores as [UseStore, UseStore, UseStore];
  if (probes.every((p) => p.ok)) {
    return {
      fs: workspaceBackend('playground', workspace),
      sessions: new SessionStore(sessions),
      kept,
      unavailable: null,
      later: null,
    };
  }
  // The ones that did answer are let go: the page keeps nothing anywhere.
  stores.forEach((use, i) => {
    if (probes[i]!.ok) void use('readonly', (s) => s.transaction.db.close()).catch(() => undefined);
  });
  const silent = probes.filter(
    (p): p is Extract<Probe, { reason: 'unanswered' }> => !p.ok && p.reason === 'unanswered',
  );
  if (silent.length === 0) return none('refused');
  return none(
    'unanswered',
    Promise.all(silent.map((p) => p.later)).then(() => undefined),
  );
}
