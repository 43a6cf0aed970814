import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Registry, Tool, text } from '../../../src/harness';
import { mk } from './fixtures';

describe('Tool.define', () => {
  it.each(['', 'Read', '1read', '_read', 'read-file', 'read file', 'réad', 'a'.repeat(65)])(
    'rejects the name %j',
    (name) => {
      expect(() => mk({ name })).toThrow(RangeError);
    },
  );

  it('names the offending name in the error', () => {
    expect(() => mk({ name: 'Read-File' })).toThrow('"Read-File"');
  });

  it.each(['r', 'read', 'str_replace_editor', 'grep2', 'a'.repeat(64)])('accepts the name %j', (name) => {
    expect(mk({ name }).name).toBe(name);
  });

  it.each(['', '   ', '\n\t'])('rejects the description %j', (description) => {
    expect(() => mk({ description })).toThrow(/needs a description/);
  });
});

describe('Registry registration', () => {
  it('throws on a duplicate name at registration', () => {
    const registry = new Registry().register(mk());
    expect(() => registry.register(mk({ description: 'Another echo.' }))).toThrow(
      'A tool named "echo" is already registered',
    );
  });

  it('keeps the first tool when a duplicate is refused', () => {
    const first = mk();
    const registry = new Registry().register(first);
    expect(() => registry.register(mk())).toThrow();
    expect(registry.get('echo')).toBe(first);
  });

  it('lists tools in registration order', () => {
    const registry = new Registry().register(mk({ name: 'b' })).register(mk({ name: 'a' }));
    expect(registry.list().map((t) => t.name)).toEqual(['b', 'a']);
  });

  it('unregister frees the name for another tool', () => {
    const registry = new Registry().register(mk());
    registry.unregister('echo');
    expect(registry.get('echo')).toBeUndefined();
    expect(() => registry.register(mk())).not.toThrow();
  });
});

/** A representative tool: a windowed file read with defaults, bounds and descriptions. */
const read = Tool.define({
  name: 'read',
  description: 'Reads a window of a text file, with numbered lines.',
  input: z.strictObject({
    path: z.string().min(1).describe('The file to read, from the workspace root'),
    offset: z.number().int().positive().default(1).describe('The first line to show, 1-based'),
    limit: z.number().int().positive().max(2000).optional().describe('How many lines to show'),
    encoding: z.enum(['utf8', 'latin1']).optional(),
  }),
  output: z.object({ lines: z.array(z.string()) }),
  execute: () => ({ lines: [] }),
  render: (_args, value) => text(value.lines.join('\n')),
});

describe('Registry.schemas', () => {
  it('gives each tool as the model receives it', () => {
    expect(new Registry().register(read).schemas()).toMatchInlineSnapshot(`
      [
        {
          "description": "Reads a window of a text file, with numbered lines.",
          "inputSchema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "additionalProperties": false,
            "properties": {
              "encoding": {
                "enum": [
                  "utf8",
                  "latin1",
                ],
                "type": "string",
              },
              "limit": {
                "description": "How many lines to show",
                "exclusiveMinimum": 0,
                "maximum": 2000,
                "type": "integer",
              },
              "offset": {
                "default": 1,
                "description": "The first line to show, 1-based",
                "exclusiveMinimum": 0,
                "maximum": 9007199254740991,
                "type": "integer",
              },
              "path": {
                "description": "The file to read, from the workspace root",
                "minLength": 1,
                "type": "string",
              },
            },
            "required": [
              "path",
            ],
            "type": "object",
          },
          "name": "read",
        },
      ]
    `);
  });

  it('describes the input as sent, so a defaulted field is not required', () => {
    const [schema] = new Registry().register(read).schemas();
    expect(schema?.inputSchema['required']).toEqual(['path']);
  });

  it('gives one entry per registered tool, in order', () => {
    const registry = new Registry().register(read).register(mk());
    expect(registry.schemas().map((s) => s.name)).toEqual(['read', 'echo']);
  });
});
