/**
 * `bdb sql` cannot change the library or write anything beside it, whatever the text (issue 37, item 1).
 * Every statement class of DuckDB's grammar (its SQL statements, docs at duckdb.org/docs/stable/sql/
 * statements, DuckDB 1.5 as @duckdb/node-api 1.5.6-r.1 bundles it), EXPLAIN and EXPLAIN ANALYZE of each
 * writer, several statements in one text, and the table functions that change the session or touch
 * files are tried against a small library; after each the library's bytes (sha256) and the folder's
 * listing are as before, and the text was refused (nothing of it ran) or stopped by DuckDB with one line.
 *
 * The first case is the issue's: `EXPLAIN ANALYZE COPY (SELECT 'x' AS a) TO '<library>' (FORMAT csv, …)`
 * was run (EXPLAIN was allowed, and EXPLAIN ANALYZE runs the statement inside it) and left the library a
 * 2-byte CSV. The expected rows of the queries that are answered are DuckDB's documented results
 * (`range(3)` is 0, 1, 2; a setting reads as its value) or constants of the query itself.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BdbError } from '../../src/errors.js';
import { closeLibrary, openLibrary } from '../../src/library/open.js';
import { type QueryResult, ReadOnlySqlError, readOnlyQuery } from '../../src/library/query.js';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const DIR = mkdtempSync(join(tmpdir(), 'bdb-sql-safety-'));
const L = join(DIR, 'lib.duckdb');
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Every file under the folder, with its size and sha256 (the library, its .sources, the files below). */
function listing(dir = DIR): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return [`${p}/`, ...listing(p)];
      return [`${p} ${statSync(p).size} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`];
    });
}

/** What became of a text: its rows, or the error (refused before running, or DuckDB's). */
type Outcome = { rows: QueryResult } | { error: Error };

async function attempt(sql: string): Promise<Outcome> {
  const lib = await openLibrary(L, { readOnly: true });
  try {
    return { rows: await readOnlyQuery(lib, sql) };
  } catch (e) {
    return { error: e as Error };
  } finally {
    closeLibrary(lib);
  }
}

/** Statements that would write (the library, a file, the catalog or the session): refused as they are, and inside EXPLAIN and EXPLAIN ANALYZE. */
const WRITERS = (): string[] => [
  `COPY (SELECT 'x' AS a) TO '${L}' (FORMAT csv, HEADER false, USE_TMP_FILE false)`,
  `COPY matches TO '${DIR}/m.csv'`,
  `COPY matches TO '${L}.tmp/m.csv'`,
  `COPY matches TO '${L}.wal'`,
  `COPY matches FROM '${DIR}/data.csv'`,
  'INSERT INTO aliases VALUES (1, 2)',
  "UPDATE meta SET value = '0' WHERE key = 'schema_version'",
  'DELETE FROM decisions',
  'TRUNCATE decisions',
  'CREATE TABLE t (a INT)',
  'CREATE TEMP TABLE t AS SELECT 1 AS a',
  'CREATE OR REPLACE TABLE matches AS SELECT 1 AS x',
  'CREATE VIEW v AS SELECT 1 AS a',
  'CREATE TEMP VIEW v AS SELECT 1 AS a',
  'CREATE MACRO m(a) AS a + 1',
  'CREATE TEMP MACRO m(a) AS a + 1',
  'CREATE SEQUENCE s',
  'CREATE INDEX i ON matches (match_id)',
  'CREATE SCHEMA s',
  "CREATE TYPE e AS ENUM ('a')",
  "CREATE SECRET (TYPE s3, KEY_ID 'k', SECRET 's')",
  "CREATE PERSISTENT SECRET (TYPE s3, KEY_ID 'k', SECRET 's')",
  'DROP TABLE matches',
  'DROP VIEW players',
  'ALTER TABLE matches ADD COLUMN x INT',
  'ALTER VIEW players RENAME TO p',
  "COMMENT ON TABLE matches IS 'x'",
  `ATTACH '${DIR}/other.duckdb' AS o`,
  `ATTACH '${L}' AS again`,
  'DETACH lib',
  'USE memory',
  `EXPORT DATABASE '${DIR}/exported'`,
  `IMPORT DATABASE '${DIR}'`,
  'INSTALL httpfs',
  'FORCE INSTALL httpfs',
  'LOAD httpfs',
  `LOAD '${DIR}/x.duckdb_extension'`,
  'SET enable_external_access = true',
  'SET lock_configuration = false',
  'RESET lock_configuration',
  'RESET ALL',
  "SET memory_limit = '8GB'",
  `SET temp_directory = '${DIR}/t'`,
  `SET profiling_output = '${L}'`,
  'SET VARIABLE x = 1',
  'PRAGMA enable_profiling',
  `PRAGMA profiling_output = '${L}'`,
  'PRAGMA enable_checkpoint_on_shutdown',
  'PRAGMA force_checkpoint',
  "PRAGMA memory_limit = '8GB'",
  'PRAGMA show_tables',
  `PRAGMA import_database('${DIR}')`,
  'CALL checkpoint()',
  `CALL enable_logging(storage = 'file', storage_path = '${L}.tmp')`,
  'CALL enable_profiling()',
  'CALL pragma_version()',
  'CHECKPOINT',
  'FORCE CHECKPOINT',
  'VACUUM',
  'VACUUM ANALYZE matches',
  'ANALYZE',
  'BEGIN TRANSACTION',
  'COMMIT',
  'ROLLBACK',
  'PREPARE p AS SELECT 1',
  'EXECUTE p',
  'DEALLOCATE p',
  'PIVOT matches ON games',
  "MERGE INTO aliases USING (SELECT 'a' AS alias, 'b' AS name) s USING (alias) WHEN NOT MATCHED THEN INSERT",
];

/** Queries (SELECT) that call a table function doing more than compute rows or read DuckDB's catalog. */
const FUNCTIONS = (): string[] => [
  "SELECT * FROM read_csv('/etc/passwd')",
  "SELECT * FROM read_text('/etc/passwd')",
  `SELECT * FROM read_blob('${L}')`,
  `SELECT * FROM glob('${DIR}/*')`,
  `SELECT * FROM read_parquet('${DIR}/m.parquet')`,
  `SELECT * FROM parquet_metadata('${DIR}/m.parquet')`,
  "SELECT * FROM sniff_csv('/etc/passwd')",
  `SELECT * FROM read_duckdb('${L}', table_name = 'matches')`,
  `SELECT * FROM sqlite_scan('${DIR}/x.db', 't')`,
  "SELECT * FROM query('DROP TABLE matches')",
  "SELECT * FROM query_table('matches')",
  "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))",
  'SELECT * FROM checkpoint()',
  'SELECT * FROM force_checkpoint()',
  `SELECT * FROM enable_logging(storage = 'file', storage_path = '${L}.tmp')`,
  `SELECT * FROM enable_profiling(save_location = '${L}.tmp/p.json', format = 'json')`,
  'SELECT * FROM disable_logging()',
  'SELECT * FROM truncate_duckdb_logs()',
  'SELECT * FROM enable_peg_parser()',
  // spelt otherwise, or inside another query
  'SELECT * FROM "ENABLE_LOGGING"()',
  'SELECT * FROM system.main.enable_logging()',
  'SELECT (SELECT count(*) FROM enable_logging()) AS n',
  'WITH x AS (FROM checkpoint()) SELECT * FROM x',
  "SELECT * FROM matches, LATERAL (FROM read_csv('/etc/passwd')) LIMIT 1",
  "SELECT 1 AS a WHERE 1 IN (SELECT * FROM query('SELECT 1'))",
];

/** Texts that hold no statement, or more than one. */
const TEXTS = [
  '',
  '   ',
  ';',
  '-- nothing',
  'SELECT 1; DROP TABLE matches',
  'SELECT 1; SELECT 2',
  'DROP TABLE matches; SELECT 1',
];

/** Queries DuckDB itself stops (a file read with file access off, a sequence, a syntax error): one line, nothing written. */
const STOPPED = (): string[] => [
  "SELECT * FROM '/etc/passwd'",
  `SELECT * FROM '${DIR}/data.csv'`,
  `SELECT * FROM '${DIR}/m.parquet'`,
  "SELECT * FROM 'https://example.com/x.csv'",
  "SELECT nextval('s')",
  'SELECT 1 INTO t',
  'SELEC 1',
];

describe('bdb sql on a library: nothing a text does changes it or writes beside it', () => {
  let before: string[] = [];
  const table: string[] = [];
  beforeAll(async () => {
    const r = await call('import', `${REF_DIR}mat`, '--library', L);
    expect(r.code, r.stderr).toBe(0);
    // files the queries name: a CSV and a Parquet export of the matches
    writeFileSync(join(DIR, 'data.csv'), 'a,b\n1,2\n');
    const e = await call('export', join(DIR, 'm.parquet'), '--table', 'matches', '--library', L);
    expect(e.code, e.stderr).toBe(0);
    before = listing();
  });
  afterAll(() => {
    if (process.env.BDB_SQL_SAFETY_TABLE) writeFileSync(process.env.BDB_SQL_SAFETY_TABLE, table.join('\n'));
  });

  /**
   * The text left the folder as it was and gave one line: `refused` by bdb before it ran, `unread` refused
   * or not even parsed by DuckDB (EXPLAIN of a statement DuckDB cannot explain), `stopped` by DuckDB.
   */
  async function expectHarmless(sql: string, kind: 'refused' | 'unread' | 'stopped'): Promise<void> {
    const got = await attempt(sql);
    const after = listing();
    const message = 'error' in got ? got.error.message : `answered: ${JSON.stringify(got.rows.rows)}`;
    table.push(`${sql}\t${message}\t${after.join() === before.join() ? 'yes' : 'NO'}`);
    expect(after, sql).toEqual(before);
    const parseError = /^SQL: Parser Error: /.test(message);
    expect('error' in got ? got.error : got, sql).toBeInstanceOf(
      kind === 'refused' || (kind === 'unread' && !parseError) ? ReadOnlySqlError : BdbError,
    );
    if (kind === 'stopped') expect(got, sql).not.toHaveProperty('error.code', 'SQL_REFUSED');
    expect(message.split('\n'), sql).toHaveLength(1);
  }

  it('refuses every statement that is not a SELECT', async () => {
    for (const w of WRITERS()) await expectHarmless(w, 'refused');
  });

  it('refuses EXPLAIN of each (EXPLAIN of a SELECT too)', async () => {
    for (const w of WRITERS()) await expectHarmless(`EXPLAIN ${w}`, 'unread');
    await expectHarmless('EXPLAIN SELECT 1', 'refused');
  });

  it('refuses EXPLAIN ANALYZE of each, which would run it (of a SELECT too)', async () => {
    for (const w of WRITERS()) await expectHarmless(`EXPLAIN ANALYZE ${w}`, 'unread');
    await expectHarmless('EXPLAIN ANALYZE SELECT 1', 'refused');
  });

  it('refuses a SELECT calling a table function that changes the session, runs text or reads files', async () => {
    for (const q of FUNCTIONS()) await expectHarmless(q, 'refused');
  });

  it('refuses an empty text and several statements', async () => {
    for (const t of TEXTS) await expectHarmless(t, 'refused');
  });

  it('leaves the rest to DuckDB, read-only with file access off: one line', async () => {
    for (const q of STOPPED()) await expectHarmless(q, 'stopped');
  });

  it('answers queries: SELECT, WITH … SELECT, FROM, VALUES, DESCRIBE, SHOW, SUMMARIZE, the views', async () => {
    const rows = async (sql: string): Promise<readonly (readonly unknown[])[]> => {
      const got = await attempt(sql);
      if ('error' in got) throw got.error;
      return got.rows.rows;
    };
    expect(await rows('SELECT 1 AS a')).toEqual([[1]]);
    expect(await rows('WITH t AS (SELECT 2 AS b) SELECT b FROM t')).toEqual([[2]]);
    expect(await rows('FROM range(3)')).toEqual([[0], [1], [2]]);
    expect(await rows('VALUES (4)')).toEqual([[4]]);
    // UNPIVOT with its columns named is a SELECT: the NAME column holds the column's name, VALUE its value
    expect(await rows('UNPIVOT (SELECT 1 AS a) ON a INTO NAME k VALUE v')).toEqual([['a', 1]]);
    expect(await rows('SELECT count(*) > 0 FROM matches')).toEqual([[true]]);
    expect(await rows('SELECT count(*) > 0 FROM players')).toEqual([[true]]);
    expect((await rows('DESCRIBE matches')).map((r) => r[0])).toContain('match_id');
    expect((await rows('SHOW TABLES')).map((r) => r[0])).toContain('decisions');
    expect((await rows('SUMMARIZE matches')).length).toBeGreaterThan(0);
    expect(await rows("SELECT count(*) > 0 FROM pragma_table_info('matches')")).toEqual([[true]]);
    // the lock is on while the query runs
    expect(
      await rows(
        "SELECT name, value FROM duckdb_settings() WHERE name IN ('enable_external_access', 'lock_configuration') ORDER BY name",
      ),
    ).toEqual([
      ['enable_external_access', 'false'],
      ['lock_configuration', 'true'],
    ]);
    // a second query on the same open library finds the lock on and runs
    const lib = await openLibrary(L, { readOnly: true });
    try {
      expect((await readOnlyQuery(lib, 'SELECT 1 AS a')).rows).toEqual([[1]]);
      expect((await readOnlyQuery(lib, 'SELECT 2 AS a')).rows).toEqual([[2]]);
      await expect(readOnlyQuery(lib, 'SET lock_configuration = false')).rejects.toThrow(ReadOnlySqlError);
    } finally {
      closeLibrary(lib);
    }
    expect(listing()).toEqual(before);
  });

  it('through the command: a refused text is one line and exit 2, a query stopped by DuckDB exit 1', async () => {
    const refusals: [string, string][] = [
      [
        `EXPLAIN ANALYZE COPY (SELECT 'x' AS a) TO '${L}' (FORMAT csv, HEADER false, USE_TMP_FILE false)`,
        'bdb: EXPLAIN statement refused: sql runs one SELECT statement and nothing else (the library is read-only) (see bdb sql --help)',
      ],
      ['', 'bdb: the query is empty: give one SELECT statement (see bdb sql --help)'],
      [
        'SELECT 1; DROP TABLE matches',
        'bdb: a statement that is not a SELECT refused: sql runs one SELECT statement and nothing else (the library is read-only) (see bdb sql --help)',
      ],
      [
        'SELECT 1; SELECT 2',
        'bdb: 2 statements refused: sql runs one SELECT statement and nothing else (the library is read-only) (see bdb sql --help)',
      ],
      [
        "SELECT * FROM read_csv('/etc/passwd')",
        "bdb: table function read_csv refused: it does more than compute rows or read DuckDB's catalog (see bdb sql --help)",
      ],
      [
        'SELECT * FROM "\x1b]0;title\x07"()',
        'bdb: table function "\\u001b]0;title\\u0007" refused: it does more than compute rows or read DuckDB\'s catalog (see bdb sql --help)',
      ],
    ];
    for (const [sql, line] of refusals) {
      const r = await call('sql', sql, '--library', L);
      expect(r.code, sql).toBe(2);
      expect(r.stdout, sql).toBe('');
      expect(r.stderr, sql).toBe(`${line}\n`);
    }
    const stopped = await call('sql', `SELECT * FROM '${DIR}/data.csv'`, '--library', L);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/^bdb: SQL: Permission Error: .*disabled by configuration\n$/);
    const ok = await call('sql', 'WITH t AS (SELECT 2 AS b) SELECT b FROM t', '--library', L, '--csv');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe('b\n2\n');
    expect(listing()).toEqual(before);
  });
});
