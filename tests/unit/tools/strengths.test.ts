import { describe, expect, it } from 'vitest';
import { strengthTools } from '../../../src/tools/strengths';
import { code, mk, outside } from './fixtures';

/** A workspace with the three strength tools; `race` lands an external edit in each write's gap. */
async function race(landInGap: boolean) {
  const w = await mk({ '/a.conf': 'limit = 10\n' });
  const gap = async (path: string) => {
    if (landInGap) await w.fs.write(path, 'limit = 99\n', { kind: 'none' }, outside);
  };
  for (const tool of strengthTools(w.fs, gap)) w.registry.register(tool);
  return w;
}

describe.each([
  ['write_prompt_rule', undefined, 'mine\n'],
  ['write_runtime_check', undefined, 'mine\n'],
  ['write_credential', 'FS_STALE_VERSION', 'limit = 99\n'],
])('%s, with a change landing in the gap', (tool, expected, final) => {
  it(expected ? 'refuses and keeps the other change' : 'overwrites the other change', async () => {
    const w = await race(true);
    await w.call('read', { path: '/a.conf' });
    expect(code(await w.call(tool, { path: '/a.conf', content: 'mine\n' }))).toBe(expected);
    expect(await w.content('/a.conf')).toBe(final);
  });
});

describe('the runtime check', () => {
  it('does catch a change made before its check', async () => {
    const w = await race(false);
    await w.call('read', { path: '/a.conf' });
    await w.fs.write('/a.conf', 'limit = 99\n', { kind: 'none' }, outside);
    expect(code(await w.call('write_runtime_check', { path: '/a.conf', content: 'mine\n' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(code(await w.call('write_prompt_rule', { path: '/a.conf', content: 'mine\n' }))).toBeUndefined();
  });

  it('refuses an unread existing file like the credential does', async () => {
    const w = await race(false);
    expect(code(await w.call('write_runtime_check', { path: '/a.conf', content: 'x' }))).toBe(
      'FS_NOT_OBSERVED',
    );
  });
});
