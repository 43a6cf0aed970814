// Models: opencode v2 (sst/opencode), as its public code is reported in issue #25 — a write compares the
// bytes the session read with the bytes on disk under a per-path lock (`writeIfUnchanged`); there is no
// read gate, and a file the session saw absent is created exclusively. The bytes read live in memory:
// a resumed session has none, and with no read gate it simply goes on.
// Public source: github.com/sst/opencode, the v2 file tools (as reported in issue #25).
import {
  editIntent,
  writeIntent,
  type EditDecision,
  type IntentInput,
  type WriteDecision,
} from '../../contracts/fs-intents';
import { changedSince, createOnly, observations, refuse } from './common';
import { definePolicy, type ReadFile } from './types';

type Now = { content: string; version: string };

// Bytes compared now, and the write guarded by the version they were found at: together they are one
// compare-and-swap, as under the lock.
async function unchanged(seen: ReturnType<typeof observations>, read: ReadFile, i: IntentInput) {
  const entry = seen.get(i.session, i.path);
  const now = await read(i.path);
  if (!entry) return { entry, now, same: true };
  if (entry.state === 'absent') return { entry, now, same: now === null };
  const bytes = await entry.bytes;
  return { entry, now, same: now !== null && bytes !== null && now.content === bytes };
}

const lockedTo = (now: Now) => ({ kind: 'replaceIfVersion', version: now.version }) as const;

/** Bytes read against bytes on disk, inside the write; no read gate; exclusive create. */
export const bytesIfUnchanged = definePolicy({
  id: 'bytes-if-unchanged',
  summary:
    'No read gate; a file read must still have the bytes read, compared under a lock; creates are exclusive.',
  models: {
    product: 'opencode',
    version: 'v2',
    source: 'github.com/sst/opencode file tools, writeIfUnchanged (as reported in issue #25)',
  },
  make: ({ read }) => {
    const seen = observations(read);
    const write = async (i: IntentInput): Promise<WriteDecision> => {
      const { entry, now, same } = await unchanged(seen, read, i);
      if (!same) return changedSince(i.path);
      if (now === null || entry?.state === 'absent') return createOnly(i.path);
      return { verdict: 'proceed', guard: lockedTo(now) };
    };
    const edit = async (i: IntentInput): Promise<EditDecision> => {
      const { now, same } = await unchanged(seen, read, i);
      if (now === null) return refuse('FS_NOT_FOUND', `${i.path} does not exist`, 'create it with write');
      if (!same) return changedSince(i.path);
      return { verdict: 'proceed', guard: { kind: 'ifVersion', version: now.version } };
    };
    return {
      name: 'bytes-if-unchanged',
      contributions: [seen.follow, writeIntent.of(write), editIntent.of(edit)],
    };
  },
});
