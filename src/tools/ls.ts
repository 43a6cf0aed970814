import { z } from 'zod';
import { ToolError, counted, plural } from '../harness';
import { normalizePath } from '../fs/paths';
import type { FsBackend } from '../fs/types';
import { capped, renderSearch, SearchValue, searchCard } from './search';
import { defineFsTool } from './fs-errors';
import { dirPath } from '../contracts/paths';

const LsInput = z.strictObject({
  path: z.string().optional().describe('Directory to list (default /)'),
});

/**
 * `ls`: the files and directories directly inside a directory. Directories are implied by files, so a
 * path with no file under it is no directory (`FS_NOT_FOUND`), except `/`; a file is `FS_NOT_DIRECTORY`.
 */
export function lsTool(fs: FsBackend, cap = 200) {
  return defineFsTool({
    name: 'ls',
    words: { zh: '列出一个目录下直接包含的文件和目录。' },
    description: `List the files and directories directly inside a directory (default /). At most ${counted(cap, 'entry', 'entries')} ${plural(cap, 'is', 'are')} returned; the result says how many were left out. A path that is a file is FS_NOT_DIRECTORY; one with nothing under it is FS_NOT_FOUND.`,
    input: LsInput,
    paths: { path: dirPath },
    output: SearchValue,
    async execute(args) {
      const dir = normalizePath(args.path ?? '/');
      const prefix = dir === '/' ? '/' : `${dir}/`;
      const entries = new Map<string, string | undefined>();
      const files = await fs.list();
      if (files.some((file) => file.path === dir)) {
        throw new ToolError(
          'FS_NOT_DIRECTORY',
          `${dir} is a file, not a directory`,
          `read it with read; to list the directory it is in, call ls with path ${parentOf(dir)}`,
        );
      }
      for (const file of files) {
        if (!file.path.startsWith(prefix)) continue;
        const [name, ...deeper] = file.path.slice(prefix.length).split('/');
        if (name)
          entries.set(
            deeper.length ? `${prefix}${name}/` : `${prefix}${name}`,
            deeper.length ? undefined : file.version,
          );
      }
      if (dir !== '/' && entries.size === 0) {
        throw new ToolError(
          'FS_NOT_FOUND',
          `there is no file or directory at ${dir}`,
          `check the path: list its parent with ls (path ${parentOf(dir)}), or search with glob`,
        );
      }
      const all = [...entries.keys()]
        .sort()
        .map((path) => ({ path, ...(entries.get(path) ? { text: entries.get(path) } : {}) }));
      return capped(dir, all, cap);
    },
    render: (_args, value) => renderSearch(value, ['entry', 'entries'], 'list a subdirectory, or use glob'),
    presentationMeta: (_args, value) => value,
    presentResult: (_args, result) => searchCard(result, 'ls'),
  });
}

/** The directory a path is in: `/src` for `/src/a.ts`, `/` for `/a.ts`. */
function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}
