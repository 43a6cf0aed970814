import { describe, expect, it } from 'vitest';
import { toJson } from '../../../src/harness';

describe('toJson', () => {
  it('names the path of an offending array item', () => {
    expect(toJson({ a: [1, NaN] })).toEqual({ ok: false, error: '$.a[1]: NaN is not a JSON number' });
  });

  it('names the path of an offending nested property', () => {
    expect(toJson({ a: { b: () => 1 } })).toEqual({ ok: false, error: '$.a.b: a function is not JSON' });
  });

  it('names the path of undefined inside an array', () => {
    expect(toJson([[1], [2, undefined]])).toEqual({ ok: false, error: '$[1][1]: undefined is not JSON' });
  });

  it('names the path where a cycle closes', () => {
    const a: { b: { back?: unknown } } = { b: {} };
    a.b.back = a;
    expect(toJson(a)).toEqual({ ok: false, error: '$.b.back: the value refers to itself (a cycle)' });
  });

  it('names the property whose getter threw', () => {
    const value = {
      get size(): number {
        throw new Error('no');
      },
    };
    expect(toJson({ file: value })).toEqual({ ok: false, error: '$.file.size: its getter threw' });
  });

  it('names the class of an instance', () => {
    expect(toJson({ m: new Map() })).toEqual({ ok: false, error: '$.m: an instance of Map is not JSON' });
  });

  it('does not throw on a revoked proxy', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toJson({ p: proxy })).toMatchObject({ ok: false, error: expect.stringContaining('threw') });
  });

  it('accepts the same object twice when it is not a cycle', () => {
    const shared = { n: 1 };
    expect(toJson({ a: shared, b: shared })).toEqual({ ok: true, value: { a: { n: 1 }, b: { n: 1 } } });
  });

  it('returns a fresh copy', () => {
    const input = { list: [{ n: 1 }] };
    const checked = toJson(input);
    expect(checked.value).toEqual(input);
    expect(checked.value).not.toBe(input);
  });

  it('refuses a hole in an array, as it does undefined', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(toJson([1, , 3])).toEqual({ ok: false, error: '$[1]: undefined is not JSON' });
  });

  it('gives -0 as 0, the number JSON brings back', () => {
    const checked = toJson({ n: -0 });
    expect(Object.is((checked.value as { n: number }).n, 0)).toBe(true);
  });

  it('gives exactly what JSON.stringify and JSON.parse would', () => {
    const input = { s: 'x', n: 1.5, b: false, z: null, list: [{}, []], gone: undefined };
    expect(toJson(input).value).toEqual(JSON.parse(JSON.stringify(input)));
  });
});
