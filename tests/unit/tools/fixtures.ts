import { Hooks, Registry, Session, type LiveCall } from '../../../src/harness';
import { MemoryBackend } from '../../../src/fs/memory';
import type { FsBackend } from '../../../src/fs/types';
import { fsObservationPolicy, type PolicySpec } from '../../../src/plugins/fs-observation-policy';
import { fileTools, type FileToolsSpec } from '../../../src/tools';

/** An external edit: someone other than the agent writes the file. */
export const outside = { kind: 'external', who: 'button' } as const;

/** A workspace with `files`, the file tools, and (unless `policy` is false) the observation policy. */
export async function mk(
  files: Record<string, string> = {},
  options: { policy?: PolicySpec | false; tools?: FileToolsSpec; fs?: FsBackend } = {},
) {
  const fs = options.fs ?? new MemoryBackend();
  for (const [path, content] of Object.entries(files))
    await fs.write(path, content, { kind: 'none' }, outside);
  const hooks = new Hooks();
  const policy = options.policy === false ? undefined : fsObservationPolicy(options.policy);
  if (policy) hooks.install(policy);
  const registry = new Registry();
  for (const tool of fileTools(fs, options.tools)) registry.register(tool);
  const session = (id = 's1') => new Session({ id, registry, hooks });
  const s = session();
  const call = (tool: string, args: unknown, on = s): Promise<LiveCall> => on.call(tool, args);
  const content = async (path: string) => (await fs.read(path))?.content;
  return { fs, hooks, policy, registry, session, s, call, content };
}

/** The error code of a call, or undefined when it succeeded. */
export const code = (c: LiveCall) => c.outcome.result.error?.code;

/** The model's text of a call. */
export const said = (c: LiveCall) => c.entry.result?.modelText ?? '';
