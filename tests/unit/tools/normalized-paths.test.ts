// README "Hooks" and "Writing a plugin in the lab": a tool's path arguments are normalized before any
// hook sees them, so a path rule written as `startsWith('/app/')` holds for every spelling of a path.
import { describe, expect, it } from 'vitest';
import { postExecute, preExecute, type Plugin, type PreExecuteInput } from '../../../src/harness';
import { editIntent } from '../../../src/contracts';
import { code, mk } from './fixtures';

const seen: unknown[] = [];
const insideApp: Plugin = {
  name: 'inside-app',
  contributions: [
    preExecute.of(({ tool, args }: PreExecuteInput) => {
      const path = (args as { path?: unknown }).path;
      seen.push(path);
      return tool !== 'read' && typeof path === 'string' && !path.startsWith('/app/')
        ? { verdict: 'deny', reason: `${path} is outside /app` }
        : { verdict: 'allow' };
    }),
  ],
};

async function world() {
  seen.length = 0;
  const w = await mk({ '/app/a.txt': 'a\n' }, { policy: false });
  w.hooks.install(insideApp);
  return w;
}

const bypasses = [
  '/app/../escape.txt',
  '/app/./../escape.txt',
  '/app/sub/../../escape.txt',
  '//escape.txt',
  '/app/..//escape.txt/.',
  'app/../escape.txt',
  '/app/../apple',
  '/application',
  '/app',
  '/./app/.././app2/x.txt',
];

describe('path arguments are normalized before any hook', () => {
  it.each(bypasses)('a deny-outside-/app rule is not walked around by %s', async (raw) => {
    const w = await world();
    const call = await w.call('write', { path: raw, content: 'x' });
    expect(code(call)).toBe('HOOK_DENIED');
    expect(await w.fs.list()).toEqual([expect.objectContaining({ path: '/app/a.txt' })]);
  });

  it.each([
    ['/app//b.txt', '/app/b.txt'],
    ['/app/./b.txt', '/app/b.txt'],
    ['/app/x/../b.txt/.', '/app/b.txt'],
    ['app/b.txt/', '/app/b.txt'],
  ])('an allowed %s is written at exactly %s, the path the hook approved', async (raw, normal) => {
    const w = await world();
    const call = await w.call('write', { path: raw, content: 'x' });
    expect(code(call)).toBeUndefined();
    expect(seen).toEqual([normal]);
    expect((await w.fs.list()).map((f) => f.path).sort()).toEqual(['/app/a.txt', normal]);
  });

  it('the log and the call card keep what the model wrote', async () => {
    const w = await world();
    const call = await w.call('write', { path: '/app//b.txt', content: 'x' });
    const logged = w.s.events.find((e) => e.type === 'tool/call');
    expect(logged).toMatchObject({ args: { path: '/app//b.txt' } });
    expect(call.entry.args).toEqual({ path: '/app//b.txt', content: 'x' });
    expect(call.entry.call.card).toMatchObject({ body: expect.stringContaining('/app//b.txt') });
  });

  it('the intent slots and post-execute see the normal path too', async () => {
    const w = await world();
    const paths: unknown[] = [];
    w.hooks.add('watch', [
      editIntent.of(({ path }) => {
        paths.push(path);
        return { verdict: 'proceed', guard: { kind: 'none' } };
      }),
      postExecute.of(({ args }) => {
        paths.push((args as { path: string }).path);
        return { action: 'pass' };
      }),
    ]);
    await w.call('edit', { path: '/app/sub/..//a.txt', old_string: 'a', new_string: 'b' });
    expect(paths).toEqual(['/app/a.txt', '/app/a.txt']);
    expect(await w.content('/app/a.txt')).toBe('b\n');
  });

  it('every file tool declares its path field, str_replace_editor in each command', async () => {
    const w = await world();
    for (const [tool, args, normal] of [
      ['read', { path: '/app/../app/a.txt' }, '/app/a.txt'],
      ['str_replace_editor', { command: 'create', path: '/app/../x.txt', file_text: 'x' }, '/x.txt'],
      ['edit', { path: '/app//a.txt/.', old_string: 'a', new_string: 'b' }, '/app/a.txt'],
      ['ls', { path: '/app/sub/..' }, '/app'],
    ] as const) {
      seen.length = 0;
      await w.call(tool, args);
      expect(seen, tool).toEqual([normal]);
    }
  });

  it('a path that cannot be normalized ends the call with FS_INVALID_PATH before any hook', async () => {
    const w = await world();
    const call = await w.call('write', { path: '/../../etc/passwd', content: 'x' });
    expect(code(call)).toBe('FS_INVALID_PATH');
    expect(seen).toEqual([]);
    expect(w.s.events.some((e) => e.type === 'plugin/decision')).toBe(false);
  });
});
