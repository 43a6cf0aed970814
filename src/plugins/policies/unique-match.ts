// Models: Claude Code 2.1.208 (Anthropic), as its public changelog is reported in issue #25 — an edit
// goes through after the file changed, as long as `old_string` still matches exactly once in the file as
// it is now; a write over an existing file still needs a read, and a file changed since is refused. The
// record of what was read lives in memory: a resumed session starts with none.
// Public source: the Claude Code CHANGELOG.md (github.com/anthropics/claude-code), 2.1.208.
import { editIntent, writeIntent, type WriteDecision } from '../../contracts/fs-intents';
import { REREAD, conflict, createOnly, notRead, observations, refuse, unguarded, type Seen } from './common';
import { definePolicy, type PolicyPlugin } from './types';

/** How writes to files the session never read are treated. */
export interface UniqueMatchSpec {
  /** A write over an unread file goes through unchecked (2.1.228); else it is refused. */
  writeAny: boolean;
}

function writeDecision(seen: Seen | undefined, path: string, spec: UniqueMatchSpec): WriteDecision {
  if (seen?.state === 'present') {
    const gone = conflict(
      'FS_NOT_FOUND',
      'FS_STALE_VERSION',
      `${path} was deleted since it was read`,
      REREAD,
    );
    return {
      verdict: 'proceed',
      guard: { kind: 'replaceIfVersion', version: seen.version },
      conflicts: [gone],
    };
  }
  if (seen?.state === 'absent') return createOnly(path);
  if (spec.writeAny) return unguarded;
  const unread = conflict(
    'FS_EXISTS',
    'FS_NOT_OBSERVED',
    `${path} exists and has not been read`,
    'read it first',
  );
  return { verdict: 'proceed', guard: { kind: 'createIfAbsent' }, conflicts: [unread] };
}

/** The unique-match rule as a plugin; `writeAny` picks the later release's writes. */
export function uniqueMatchPlugin(name: string, spec: UniqueMatchSpec): PolicyPlugin {
  const seen = observations();
  return {
    name,
    contributions: [
      seen.follow,
      writeIntent.of((i) => writeDecision(seen.get(i.session, i.path), i.path, spec)),
      editIntent.of((i) => {
        const entry = seen.get(i.session, i.path);
        if (!entry) return notRead(i.path);
        if (entry.state === 'absent') {
          return refuse('FS_NOT_FOUND', `${i.path} did not exist when it was read`, 'create it with write');
        }
        // Changed or not: the backend's exact search, which needs one match, is the only check.
        return unguarded;
      }),
    ],
  };
}

/** Edits need a read and one exact match in the current file; writes need a read and no change since. */
export const uniqueMatch = definePolicy({
  id: 'unique-match',
  summary:
    'An edit needs a read and an old_string found once in the file as it is now; a write needs a read.',
  models: {
    product: 'Claude Code',
    version: '2.1.208',
    source: 'github.com/anthropics/claude-code CHANGELOG.md (as reported in issue #25)',
  },
  make: () => uniqueMatchPlugin('unique-match', { writeAny: false }),
});
