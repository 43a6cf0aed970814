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

// The spellings a newcomer tries against such a rule. Percent escapes, backslashes and look-alike dots or
// slashes are characters of a name: nothing decodes or folds them later, so the path the hook judged is
// the path written.
describe('look-alike spellings are names, and the hook sees exactly the path written', () => {
  it.each([
    ['/app/%2e%2e/x.txt', '/app/%2e%2e/x.txt'],
    ['/app/..\\x.txt', '/app/..\\x.txt'],
    ['/app/\uff0e\uff0e/x.txt', '/app/\uff0e\uff0e/x.txt'], // full-width dots
    ['/app/\u2024\u2024/x.txt', '/app/\u2024\u2024/x.txt'], // one-dot leaders
    ['/app/..\u2215x.txt', '/app/..\u2215x.txt'], // a division slash
    ['/app/x.txt/.%2f..', '/app/x.txt/.%2f..'],
  ])('%j is written at %j, inside /app', async (raw, normal) => {
    const w = await world();
    const call = await w.call('write', { path: raw, content: 'x' });
    expect(code(call)).toBeUndefined();
    expect(seen).toEqual([normal]);
    expect((await w.fs.list()).map((f) => f.path).sort()).toEqual(['/app/a.txt', normal].sort());
  });

  it.each([
    ['\\app\\..\\x.txt', '/\\app\\..\\x.txt'],
    [' /app/x.txt', '/ /app/x.txt'],
    ['/app\uff0fx.txt', '/app\uff0fx.txt'], // a full-width slash: one name at the root
  ])('%j is the root name %j, outside /app, and denied', async (raw, normal) => {
    const w = await world();
    const call = await w.call('write', { path: raw, content: 'x' });
    expect(code(call)).toBe('HOOK_DENIED');
    expect(seen).toEqual([normal]);
    expect(await w.fs.list()).toEqual([expect.objectContaining({ path: '/app/a.txt' })]);
  });
});

// A path with a character nobody sees looks like another path on the card and in an approval, and one with
// a line break looks like two lines of a listing: it is refused before any hook is asked.
describe('a path with a control or invisible character', () => {
  it.each([
    ['a line break', '/app/x.txt\n/secrets/key', 'U+000A'],
    ['a tab', '/app/x\t.txt', 'U+0009'],
    ['a zero-width space', '/app/x\u200b.txt', 'U+200B'],
    ['a right-to-left override', '/app/x\u202etxt.sh', 'U+202E'],
    ['a byte order mark', '\ufeff/app/x.txt', 'U+FEFF'],
    ['a line separator', '/app/x\u2028.txt', 'U+2028'],
    ['half a surrogate pair', '/app/x\ud800.txt', 'U+D800'],
    ['a C1 control', '/app/x\u0085.txt', 'U+0085'],
  ])('(%s) ends the call with FS_INVALID_PATH naming it, before any hook', async (_what, raw, point) => {
    const w = await world();
    const call = await w.call('write', { path: raw, content: 'x' });
    expect(code(call)).toBe('FS_INVALID_PATH');
    const error = call.outcome.result.error!;
    expect(error.message).toContain(`${point}, a control or invisible character`);
    expect(error.remedy).toBe('Write the path with visible characters only.');
    expect(seen).toEqual([]);
    expect(await w.fs.list()).toEqual([expect.objectContaining({ path: '/app/a.txt' })]);
  });

  it('is shown escaped in the message, so the message itself reads as written', async () => {
    const w = await world();
    const call = await w.call('read', { path: '/app/\u202etxt.exe' });
    const message = call.outcome.result.error!.message;
    expect(message).not.toMatch(/[\u202e]/u);
    expect(message).toContain('"/app/\\u202etxt.exe"');
  });
});

// README "Writing a plugin in the lab": judge what a call touches, not only its tool's name.
describe('a rule that nothing reads /secrets', () => {
  const rule = (alsoGrep: boolean): Plugin => ({
    name: 'no-secrets',
    contributions: [
      preExecute.of(({ tool, args }: PreExecuteInput) => {
        const path = String((args as { path?: unknown }).path);
        if (tool === 'read' && path.startsWith('/secrets/')) return { verdict: 'deny', reason: 'secret' };
        if (alsoGrep && tool === 'grep') return { verdict: 'deny', reason: 'grep reads every file' };
        return { verdict: 'allow' };
      }),
    ],
  });

  it('keyed on read alone, lets grep read the lines of /secrets', async () => {
    const w = await mk({ '/secrets/key': 'token=hunter2\n' }, { policy: false });
    w.hooks.install(rule(false));
    expect(code(await w.call('read', { path: '/secrets/../secrets/key' }))).toBe('HOOK_DENIED');
    const grep = await w.call('grep', { pattern: 'token' });
    expect(grep.entry.result?.modelText).toContain('hunter2');
  });

  it('judging grep as well, holds', async () => {
    const w = await mk({ '/secrets/key': 'token=hunter2\n' }, { policy: false });
    w.hooks.install(rule(true));
    const grep = await w.call('grep', { pattern: 'token' });
    expect(code(grep)).toBe('HOOK_DENIED');
    expect(grep.entry.result?.modelText).not.toContain('hunter2');
  });
});
