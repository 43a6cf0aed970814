import { z } from 'zod';
import {
  counted,
  plural,
  text,
  type Card,
  type Content,
  type ToolContext,
  type ToolResult,
} from '../harness';
import { FsError } from '../fs/errors';
import type { FsBackend, WriteGuard } from '../fs/types';
import { counts, diffTexts, hunksText } from './diff';
import { inTermsOf, type EditWords } from './edit-words';
import { agent, observed, resolveEdit, resolveWrite } from './fs-hooks';
import { lineCount, textLines } from './lines';

/** A path argument, as every file tool describes it to the model. */
export const PathArg = z.string().min(1).describe('Absolute path of the file, for example /src/app.ts');

// ---------------------------------------------------------------- write and edit

/** The canonical value of a change to a file. */
export const ChangeValue = z.strictObject({
  path: z.string(),
  version: z.string(),
  created: z.boolean(),
  unchanged: z.boolean(),
  before: z.string().nullable(),
  after: z.string(),
  replacements: z.number().int().nonnegative().optional(),
  normalized: z.boolean().optional(),
  lines: z.tuple([z.number().int(), z.number().int()]).optional(),
});
export type ChangeValue = z.infer<typeof ChangeValue>;

/**
 * How strongly a write is protected (DESIGN §5): by the guard checked inside the write's transaction (the
 * credential), by the same comparison made first as a separate step (a runtime check), or not at all (a
 * prompt: only the tool's description asks the model to re-read).
 */
export type Strength = 'credential' | 'runtime-check' | 'prompt';

/**
 * What a runtime check compares, outside any transaction: the same conditions the backend checks, refused
 * as the backend refuses them (so the policy's conflicts word them alike).
 */
async function checkFirst(fs: FsBackend, path: string, guard: WriteGuard): Promise<void> {
  const now = await fs.read(path);
  if (guard.kind === 'createIfAbsent' && now) throw new FsError('FS_EXISTS', `${path} exists`);
  if (guard.kind !== 'replaceIfVersion') return;
  if (!now) throw new FsError('FS_NOT_FOUND', `${path} does not exist`);
  if (now.version !== guard.version) {
    throw new FsError(
      'FS_STALE_VERSION',
      `${path} is at ${now.version}, not ${guard.version}`,
      're-read the file, then retry',
    );
  }
}

/**
 * Creates or overwrites a file under the guard the write-intent slot chose. `gap` runs between any check
 * and the write itself: the moment where, in a race, someone else's change can land.
 */
export async function writeFile(
  fs: FsBackend,
  ctx: ToolContext,
  tool: string,
  path: string,
  content: string,
  how: { strength?: Strength; gap?: () => Promise<void> } = {},
): Promise<ChangeValue> {
  const { guard, guarded } = await resolveWrite(ctx, tool, path);
  const strength = how.strength ?? 'credential';
  const done = await guarded(async () => {
    if (strength === 'runtime-check') await checkFirst(fs, path, guard);
    await how.gap?.();
    const checked = strength === 'credential' ? guard : ({ kind: 'none' } as const);
    return fs.write(path, content, checked, agent(ctx), { signal: ctx.signal });
  });
  observed(ctx, done.path, { version: done.version, via: 'write' });
  const { before, after, version, created, unchanged } = done;
  return { path: done.path, version, created, unchanged, before, after };
}

/**
 * Replaces text in a file under the guard the edit-intent slot chose. The matcher's refusals are worded
 * in `words`, the names the calling tool gives its parameters.
 */
export async function editFile(
  fs: FsBackend,
  ctx: ToolContext,
  words: EditWords,
  path: string,
  edit: { oldString: string; newString: string; replaceAll?: boolean; unicodeFallback?: boolean },
): Promise<ChangeValue> {
  const { guard, guarded } = await resolveEdit(ctx, words.tool, path);
  const options = { signal: ctx.signal };
  const done = await inTermsOf(words, path, () =>
    guarded(() => fs.edit(path, edit, guard, agent(ctx), options)),
  );
  const newLines = textLines(edit.newString.replace(/\r\n/g, '\n')).length;
  const seen: [number, number] = [done.lines[0], Math.max(done.lines[0], done.lines[0] + newLines - 1)];
  observed(ctx, done.path, { version: done.version, via: 'edit', lines: seen });
  const { before, after, version, replacements, normalized, lines } = done;
  return {
    path: done.path,
    version,
    created: false,
    unchanged: false,
    before,
    after,
    replacements,
    normalized,
    lines,
  };
}

/** Replayable data of a change: everything its diff card needs. */
export const ChangeMeta = z.strictObject({
  path: z.string(),
  version: z.string(),
  created: z.boolean(),
  unchanged: z.boolean(),
  added: z.number(),
  removed: z.number(),
  hunks: z.array(z.any()),
  replacements: z.number().optional(),
  normalized: z.boolean().optional(),
  endings: z.enum(['LF', 'CRLF', 'mixed']).optional(),
  bom: z.boolean().optional(),
});

/** The line endings `text` uses, if it has any. */
function endingsOf(text: string): 'LF' | 'CRLF' | 'mixed' | undefined {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  if (crlf === 0 && lf === 0) return undefined;
  return crlf === 0 ? 'LF' : lf === 0 ? 'CRLF' : 'mixed';
}

// render and presentationMeta get the same value object: diff a (possibly large) file once.
const metas = new WeakMap<ChangeValue, z.infer<typeof ChangeMeta>>();

/** The meta of a change: the diff, computed once per value. */
export function changeMeta(v: ChangeValue): z.infer<typeof ChangeMeta> {
  const known = metas.get(v);
  if (known) return known;
  const { path, version, created, unchanged, replacements, normalized } = v;
  const endings = endingsOf(v.after);
  const extra = {
    ...(replacements === undefined ? {} : { replacements }),
    ...(normalized ? { normalized } : {}),
    ...(endings ? { endings } : {}),
    ...(v.after.startsWith('\uFEFF') ? { bom: true } : {}),
  };
  const meta = { path, version, created, unchanged, ...diffTexts(path, v.before ?? '', v.after), ...extra };
  metas.set(v, meta);
  return meta;
}

/** The model's text for a change: what happened, the new version, and the diff. */
export function renderChange(v: ChangeValue): Content {
  if (v.unchanged) return text(`No change: ${v.path} already had this content (version ${v.version} kept).`);
  const meta = changeMeta(v);
  if (v.created)
    return text(`Created ${v.path} (version ${v.version}, ${lineCount(textLines(v.after).length)}).`);
  const what =
    v.replacements === undefined
      ? `Wrote ${v.path}`
      : `Edited ${v.path}: ${counted(v.replacements, 'replacement')}`;
  const where = v.lines
    ? ` at ${plural(v.lines[1] - v.lines[0] + 1, 'line')} ${v.lines[0]}-${v.lines[1]}`
    : '';
  const note = v.normalized
    ? '\nNote: old_string matched only after Unicode normalization (quotes, dashes or spaces differ).'
    : '';
  return text(
    `${what}${where} (now version ${v.version}, ${counts(meta)}).${note}\n${hunksText(meta.hunks)}`,
  );
}

/** The diff card, from the meta. */
export function diffCard(result: ToolResult): Card {
  const m = ChangeMeta.parse(result.meta);
  const title = m.unchanged ? `${m.version} (unchanged)` : m.version;
  return {
    card: 'diff',
    title,
    path: m.path,
    created: m.created,
    added: m.added,
    removed: m.removed,
    hunks: m.hunks,
    ...(m.endings ? { endings: m.endings } : {}),
    ...(m.bom ? { bom: true } : {}),
    ...(m.normalized ? { normalized: true } : {}),
  };
}
