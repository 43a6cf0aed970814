import { z } from 'zod';
import type { Actor, FileInfo, Mutation, Version } from './types';

/**
 * A version as stored and shown: `v` and a positive number. Versions are counted per path: a file's
 * first version is `v1`, each change adds one, and a re-created file continues after its tombstone. At
 * most 15 digits, so the number is exact.
 */
export const StoredVersion = z.string().regex(/^v[1-9][0-9]{0,14}$/);

/** A stored file: its normalized path, content and current version. */
export const FileRecord = z.strictObject({
  path: z.string().startsWith('/'),
  content: z.string(),
  version: StoredVersion,
});
export type FileRecord = z.infer<typeof FileRecord>;

/**
 * What a delete leaves of a file: its path and last version, so that a file created there later
 * continues after that version and never reuses one. A tombstone is no file: nothing lists, reads or
 * matches it.
 */
export const Tombstone = z.strictObject({
  path: z.string().startsWith('/'),
  version: StoredVersion,
  deleted: z.literal(true),
});
export type Tombstone = z.infer<typeof Tombstone>;

/**
 * The highest version number a workspace from before per-path versions may have given any path (its old
 * global counter). A path with neither file nor tombstone there continues after it.
 */
export const VersionFloor = z.strictObject({ version: z.number().int().nonnegative() });
export type VersionFloor = z.infer<typeof VersionFloor>;

/** The number of a version (`v12` → 12). */
export function versionNumber(version: Version): number {
  return Number(version.slice(1));
}

/** The version that follows version number `last` (0: a path's first version). */
export function versionAfter(last: number): Version {
  return `v${last + 1}`;
}

/** Who changed a file, as stored and as sent to other tabs. */
export const ActorRecord = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('agent'), session: z.string() }),
  z.strictObject({
    kind: z.literal('external'),
    who: z.enum(['button', 'editor', 'other-tab', 'scenario', 'reset']),
  }),
]);

/** A journal entry, as stored and as sent to other tabs. */
export const MutationRecord = z.strictObject({
  seq: z.number().int().positive(),
  op: z.enum(['write', 'edit', 'delete']),
  path: z.string().startsWith('/'),
  version: z.string().min(1).nullable(),
  by: ActorRecord,
});

// The stored shapes must stay exactly the public types: drifting either way is a compile error.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _actorIsActor: Same<z.infer<typeof ActorRecord>, Actor> = true;
const _mutationIsMutation: Same<z.infer<typeof MutationRecord>, Mutation> = true;

/** A file's listing entry; `size` counts UTF-8 bytes. */
export function fileInfo(file: FileRecord): FileInfo {
  return { path: file.path, version: file.version, size: encoder.encode(file.content).length };
}

const encoder = new TextEncoder();
