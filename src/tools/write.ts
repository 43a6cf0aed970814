import { z } from 'zod';
import { counted } from '../harness';
import type { FsBackend } from '../fs/types';
import { ChangeValue, PathArg, changeMeta, diffCard, renderChange, writeFile } from './file-ops';
import { defineFsTool } from './fs-errors';
import { filePath } from '../contracts/paths';

const WriteInput = z.strictObject({
  path: PathArg,
  content: z.string().describe('The whole new content of the file'),
});

/** `write`: creates a file, or overwrites one the session has read. */
export function writeTool(fs: FsBackend) {
  return defineFsTool({
    name: 'write',
    words: { zh: '新建文件，或整体替换文件内容。覆盖已有文件之前必须读过它，而且读过之后没有被改过。' },
    description:
      'Create a file, or replace the whole content of one. Creating a new file needs no read. To overwrite ' +
      'an existing file you must have read it in this session (else FS_NOT_OBSERVED), and it must not have ' +
      'changed since you read it (else FS_STALE_VERSION: read it again, then retry).',
    input: WriteInput,
    paths: { path: filePath },
    output: ChangeValue,
    execute: (args, ctx) => writeFile(fs, ctx, 'write', args.path, args.content),
    render: (_args, value) => renderChange(value),
    presentationMeta: (_args, value) => changeMeta(value),
    presentCall: (args) => ({
      card: 'generic',
      title: 'write',
      body: `${args.path} (${counted(args.content.length, 'character')})`,
    }),
    presentResult: (_args, result) => diffCard(result),
  });
}
