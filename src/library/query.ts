/**
 * `bdb sql`: read-only SQL over the library's documented views. Read-only by construction, not by a list
 * of words:
 *
 * 1. the library is opened read-only (DuckDB's `access_mode = 'READ_ONLY'`, by the caller);
 * 2. before the user's text reaches DuckDB, access to files (`enable_external_access`) and the
 *    installing and loading of extensions are switched off and the configuration is locked
 *    (`lock_configuration`), so no later statement can switch them back on;
 * 3. the text is parsed by DuckDB's parser (`json_serialize_sql`, the text passed as a value, never run):
 *    it must be exactly one statement, and a SELECT (which SELECT … , WITH … SELECT, FROM …, VALUES,
 *    DESCRIBE, SHOW and SUMMARIZE are). EXPLAIN is not: EXPLAIN ANALYZE runs the statement it holds;
 * 4. the table functions it calls must be ones that only compute or read DuckDB's catalog (`range`,
 *    `unnest`, `duckdb_tables()` …): the others change the session (`enable_logging`, `enable_profiling`,
 *    `checkpoint`, which the locked configuration does not stop), run a text not checked here (`query`,
 *    `json_execute_serialized_sql`) or read files (`read_csv`, `glob`: refused here, and by DuckDB);
 * 5. the prepared statement's own type must be SELECT before it runs.
 *
 * DuckDB lets a read-only instance with external access off still write the files of its databases
 * (`COPY … TO '<library>'` overwrote the library through an allowed EXPLAIN ANALYZE): only a SELECT that
 * calls no such function ever runs.
 */

import type { DuckDBConnection } from '@duckdb/node-api';
import { BdbError } from '../errors.js';
import { duckdb } from './duckdb.js';
import { isOutOfMemory } from './memory.js';
import { damagedLibrary, isDamagedLibrary, type Library, openReadOnlyConnection } from './open.js';

/** A text `bdb sql` refuses: empty, several statements, not a SELECT, or a table function that does more than read. */
export class ReadOnlySqlError extends BdbError {
  constructor(message: string) {
    super('SQL_REFUSED', message);
  }
}

/** A query's result: column names and rows of JS values (BIGINT as number when exact, else string). */
export interface QueryResult {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
}

/** DuckDB's type id of DATE (its DuckDBTypeId enum). */
const DATE_TYPE_ID = 13;

/**
 * The table functions a query may call: they compute rows or read DuckDB's catalog and settings, nothing
 * else. Any other (a new DuckDB's too) is refused.
 */
const READING_TABLE_FUNCTIONS: ReadonlySet<string> = new Set([
  'range',
  'generate_series',
  'unnest',
  'repeat',
  'repeat_row',
  'json_each',
  'json_tree',
  'summary',
  'histogram',
  'histogram_values',
  'pg_timezone_names',
  'icu_calendar_names',
  'duckdb_columns',
  'duckdb_constraints',
  'duckdb_databases',
  'duckdb_dependencies',
  'duckdb_functions',
  'duckdb_indexes',
  'duckdb_keywords',
  'duckdb_memory',
  'duckdb_schemas',
  'duckdb_sequences',
  'duckdb_settings',
  'duckdb_tables',
  'duckdb_types',
  'duckdb_variables',
  'duckdb_views',
  'pragma_database_size',
  'pragma_show',
  'pragma_storage_info',
  'pragma_table_info',
  'pragma_version',
]);

/** How a refusal ends. */
const ONE_SELECT = 'sql runs one SELECT statement and nothing else (the library is read-only)';

function refused(what: string): ReadOnlySqlError {
  return new ReadOnlySqlError(`${what} refused: ${ONE_SELECT}`);
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  }
  return v;
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
}

/** A failure of the query itself (syntax, an unknown column, a permission DuckDB refuses …). */
function sqlError(detail: string): BdbError {
  return new BdbError('SQL', `SQL: ${detail}`);
}

/**
 * A failure of the query at `path`: a damaged block of the library file is the library's (one plain line
 * naming it), anything else the query's.
 */
function queryFailure(e: unknown, path: string): BdbError {
  return isDamagedLibrary(e) ? damagedLibrary(path, e, 'data') : sqlError(firstLine(e));
}

/**
 * Switches off what a statement could reach beyond the open library, then locks DuckDB's configuration so
 * that no statement can switch it back on (once per instance: a second query finds it locked), and checks
 * that it holds.
 */
async function lockDown(con: DuckDBConnection): Promise<void> {
  const setting = async (name: string): Promise<string> =>
    String(
      (
        await con.runAndReadAll('SELECT value FROM duckdb_settings() WHERE name = $1', [name])
      ).getRows()[0]?.[0],
    );
  if ((await setting('lock_configuration')) !== 'true') {
    await con.run('SET enable_external_access = false');
    await con.run('SET autoinstall_known_extensions = false');
    await con.run('SET autoload_known_extensions = false');
    await con.run('SET lock_configuration = true');
  }
  if (
    (await setting('enable_external_access')) !== 'false' ||
    (await setting('lock_configuration')) !== 'true'
  )
    throw new Error("bdb sql could not switch off DuckDB's access to files");
  // the library (DuckDB's one database that is not its own system or temp) was opened read-only
  const readOnly = (
    await con.runAndReadAll('SELECT bool_and(readonly) FROM duckdb_databases() WHERE NOT internal')
  ).getRows()[0]?.[0];
  if (readOnly !== true) throw new Error('bdb sql needs the library opened read-only');
}

/** The statement's first word, to name it in a refusal (the words a query starts with give none). */
function statementWord(sql: string): string | null {
  const text = sql.replace(/^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/, '');
  const word = /^[A-Za-z]{1,20}/.exec(text)?.[0]?.toUpperCase();
  if (!word || ['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE', 'DESCRIBE', 'SHOW', 'SUMMARIZE'].includes(word))
    return null;
  return word;
}

/** The names of the table functions a parsed statement (DuckDB's JSON of it) calls, lower-cased. */
function tableFunctions(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const x of node) tableFunctions(x, into);
  } else if (node !== null && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.type === 'TABLE_FUNCTION') {
      const name = (o.function as { function_name?: unknown } | null)?.function_name;
      into.push(typeof name === 'string' ? name.toLowerCase() : '?');
    }
    for (const x of Object.values(o)) tableFunctions(x, into);
  }
  return into;
}

/** DuckDB's parse of `sql` (json_serialize_sql, the text given as a value). */
interface Parsed {
  error?: boolean;
  error_type?: string;
  error_message?: string;
  statements?: unknown[];
}

/** Checks, by DuckDB's parse, that `sql` is one SELECT calling only reading table functions. */
async function checkOneSelect(con: DuckDBConnection, sql: string): Promise<void> {
  const row = (await con.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql])).getRows()[0];
  const parsed = JSON.parse(String(row?.[0])) as Parsed;
  if (parsed.error) {
    if (parsed.error_type === 'not implemented') {
      // DuckDB serialises SELECT statements only: this text holds another kind
      const word = statementWord(sql);
      throw refused(word ? `${word} statement` : 'a statement that is not a SELECT');
    }
    throw sqlError(
      `Parser Error: ${String(parsed.error_message ?? 'cannot parse the query').split('\n')[0]}`,
    );
  }
  const statements = parsed.statements ?? [];
  if (statements.length === 0) throw new ReadOnlySqlError('the query is empty: give one SELECT statement');
  if (statements.length > 1) throw refused(`${statements.length} statements`);
  const other = tableFunctions(statements).find((f) => !READING_TABLE_FUNCTIONS.has(f));
  if (other !== undefined) {
    // a quoted name can hold any character: such a name is shown quoted, control characters escaped
    const shown = /^[a-z_][a-z0-9_]{0,39}$/.test(other) ? other : JSON.stringify(other.slice(0, 40));
    throw new ReadOnlySqlError(
      `table function ${shown} refused: it does more than compute rows or read DuckDB's catalog`,
    );
  }
}

/**
 * Runs one read-only statement on a library opened read-only. Throws {@link ReadOnlySqlError} for a text
 * it refuses (nothing of it has run) and a {@link BdbError} for a query that fails.
 */
export async function readOnlyQuery(lib: Library, sql: string): Promise<QueryResult> {
  if (!lib.readOnly) throw new Error('readOnlyQuery needs a library opened read-only');
  // DuckDB's configuration is locked before the text runs, so a query that runs out of memory cannot be
  // given a larger limit on that instance: it runs again on an instance of its own opened with that limit
  for (let con = lib.connection; ; ) {
    try {
      return await checkedQuery(con, sql, lib.path);
    } catch (e) {
      if (!(e instanceof OutOfMemory)) throw e;
      if (!lib.memory.raise(e.cause)) throw e.cause;
      con = await openReadOnlyConnection(lib.path, lib.memory);
    }
  }
}

/** DuckDB ran out of memory while running the user's query (`cause`, the error it threw). */
class OutOfMemory extends Error {}

async function checkedQuery(con: DuckDBConnection, sql: string, path: string): Promise<QueryResult> {
  const { StatementType } = await duckdb();
  await lockDown(con);
  await checkOneSelect(con, sql);
  let extracted: Awaited<ReturnType<typeof con.extractStatements>>;
  try {
    extracted = await con.extractStatements(sql);
  } catch (e) {
    throw queryFailure(e, path);
  }
  if (extracted.count !== 1) throw refused(`${extracted.count} statements`);
  let prepared: Awaited<ReturnType<typeof extracted.prepare>>;
  try {
    prepared = await extracted.prepare(0);
  } catch (e) {
    throw queryFailure(e, path);
  }
  if (prepared.statementType !== StatementType.SELECT)
    throw refused(`${StatementType[prepared.statementType]} statement`);
  try {
    const reader = await prepared.runAndReadAll();
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
    if (isOutOfMemory(e)) throw new OutOfMemory('out of memory', { cause: sqlError(firstLine(e)) });
    throw queryFailure(e, path);
  }
}
