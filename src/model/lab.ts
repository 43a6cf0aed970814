import { z } from 'zod';

/** The most characters one plugin's source may have, in the lab and in a share link. */
export const MAX_PLUGIN_SOURCE = 16_000;
/** The most plugins the lab holds at once. */
export const MAX_LAB_PLUGINS = 4;

/**
 * One plugin of the plugin lab as it is kept and shared: its source, the language it is written in,
 * where its listeners go relative to the built-in policy, and whether it is switched on.
 */
export const LabPlugin = z.strictObject({
  source: z.string().max(MAX_PLUGIN_SOURCE),
  language: z.enum(['js', 'ts']),
  /** `pre`: before the built-in policy, so a slot decider of its own wins; `default`: after it. */
  order: z.enum(['pre', 'default']),
  enabled: z.boolean(),
});
export type LabPlugin = z.infer<typeof LabPlugin>;

/** The plugins of the lab, as a share link carries them. */
export const LabPlugins = z.array(LabPlugin).max(MAX_LAB_PLUGINS);

/** The module a new plugin starts from: every hook named, one of them doing something. */
export function starterPlugin(language: LabPlugin['language']): string {
  const typed = language === 'ts';
  return [
    `// A plugin is a module: its name, and the hooks it handles.${typed ? ' The API types are global.' : ''}`,
    `export const name = 'my-plugin';`,
    ``,
    `// Runs before every tool call: allow, deny (with a reason) or ask the person.`,
    typed ? `export const preExecute: PreExecute = (input) => {` : `export function preExecute(input) {`,
    typed ? `  const args = input.args as { path?: unknown };` : `  const args = input.args;`,
    `  if (input.tool === 'write' && String(args.path).endsWith('.lock')) {`,
    `    return { verdict: 'deny', reason: 'lock files are managed by the build' };`,
    `  }`,
    `  return { verdict: 'allow' };`,
    typed ? `};` : `}`,
    ``,
    `// Runs after a call: pass, or accept a new content (what the model reads)`,
    `// or a new value (what programs read), or block with feedback.`,
    typed
      ? `export const postExecute: PostExecute = (input) => ({ action: 'pass' });`
      : `export function postExecute(input) {\n  return { action: 'pass' };\n}`,
    ``,
  ].join('\n');
}
