// Made from the tools by toolArgsSource() in src/run/tool-catalog.ts: do not edit. Write it again with
//   UPDATE_TOOL_CATALOG=1 npx vitest run tests/unit/run/tool-catalog.test.ts
import { z } from 'zod';
import type { ToolCatalog } from './tool-catalog-entry';

/** The tools a scenario can call, by name: the set each is in, whether its value holds a table, its arguments. */
export const toolArgs: ToolCatalog = {
  read: {
    set: 'files',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      offset: z.number().int().min(1).describe('First line to show, counting from 1 (default 1)').optional(),
      limit: z
        .number()
        .int()
        .min(1)
        .max(2000)
        .describe('How many lines to show (default 200, at most 2000)')
        .optional(),
    }),
  },
  edit: {
    set: 'files',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      old_string: z
        .string()
        .describe('The exact text to replace, including enough surrounding lines to be unique'),
      new_string: z.string().describe('The text to put in its place'),
      replace_all: z
        .boolean()
        .describe('Replace every occurrence instead of requiring exactly one')
        .optional(),
    }),
  },
  write: {
    set: 'files',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      content: z.string().describe('The whole new content of the file'),
    }),
  },
  str_replace_editor: {
    set: 'files',
    table: false,
    input: z.discriminatedUnion('command', [
      z.strictObject({
        command: z.literal('view').describe('Show the file, or a range of its lines'),
        path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
        view_range: z
          .tuple([z.number().int().min(1), z.number().int().min(-1)])
          .describe('[first, last] lines to show, 1-based; last -1 means to the end')
          .optional(),
      }),
      z.strictObject({
        command: z.literal('create').describe('Create a new file'),
        path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
        file_text: z.string().describe('The content of the new file'),
      }),
      z.strictObject({
        command: z.literal('str_replace').describe('Replace the one occurrence of old_str with new_str'),
        path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
        old_str: z.string().describe('The exact text to replace; it must occur once'),
        new_str: z.string().describe('The text to put in its place'),
      }),
      z.strictObject({
        command: z.literal('insert').describe('Insert new_str after a line'),
        path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
        insert_line: z.number().int().min(0).describe('Insert after this line (0 inserts at the top)'),
        new_str: z.string().describe('The text to insert'),
      }),
    ]),
  },
  ls: {
    set: 'files',
    table: false,
    input: z.strictObject({ path: z.string().describe('Directory to list (default /)').optional() }),
  },
  glob: {
    set: 'files',
    table: false,
    input: z.strictObject({ pattern: z.string().min(1).describe('A glob such as **/*.ts or /src/*.md') }),
  },
  grep: {
    set: 'files',
    table: false,
    input: z.strictObject({
      pattern: z.string().min(1).describe('A JavaScript regular expression'),
      glob: z.string().describe('Only search files whose paths match this glob').optional(),
      ignore_case: z.boolean().describe('Match letters regardless of case').optional(),
    }),
  },
  shell: {
    set: 'teaching',
    table: false,
    input: z.strictObject({ command: z.string().min(1).describe('The command line to run') }),
  },
  web_fetch: {
    set: 'teaching',
    table: false,
    input: z.strictObject({ url: z.string().url().describe('The address of the page to fetch') }),
  },
  count_words: {
    set: 'teaching',
    table: false,
    input: z.strictObject({ path: z.string().min(1).describe('Absolute path of the file to count') }),
  },
  broken_render: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  broken_schema: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  broken_meta: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  broken_presenter: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  impure_clock: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  never_returns: {
    set: 'broken',
    table: false,
    input: z.strictObject({ note: z.string().describe('Any remark; the tool ignores it').optional() }),
  },
  sql_query: {
    set: 'sql',
    table: true,
    input: z.strictObject({ sql: z.string().min(1).describe('One SQL statement') }),
  },
  write_prompt_rule: {
    set: 'strengths',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      content: z.string().describe('The whole new content of the file'),
    }),
  },
  write_runtime_check: {
    set: 'strengths',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      content: z.string().describe('The whole new content of the file'),
    }),
  },
  write_credential: {
    set: 'strengths',
    table: false,
    input: z.strictObject({
      path: z.string().min(1).describe('Absolute path of the file, for example /src/app.ts'),
      content: z.string().describe('The whole new content of the file'),
    }),
  },
};
