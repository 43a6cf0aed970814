import initSqlJs from 'sql.js';
import { seedStatements, type SqlEngine } from '../../../src/tools/sql';

let engine: Promise<SqlEngine> | null = null;

/** The SQL engine in Node: sql.js finds its wasm file beside itself. Shared by every test of a run. */
export function nodeSqlEngine(): Promise<SqlEngine> {
  engine ??= initSqlJs().then((SQL) => {
    const db = new SQL.Database();
    db.run(seedStatements());
    return db;
  });
  return engine;
}
