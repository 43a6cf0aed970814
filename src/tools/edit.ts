import { z } from 'zod';
import type { FsBackend } from '../fs/types';
import { ChangeValue, PathArg, changeMeta, diffCard, editFile, renderChange } from './file-ops';
import { EDIT_WORDS } from './edit-words';
import { defineFsTool } from './fs-errors';
import { filePath } from '../contracts/paths';

const EditInput = z.strictObject({
  path: PathArg,
  old_string: z
    .string()
    .describe('The exact text to replace, including enough surrounding lines to be unique'),
  new_string: z.string().describe('The text to put in its place'),
  replace_all: z.boolean().optional().describe('Replace every occurrence instead of requiring exactly one'),
});

/** Options of the edit tool. */
export interface EditSpec {
  /** Whether the Unicode fallback is on for a session (off by default). */
  unicodeFallback?: (session: string) => boolean;
}

/** `edit`: a literal replacement, checked against the version the session read. */
export function editTool(fs: FsBackend, spec: EditSpec = {}) {
  return defineFsTool({
    name: 'edit',
    words: { zh: '替换文件里的一段原文：原文必须恰好出现一次；文件必须读过，而且读过之后没有被别人改过。' },
    description:
      'Replace text in a file. old_string must match the file exactly once (FS_AMBIGUOUS_EDIT for several: ' +
      'add surrounding lines or set replace_all; FS_EDIT_NOT_FOUND for none). No fuzzy matching. You must ' +
      'have read the file in this session (FS_NOT_OBSERVED), and it must not have changed since you read ' +
      'it (FS_STALE_VERSION: read it again, then retry). Line endings of the file are kept.',
    input: EditInput,
    paths: { path: filePath },
    output: ChangeValue,
    execute: (args, ctx) =>
      editFile(fs, ctx, EDIT_WORDS, args.path, {
        oldString: args.old_string,
        newString: args.new_string,
        replaceAll: args.replace_all ?? false,
        unicodeFallback: spec.unicodeFallback?.(ctx.session) ?? false,
      }),
    render: (_args, value) => renderChange(value),
    presentationMeta: (_args, value) => changeMeta(value),
    presentCall: (args) => ({
      card: 'generic',
      title: 'edit',
      body: `${args.path}${args.replace_all ? ' (replace all)' : ''}\n- ${args.old_string}\n+ ${args.new_string}`,
    }),
    presentResult: (_args, result) => diffCard(result),
  });
}
