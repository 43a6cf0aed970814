import { IdbBackend } from './idb';
import { MemoryBackend } from './memory';
import { connect } from './store';
import type { FsBackend } from './types';

/** How `openWorkspace` reaches the platform; every field defaults to the browser's own. */
export interface WorkspaceSpec {
  /** The IndexedDB factory; `null` means there is none (the in-memory fallback is used). */
  indexedDB?: IDBFactory | null;
  /** How long opening may take before the in-memory fallback is used instead. */
  timeoutMs?: number;
}

/**
 * Opens the workspace `name`: in IndexedDB (database `workspace:<name>`, channel `fs:workspace:<name>`)
 * when the browser allows it, else in memory — IndexedDB missing, refused (`SecurityError` in an opaque
 * origin, some private modes) or not answering. Check `persistent` to tell the visitor which they got.
 */
export async function openWorkspace(name: string, spec: WorkspaceSpec = {}): Promise<FsBackend> {
  const factory = spec.indexedDB === undefined ? platformIndexedDB() : spec.indexedDB;
  if (factory === null) return new MemoryBackend();
  const dbName = `workspace:${name}`;
  const useStore = connect(dbName, factory);
  try {
    // A transaction that opens proves the database works here.
    await withTimeout(
      useStore('readonly', () => undefined),
      spec.timeoutMs ?? 3000,
    );
  } catch {
    return new MemoryBackend();
  }
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`fs:${dbName}`) : undefined;
  return new IdbBackend({ useStore, channel });
}

function platformIndexedDB(): IDBFactory | null {
  try {
    return globalThis.indexedDB ?? null;
  } catch {
    // Some sandboxed contexts throw on merely reading the property.
    return null;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
