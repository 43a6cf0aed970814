import { describe, expect, it } from 'vitest';
import { JsonValue } from '../../../src/harness';
import {
  Sandbox,
  TOOL_SCHEMA_LIMITS,
  checkToolSchema,
  sandboxTool,
  toolInput,
  type ToolInfo,
} from '../../../src/sandbox';
import { fakeWorkers } from './fake-link';
import { plugin } from './fixtures';

const object = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...more,
});
const refusal = (schema: unknown) => {
  const checked = checkToolSchema(schema);
  return checked.ok ? 'accepted' : checked.error;
};

/** `n` definitions, each using the next one twice: a few hundred bytes that expand to 2^n subschemas. */
const exponential = (n: number) => {
  const $defs: Record<string, unknown> = { [`d${n}`]: { type: 'string' } };
  for (let i = 0; i < n; i++)
    $defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  return object({ x: { $ref: '#/$defs/d0' } }, { $defs });
};

describe('checkToolSchema accepts', () => {
  it('ordinary schemas, and definitions used more than once', () => {
    const point = { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } };
    const schema = object(
      {
        from: { $ref: '#/$defs/point' },
        to: { $ref: '#/definitions/point' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      { $defs: { point }, definitions: { point }, required: ['from'] },
    );
    expect(checkToolSchema(schema)).toEqual({ ok: true, value: schema });
  });

  it('a $ref key inside default, const or examples, which is data and not a reference', () => {
    const schema = object({ a: { type: 'object', default: { $ref: '#/nowhere' }, examples: [{ $ref: 1 }] } });
    expect(refusal(schema)).toBe('accepted');
  });

  it('an exponential schema still within the bound', () => {
    expect(refusal(exponential(8))).toBe('accepted');
  });
});

describe('checkToolSchema refuses, with PLUGIN_TOOL_SCHEMA', () => {
  it('refs that expand exponentially past the bound, quickly', () => {
    expect(JSON.stringify(exponential(14)).length).toBeLessThan(3000);
    expect(refusal(exponential(14))).toEqual({
      code: 'PLUGIN_TOOL_SCHEMA',
      message: `the tool's inputSchema expands to more than ${TOOL_SCHEMA_LIMITS.maxExpanded} subschemas`,
    });
  });

  it('a definition that refers to itself', () => {
    const schema = object(
      { tree: { $ref: '#/$defs/node' } },
      { $defs: { node: object({ kids: { type: 'array', items: { $ref: '#/$defs/node' } } }) } },
    );
    expect(refusal(schema)).toMatchObject({ message: expect.stringContaining('is recursive') as string });
  });

  it('definitions that refer to each other, and a ref to the root', () => {
    const mutual = object(
      { a: { $ref: '#/$defs/a' } },
      { $defs: { a: { anyOf: [{ $ref: '#/$defs/b' }] }, b: { not: { $ref: '#/$defs/a' } } } },
    );
    expect(refusal(mutual)).toMatchObject({ message: expect.stringContaining('is recursive') as string });
    expect(refusal(object({ self: { $ref: '#' } }))).toMatchObject({ code: 'PLUGIN_TOOL_SCHEMA' });
  });

  it('more refs one inside another than the bound', () => {
    /** `refs` refs one inside another: x → d0 → d1 → … → a string. */
    const chain = (refs: number) => {
      const $defs: Record<string, unknown> = { [`d${refs - 1}`]: { type: 'string' } };
      for (let i = 0; i < refs - 1; i++) $defs[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
      return object({ x: { $ref: '#/$defs/d0' } }, { $defs });
    };
    expect(refusal(chain(TOOL_SCHEMA_LIMITS.maxRefDepth))).toBe('accepted');
    expect(refusal(chain(TOOL_SCHEMA_LIMITS.maxRefDepth + 1))).toMatchObject({
      message: expect.stringContaining(`more than ${TOOL_SCHEMA_LIMITS.maxRefDepth} $refs`) as string,
    });
  });

  it('refs that are not local, or lead nowhere', () => {
    for (const $ref of ['https://example.org/s.json', '#/$defs/missing', '#/properties/a', 7]) {
      expect(refusal(object({ a: { $ref } }, { $defs: {} }))).toMatchObject({ code: 'PLUGIN_TOOL_SCHEMA' });
    }
  });

  it('a schema nested past the JSON bound, or not an object', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { type: 'array', items: deep };
    expect(refusal(deep)).toMatchObject({
      message: expect.stringContaining('not JSON within the limits') as string,
    });
    expect(refusal([])).toMatchObject({ message: "the tool's inputSchema is not an object" });
  });

  it('a schema over the byte bound, saying its size and the bound', () => {
    const big = object({ a: { type: 'string', description: 'é'.repeat(4000) } });
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, big]));
    expect(refusal(object(many))).toMatchObject({
      code: 'PLUGIN_TOOL_SCHEMA',
      message: expect.stringMatching(/is \d+ KB of JSON, over the limit of 64 KB$/) as string,
    });
    expect(TOOL_SCHEMA_LIMITS.maxBytes).toBe(64 * 1024);
  });
});

describe('toolInput', () => {
  it('builds the validator of an accepted schema', () => {
    const input = toolInput(object({ n: { type: 'integer' } }, { required: ['n'] }), JsonValue);
    expect(input.ok && input.value.safeParse({ n: 1 }).success).toBe(true);
    expect(input.ok && input.value.safeParse({ n: 'one' }).success).toBe(false);
  });

  it('falls back to JSON only for an accepted schema zod cannot read', () => {
    const input = toolInput({ if: { type: 'string' }, then: { minLength: 1 } }, JsonValue);
    expect(input).toEqual({ ok: true, value: JsonValue });
  });

  it('builds nothing from a refused one', () => {
    expect(toolInput(exponential(14), JsonValue).ok).toBe(false);
  });
});

describe('a plugin tool with a bad schema', () => {
  const toolWith = (schema: unknown) =>
    plugin(`export const tool = { name: 'bad', description: 'A bad schema.', inputSchema: ${JSON.stringify(schema)},
      execute() { return 1; }, render() { return [{ type: 'text', text: '1' }]; } };`);

  it('is refused when it is loaded, with PLUGIN_TOOL_SCHEMA', async () => {
    const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
    const loaded = await sandbox.load(toolWith(exponential(14)));
    expect(loaded.ok).toBe(false);
    expect(loaded.error).toMatchObject({
      code: 'PLUGIN_TOOL_SCHEMA',
      reason: 'invalid',
      message: expect.stringContaining('tool "bad"') as string,
    });
    sandbox.dispose();
  });

  it('a schema made by code, too big to send (385 KB), is refused in words with PLUGIN_TOOL_SCHEMA', async () => {
    // Making 385 KB of schema takes a while on a loaded machine: the size, not the deadline, is tested.
    const sandbox = await Sandbox.create({ link: fakeWorkers().open, deadlineMs: 5000, graceMs: 50 });
    const loaded = await sandbox.load(
      plugin(`export const tool = { name: 'big', description: 'A big schema.',
        inputSchema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 2000 },
          (_, i) => ['p' + i, { type: 'string', description: 'x'.repeat(150) }])) },
        execute() { return 1; }, render() { return []; } };`),
    );
    expect(loaded.error).toEqual({
      code: 'PLUGIN_TOOL_SCHEMA',
      reason: 'invalid',
      message: 'tool "big": the tool\'s inputSchema is 376 KB of JSON, over the limit of 64 KB',
    });
    sandbox.dispose();
  });

  it('makes no harness tool when it is handed over directly', async () => {
    const sandbox = await Sandbox.create({ link: fakeWorkers().open, graceMs: 50 });
    const info: ToolInfo = {
      name: 'bad',
      description: 'A bad schema.',
      inputSchema: object({ a: { $ref: '#' } }) as ToolInfo['inputSchema'],
      functions: ['tool.execute', 'tool.render'],
    };
    expect(() => sandboxTool(sandbox, info)).toThrow(/PLUGIN_TOOL_SCHEMA|is recursive/);
    sandbox.dispose();
  });
});
