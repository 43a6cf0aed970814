// Models: a small coding agent that keeps a sha256 per file it read and compares it with the file's hash
// before changing it; its own writes refresh the entry, so they never count as someone else's change.
// The check is made before the write (no lock), and the ledger lives in memory (gone on a resume).
// Public source: as reported in issue #25 (a small open-source agent's hash ledger; not named there).
import { editIntent, writeIntent, type IntentInput } from '../../contracts/fs-intents';
import { changedSince, notRead, observations, refuse, sha256, unguarded } from './common';
import { definePolicy, type ReadFile } from './types';

async function sameHash(bytes: Promise<string | null>, read: ReadFile, path: string): Promise<boolean> {
  const [then, now] = await Promise.all([bytes, read(path)]);
  if (then === null || now === null) return false;
  return (await sha256(then)) === (await sha256(now.content));
}

/** A content hash per read, checked before each change; the agent's own changes refresh it. */
export const hashLedger = definePolicy({
  id: 'hash-ledger',
  summary: 'A sha256 per file read, compared before each change (no lock); its own writes refresh it.',
  models: {
    product: 'a small coding agent with a sha256 ledger',
    version: 'mid 2026',
    source: 'as reported in issue #25',
  },
  make: ({ read }) => {
    const seen = observations(read);
    const decide = async (i: IntentInput, creating: boolean) => {
      const entry = seen.get(i.session, i.path);
      if (entry?.state === 'present') {
        return (await sameHash(entry.bytes, read, i.path)) ? unguarded : changedSince(i.path);
      }
      const exists = (await read(i.path)) !== null;
      if (!creating) {
        return entry
          ? refuse('FS_NOT_FOUND', `${i.path} was absent when read`, 'create it')
          : notRead(i.path);
      }
      if (!exists) return unguarded;
      return entry ? changedSince(i.path) : notRead(i.path);
    };
    return {
      name: 'hash-ledger',
      contributions: [
        seen.follow,
        writeIntent.of((i) => decide(i, true)),
        editIntent.of((i) => decide(i, false)),
      ],
    };
  },
});
