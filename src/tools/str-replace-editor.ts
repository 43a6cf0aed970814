import { z } from 'zod';
import { ToolError, type Card, type Content, type ToolContext, type ToolResult } from '../harness';
import type { FsBackend } from '../fs/types';
import { ChangeValue, PathArg, changeMeta, diffCard, editFile, renderChange, writeFile } from './file-ops';
import { agent, observed, resolveEdit } from './fs-hooks';
import { bytesLabel, lineCount, textLines } from './lines';
import {
  ReadValue,
  WINDOW_CAPS,
  readCard,
  readWindow,
  renderWindow,
  windowCaps,
  type WindowCaps,
} from './window';
import { EDITOR_WORDS } from './edit-words';
import { defineFsTool } from './fs-errors';
import { FsError } from '../fs/errors';
import { filePath } from '../contracts/paths';

const Input = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('view').describe('Show the file, or a range of its lines'),
    path: PathArg,
    view_range: z
      .tuple([z.number().int().min(1), z.number().int().min(-1)])
      .optional()
      .describe('[first, last] lines to show, 1-based; last -1 means to the end'),
  }),
  z.strictObject({
    command: z.literal('create').describe('Create a new file'),
    path: PathArg,
    file_text: z.string().describe('The content of the new file'),
  }),
  z.strictObject({
    command: z.literal('str_replace').describe('Replace the one occurrence of old_str with new_str'),
    path: PathArg,
    old_str: z.string().describe('The exact text to replace; it must occur once'),
    new_str: z.string().describe('The text to put in its place'),
  }),
  z.strictObject({
    command: z.literal('insert').describe('Insert new_str after a line'),
    path: PathArg,
    insert_line: z.number().int().min(0).describe('Insert after this line (0 inserts at the top)'),
    new_str: z.string().describe('The text to insert'),
  }),
]);
type Input = z.infer<typeof Input>;

const Value = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('view'), view: ReadValue }),
  z.strictObject({ kind: z.literal('change'), change: ChangeValue }),
]);
type Value = z.infer<typeof Value>;

/** Each line of `text` with `sign` before it, as a diff shows it. */
const signed = (sign: string, text: string) =>
  text === ''
    ? sign
    : textLines(text)
        .map((line) => `${sign} ${line}`)
        .join('\n');

/** What a call asks for, as its card shows it: the command, the path, and what it would change. */
function callBody(args: Input): string {
  switch (args.command) {
    case 'view':
      return `view ${args.path}${args.view_range ? ` lines ${args.view_range[0]}–${args.view_range[1] === -1 ? 'end' : args.view_range[1]}` : ''}`;
    case 'create':
      return `create ${args.path}\n${signed('+', args.file_text)}`;
    case 'str_replace':
      return `str_replace in ${args.path}\n${signed('-', args.old_str)}\n${signed('+', args.new_str)}`;
    case 'insert':
      return `insert into ${args.path} after line ${args.insert_line}\n${signed('+', args.new_str)}`;
  }
}

/** Inserts `text` after line `after` of the file, keeping its line endings. */
async function insert(fs: FsBackend, ctx: ToolContext, path: string, after: number, text: string) {
  const { guard, guarded } = await resolveEdit(ctx, 'str_replace_editor', path);
  const version = guard.kind === 'ifVersion' ? guard.version : null;
  // As in a backend edit, a missing file or a stale version is reported before anything about the content
  // (and through `guarded`, so the policy words it as it does for edit).
  const file = await guarded(async () => {
    const found = await fs.read(path);
    // Refused as the backend refuses an edit, so the policy's conflicts apply to these too.
    if (!found)
      throw new FsError('FS_NOT_FOUND', `${path} does not exist`, 'create it with the create command');
    if (version !== null && found.version !== version) {
      throw new FsError(
        'FS_STALE_VERSION',
        `${found.path} changed after you read it: you read version ${version}, it is now ${found.version}.`,
        'Re-read the file, then retry the change against what it says now.',
      );
    }
    return found;
  });
  const total = textLines(file.content).length;
  if (after > total) {
    throw new ToolError(
      'FS_OFFSET_PAST_END',
      `insert_line ${after} is past the end of ${file.path} (${lineCount(total)})`,
      `use an insert_line from 0 (the top) to ${total} (after the last line)`,
    );
  }
  const eol = file.content.includes('\r\n') ? '\r\n' : '\n';
  const kept = file.content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const head = kept.slice(0, after).join('');
  const tail = kept.slice(after).join('');
  // Joining onto a last line that had no newline needs one; the file's final newline (or its absence) stays.
  const glue = head && !head.endsWith('\n') ? eol : '';
  const end = tail ? eol : glue ? '' : file.content.endsWith('\n') ? eol : '';
  const content = `${head}${glue}${text.replace(/\r?\n/g, eol)}${end}${tail}`;
  // An insert is an edit: the session's version guards the whole rewrite.
  const writeGuard = version ? ({ kind: 'replaceIfVersion', version } as const) : ({ kind: 'none' } as const);
  const done = await guarded(() => fs.write(path, content, writeGuard, agent(ctx), { signal: ctx.signal }));
  observed(ctx, done.path, {
    version: done.version,
    via: 'edit',
    lines: [after + 1, after + textLines(text).length],
  });
  return {
    path: done.path,
    version: done.version,
    created: false,
    unchanged: done.unchanged,
    before: done.before,
    after: done.after,
  };
}

async function run(fs: FsBackend, caps: WindowCaps, args: Input, ctx: ToolContext): Promise<Value> {
  const tool = 'str_replace_editor';
  switch (args.command) {
    case 'view': {
      const [first, last] = args.view_range ?? [1, -1];
      const limit = last === -1 ? Number.MAX_SAFE_INTEGER : Math.max(1, last - first + 1);
      const ask = { offset: first, limit, caps, reader: tool } as const;
      return { kind: 'view', view: await readWindow(fs, ctx, args.path, ask) };
    }
    case 'create':
      return { kind: 'change', change: await writeFile(fs, ctx, tool, args.path, args.file_text) };
    case 'str_replace':
      return {
        kind: 'change',
        change: await editFile(fs, ctx, EDITOR_WORDS, args.path, {
          oldString: args.old_str,
          newString: args.new_str,
        }),
      };
    case 'insert':
      return { kind: 'change', change: await insert(fs, ctx, args.path, args.insert_line, args.new_str) };
  }
}

/**
 * `str_replace_editor`: view, create, str_replace and insert in one tool, sharing the session's ledger.
 * A view holds at most `caps.lines` lines and `caps.bytes` bytes of text.
 */
export function strReplaceEditorTool(fs: FsBackend, caps: Partial<WindowCaps> = WINDOW_CAPS) {
  const cap = windowCaps(caps);
  return defineFsTool({
    name: 'str_replace_editor',
    words: {
      zh: '查看、新建和修改文件的多合一工具（view、create、str_replace、insert），守着同样的读后再改规则。',
    },
    description:
      'View, create and change files. Commands: view (optionally view_range [first, last]; one view shows ' +
      `at most ${lineCount(cap.lines)} and ${bytesLabel(cap.bytes)} of text, and says which view_range ` +
      'comes next when it stops short), create ' +
      '(path, file_text), str_replace (old_str must occur exactly once), insert (new_str after insert_line). ' +
      'The same rules as read, write and edit apply, with the same record of what you have read: change ' +
      'an existing file only after viewing it (FS_NOT_OBSERVED), and re-view it when it has changed ' +
      '(FS_STALE_VERSION).',
    input: Input,
    paths: { path: filePath },
    output: Value,
    execute: (args, ctx) => run(fs, cap, args, ctx),
    render: (_args, value): Content =>
      value.kind === 'view' ? renderWindow(value.view, 'str_replace_editor') : renderChange(value.change),
    presentationMeta: (_args, value) => (value.kind === 'view' ? value.view : changeMeta(value.change)),
    presentCall: (args): Card => ({
      card: 'generic',
      title: `str_replace_editor ${args.command}`,
      body: callBody(args),
    }),
    presentResult: (args, result: ToolResult): Card =>
      args.command === 'view' ? readCard(result) : diffCard(result),
  });
}
