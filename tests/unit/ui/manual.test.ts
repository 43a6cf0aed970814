import { describe, expect, it } from 'vitest';
import { exampleArgs } from '../../../src/ui/manual';

describe('exampleArgs', () => {
  it('fills the required fields of the first variant with simple values', () => {
    const schema = {
      oneOf: [
        {
          type: 'object',
          properties: {
            path: { type: 'string' },
            n: { type: 'integer' },
            op: { const: 'view' },
            all: { type: 'boolean' },
          },
          required: ['op', 'path', 'n', 'all'],
        },
      ],
    };
    expect(exampleArgs(schema, '/a.txt')).toEqual({ op: 'view', path: '/a.txt', n: 1, all: false });
  });

  it('follows only a few levels of variants, however deep the schema goes', () => {
    let schema: Record<string, unknown> = { type: 'object', properties: {}, required: ['deepest'] };
    for (let i = 0; i < 100_000; i++) schema = { oneOf: [schema], required: [`level${i}`] };
    expect(() => exampleArgs(schema, '/')).not.toThrow();
    expect(Object.keys(exampleArgs(schema, '/'))).toEqual([`level${100_000 - 9}`]);
  });

  it('ignores required names that are not strings, and properties inherited from Object', () => {
    expect(exampleArgs({ required: [1, 'toString', null] }, '/')).toEqual({ toString: '' });
  });
});
