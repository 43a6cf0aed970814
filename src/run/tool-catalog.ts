import { z } from 'zod';
import { MemoryBackend } from '../fs/memory';
import type { ToolCatalog, ToolCatalogEntry } from '../model/tool-catalog';
import { toolSets, type ToolSetContext } from './tool-sets';

const unused = () => Promise.reject(new Error('the catalog runs no tool'));

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

/**
 * Every tool a scenario can call, by name, made from the tools themselves: the tool set it is in, its
 * description, the JSON Schema of its arguments (as the model is given it) and whether its value can
 * hold a table. `src/model/tool-catalog.json` is this, written out for the scenario format (which may
 * not import the tools); tests/unit/run/tool-catalog.test.ts holds the two equal.
 */
export function toolCatalog(): ToolCatalog {
  const context: ToolSetContext = {
    fs: new MemoryBackend(),
    unicodeFallback: false,
    race: unused,
    sqlEngine: unused,
  };
  const catalog: Record<string, ToolCatalogEntry> = {};
  for (const [set, make] of Object.entries(toolSets)) {
    for (const tool of make(context)) {
      if (Object.hasOwn(catalog, tool.name)) throw new RangeError(`Two tools are named "${tool.name}"`);
      const { $schema: _s, ...input } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
      const output = z.toJSONSchema(tool.output, { io: 'output', unrepresentable: 'any' });
      catalog[tool.name] = {
        set: set as ToolCatalogEntry['set'],
        description: tool.description,
        input,
        table: holdsTable(output),
      };
    }
  }
  return catalog;
}
