// An agent session that survives a page reload, as the app keeps one (fs-reload.spec.ts): the workspace
// lives in IndexedDB, the session's log in localStorage as JSON (rewritten on every event), and on load
// the policy's ledger is rebuilt from that log before the session goes on.
import { openWorkspace } from '../../../src/fs';
import type { FsBackend, Mutation } from '../../../src/fs/types';
import {
  Hooks,
  Registry,
  Session,
  logged,
  parseLog,
  serializeLog,
  type HarnessEvent,
} from '../../../src/harness';
import { fsObservationPolicy, type LedgerEntry } from '../../../src/plugins/fs-observation-policy';
import { fileTools } from '../../../src/tools';

/** What the page exposes to the spec. */
export interface ReloadPage {
  /** An agent call in session `s1`: its error code (null on success) and the version it reported. */
  call(tool: string, args: unknown): Promise<{ code: string | null; version?: string }>;
  /** A change behind the agent's back; returns the new version. */
  external(path: string, content: string): Promise<string>;
  /** Files, journal, the session's ledger, and how many events the stored log holds. */
  snapshot(): Promise<{
    files: { path: string; content: string; version: string }[];
    journal: Mutation[];
    ledger: [string, LedgerEntry][];
    stored: number;
  }>;
}

declare global {
  interface Window {
    __reload?: ReloadPage;
  }
}

const workspace = new URLSearchParams(location.search).get('ws') ?? 'reload';
const key = `harness-playground:log:${workspace}:s1`;

async function boot(): Promise<ReloadPage> {
  const fs: FsBackend = await openWorkspace(workspace);
  const hooks = new Hooks();
  const policy = fsObservationPolicy();
  hooks.install(policy);
  const registry = new Registry();
  for (const tool of fileTools(fs)) registry.register(tool);
  // Parsed on the way in: a damaged log throws here rather than feeding the ledger.
  const log: HarnessEvent[] = parseLog(localStorage.getItem(key) ?? '[]');
  policy.restore(log);
  hooks.add('persist-log', [
    logged.of((event) => {
      log.push(event);
      localStorage.setItem(key, serializeLog(log));
    }),
  ]);
  const session = new Session({ id: 's1', registry, hooks });
  return {
    async call(tool, args) {
      const { outcome } = await session.call(tool, args);
      const value = outcome.value as { version?: string } | undefined;
      return {
        code: outcome.result.error?.code ?? null,
        ...(value?.version ? { version: value.version } : {}),
      };
    },
    async external(path, content) {
      return (await fs.write(path, content, { kind: 'none' }, { kind: 'external', who: 'button' })).version;
    },
    async snapshot() {
      const files = await Promise.all((await fs.list()).map(async ({ path }) => (await fs.read(path))!));
      const stored = parseLog(localStorage.getItem(key) ?? '[]').length;
      return { files, journal: await fs.journal(), ledger: [...policy.ledger('s1')], stored };
    },
  };
}

boot().then(
  (page) => {
    window.__reload = page;
    document.body.dataset.ready = 'true';
  },
  (error: unknown) => {
    document.body.dataset.ready = 'failed';
    document.body.textContent = error instanceof Error ? (error.stack ?? error.message) : String(error);
  },
);
