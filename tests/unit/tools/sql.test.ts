import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { Hooks, Registry, Session } from '../../../src/harness';
import { redactPhonesInContent, redactPhonesInValue } from '../../../src/plugins/redact-phones';
import { seedStatements, sqlQueryTool, type SqlValue } from '../../../src/tools/sql';

const engine = (async () => {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(seedStatements());
  return db;
})();

async function query(sql: string, plugin?: 'content' | 'value') {
  const hooks = new Hooks();
  if (plugin === 'content') hooks.install(redactPhonesInContent());
  if (plugin === 'value') hooks.install(redactPhonesInValue());
  const registry = new Registry().register(sqlQueryTool(() => engine));
  const live = await new Session({ id: 's', registry, hooks }).call('sql_query', { sql });
  return { live, value: live.value as SqlValue, text: live.entry.result?.modelText ?? '' };
}

const PHONE = /\+1-555-\d{4}/;

describe('sql_query', () => {
  it('keeps 50 of 1,200 rows and says so in the value, the text and the card', async () => {
    const { live, value, text } = await query('SELECT * FROM customers');
    expect(value).toMatchObject({ total: 1200, truncated: true, columns: ['id', 'name', 'city', 'phone'] });
    expect(value.rows).toHaveLength(50);
    expect(text).toContain('1,200 rows; showing the first 50');
    expect(live.entry.result?.card.card).toMatchObject({ card: 'search', total: 1200, truncated: true });
  });

  it('is not truncated under the cap', async () => {
    const { value, text } = await query("SELECT name FROM customers WHERE city = 'Lima' LIMIT 3");
    expect(value).toMatchObject({ total: 3, truncated: false });
    expect(text).toMatch(/^3 rows\./);
  });

  it("reports bad SQL with the engine's message", async () => {
    const { live } = await query('SELEC nonsense');
    expect(live.outcome.result.error?.code).toBe('SQL_ERROR');
    expect(live.entry.result?.modelText).toMatch(/syntax error/);
  });
});

describe('hiding the phone column', () => {
  it('by replacing content hides it from the model but leaks it through the value', async () => {
    const { value, text, live } = await query('SELECT * FROM customers', 'content');
    expect(text).not.toMatch(PHONE);
    expect(JSON.stringify(value)).toMatch(PHONE);
    expect(JSON.stringify(live.entry.result?.meta)).toMatch(PHONE);
  });

  it('by replacing the value cleans value, text, meta and card alike', async () => {
    const { value, text, live } = await query('SELECT * FROM customers', 'value');
    expect(JSON.stringify(value)).not.toMatch(PHONE);
    expect(text).not.toMatch(PHONE);
    expect(JSON.stringify(live.entry.result)).not.toMatch(PHONE);
    expect(value.total).toBe(1200);
    expect(live.entry.decisions).toEqual([
      {
        hook: 'post-execute',
        plugin: 'redact-phones-value',
        decision: { action: 'accept', replaced: 'value' },
      },
    ]);
  });
});
