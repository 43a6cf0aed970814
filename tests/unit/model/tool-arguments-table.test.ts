import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';
import { inputJson, labExampleTools, toolCatalog } from '../../../src/model';

// README "Write your own scenario" has a table of every tool's arguments. It is made here from the
// tools' own schemas (the catalog the format checks calls with) and must be what the README shows:
// a tool whose arguments change fails this test until the table is written again with
//   UPDATE_README=1 npx vitest run tests/unit/model/tool-arguments-table.test.ts
const readmeUrl = new URL('../../../README.md', import.meta.url);
const START = '<!-- tool-arguments: made from the tools by tests/unit/model/tool-arguments-table.test.ts -->';
const END = '<!-- /tool-arguments -->';

type Schema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  prefixItems?: Schema[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  oneOf?: Schema[];
};

const SAFE_MAX = Number.MAX_SAFE_INTEGER;
const code = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** What kind of value an argument takes, in a few words. */
function typeOf(s: Schema): string {
  if (s.const !== undefined) return code(s.const);
  if (s.enum) return s.enum.map(code).join(' or ');
  if (s.prefixItems) return `[${s.prefixItems.map(typeOf).join(', ')}]`;
  if (s.type === 'string') {
    if (s.format === 'uri') return 'string (a URL)';
    return s.minLength ? 'string, not empty' : 'string';
  }
  if (s.type === 'integer' || s.type === 'number') {
    const max = s.maximum !== undefined && s.maximum < SAFE_MAX ? s.maximum : undefined;
    if (s.minimum !== undefined && max !== undefined) return `${s.type} ${s.minimum} to ${max}`;
    if (s.minimum !== undefined) return `${s.type} ≥ ${s.minimum}`;
    return s.type;
  }
  return s.type ?? 'any';
}

type Row = { argument: string; type: string; required: string; meaning: string };

// A tool of several commands (str_replace_editor) gets one row per argument: the command's row lists
// the commands, and an argument only some commands take says which.
function rowsOf(input: Schema): Row[] {
  const branches = input.oneOf ?? [input];
  const key = input.oneOf
    ? Object.keys(branches[0]!.properties ?? {}).find((k) => branches[0]!.properties![k]!.const !== undefined)
    : undefined;
  const nameOf = (b: Schema) => (key ? String(b.properties![key]!.const) : '');
  const rows = new Map<string, Row & { in: string[]; needed: string[] }>();
  for (const branch of branches) {
    for (const [argument, schema] of Object.entries(branch.properties ?? {})) {
      const row = rows.get(argument) ?? { argument, type: '', required: '', meaning: '', in: [], needed: [] };
      if (argument === key) {
        row.type = [row.type, typeOf(schema)].filter(Boolean).join(' or ');
        row.meaning = [row.meaning, `${code(schema.const)}: ${schema.description ?? ''}`]
          .filter(Boolean)
          .join('; ');
      } else {
        row.type ||= typeOf(schema);
        row.meaning ||= schema.description ?? '';
      }
      row.in.push(nameOf(branch));
      if (branch.required?.includes(argument)) row.needed.push(nameOf(branch));
      rows.set(argument, row);
    }
  }
  const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
  const requiredOf = (within: string[], needed: string[]) => {
    if (needed.length === branches.length) return 'yes';
    if (!key) return 'no';
    return needed.length ? `with ${list(needed)}` : `no (with ${list(within)})`;
  };
  return [...rows.values()].map(({ in: within, needed, ...row }) => ({
    ...row,
    required: requiredOf(within, needed),
  }));
}

/** The README's table: every tool, with its set, and every argument of it. */
function table(): string {
  const tools = [
    ...Object.entries(toolCatalog).map(([name, t]) => ({
      name,
      set: `\`${t.set}\``,
      input: inputJson(t.input),
    })),
    ...Object.entries(labExampleTools).flatMap(([lab, tools]) =>
      Object.entries(tools).map(([name, input]) => ({
        name,
        set: `lab \`${lab}\``,
        input: inputJson(input),
      })),
    ),
  ];
  const lines = [
    '| tool | set | argument | type | required | meaning |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const tool of tools) {
    const rows = rowsOf(tool.input as Schema);
    if (rows.length === 0) lines.push(`| \`${tool.name}\` | ${tool.set} | — | | | no arguments |`);
    rows.forEach((row, i) => {
      const head = i === 0 ? `\`${tool.name}\` | ${tool.set}` : ' | ';
      // A glob's stars would read as emphasis.
      const meaning = row.meaning.replace(/\*/g, '\\*') || '—';
      lines.push(`| ${head} | \`${row.argument}\` | ${row.type} | ${row.required} | ${meaning} |`);
    });
  }
  return lines.join('\n');
}

it('the README’s table of tool arguments is made from the tools’ schemas', async () => {
  const readme = readFileSync(readmeUrl, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  expect(start, 'the README marks where the table goes').toBeGreaterThan(0);
  const filepath = fileURLToPath(readmeUrl);
  const options = { ...(await resolveConfig(filepath)), filepath };
  const made = (await format(table(), options)).trim();
  if (process.env.UPDATE_README === '1') {
    writeFileSync(readmeUrl, `${readme.slice(0, start + START.length)}\n\n${made}\n\n${readme.slice(end)}`);
    return;
  }
  expect(readme.slice(start + START.length, end).trim()).toBe(made);
});

it('lists every tool a scenario can call', () => {
  const readme = readFileSync(readmeUrl, 'utf8');
  const section = readme.slice(readme.indexOf(START), readme.indexOf(END));
  for (const name of [...Object.keys(toolCatalog), 'fortune']) expect(section).toContain(`| \`${name}\``);
});
