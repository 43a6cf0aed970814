import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cardKinds } from '../../../src/harness';
import { toolCatalog } from '../../../src/run/tool-catalog';
import { cardKindNames, toolNames } from '../../../scripts/lint/no-tool-names.mjs';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the rule for `code` written at `path`, as `line:column name`. */
async function flagged(code: string, path = 'src/ui/snippet.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return result!.messages
    .filter((m) => m.ruleId === 'playground/no-tool-names')
    .map((m) => `${m.line}:${m.column} ${/"(\w+)"/.exec(m.message)?.[1]}`);
}

describe('the lint rule no-tool-names', () => {
  it('fires on a table in src/ui keyed by tool names', async () => {
    const code = "export const words = { edit: 'e', 'sql_query': 'q', read: 'r' };\n";
    expect(await flagged(code)).toEqual(['1:24 edit', '1:35 sql_query']);
  });

  it('fires on a tool name compared or passed as a string', async () => {
    const code = [
      'export const isWrite = (tool: string) => tool === "write";',
      'export const call = { call: `never_returns` };',
    ].join('\n');
    expect(await flagged(code)).toEqual(['1:51 write', '2:29 never_returns']);
  });

  it('does not fire on a card kind, even one that is also a tool name', async () => {
    const code = [
      "export function label(card: { card: 'read' | 'diff' | 'search' }): string {",
      '  switch (card.card) {',
      "    case 'read':",
      "      return 'read';",
      '    default:',
      '      return card.card;',
      '  }',
      '}',
    ].join('\n');
    expect(await flagged(code)).toEqual([]);
  });

  it('does not fire outside src/ui, where tools are defined and composed', async () => {
    expect(await flagged("export const name = 'edit';\n", 'src/run/snippet.ts')).toEqual([]);
  });

  it('knows every registered tool and every card kind', () => {
    expect(toolNames().sort()).toEqual(Object.keys(toolCatalog()).sort());
    expect(cardKindNames()).toEqual([...cardKinds]);
  });
});
