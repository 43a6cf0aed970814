import type { UseStore } from 'idb-keyval';
import { IdbBackend } from './idb';
import { MemoryBackend } from './memory';
import { connect } from './store';
import type { FsBackend } from './types';

/** How long opening a database may take before the page gives up on it and works in memory. */
export const STORAGE_WAIT_MS = 3000;

/** How `openWorkspace` reaches the platform; every field defaults to the browser's own. */
export interface WorkspaceSpec {
  /** The IndexedDB factory; `null` means there is none (the in-memory fallback is used). */
  indexedDB?: IDBFactory | null;
  /** How long opening may take before the in-memory fallback is used instead (`STORAGE_WAIT_MS`). */
  timeoutMs?: number;
}

/**
 * What probing a store gave: it answered; it refused (an error, with its message); or it did not answer
 * within the wait, and `later` resolves if it ever does (its connection is then closed at once: the page
 * has gone on without it, and an open connection would block other tabs' upgrades).
 */
export type Probe =
  | { ok: true }
  | { ok: false; reason: 'refused'; detail: string }
  | { ok: false; reason: 'unanswered'; detail: string; later: Promise<void> };

/**
 * Runs one empty read transaction on `use` and waits at most `waitMs` for it. A store that answers after
 * the wait runs nothing but closing its connection.
 */
export function probeStore(use: UseStore, waitMs: number = STORAGE_WAIT_MS): Promise<Probe> {
  let late = false;
  let answeredLate: () => void = () => undefined;
  const later = new Promise<void>((resolve) => (answeredLate = resolve));
  // idb-keyval opens on first use and can throw at once (SecurityError in an opaque origin).
  const work = Promise.resolve().then(() =>
    use('readonly', (store) => {
      if (late) store.transaction.db.close();
    }),
  );
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      late = true;
      resolve({ ok: false, reason: 'unanswered', detail: `no answer within ${waitMs} ms`, later });
    }, waitMs);
    work.then(
      () => {
        clearTimeout(timer);
        if (late) answeredLate();
        else resolve({ ok: true });
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve({
          ok: false,
          reason: 'refused',
          detail: error instanceof Error ? error.message : String(error),
        });
      },
    );
  });
}

/**
 * Opens the workspace `name`: in IndexedDB (database `workspace:<name>`, channel `fs:workspace:<name>`)
 * when the browser allows it, else in memory — IndexedDB missing, refused (`SecurityError` in an opaque
 * origin, some private modes) or not answering. Check `persistent` to tell the visitor which they got.
 */
export async function openWorkspace(name: string, spec: WorkspaceSpec = {}): Promise<FsBackend> {
  const factory = spec.indexedDB === undefined ? platformIndexedDB() : spec.indexedDB;
  if (factory === null) return new MemoryBackend();
  const useStore = workspaceStore(name, factory);
  const probe = await probeStore(useStore, spec.timeoutMs ?? STORAGE_WAIT_MS);
  return probe.ok ? workspaceBackend(name, useStore) : new MemoryBackend();
}

/** The storage capability of workspace `name` (database `workspace:<name>`); nothing opens until first use. */
export function workspaceStore(name: string, factory: IDBFactory): UseStore {
  return connect(`workspace:${name}`, factory);
}

/** The IndexedDB backend of workspace `name` over `useStore`, with its channel to other tabs. */
export function workspaceBackend(name: string, useStore: UseStore): IdbBackend {
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(`fs:workspace:${name}`) : undefined;
  return new IdbBackend({ useStore, channel });
}

/** The browser's IndexedDB factory, or null when there is none or it may not be read. */
export function platformIndexedDB(): IDBFactory | null {
  try {
    return globalThis.indexedDB ?? null;
  } catch {
    // Some sandboxed contexts throw on merely reading the property.
    return null;
  }
}
