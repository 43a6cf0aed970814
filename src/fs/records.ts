import { z } from 'zod';
import type { Actor, FileInfo, Mutation } from './types';

/** A stored file: its normalized path, content and current version token. */
export const FileRecord = z.strictObject({
  path: z.string().startsWith('/'),
  content: z.string(),
  version: z.string().min(1),
});
export type FileRecord = z.infer<typeof FileRecord>;

/** The last version number and the last journal sequence number a workspace issued. */
export const Counters = z.strictObject({
  version: z.number().int().nonnegative(),
  seq: z.number().int().nonnegative(),
});
export type Counters = z.infer<typeof Counters>;

/** The counters of a workspace that has issued nothing yet. */
export const FRESH_COUNTERS: Counters = { version: 0, seq: 0 };

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
