// Pieces the policies share: what a session saw of each path (with the bytes, for the policies that
// compare bytes), and the answers they give.
import { logged, type ErrorCode, type HarnessEvent } from '../../harness';
import type { Conflict, EditDecision, RefusalCode, WriteDecision } from '../../contracts/fs-intents';
import type { ReadFile } from './types';

/** What one session saw of one path: the file at a version (and its bytes then), or no file. */
export type Seen = { state: 'present'; version: string; bytes: Promise<string | null> } | { state: 'absent' };

const key = (session: string, path: string) => `${session}\u0000${path}`;

/**
 * Follows `fs/observed` and keeps, per session and path, the last thing seen. With `read`, it also asks
 * the workspace for the bytes at that moment (synchronously, so nothing lands between): they count only
 * when the version read is the version observed, else they are unknown (null).
 */
export function observations(read?: ReadFile) {
  let seen = new Map<string, Seen>();
  const bytesOf = (path: string, version: string): Promise<string | null> =>
    read ? read(path).then((f) => (f?.version === version ? f.content : null)) : Promise.resolve(null);
  const fold = (map: Map<string, Seen>, e: HarnessEvent) => {
    if (e.type !== 'fs/observed') return map;
    const entry: Seen =
      e.state === 'present' && e.version
        ? { state: 'present', version: e.version, bytes: bytesOf(e.path, e.version) }
        : { state: 'absent' };
    return new Map(map).set(key(e.session, e.path), entry);
  };
  return {
    follow: logged.of((event) => void (seen = fold(seen, event))),
    get: (session: string, path: string): Seen | undefined => seen.get(key(session, path)),
    restore: (events: readonly HarnessEvent[]) => void (seen = events.reduce(fold, new Map())),
  };
}

/** A conflict: when the backend refuses with `when`, the model is told `code`, `message` and `remedy`. */
export const conflict = (when: ErrorCode, code: RefusalCode, message: string, remedy: string): Conflict => ({
  when,
  code,
  message,
  remedy,
});

/** A refusal, for a write or an edit. */
export const refuse = (code: RefusalCode, message: string, remedy: string) =>
  ({ verdict: 'refuse', code, message, remedy }) as const satisfies WriteDecision & EditDecision;

/** Go ahead with no guard: the backend writes whatever is there. */
export const unguarded = { verdict: 'proceed', guard: { kind: 'none' } } as const satisfies WriteDecision &
  EditDecision;

export const REREAD = 're-read the file, then retry';

/** The refusal of a change to a file that changed since this session looked at it. */
export const changedSince = (path: string) =>
  refuse('FS_STALE_VERSION', `${path} has changed since this session read it`, REREAD);

/** The refusal of a change to a file this session never read. */
export const notRead = (path: string) =>
  refuse('FS_NOT_OBSERVED', `${path} has not been read in this session`, 'read the file, then retry');

/** Exclusive create: a file found there is someone else's, and the model is told so. */
export const createOnly = (path: string): WriteDecision => ({
  verdict: 'proceed',
  guard: { kind: 'createIfAbsent' },
  conflicts: [conflict('FS_EXISTS', 'FS_STALE_VERSION', `${path} was created by someone else`, REREAD)],
});

/** SHA-256 of a text, as hex (Web Crypto: the same in the page and in Node). */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
