import { z } from 'zod';
import { Tool, ToolError, counted, plural, text } from '../harness';
import { count } from './lines';
import type { SearchValue } from './search';
import { capped, searchCard } from './search';

/** The part of a SQL engine the tool needs: sql.js's `Database.exec` has this shape. */
export interface SqlEngine {
  exec(sql: string): { columns: string[]; values: unknown[][] }[];
}

const Cell = z.union([z.string(), z.number(), z.null()]);

/** The canonical value of a query: the kept rows, and how many there were in all. */
export const SqlValue = z.strictObject({
  columns: z.array(z.string()),
  rows: z.array(z.array(Cell)),
  total: z.number().int().nonnegative(),
  truncated: z.boolean(),
});
export type SqlValue = z.infer<typeof SqlValue>;

const cities = ['Berlin', 'Lagos', 'Lima', 'Osaka', 'Porto', 'Quito', 'Seoul', 'Tunis'];
const names = ['Ada', 'Bo', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jun'];

/** The statements that create and fill the `customers` table: 1,200 rows, each with a phone number. */
export function seedStatements(rows = 1200): string {
  const values = Array.from({ length: rows }, (_, i) => {
    const name = `${names[i % names.length]} ${String.fromCharCode(65 + ((i * 7) % 26))}.`;
    const phone = `+1-555-${String(1000 + i).padStart(4, '0')}`;
    return `(${i + 1}, '${name}', '${cities[i % cities.length]}', '${phone}')`;
  });
  return `CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, city TEXT, phone TEXT);
INSERT INTO customers VALUES ${values.join(',\n')};`;
}

const toCell = (v: unknown): z.infer<typeof Cell> =>
  v === null || typeof v === 'number' || typeof v === 'string' ? v : String(v);

/** Renders rows as a pipe table for the model. */
function table(v: SqlValue): string {
  return [
    v.columns.join(' | '),
    ...v.rows.map((r) => r.map((c) => (c === null ? 'NULL' : String(c))).join(' | ')),
  ].join('\n');
}

/** `sql_query`: runs SQL over a seeded database; keeps `cap` rows and says how many there were. */
export function sqlQueryTool(engine: () => Promise<SqlEngine>, cap = 50) {
  return Tool.define({
    name: 'sql_query',
    words: { zh: '对 customers 表（id、name、city、phone）运行只读的 SQL 查询。' },
    description:
      `Run a read-only SQL query over the customers table (id, name, city, phone). At most ${counted(cap, 'row')} ${plural(cap, 'is', 'are')} ` +
      'returned; the result always says how many rows there were in all.',
    input: z.strictObject({ sql: z.string().min(1).describe('One SQL statement') }),
    output: SqlValue,
    async execute({ sql }) {
      const db = await engine();
      let results: ReturnType<SqlEngine['exec']>;
      try {
        results = db.exec(sql);
      } catch (thrown) {
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        throw new ToolError(
          'SQL_ERROR',
          `the database refused the query: ${message}`,
          'fix the SQL and run it again',
        );
      }
      const last = results.at(-1) ?? { columns: [], values: [] };
      const rows = last.values.map((row) => row.map(toCell));
      return {
        columns: last.columns,
        rows: rows.slice(0, cap),
        total: rows.length,
        truncated: rows.length > cap,
      };
    },
    render: (_args, v) => {
      const head = v.truncated
        ? `${counted(v.total, 'row')}; showing the first ${count(v.rows.length)} (${count(v.total - v.rows.length)} left out: add WHERE or LIMIT to narrow it).`
        : `${counted(v.total, 'row')}.`;
      return text(v.columns.length ? `${head}\n${table(v)}` : head);
    },
    presentationMeta: (args, v): SearchValue => {
      const cell = (c: unknown) => (c === null ? 'NULL' : String(c));
      const matches = v.rows.map((r, i) => ({
        path: `row ${i + 1}`,
        text: r.map(cell).join(' · '),
        fields: r.map((c, j) => ({ label: v.columns[j] ?? `#${j + 1}`, value: cell(c) })),
      }));
      return { ...capped(args.sql, matches, v.rows.length), total: v.total, truncated: v.truncated };
    },
    presentResult: (_args, result) => searchCard(result, 'sql_query'),
  });
}
