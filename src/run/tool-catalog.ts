import { z } from 'zod';
import { MemoryBackend } from '../fs/memory';
import { toolSets, type ToolSetContext } from './tool-sets';

const unused = () => Promise.reject(new Error('the catalog runs no tool'));

type JsonSchema = { [key: string]: unknown };

// Does a value of this JSON Schema hold a table (`columns` and `rows`) anywhere: at its top, or in a
// property, an item or a branch? The redaction plugins act on such tables.
function holdsTable(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const props = (schema as { properties?: Record<string, unknown> }).properties;
  if (props && 'columns' in props && 'rows' in props) return true;
  return Object.values(schema).some((part) =>
    Array.isArray(part) ? part.some(holdsTable) : holdsTable(part),
  );
}

/** One tool as the catalog has it: its set, the JSON Schema of its arguments, whether its value holds a table. */
export interface CatalogTool {
  set: string;
  input: JsonSchema;
  table: boolean;
}

/**
 * Every tool a scenario can call, by name, made from the tools themselves: the tool set it is in, the
 * JSON Schema of its arguments (exactly as the model is given it) and whether its value can hold a table.
 */
export function toolCatalog(): Record<string, CatalogTool> {
  const context: ToolSetContext = {
    fs: new MemoryBackend(),
    unicodeFallback: false,
    race: unused,
    sqlEngine: unused,
  };
  const catalog: Record<string, CatalogTool> = {};
  for (const [set, make] of Object.entries(toolSets)) {
    for (const tool of make(context)) {
      if (Object.hasOwn(catalog, tool.name)) throw new RangeError(`Two tools are named "${tool.name}"`);
      const { $schema: _s, ...input } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
      const output = z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' });
      catalog[tool.name] = { set, input, table: holdsTable(output) };
    }
  }
  return catalog;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const str = (value: unknown) => JSON.stringify(value);

// The zod code of a JSON Schema, for the kinds the tools' arguments use; any other kind is refused, so
// a new kind of argument is met here (and by the test that compares both schemas), not guessed at.
function zodOf(s: JsonSchema): string {
  const described = (code: string) => (s.description ? `${code}.describe(${str(s.description)})` : code);
  if (Array.isArray(s.oneOf)) {
    const branches = s.oneOf as JsonSchema[];
    const props = (branches[0]!.properties ?? {}) as Record<string, JsonSchema>;
    const key = Object.keys(props).find((k) => props[k]!.const !== undefined);
    if (!key) throw new RangeError(`No discriminator in ${str(s)}`);
    return described(`z.discriminatedUnion(${str(key)}, [${branches.map(zodOf).join(', ')}])`);
  }
  if (s.const !== undefined) return described(`z.literal(${str(s.const)})`);
  if (Array.isArray(s.enum)) return described(`z.enum(${str(s.enum)})`);
  const bound = (name: string, value: unknown, skip?: number) =>
    typeof value === 'number' && value !== skip ? `.${name}(${value})` : '';
  switch (s.type) {
    case 'object': {
      const required = new Set((s.required as string[] | undefined) ?? []);
      const props = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(
        ([k, v]) => `${str(k)}: ${zodOf(v)}${required.has(k) ? '' : '.optional()'}`,
      );
      const strict = s.additionalProperties === false ? 'strictObject' : 'object';
      return described(`z.${strict}({ ${props.join(', ')} })`);
    }
    case 'string':
      return described(`z.string()${s.format === 'uri' ? '.url()' : ''}${bound('min', s.minLength)}`);
    case 'integer':
      return described(
        `z.number().int()${bound('min', s.minimum, -MAX_SAFE)}${bound('max', s.maximum, MAX_SAFE)}`,
      );
    case 'boolean':
      return described('z.boolean()');
    case 'array':
      if (Array.isArray(s.prefixItems) && s.items === false)
        return described(`z.tuple([${(s.prefixItems as JsonSchema[]).map(zodOf).join(', ')}])`);
      return described(
        `z.array(${zodOf(s.items as JsonSchema)})${bound('min', s.minItems)}${bound('max', s.maxItems)}`,
      );
    default:
      throw new RangeError(`No zod code for the JSON Schema ${str(s)}`);
  }
}

/**
 * The source of `src/model/tool-args.ts`: the catalog as zod code, for the scenario format (which may
 * not import the tools, and checks each call's arguments with it). Made from the tools' JSON Schemas;
 * tests/unit/run/tool-catalog.test.ts holds the file to this, and each schema in it to its tool's.
 */
export function toolArgsSource(): string {
  const entries = Object.entries(toolCatalog()).map(
    ([name, t]) => `  ${name}: { set: ${str(t.set)}, table: ${t.table}, input: ${zodOf(t.input)} },`,
  );
  return [
    '// Made from the tools by toolArgsSource() in src/run/tool-catalog.ts: do not edit. Write it again with',
    '//   UPDATE_TOOL_CATALOG=1 npx vitest run tests/unit/run/tool-catalog.test.ts',
    "import { z } from 'zod';",
    "import type { ToolCatalog } from './tool-catalog-entry';",
    '',
    '/** The tools a scenario can call, by name: the set each is in, whether its value holds a table, its arguments. */',
    'export const toolArgs: ToolCatalog = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}
