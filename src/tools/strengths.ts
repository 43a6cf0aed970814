import { z } from 'zod';
import type { FsBackend } from '../fs/types';
import {
  ChangeValue,
  PathArg,
  changeMeta,
  diffCard,
  renderChange,
  writeFile,
  type Strength,
} from './file-ops';
import { defineFsTool } from './fs-errors';
import { filePath } from '../contracts/paths';

const Input = z.strictObject({
  path: PathArg,
  content: z.string().describe('The whole new content of the file'),
});

const variants: { name: string; strength: Strength; rule: string; zh: string }[] = [
  {
    name: 'write_prompt_rule',
    strength: 'prompt',
    rule: 'If the file may have changed since you read it, please read it again first. (Nothing checks this.)',
    zh: '新建或覆盖文件。“先读再写”只写在说明里，没有任何检查。',
  },
  {
    name: 'write_runtime_check',
    strength: 'runtime-check',
    rule: 'The tool compares the version you read with the current one, then writes in a separate step.',
    zh: '新建或覆盖文件。先比较版本，再另外一步写入：两步之间仍可能被别人插队。',
  },
  {
    name: 'write_credential',
    strength: 'credential',
    rule: 'The backend checks the version you read inside the write itself; a changed file is refused.',
    zh: '新建或覆盖文件。后端在写入的同一步里核对版本，文件变了就拒绝。',
  },
];

/**
 * Three writes of one file, one per strength of the read-before-write rule, for the side-by-side race.
 * `gap(path)` is called where a race can land: after any check, before the write.
 */
export function strengthTools(fs: FsBackend, gap: (path: string) => Promise<void>) {
  return variants.map(({ name, strength, rule, zh }) =>
    defineFsTool({
      name,
      description: `Create or overwrite a file. ${rule}`,
      words: { zh },
      input: Input,
      paths: { path: filePath },
      output: ChangeValue,
      execute: (args, ctx) =>
        writeFile(fs, ctx, name, args.path, args.content, { strength, gap: () => gap(args.path) }),
      render: (_args, value) => renderChange(value),
      presentationMeta: (_args, value) => changeMeta(value),
      presentResult: (_args, result) => diffCard(result),
    }),
  );
}
