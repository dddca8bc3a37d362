/**
 * `bdb sql`: read-only SQL over the library's documented views. One statement, which must be a query
 * (SELECT, WITH … SELECT, FROM …, VALUES, EXPLAIN, DESCRIBE, SUMMARIZE, SHOW); the library is opened
 * read-only and DuckDB's access to other files is switched off, so nothing can be written anywhere.
 */

import { BdbError } from '../errors.js';
import { duckdb } from './duckdb.js';
import { withMoreMemory } from './memory.js';
import type { Library } from './open.js';

/** A statement `bdb sql` refuses (writes, attaches, settings, several statements). */
export class ReadOnlySqlError extends BdbError {
  constructor(detail: string) {
    super('SQL_REFUSED', `bdb sql is read-only: ${detail}`);
  }
}

/** A query's result: column names and rows of JS values (BIGINT as number when exact, else string). */
export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/** DuckDB's type id of DATE (its DuckDBTypeId enum). */
const DATE_TYPE_ID = 13;

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

/** Runs one read-only statement on a library opened read-only. */
export async function readOnlyQuery(lib: Library, sql: string): Promise<QueryResult> {
  if (!lib.readOnly) throw new Error('readOnlyQuery needs a library opened read-only');
  const { StatementType } = await duckdb();
  const allowed = new Set<number>([StatementType.SELECT, StatementType.EXPLAIN]);
  const con = lib.connection;
  await con.run('SET enable_external_access = false');
  let extracted: Awaited<ReturnType<typeof con.extractStatements>>;
  try {
    extracted = await con.extractStatements(sql);
  } catch (e) {
    throw new BdbError('SQL', `SQL: ${(e as Error).message.split('\n')[0]}`);
  }
  if (extracted.count !== 1)
    throw new ReadOnlySqlError(`give exactly one statement (got ${extracted.count})`);
  let prepared: Awaited<ReturnType<typeof extracted.prepare>>;
  try {
    prepared = await extracted.prepare(0);
  } catch (e) {
    throw new BdbError('SQL', `SQL: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!allowed.has(prepared.statementType))
    throw new ReadOnlySqlError(
      `only queries (SELECT …) are run, not ${StatementType[prepared.statementType]}`,
    );
  try {
    const reader = await withMoreMemory(con, lib.memory, () => prepared.runAndReadAll());
    // a DATE column reads as a day (2023-01-04), not as midnight UTC of it
    const dates = reader.columnTypes().map((t) => t.typeId === DATE_TYPE_ID);
    return {
      columns: reader.columnNames(),
      rows: reader
        .getRowsJS()
        .map((r) =>
          r.map((v, i) => (dates[i] && v instanceof Date ? v.toISOString().slice(0, 10) : plain(v))),
        ),
    };
  } catch (e) {
    throw new BdbError('SQL', `SQL: ${(e as Error).message.split('\n')[0]}`);
  }
}
