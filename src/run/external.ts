// Files changed behind the agent's back: written through the same backend and logged where it happened,
// by the button, the scenario, the file editor or another tab.
import type { FileSnapshot, FsBackend, Mutation } from '../fs/types';
import { MAX_EXTERNAL_DIFF_LINES, type ExternalDiff, type NewEvent, type Session } from '../harness';
import type { ExternalChange, Lang, Scenario } from '../model/scenario';
import { diffTexts } from '../tools/diff';

/** Who changes a file behind the agent's back, as the log's `external/edit` says. */
export type ExternalWho = 'button' | 'scenario' | 'editor';

/** The change as the log keeps it: its diff, at most `MAX_EXTERNAL_DIFF_LINES` lines. */
export function smallDiff(path: string, before: string, after: string): ExternalDiff {
  const { hunks, added, removed } = diffTexts(path, before, after);
  const kept: ExternalDiff['hunks'] = [];
  let room = MAX_EXTERNAL_DIFF_LINES;
  for (const hunk of hunks) {
    if (room <= 0) break;
    kept.push(hunk.lines.length <= room ? hunk : { ...hunk, lines: hunk.lines.slice(0, room) });
    room -= hunk.lines.length;
  }
  return { added, removed, hunks: kept, truncated: room < 0 || kept.length < hunks.length };
}

/**
 * A file written by someone other than the agent, through the same backend, and logged where it
 * happened: who, the versions before and after, the change as a small diff, and the script's note.
 */
export async function writeExternally(
  fs: FsBackend,
  session: Session,
  edit: { path: string; content: string; who: ExternalWho; note?: string },
): Promise<void> {
  const { path, content, who, note } = edit;
  const done = await fs.write(path, content, { kind: 'none' }, { kind: 'external', who });
  session.emit({
    type: 'external/edit',
    path: done.path,
    who,
    version: done.version,
    from: done.previous,
    ...(done.unchanged ? {} : { diff: smallDiff(done.path, done.before ?? '', done.after) }),
    ...(note ? { note } : {}),
  });
}

/**
 * The log's event for a change another tab made: with the version it came from and the change as a
 * diff when this tab knew the file just before (`before`, from the backend) and can read what it is now.
 */
export async function otherTabEdit(
  fs: FsBackend,
  { path, version }: Mutation,
  before?: FileSnapshot,
): Promise<Extract<NewEvent, { type: 'external/edit' }>> {
  const after = before && version !== null ? await fs.read(path).catch(() => null) : null;
  const change =
    before && after?.version === version
      ? { from: before.version, diff: smallDiff(path, before.content, after.content) }
      : {};
  return { type: 'external/edit', path, who: 'other-tab', version, ...change };
}

/**
 * Another tab changed a file behind the agent's back: the session of the moment logs it where it
 * happened. When this tab knew the file just before, the entry has the version it came from and the
 * change as a diff.
 */
export function hearOtherTabs(fs: FsBackend, session: () => Session, changed: () => void): void {
  fs.subscribe((mutation, before) => {
    if (mutation.by.kind !== 'external' || mutation.by.who !== 'other-tab') return;
    const heard = session();
    void otherTabEdit(fs, mutation, before).then((edit) => {
      // A scenario opened while the file was read is another session: this one no longer shows.
      if (session() !== heard) return;
      heard.emit(edit);
      changed();
    });
  });
}

/** What the script says about one of its external changes, in `lang`. */
export function noteOf(scenario: Scenario, change: ExternalChange, lang: Lang): string | undefined {
  const step = scenario.steps.find((s) => 'external' in s && s.external === change);
  return step && 'note' in step ? step.note[lang] : undefined;
}
