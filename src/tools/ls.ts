import { z } from 'zod';
import { normalizePath } from '../fs/paths';
import type { FsBackend } from '../fs/types';
import { capped, renderSearch, SearchValue, searchCard } from './search';
import { defineFsTool } from './fs-errors';

const LsInput = z.strictObject({
  path: z.string().optional().describe('Directory to list (default /)'),
});

/** `ls`: the files and directories directly inside a directory. Directories are implied by files. */
export function lsTool(fs: FsBackend, cap = 200) {
  return defineFsTool({
    name: 'ls',
    description: `List the files and directories directly inside a directory (default /). At most ${cap} entries are returned; the result says how many were left out.`,
    input: LsInput,
    output: SearchValue,
    async execute(args) {
      const dir = normalizePath(args.path ?? '/');
      const prefix = dir === '/' ? '/' : `${dir}/`;
      const entries = new Map<string, string | undefined>();
      for (const file of await fs.list()) {
        if (!file.path.startsWith(prefix)) continue;
        const [name, ...deeper] = file.path.slice(prefix.length).split('/');
        if (name)
          entries.set(
            deeper.length ? `${prefix}${name}/` : `${prefix}${name}`,
            deeper.length ? undefined : file.version,
          );
      }
      const all = [...entries.keys()]
        .sort()
        .map((path) => ({ path, ...(entries.get(path) ? { text: entries.get(path) } : {}) }));
      return capped(dir, all, cap);
    },
    render: (_args, value) => renderSearch(value, 'entries', 'list a subdirectory, or use glob'),
    presentationMeta: (_args, value) => value,
    presentResult: (_args, result) => searchCard(result, 'ls'),
  });
}
