import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ANY_VISITOR_TOOL,
  builtInPluginIds,
  builtInScenarioFiles,
  labExampleIds,
  parseScenarioObject,
  inputJson,
  scenarioJsonSchema,
  toolCatalog,
} from '../../../src/model';

// README "Write your own scenario": each call is checked at load against the tool's own schema.

type Raw = Record<string, unknown> & { steps: unknown[] };
/** A small valid scenario file with `steps` after a read; `change` edits it. */
const lesson = (steps: unknown[], change: (raw: Raw) => void = () => {}): Raw => {
  const raw: Raw = {
    format: 'harness-playground/scenario',
    version: 1,
    id: 'calls',
    title: 'Calls',
    teaches: 'Arguments are checked at load.',
    files: { '/notes.md': 'Status: draft\n' },
    steps: [{ call: 'read', args: { path: '/notes.md' } }, ...steps],
  };
  change(raw);
  return raw;
};
const refusal = (raw: Raw) => {
  const read = parseScenarioObject(raw);
  return read.ok ? 'ok' : read.error.message;
};

describe('calls checked at load', () => {
  it('refuses an argument the tool does not have, naming the ones it has', () => {
    const raw = lesson([{ call: 'grep', args: { pattern: 'draft', path: '/notes.md' } }]);
    expect(parseScenarioObject(raw).error).toMatchObject({
      code: 'SCENARIO_INVALID',
      path: 'steps[1].args.path',
      detail: 'not an argument of grep (its arguments: "pattern", "glob", "ignore_case")',
    });
  });

  it('refuses a missing argument, a wrong type and a value out of range', () => {
    expect(refusal(lesson([{ call: 'grep', args: {} }]))).toBe(
      'steps[1].args.pattern: missing: an argument grep needs',
    );
    expect(
      refusal(lesson([{ call: 'edit', args: { path: '/notes.md', old_string: 1, new_string: 'x' } }])),
    ).toBe('steps[1].args.old_string: expected a string, not a number');
    expect(refusal(lesson([{ call: 'read', args: { path: '/notes.md', limit: 5000 } }]))).toBe(
      'steps[1].args.limit: too big: at most 2000',
    );
  });

  it('explains str_replace_editor against the command it names', () => {
    expect(refusal(lesson([{ call: 'str_replace_editor', args: { command: 'replace', path: '/a' } }]))).toBe(
      'steps[1].args.command: expected "view", "create", "str_replace", "insert"',
    );
    const view = { command: 'view', path: '/notes.md', old_str: 'x' };
    expect(refusal(lesson([{ call: 'str_replace_editor', args: view }]))).toBe(
      'steps[1].args.old_str: not an argument of str_replace_editor (its arguments: "command", "path", "view_range")',
    );
  });

  it('refuses an unknown tool, listing the scenario’s tools', () => {
    expect(refusal(lesson([{ call: 'search', args: { q: 'x' } }]))).toBe(
      'steps[1].call: no tool "search" in this scenario (its tools: read, edit, write, str_replace_editor, ls, glob, grep; more come with "tools")',
    );
  });

  it('refuses a tool whose set the scenario does not ask for, and takes it once asked', () => {
    const steps = [{ call: 'sql_query', args: { sql: 'SELECT 1' } }];
    expect(refusal(lesson(steps))).toBe(
      'steps[1].call: "sql_query" is in the tool set "sql": add "sql" to "tools"',
    );
    expect(refusal(lesson(steps, (r) => (r.tools = ['sql'])))).toBe('ok');
  });

  it('lets a call through that the lesson means to fail that way', () => {
    expect(refusal(lesson([{ call: 'search', args: {}, expect: 'UNKNOWN_TOOL' }]))).toBe('ok');
    expect(refusal(lesson([{ call: 'grep', args: { path: '/' }, expect: 'INVALID_ARGS' }]))).toBe('ok');
    // Another expected code is no licence: the call must still fit.
    expect(refusal(lesson([{ call: 'grep', args: { path: '/' }, expect: 'FS_NOT_FOUND' }]))).toMatch(
      /^steps\[1\]\.args\.pattern/,
    );
  });

  it('knows the tools a lab example adds, for a scenario made for it', () => {
    const fortune = (topic: string) => [{ call: 'fortune', args: { topic } }];
    expect(refusal(lesson(fortune('work'), (r) => (r.lab = 'impure')))).toBe('ok');
    expect(refusal(lesson(fortune('love'), (r) => (r.lab = 'impure')))).toBe(
      'steps[1].args.topic: expected "work", "travel", "home"',
    );
    expect(refusal(lesson(fortune('work')))).toMatch(/^steps\[1\]\.call: no tool "fortune"/);
  });

  it('knows the tools a visitor’s plugin adds when the reader is told of them (the lab’s Try it)', () => {
    const tools = { weather: z.strictObject({ city: z.string() }) };
    const read = (args: object) => parseScenarioObject(lesson([{ call: 'weather', args }]), { tools });
    expect(read({ city: 'Lima' }).ok).toBe(true);
    expect(read({ city: 'Lima', town: 'Lima' }).error?.message).toBe(
      'steps[1].args.town: not an argument of weather (its arguments: "city")',
    );
    expect(refusal(lesson([{ call: 'weather', args: { city: 'Lima' } }]))).toMatch(
      /^steps\[1\]\.call: no tool/,
    );
  });

  it('lets any tool through for a scenario read back with plugins whose tools are not known yet', () => {
    const raw = lesson([{ call: 'weather', args: { city: 'Lima' } }]);
    expect(parseScenarioObject(raw, { tools: ANY_VISITOR_TOOL }).ok).toBe(true);
    // The tools the format knows are still checked.
    const grep = lesson([{ call: 'grep', args: { path: '/' } }]);
    expect(parseScenarioObject(grep, { tools: ANY_VISITOR_TOOL }).error?.path).toBe('steps[1].args.pattern');
  });

  it('refuses a redaction plugin where no tool yields a table, in plugins and in use steps', () => {
    expect(refusal(lesson([], (r) => (r.plugins = ['redact-phones-content'])))).toBe(
      'plugins[0]: redact-phones-content acts on tables (columns and rows) in a tool\'s value, and no tool of this scenario yields one: add "sql" to "tools"',
    );
    expect(refusal(lesson([{ use: ['redact-phones-value'], say: 'Hiding phones.' }]))).toMatch(
      /^steps\[1\]\.use\[0\]: redact-phones-value acts on tables/,
    );
    const withSql = lesson([{ use: ['redact-phones-value'], say: 'x' }], (r) => (r.tools = ['sql']));
    expect(refusal(withSql)).toBe('ok');
  });
});

describe('the JSON Schema checks calls too', () => {
  // The schema editors receive, read back as a validator.
  const schema = z.fromJSONSchema(scenarioJsonSchema() as z.core.JSONSchema.JSONSchema);

  it('accepts every built-in scenario file', () => {
    for (const file of builtInScenarioFiles) expect(schema.safeParse(file).success).toBe(true);
  });

  it('refuses grep {pattern, path}, a missing argument and an unknown tool', () => {
    expect(schema.safeParse(lesson([{ call: 'grep', args: { pattern: 'a' } }])).success).toBe(true);
    expect(schema.safeParse(lesson([{ call: 'grep', args: { pattern: 'a', path: '/' } }])).success).toBe(
      false,
    );
    expect(schema.safeParse(lesson([{ call: 'grep', args: {} }])).success).toBe(false);
    expect(schema.safeParse(lesson([{ call: 'search', args: {} }])).success).toBe(false);
    expect(schema.safeParse(lesson([{ call: 'search', args: {}, expect: 'UNKNOWN_TOOL' }])).success).toBe(
      true,
    );
  });

  it('gives each tool’s call its own arguments, as the catalog has them', () => {
    const text = JSON.stringify(scenarioJsonSchema());
    for (const [name, tool] of Object.entries(toolCatalog)) {
      expect(text).toContain(
        JSON.stringify({ const: name, description: `A tool of the set "${tool.set}".` }),
      );
      expect(text).toContain(JSON.stringify(inputJson(tool.input)));
    }
  });
});

describe('README "Built-in plugins and lab examples"', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('### Built-in plugins and lab examples');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 1));

  it('has a row for every plugin a scenario may name', () => {
    for (const id of builtInPluginIds)
      expect(section).toMatch(new RegExp(`^\\| \`${id}\` +\\| replaces the`, 'm'));
  });

  it('names every lab example, and the tools that yield tables', () => {
    for (const id of labExampleIds) expect(section).toContain(`\`${id}\``);
    const tables = Object.entries(toolCatalog).filter(([, t]) => t.table);
    expect(tables.map(([name, t]) => `\`${name}\` (the \`${t.set}\` set)`)).toEqual(
      tables.map(([name]) => section.match(new RegExp(`\`${name}\` \\(the \`[a-z]+\` set\\)`))?.[0]),
    );
  });
});
