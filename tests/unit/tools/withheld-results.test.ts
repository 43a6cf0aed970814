// README "Hooks" (postExecute): a result a plugin turns into an error never reaches the model, so, as after
// a stop, nothing records what it held: a blocked read is not a read the observation policy counts, and the
// model is told to re-read before it edits. A result whose content a plugin replaced did reach the model.
import { describe, expect, it } from 'vitest';
import { postExecute, type PostDecision } from '../../../src/harness';
import { code, mk } from './fixtures';

const onRead = (decide: () => PostDecision) =>
  postExecute.of(({ tool }) => (tool === 'read' ? decide() : { action: 'pass' }));

async function readThenEdit(decide: () => PostDecision) {
  const w = await mk({ '/a.txt': 'alpha\n' });
  w.hooks.add('judge', [onRead(decide)]);
  const read = await w.call('read', { path: '/a.txt' });
  const edit = await w.call('edit', { path: '/a.txt', old_string: 'alpha', new_string: 'beta' });
  return { w, read, edit };
}

describe('a read result withheld from the model', () => {
  it('blocked: the edit after it is FS_NOT_OBSERVED, and the file is unchanged', async () => {
    const { w, read, edit } = await readThenEdit(() => ({ action: 'block', feedback: 'not now' }));
    expect(code(read)).toBe('BLOCKED');
    expect(code(edit)).toBe('FS_NOT_OBSERVED');
    expect(await w.content('/a.txt')).toBe('alpha\n');
    expect(w.s.events.some((e) => e.type === 'fs/observed')).toBe(false);
  });

  it('with a value the schema refuses: the edit after it is FS_NOT_OBSERVED', async () => {
    const { read, edit } = await readThenEdit(
      () => ({ action: 'accept', value: { nonsense: true } }) as unknown as PostDecision,
    );
    expect(code(read)).toBe('OUTPUT_INVALID');
    expect(code(edit)).toBe('FS_NOT_OBSERVED');
  });

  it('by a plugin that throws after it: the edit after it is FS_NOT_OBSERVED', async () => {
    const { read, edit } = await readThenEdit(() => {
      throw new Error('kaput');
    });
    expect(code(read)).toBe('PLUGIN_ERROR');
    expect(code(edit)).toBe('FS_NOT_OBSERVED');
  });

  it('but with its content replaced, it reached the model: the read counts', async () => {
    const { read, edit } = await readThenEdit(() => ({
      action: 'accept',
      content: [{ type: 'text', text: 'alpha (shown in other words)' }],
    }));
    expect(code(read)).toBeUndefined();
    expect(code(edit)).toBeUndefined();
  });

  it('a read that missed is still recorded as absent when its error was the tool’s own', async () => {
    const w = await mk({});
    w.hooks.add('judge', [onRead(() => ({ action: 'pass' }))]);
    const read = await w.call('read', { path: '/none.txt' });
    expect(code(read)).toBe('FS_NOT_FOUND');
    expect(w.s.events.filter((e) => e.type === 'fs/observed')).toHaveLength(1);
  });
});

describe('a write result withheld from the model', () => {
  it('blocked: the write stays, and the next write asks for a read first', async () => {
    const w = await mk({});
    w.hooks.add('judge', [
      postExecute.of(({ args }) =>
        (args as { content?: string }).content === 'one'
          ? { action: 'block', feedback: 'hidden' }
          : { action: 'pass' },
      ),
    ]);
    const first = await w.call('write', { path: '/n.txt', content: 'one' });
    expect(code(first)).toBe('BLOCKED');
    expect(await w.content('/n.txt')).toBe('one');
    const again = await w.call('write', { path: '/n.txt', content: 'two' });
    expect(code(again)).toBe('FS_NOT_OBSERVED');
    expect(await w.content('/n.txt')).toBe('one');
  });
});
