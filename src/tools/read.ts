import { z } from 'zod';
import type { FsBackend } from '../fs/types';
import { PathArg, ReadValue, readCard, readWindow, renderRead } from './file-ops';
import { defineFsTool } from './fs-errors';

const ReadInput = z.strictObject({
  path: PathArg,
  offset: z.number().int().min(1).optional().describe('First line to show, counting from 1 (default 1)'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(2000)
    .optional()
    .describe('How many lines to show (default 200, at most 2000)'),
});

/** `read`: a window of a file with numbered lines. Every read is recorded as an observation. */
export function readTool(fs: FsBackend) {
  return defineFsTool({
    name: 'read',
    description:
      'Read a file. Returns numbered lines from `offset` (default 1), at most `limit` lines (default 200), ' +
      'and says how many lines the file has. Lines longer than 2,000 characters are cut with a marker. ' +
      'You must read an existing file in this session before you edit or overwrite it.',
    input: ReadInput,
    output: ReadValue,
    execute: (args, ctx) => readWindow(fs, ctx, args.path, args.offset, args.limit),
    render: (_args, value) => renderRead(value),
    presentationMeta: (_args, value) => value,
    presentCall: (args) => ({
      card: 'generic',
      title: 'read',
      body: `${args.path}${args.offset ? ` from line ${args.offset}` : ''}`,
    }),
    presentResult: (_args, result) => readCard(result),
  });
}
