import { z } from 'zod';
import { ToolError } from '../harness';
import type { FsBackend } from '../fs/types';
import { pathMatcher } from './glob';
import { cutLine, textLines } from './lines';
import { capped, renderSearch, SearchValue, searchCard } from './search';
import { defineFsTool } from './fs-errors';

const GrepInput = z.strictObject({
  pattern: z.string().min(1).describe('A JavaScript regular expression'),
  glob: z.string().optional().describe('Only search files whose paths match this glob'),
  ignore_case: z.boolean().optional().describe('Match letters regardless of case'),
});

function regex(pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch (thrown) {
    throw new ToolError(
      'BAD_PATTERN',
      `the pattern /${pattern}/ is invalid: ${(thrown as Error).message}`,
      'fix the regular expression',
    );
  }
}

/** `grep`: lines matching a regular expression across the workspace, capped with the total counted. */
export function grepTool(fs: FsBackend, cap = 50) {
  return defineFsTool({
    name: 'grep',
    words: { zh: '用正则表达式搜索文件内容，返回匹配的行，并说明一共匹配了多少处。' },
    description: `Search file contents with a regular expression. Returns matching lines as path:line: text, at most ${cap}; the result always says how many matches there were in all and how many were left out.`,
    input: GrepInput,
    output: SearchValue,
    async execute(args) {
      const re = regex(args.pattern, args.ignore_case ?? false);
      const inScope = args.glob ? await pathMatcher(args.glob) : () => true;
      const all: SearchValue['matches'] = [];
      for (const info of await fs.list()) {
        if (!inScope(info.path)) continue;
        const file = await fs.read(info.path);
        textLines(file?.content ?? '').forEach((line, i) => {
          if (re.test(line)) all.push({ path: info.path, line: i + 1, text: cutLine(line, 200) });
        });
      }
      return capped(`/${args.pattern}/${args.ignore_case ? 'i' : ''}`, all, cap);
    },
    render: (_args, value) => renderSearch(value, ['match', 'matches'], 'narrow the pattern or add a glob'),
    presentationMeta: (_args, value) => value,
    presentResult: (_args, result) => searchCard(result, 'grep'),
  });
}
