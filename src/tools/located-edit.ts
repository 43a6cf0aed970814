import type { FsBackend } from '../fs/types';
import { editTool, type EditSpec } from './edit';

/** The text of `content` an edit's `old_string` stands for, when a looser matcher finds it (else null). */
export type Locate = (content: string, oldString: string) => string | null;

/**
 * `edit` with a matcher of the policy's choosing in front of the backend's exact search: when `locate`
 * finds the text `old_string` stands for, that text is what gets replaced (with `new_string` as the model
 * wrote it). The call and its card still show the model's own arguments.
 */
export function locatedEditTool(fs: FsBackend, locate: Locate, spec: EditSpec = {}) {
  const exact = editTool(fs, spec);
  return {
    ...exact,
    execute: async (args: Parameters<typeof exact.execute>[0], ctx: Parameters<typeof exact.execute>[1]) => {
      // A path the backend refuses is refused by the edit itself, with its own error.
      const file = await fs.read(args.path).catch(() => null);
      const found = file && locate(file.content, args.old_string);
      return exact.execute(found ? { ...args, old_string: found } : args, ctx);
    },
  };
}
