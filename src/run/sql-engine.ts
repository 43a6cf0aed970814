import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { seedStatements, type SqlEngine } from '../tools/sql';

let engine: Promise<SqlEngine> | null = null;

/** Opens the in-browser SQL engine (sql.js, loaded on first use) with the seeded customers table. */
export function loadSqlEngine(): Promise<SqlEngine> {
  engine ??= import('sql.js').then(async ({ default: initSqlJs }) => {
    const SQL = await initSqlJs({ locateFile: () => wasmUrl });
    const db = new SQL.Database();
    db.run(seedStatements());
    return db;
  });
  return engine;
}
