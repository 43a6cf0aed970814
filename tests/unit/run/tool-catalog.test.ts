import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { toolCatalog as fromTools } from '../../../src/run/tool-catalog';
import { toolCatalog } from '../../../src/model/tool-catalog';

// The scenario format checks calls against src/model/tool-catalog.json, its copy of what the tools
// declare (it may not import the tools). Made again from the tools here, it must be the same: a tool
// whose arguments change fails this test until the copy is written again with
//   UPDATE_TOOL_CATALOG=1 npx vitest run tests/unit/run/tool-catalog.test.ts
const file = new URL('../../../src/model/tool-catalog.json', import.meta.url);

describe('the tool catalog', () => {
  it('is what the tools declare', async () => {
    const made = fromTools();
    if (process.env.UPDATE_TOOL_CATALOG === '1') {
      const filepath = fileURLToPath(file);
      const options = { ...(await resolveConfig(filepath)), filepath };
      writeFileSync(file, await format(JSON.stringify(made), options));
    }
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
    expect(toolCatalog).toEqual(made);
  });

  it('knows every set’s tools, the file tools among them', () => {
    const catalog = fromTools();
    expect(catalog.read?.set).toBe('files');
    expect(catalog.sql_query).toMatchObject({ set: 'sql', table: true });
    expect(catalog.grep).toMatchObject({ set: 'files', table: false });
    expect(Object.values(catalog).filter((t) => t.table)).toHaveLength(1);
  });
});
