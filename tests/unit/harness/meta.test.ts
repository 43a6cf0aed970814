import { describe, expect, it } from 'vitest';
import { text } from '../../../src/harness';
import { mk, run } from './fixtures';

/** The echo tool with a presentationMeta returning `meta`. */
const withMeta = (meta: () => unknown) => mk({ presentationMeta: meta as () => never });
const cyclic = () => {
  const node: { name: string; self?: unknown } = { name: 'loop' };
  node.self = node;
  return node;
};
class Point {
  constructor(
    readonly x = 1,
    readonly y = 2,
  ) {}
}

describe('presentationMeta must be JSON', () => {
  it.each([
    ['a Date', () => ({ at: new Date(0) })],
    ['a function', () => ({ format: () => 'x' })],
    ['a cycle', cyclic],
    ['NaN', () => ({ ratio: NaN })],
    ['Infinity', () => ({ ratio: Infinity })],
    ['-Infinity', () => ({ ratio: -Infinity })],
    ['a BigInt', () => ({ size: 10n })],
    ['undefined inside an array', () => ({ items: [1, undefined, 3] })],
    ['a symbol', () => ({ tag: Symbol('t') })],
    ['a class instance', () => ({ at: new Point() })],
    ['a Map', () => ({ index: new Map([['a', 1]]) })],
    [
      'a getter that throws',
      () => ({
        get size(): number {
          throw new Error('no size');
        },
      }),
    ],
  ])('answers META_NOT_JSON for %s', async (_label, meta) => {
    const { result } = await run([withMeta(meta)], 'echo', { message: 'x' });
    expect(result.error?.code).toBe('META_NOT_JSON');
  });

  it('answers META_NOT_JSON when presentationMeta throws', async () => {
    const meta = () => {
      throw new Error('no meta today');
    };
    const { result } = await run([withMeta(meta)], 'echo', { message: 'x' });
    expect(result.error).toMatchObject({
      code: 'META_NOT_JSON',
      message: expect.stringContaining('no meta today'),
    });
  });

  it('says where the offending part is', async () => {
    const { result } = await run([withMeta(() => ({ rows: [{ at: new Date(0) }] }))], 'echo', {
      message: 'x',
    });
    expect(result.error?.message).toContain('$.rows[0].at: a Date is not JSON');
  });

  it('drops the value of a call whose meta is not JSON', async () => {
    const outcome = await run([withMeta(() => ({ n: NaN }))], 'echo', { message: 'x' });
    expect(outcome).not.toHaveProperty('value');
  });

  it('drops undefined object properties instead of failing', async () => {
    const { result } = await run([withMeta(() => ({ kept: 1, dropped: undefined }))], 'echo', {
      message: 'x',
    });
    expect(result).toEqual({ content: text('x'), meta: { kept: 1 } });
  });

  it('accepts an object without a prototype', async () => {
    const meta = () => Object.assign(Object.create(null) as object, { n: 1 });
    const { result } = await run([withMeta(meta)], 'echo', { message: 'x' });
    expect(result.meta).toEqual({ n: 1 });
  });
});
