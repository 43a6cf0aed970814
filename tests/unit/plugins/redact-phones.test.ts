import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Hooks, Registry, Session, Tool } from '../../../src/harness';
import { mapTables, redactPhonesInContent, redactPhonesInValue } from '../../../src/plugins/redact-phones';

// README "Write your own scenario", Built-in plugins: the redaction plugins act on any table (columns
// and rows) they find in any tool's value, and pass every other call.
const PHONE = /\+1-555-\d{4}/;
const Cell = z.union([z.string(), z.number(), z.null()]);
const Report = z.strictObject({
  title: z.string(),
  sheets: z.array(z.strictObject({ columns: z.array(z.string()), rows: z.array(z.array(Cell)) })),
});
const report: z.infer<typeof Report> = {
  title: 'Call list',
  sheets: [
    { columns: ['name', 'phone'], rows: [['Ana', '+1-555-0101']] },
    { columns: ['name', 'note'], rows: [['Bo', 'call back on +1-555-0202']] },
  ],
};

/** A tool of no particular name whose value nests tables, and one whose value has none. */
const tools = () => [
  Tool.define({
    name: 'crm_export',
    description: 'Exports the call list.',
    input: z.strictObject({}),
    output: Report,
    execute: async () => structuredClone(report),
    render: (_args, value) => [{ type: 'text' as const, text: JSON.stringify(value) }],
  }),
  Tool.define({
    name: 'contact_card',
    description: 'A contact, as text.',
    input: z.strictObject({}),
    output: z.strictObject({ text: z.string() }),
    execute: async () => ({ text: 'Ana: +1-555-0101' }),
    render: (_args, value) => [{ type: 'text' as const, text: value.text }],
  }),
];

async function call(tool: string, plugin: 'content' | 'value') {
  const hooks = new Hooks();
  hooks.install(plugin === 'content' ? redactPhonesInContent() : redactPhonesInValue());
  const registry = new Registry();
  for (const t of tools()) registry.register(t);
  const live = await new Session({ id: 's', registry, hooks }).call(tool, {});
  return { live, text: live.entry.result?.modelText ?? '', value: JSON.stringify(live.value) };
}

describe('the redaction plugins on any tool', () => {
  it('redact-phones-value hides the phones of every table in the value, wherever it sits', async () => {
    const { live, text, value } = await call('crm_export', 'value');
    expect(live.outcome.result.error).toBeUndefined();
    expect(value).not.toMatch(PHONE);
    expect(text).not.toMatch(PHONE);
    expect(live.value).toMatchObject({
      title: 'Call list',
      sheets: [{ rows: [['Ana', '[phone hidden]']] }, { rows: [['Bo', 'call back on [phone hidden]']] }],
    });
    expect(live.entry.decisions.map((d) => d.plugin)).toEqual(['redact-phones-value']);
  });

  it('redact-phones-content hides them from the model only, as with sql_query', async () => {
    const { text, value } = await call('crm_export', 'content');
    expect(text).not.toMatch(PHONE);
    expect(value).toMatch(PHONE);
  });

  it.each(['content', 'value'] as const)('redact-phones-%s passes a value that holds no table', async (p) => {
    const { live, text } = await call('contact_card', p);
    expect(text).toMatch(PHONE);
    expect(live.entry.decisions).toEqual([]);
  });
});

describe('mapTables', () => {
  it('counts the tables and leaves the value given unchanged', () => {
    const before = structuredClone(report);
    const [changed, found] = mapTables(report, (t) => ({ ...t, rows: [] }));
    expect(found).toBe(2);
    expect(changed).toMatchObject({ sheets: [{ rows: [] }, { rows: [] }] });
    expect(report).toEqual(before);
  });

  it('gives back the very value when it holds no table', () => {
    const value = { a: [1, { b: 'c' }] };
    expect(mapTables(value, (t) => t)).toEqual([value, 0]);
    expect(mapTables(value, (t) => t)[0]).toBe(value);
  });
});
