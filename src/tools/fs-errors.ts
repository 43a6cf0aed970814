import { FsError } from '../fs/errors';
import { Tool, ToolError, type ToolSpec } from '../harness';

/**
 * The boundary between the filesystem and the tools: runs `work`, and an `FsError` it throws comes out as
 * the `ToolError` the model reads, with the same code, message and remedy. Anything else passes unchanged.
 */
export async function fromFs<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    if (thrown instanceof FsError) throw new ToolError(thrown.code, thrown.message, thrown.remedy);
    throw thrown;
  }
}

/** `Tool.define` for a tool that works on the filesystem: its `execute` runs inside `fromFs`. */
export function defineFsTool<I, O>(spec: ToolSpec<I, O>): ToolSpec<I, O> {
  const { execute } = spec;
  return Tool.define({ ...spec, execute: (args, ctx) => fromFs(() => execute(args, ctx)) });
}
