// README "Paths arrive normalized": a plugin's own tool declares its path fields (`paths`), and they are
// normalized like the file tools' before any hook sees the call; the tool runs on the path approved.
import { describe, expect, it } from 'vitest';
import { Hooks, Registry, postExecute, preExecute, type PreDecision } from '../../../src/harness';
import { Sandbox, sandboxTool } from '../../../src/sandbox';
import { checkToolPaths } from '../../../src/sandbox/tool-paths';
import { fakeWorkers } from './fake-link';
import { plugin } from './fixtures';

/** A tool `copy` whose `from` is a file and `into` a directory; `note` is not a path. */
const copyTool = (paths = "{ from: 'file', into: 'directory' }") => `export const tool = {
  name: 'copy',
  description: 'Says where it would copy a file.',
  inputSchema: {
    type: 'object',
    properties: { from: { type: 'string' }, into: { type: 'string' }, note: { type: 'string' } },
    required: ['from', 'into'],
  },
  paths: ${paths},
  execute(args) { return { from: args.from, into: args.into, note: args.note ?? null }; },
  render(args, value) { return [{ type: 'text', text: value.from + ' -> ' + value.into }]; },
};`;

async function load(source: string) {
  const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
  return { sandbox, loaded: await sandbox.load(source) };
}

/** A registry with the loaded tool and a deny-outside-/app rule on both its paths. */
async function mk() {
  const { sandbox, loaded } = await load(plugin(copyTool()));
  if (!loaded.ok || !loaded.tool) throw new Error(`no tool: ${JSON.stringify(loaded)}`);
  const registry = new Registry().register(sandboxTool(sandbox, loaded.tool));
  const seen: { pre?: unknown; post?: unknown } = {};
  const hooks = new Hooks();
  hooks.add('only-app', [
    preExecute.of(({ args }): PreDecision => {
      seen.pre = args;
      const { from, into } = args as { from: string; into: string };
      const inside = (p: string) => p === '/app' || p.startsWith('/app/');
      return inside(from) && inside(into)
        ? { verdict: 'allow' }
        : { verdict: 'deny', reason: 'outside /app' };
    }),
    postExecute.of(({ args }) => {
      seen.post = args;
      return { action: 'pass' };
    }),
  ]);
  const call = (args: unknown) =>
    registry.call({ callId: 'c', tool: 'copy', args }, { session: 's', hooks, emit: () => {} });
  return { call, seen };
}

describe('a sandboxed tool’s path fields', () => {
  it('reach the hooks and execute normalized; other fields stay as written', async () => {
    const { call, seen } = await mk();
    const outcome = await call({ from: 'app//src/./a.txt', into: '/app/out/', note: './x/../y' });
    const normal = { from: '/app/src/a.txt', into: '/app/out', note: './x/../y' };
    expect(seen.pre).toEqual(normal);
    expect(seen.post).toEqual(normal);
    expect(outcome.value).toEqual(normal);
  });

  it.each(['/app/../escape.txt', '/app/./../escape.txt', '//app/..//escape.txt', '/app/sub/../../x/.'])(
    'a deny-outside-/app rule is not walked around by %s',
    async (from) => {
      const { call } = await mk();
      const outcome = await call({ from, into: '/app' });
      expect(outcome.result.error?.code).toBe('HOOK_DENIED');
      expect(outcome.value).toBeUndefined();
    },
  );

  it('a path that cannot be normalized ends the call with FS_INVALID_PATH before any hook', async () => {
    const { call, seen } = await mk();
    const outcome = await call({ from: '/../../a', into: '/app' });
    expect(outcome.result.error?.code).toBe('FS_INVALID_PATH');
    expect(seen.pre).toBeUndefined();
  });

  it('a file field refuses the root, a directory field takes it', async () => {
    const { call } = await mk();
    expect((await call({ from: '/', into: '/app' })).result.error?.code).toBe('FS_INVALID_PATH');
    expect((await call({ from: '/app/a', into: '/' })).result.error?.code).toBe('HOOK_DENIED');
  });

  it.each([
    ["{ into: 'folder' }", "tool.paths.into must be 'file' or 'directory'"],
    ["{ missing: 'file' }", 'the inputSchema has no top-level property "missing"'],
    ["['from']", 'tool.paths must be an object of field names'],
  ])('a wrong declaration %s fails the load with PLUGIN_TOOL_SCHEMA', async (paths, message) => {
    const { loaded } = await load(plugin(copyTool(paths)));
    expect(loaded).toMatchObject({ ok: false, error: { code: 'PLUGIN_TOOL_SCHEMA' } });
    expect(loaded.error?.message).toContain(message);
  });
});

describe('checkToolPaths (the host’s own check)', () => {
  const schema = { type: 'object', properties: { p: { type: 'string' }, n: { type: 'number' } } };
  it('accepts string fields declared file or directory', () => {
    expect(checkToolPaths({ p: 'directory' }, schema)).toEqual({ ok: true, value: { p: 'directory' } });
  });
  it('refuses a field that is not a string', () => {
    expect(checkToolPaths({ n: 'file' }, schema)).toMatchObject({ ok: false });
  });
  it('refuses a field inherited from Object.prototype', () => {
    expect(checkToolPaths({ toString: 'file' }, schema)).toMatchObject({ ok: false });
  });
});
