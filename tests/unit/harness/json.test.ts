import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonValue, checkJson, parseJson, toJson, utf8Length } from '../../../src/harness';

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

  it('copies a __proto__ key as an own key, leaving the copy a plain object', () => {
    const checked = toJson(JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}'));
    const value = checked.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the path of a cycle through an array', () => {
    const list: unknown[] = [1];
    list.push({ again: list });
    expect(toJson({ list })).toEqual({
      ok: false,
      error: '$.list[1].again: the value refers to itself (a cycle)',
    });
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

/** `[[[…0…]]]`, `depth` arrays deep, built without recursion. */
const nested = (depth: number): unknown => {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('checkJson', () => {
  it('accepts a value exactly as deep as the limit and returns it unchanged', () => {
    const value = nested(64);
    expect(checkJson(value)).toEqual({ ok: true, value });
    expect(checkJson(value).value).toBe(value);
  });

  it('refuses one level more with JSON_TOO_DEEP, naming where', () => {
    const checked = checkJson({ a: nested(64) });
    expect(checked.ok).toBe(false);
    expect(checked.error?.code).toBe('JSON_TOO_DEEP');
    expect(checked.error?.at).toBe(`$.a${'[0]'.repeat(63)}`);
  });

  it('refuses a value 100,000 levels deep without overflowing the stack', () => {
    expect(checkJson(nested(100_000)).error?.code).toBe('JSON_TOO_DEEP');
  });

  it('counts every value against maxNodes', () => {
    expect(checkJson([1, 2, 3], { maxNodes: 4 }).ok).toBe(true);
    expect(checkJson([1, 2, 3, 4], { maxNodes: 4 }).error).toMatchObject({
      code: 'JSON_TOO_MANY_NODES',
      at: '$[3]',
    });
  });

  it('bounds the length of strings and of keys', () => {
    expect(checkJson({ s: 'abcd' }, { maxStringLength: 3 }).error).toMatchObject({
      code: 'JSON_STRING_TOO_LONG',
      at: '$.s',
    });
    expect(checkJson({ abcd: 1 }, { maxStringLength: 3 }).error?.code).toBe('JSON_STRING_TOO_LONG');
  });

  it('refuses what is not JSON with JSON_NOT_JSON', () => {
    expect(checkJson({ d: new Date(0) }).error).toMatchObject({ code: 'JSON_NOT_JSON', at: '$.d' });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true }), (value) => {
        expect(() => checkJson(value, { maxDepth: 3, maxNodes: 20 })).not.toThrow();
      }),
    );
  });

  it('agrees with JSON.stringify and JSON.parse on every JSON value within the limits', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const checked = checkJson(value);
        expect(checked.ok).toBe(true);
        expect(toJson(value).value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('parseJson', () => {
  it('parses JSON text', () => {
    expect(parseJson('{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] } });
  });

  it('refuses text that is not JSON with JSON_SYNTAX', () => {
    expect(parseJson('{"a":').error?.code).toBe('JSON_SYNTAX');
  });

  it('refuses text 20,000 levels deep with JSON_TOO_DEEP', () => {
    const text = '['.repeat(20_000) + ']'.repeat(20_000);
    expect(parseJson(text).error).toMatchObject({ code: 'JSON_TOO_DEEP' });
  });

  it('counts UTF-8 bytes, not characters, against maxBytes', () => {
    // "é" is 2 bytes: 4 of them in quotes are 10 bytes.
    expect(parseJson('"éééé"', { maxBytes: 10 }).ok).toBe(true);
    expect(parseJson('"ééééé"', { maxBytes: 11 }).error?.code).toBe('JSON_TOO_LARGE');
  });
});

describe('utf8Length', () => {
  it('is the length TextEncoder gives, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});

describe('JsonValue', () => {
  it('refuses a value 3,000 levels deep with an issue, not a stack overflow', () => {
    const parsed = JsonValue.safeParse(nested(3000));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('nested deeper than 64 levels');
  });

  it('gives the value back as it was', () => {
    const value = { a: [1, { b: 'c' }] };
    expect(JsonValue.parse(value)).toBe(value);
  });
});

describe('toJson keeps a __proto__ key a key', () => {
  it('copies it as an own property, never as the prototype', () => {
    const copied = toJson(JSON.parse('{"__proto__":{"polluted":true}}')).value as Record<string, unknown>;
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.keys(copied)).toEqual(['__proto__']);
    expect((copied as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
