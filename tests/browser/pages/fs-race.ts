// One tab of the two-tab race (fs-race.spec.ts): opens a shared IndexedDB workspace as the app does and
// fires guarded appends at one file. Each append reads the file (content and version in one transaction),
// then edits it with an `ifVersion` guard: the backend checks the version, matches the last line and
// appends the token in one transaction, or refuses with FS_STALE_VERSION.
import { openWorkspace } from '../../../src/fs';
import type { FsBackend, Mutation } from '../../../src/fs/types';
import { FsError } from '../../../src/fs/errors';

/** One append attempt: the token it carried, the version it read, and what the backend said. */
export interface Attempt {
  token: string;
  read: string;
  /** The version the edit produced, when it was applied. */
  version?: string;
  /** The error code, when it was refused. */
  code?: string;
}

/** What a tab exposes to the spec. */
export interface RaceTab {
  /** Opens workspace `name` and starts counting the commits this tab hears about. */
  open(name: string): Promise<{ persistent: boolean }>;
  /** Writes `content` to `path` unguarded (the race's starting point); returns the version. */
  create(path: string, content: string): Promise<string>;
  /**
   * At `startAt` (epoch ms), runs `count` appends to `path` over `workers` concurrent loops, tokens
   * `[tag:n]`. Resolves with every attempt, in the order they were made.
   */
  fire(spec: {
    path: string;
    tag: string;
    count: number;
    workers: number;
    startAt: number;
  }): Promise<Attempt[]>;
  /** How many commits this tab heard: its own, and those another tab announced. */
  heard(): { own: number; otherTab: number };
  /** The file and the journal, read now. */
  state(path: string): Promise<{ content: string; version: string; journal: Mutation[] }>;
}

declare global {
  interface Window {
    __race?: RaceTab;
  }
}

let fs: FsBackend | null = null;
const heard = { own: 0, otherTab: 0 };

function workspace(): FsBackend {
  if (!fs) throw new Error('call open(name) first');
  return fs;
}

async function append(path: string, token: string): Promise<Attempt> {
  const file = await workspace().read(path);
  if (!file) throw new Error(`${path} does not exist`);
  const last = file.content.slice(0, -1).split('\n').at(-1)!;
  const edit = { oldString: `${last}\n`, newString: `${last}\n${token}\n` };
  const guard = { kind: 'ifVersion', version: file.version } as const;
  try {
    const done = await workspace().edit(path, edit, guard, { kind: 'agent', session: token });
    return { token, read: file.version, version: done.version };
  } catch (error) {
    if (error instanceof FsError) return { token, read: file.version, code: error.code };
    throw error;
  }
}

window.__race = {
  async open(name) {
    fs = await openWorkspace(name);
    fs.subscribe((m) => {
      if (m.by.kind === 'external' && m.by.who === 'other-tab') heard.otherTab++;
      else heard.own++;
    });
    return { persistent: fs.persistent };
  },
  async create(path, content) {
    return (await workspace().write(path, content, { kind: 'none' }, { kind: 'external', who: 'scenario' }))
      .version;
  },
  async fire({ path, tag, count, workers, startAt }) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
    const attempts: Attempt[] = [];
    let next = 0;
    const loop = async () => {
      while (next < count) attempts.push(await append(path, `[${tag}:${next++}]`));
    };
    await Promise.all(Array.from({ length: workers }, loop));
    return attempts;
  },
  heard: () => ({ ...heard }),
  async state(path) {
    const file = await workspace().read(path);
    if (!file) throw new Error(`${path} does not exist`);
    return { content: file.content, version: file.version, journal: await workspace().journal() };
  },
};
document.body.dataset.ready = 'true';
