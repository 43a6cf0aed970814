import { describe, expect, it } from 'vitest';
import { mk, said } from './fixtures';

const lines = (n: number, line: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => line(i + 1)).join('\n') + '\n';
const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** A read's `bytes` next to the size of the text the model got, for the file and arguments given. */
async function sizes(content: string, args: Record<string, unknown>, tool = 'read') {
  const w = await mk({ '/f.txt': content });
  const c = await w.call(tool, { path: '/f.txt', ...args });
  expect(c.outcome.result.error).toBeUndefined();
  const value = c.value as { bytes?: number; view?: { bytes: number } };
  return { bytes: value.view?.bytes ?? value.bytes, text: utf8(said(c)) };
}

describe('a window’s bytes are the size of the text the model reads', () => {
  it('for a whole small file', async () => {
    const { bytes, text } = await sizes(
      lines(20, (i) => `line ${i}`),
      {},
    );
    expect(bytes).toBe(text);
  });

  it('for a window in the middle, with notes before and after', async () => {
    const { bytes, text } = await sizes(
      lines(1500, (i) => `line ${i}`),
      { offset: 700, limit: 40 },
    );
    expect(bytes).toBe(text);
  });

  it('for long lines cut with a marker, and text beyond Latin-1', async () => {
    const content = lines(30, (i) => (i % 3 ? `第${i}行 ✓ 😀` : 'x'.repeat(2500)));
    const { bytes, text } = await sizes(content, { limit: 30 });
    expect(bytes).toBe(text);
  });

  it('for a window stopped at the byte cap', async () => {
    const { bytes, text } = await sizes(
      lines(2000, () => 'y'.repeat(1500)),
      { limit: 2000 },
    );
    expect(bytes).toBe(text);
  });

  it('for a view of str_replace_editor', async () => {
    const content = lines(300, (i) => `row ${i}`);
    const { bytes, text } = await sizes(
      content,
      { command: 'view', view_range: [10, 60] },
      'str_replace_editor',
    );
    expect(bytes).toBe(text);
  });
});
