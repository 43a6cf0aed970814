import type Picomatch from 'picomatch';
import { z } from 'zod';
import { ToolError, counted, plural } from '../harness';
import type { FsBackend } from '../fs/types';
import { capped, renderSearch, SearchValue, searchCard } from './search';
import { defineFsTool } from './fs-errors';

const GlobInput = z.strictObject({
  pattern: z.string().min(1).describe('A glob such as **/*.ts or /src/*.md'),
});

/** The glob library, fetched with the first call that matches a pattern (not on the first page's path). */
let library: Promise<typeof Picomatch> | null = null;

/** A matcher for absolute paths; patterns may be written with or without the leading slash. */
export async function pathMatcher(pattern: string): Promise<(path: string) => boolean> {
  library ??= import('picomatch').then(
    (m) => m.default,
    (error: unknown) => {
      library = null; // a chunk that failed to load is fetched again next time
      throw error;
    },
  );
  const picomatch = await library;
  try {
    const test = picomatch(pattern.replace(/^\//, ''), { dot: true });
    return (path) => test(path.replace(/^\//, ''));
  } catch (thrown) {
    throw new ToolError(
      'BAD_PATTERN',
      `the glob ${pattern} is invalid: ${String(thrown)}`,
      'fix the pattern',
    );
  }
}

/** `glob`: the paths of files matching a pattern, sorted. */
export function globTool(fs: FsBackend, cap = 100) {
  return defineFsTool({
    name: 'glob',
    words: { zh: '按通配模式查找文件路径（** 可以跨目录）。' },
    description: `Find files whose paths match a glob pattern (** crosses directories). At most ${counted(cap, 'path')} ${plural(cap, 'is', 'are')} returned; the result says how many were left out.`,
    input: GlobInput,
    output: SearchValue,
    async execute(args) {
      const matches = await pathMatcher(args.pattern);
      const all = (await fs.list()).filter((f) => matches(f.path)).map((f) => ({ path: f.path }));
      return capped(
        args.pattern,
        all.sort((a, b) => a.path.localeCompare(b.path)),
        cap,
      );
    },
    render: (_args, value) => renderSearch(value, ['file', 'files'], 'use a narrower pattern'),
    presentationMeta: (_args, value) => value,
    presentResult: (_args, result) => searchCard(result, 'glob'),
  });
}
