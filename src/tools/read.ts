import { z } from 'zod';
import type { FsBackend } from '../fs/types';
import { PathArg } from './file-ops';
import { defineFsTool } from './fs-errors';
import { bytesLabel, lineCount } from './lines';
import {
  ReadValue,
  WINDOW_CAPS,
  readCard,
  readWindow,
  renderWindow,
  windowCaps,
  type WindowCaps,
} from './window';
import { filePath } from '../contracts/paths';

/** The arguments of read; `limit` goes up to the line cap, which the model is told. */
const readInput = (maxLines: number) =>
  z.strictObject({
    path: PathArg,
    offset: z.number().int().min(1).optional().describe('First line to show, counting from 1 (default 1)'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxLines)
      .optional()
      .describe(`How many lines to show (default 200, at most ${maxLines})`),
  });

/** The default window: 200 lines from the offset. */
export const READ_LIMIT = 200;

/**
 * `read`: a window of a file with numbered lines, at most `caps.lines` lines and `caps.bytes` bytes of
 * text. Every read is recorded as an observation of exactly the lines it returned.
 */
export function readTool(fs: FsBackend, caps: Partial<WindowCaps> = WINDOW_CAPS) {
  const cap = windowCaps(caps);
  return defineFsTool({
    name: 'read',
    words: {
      zh: '读取文件：返回带行号的若干行，并说明文件一共有几行。修改已有文件之前，必须先在这次会话里读过它。',
    },
    description:
      'Read a file. Returns numbered lines from `offset` (default 1), at most `limit` lines (default 200), ' +
      `and says how many lines the file has. One call returns at most ${lineCount(cap.lines)} and ` +
      `${bytesLabel(cap.bytes)} of text; a window that stops short says how to read on. Lines longer than ` +
      '2,000 characters are cut with a marker. You must read an existing file in this session before you ' +
      'edit or overwrite it.',
    input: readInput(cap.lines),
    paths: { path: filePath },
    output: ReadValue,
    execute: (args, ctx) =>
      readWindow(fs, ctx, args.path, {
        offset: args.offset ?? 1,
        limit: args.limit ?? READ_LIMIT,
        caps: cap,
        reader: 'read',
      }),
    render: (_args, value) => renderWindow(value, 'read'),
    presentationMeta: (_args, value) => value,
    presentCall: (args) => ({
      card: 'generic',
      title: 'read',
      body: `${args.path}${args.offset ? ` from line ${args.offset}` : ''}`,
    }),
    presentResult: (_args, result) => readCard(result),
  });
}
