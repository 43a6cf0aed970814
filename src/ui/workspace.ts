import { byCodeUnits } from '../fs/paths';
import type { FsBackend, Mutation } from '../fs/types';
import type { HarnessEvent } from '../harness';

/** Files as a view lists them: each path with its version. */
export interface FileSource {
  list(): readonly { path: string; version: string }[];
  version(path: string): string | undefined;
}

/**
 * The files a replayed log knows, each at the last version it names (an observation or an external
 * edit); their contents were never logged. What the files panel shows in replay.
 */
export function filesOfLog(events: readonly HarnessEvent[]): FileSource {
  const files = new Map<string, string>();
  for (const e of events) {
    const version =
      e.type === 'fs/observed'
        ? e.state === 'present'
          ? (e.version ?? null)
          : null
        : e.type === 'external/edit'
          ? e.version
          : undefined;
    if (version === undefined || !('path' in e)) continue;
    if (version === null) files.delete(e.path);
    else files.set(e.path, version);
  }
  const list = [...files]
    .map(([path, version]) => ({ path, version }))
    .sort((a, b) => byCodeUnits(a.path, b.path));
  return { list: () => list, version: (path) => files.get(path) };
}

/**
 * The workspace's files as the interface shows them, path → version, kept up to date from the backend's
 * own mutations (this tab's and other tabs'), so a step never lists the workspace again. Listed once at
 * start; a mutation heard while that listing runs wins over it.
 */
export class WorkspaceFiles implements FileSource {
  private files = new Map<string, string>();
  private sorted: readonly { path: string; version: string }[] | null = [];
  private readonly listeners = new Set<(mutation: Mutation | null) => void>();
  private touched: Set<string> | null = null;

  constructor(private readonly fs: FsBackend) {
    fs.subscribe((mutation) => this.heard(mutation));
  }

  /** Lists the workspace afresh (at start). */
  async refresh(): Promise<void> {
    this.touched = new Set();
    const listed = await this.fs.list();
    const touched = this.touched;
    this.touched = null;
    const next = new Map(listed.map((f) => [f.path, f.version]));
    for (const path of touched) {
      const now = this.files.get(path);
      if (now === undefined) next.delete(path);
      else next.set(path, now);
    }
    this.files = next;
    this.sorted = null;
    for (const listener of this.listeners) listener(null);
  }

  /** Every file with its version, sorted by path. */
  list(): readonly { path: string; version: string }[] {
    this.sorted ??= [...this.files]
      .map(([path, version]) => ({ path, version }))
      .sort((a, b) => byCodeUnits(a.path, b.path));
    return this.sorted;
  }

  /** The version of `path` now, or undefined when there is no such file. */
  version(path: string): string | undefined {
    return this.files.get(path);
  }

  /** Hears each change: the mutation, or null after a fresh listing. */
  subscribe(listener: (mutation: Mutation | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private heard(mutation: Mutation): void {
    this.touched?.add(mutation.path);
    if (mutation.version === null) this.files.delete(mutation.path);
    else this.files.set(mutation.path, mutation.version);
    this.sorted = null;
    for (const listener of this.listeners) listener(mutation);
  }
}
