import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { inputJson, toolCatalog } from '../../../src/model/tool-catalog';
import { toolCatalog as fromTools, toolArgsSource } from '../../../src/run/tool-catalog';

// The scenario format checks calls with src/model/tool-args.ts, its copy of what the tools declare (it
// may not import the tools). Made again from the tools here, it must be the same file, and each schema in
// it must give the same JSON Schema as its tool's: a tool whose arguments change fails this test until
// the copy is written again with
//   UPDATE_TOOL_CATALOG=1 npx vitest run tests/unit/run/tool-catalog.test.ts
const file = new URL('../../../src/model/tool-args.ts', import.meta.url);

describe('the tool catalog', () => {
  it('is the file made from the tools', async () => {
    const filepath = fileURLToPath(file);
    const made = await format(toolArgsSource(), { ...(await resolveConfig(filepath)), filepath });
    if (process.env.UPDATE_TOOL_CATALOG === '1') writeFileSync(file, made);
    expect(readFileSync(file, 'utf8')).toBe(made);
  });

  it('gives each tool’s arguments the JSON Schema the tool gives, its set and whether it holds a table', () => {
    const tools = fromTools();
    expect(Object.keys(toolCatalog)).toEqual(Object.keys(tools));
    for (const [name, tool] of Object.entries(tools)) {
      const entry = toolCatalog[name]!;
      expect(inputJson(entry.input), name).toEqual(tool.input);
      expect({ set: entry.set, table: entry.table }, name).toEqual({ set: tool.set, table: tool.table });
    }
  });

  it('knows every set’s tools, the file tools among them', () => {
    expect(toolCatalog.read?.set).toBe('files');
    expect(toolCatalog.sql_query).toMatchObject({ set: 'sql', table: true });
    expect(toolCatalog.grep).toMatchObject({ set: 'files', table: false });
    expect(Object.values(toolCatalog).filter((t) => t.table)).toHaveLength(1);
  });
});
