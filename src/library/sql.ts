/**
 * Small helpers over DuckDB for the library's own code: typed appends, parameterised reads. SQL text lives
 * in the modules that own the tables (schema, import, read, export, merge), as named constants.
 */

import type { DuckDBAppender, DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { duckdb } from './duckdb.js';

/** DuckDB's type ids of the columns the library writes (the values of its DuckDBTypeId enum). */
const TYPE = {
  BOOLEAN: 1,
  TINYINT: 2,
  INTEGER: 4,
  BIGINT: 5,
  DOUBLE: 11,
  TIMESTAMP: 12,
  DATE: 13,
  VARCHAR: 17,
  BLOB: 18,
} as const;

/** A value the library writes: JS scalars, bytes, or a Date (TIMESTAMP) — null for SQL NULL. */
export type WriteValue = string | number | boolean | Uint8Array | Date | null;

/** Appends rows to one table, each value written with the column's own type. */
export class TableAppender {
  private readonly app: DuckDBAppender;
  private readonly types: number[];
  private readonly db: Awaited<ReturnType<typeof duckdb>>;
  rows = 0;
  private constructor(app: DuckDBAppender, db: Awaited<ReturnType<typeof duckdb>>) {
    this.app = app;
    this.db = db;
    this.types = Array.from({ length: app.columnCount }, (_, i) => app.columnType(i).typeId);
  }

  static async create(con: DuckDBConnection, table: string): Promise<TableAppender> {
    return new TableAppender(await con.createAppender(table), await duckdb());
  }

  append(row: readonly WriteValue[]): void {
    const app = this.app;
    const types = this.types;
    if (row.length !== types.length)
      throw new Error(`library: row of ${row.length} values for ${types.length} columns`);
    for (let i = 0; i < types.length; i++) {
      const v = row[i];
      if (v === null || v === undefined) {
        app.appendNull();
        continue;
      }
      switch (types[i]) {
        case TYPE.VARCHAR:
          app.appendVarchar(v as string);
          break;
        case TYPE.DOUBLE:
          app.appendDouble(v as number);
          break;
        case TYPE.INTEGER:
          app.appendInteger(v as number);
          break;
        case TYPE.TINYINT:
          app.appendTinyInt(v as number);
          break;
        case TYPE.BIGINT:
          app.appendBigInt(BigInt(v as number));
          break;
        case TYPE.BOOLEAN:
          app.appendBoolean(v as boolean);
          break;
        case TYPE.BLOB:
          app.appendBlob(v as Uint8Array);
          break;
        case TYPE.DATE: {
          const [y, m, d] = (v as string).split('-').map(Number);
          app.appendDate(new this.db.DuckDBDateValue(Date.UTC(y!, m! - 1, d!) / 86_400_000));
          break;
        }
        case TYPE.TIMESTAMP:
          app.appendTimestamp(new this.db.DuckDBTimestampValue(BigInt((v as Date).getTime()) * 1000n));
          break;
        default:
          throw new Error(`library: no writer for column type ${types[i]}`);
      }
    }
    app.endRow();
    this.rows++;
  }

  flush(): void {
    this.app.flushSync();
  }

  close(): void {
    this.app.closeSync();
  }

  /**
   * Drops the rows not flushed yet and closes. A transaction being given up must not flush them: when DuckDB
   * has already ended it (a statement that failed), they would be committed on their own.
   */
  discard(): void {
    this.app.clear();
    this.app.closeSync();
  }
}

/** A number as {@link CsvWriter} writes it (other than the small integers it writes digit by digit). */
function csvNumber(v: number): string {
  if (Number.isFinite(v)) return Object.is(v, -0) ? '-0' : String(v);
  return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
}

/** Bytes of the CSV text: '"', ',', '\n', '-', '0'. */
const QUOTE = 34;
const COMMA = 44;
const NEWLINE = 10;
const MINUS = 45;
const ZERO = 48;

/**
 * The most bytes a cell other than a string takes, its comma included: a number's shortest round-trip
 * text is at most 25 characters ('-0.0000012345678901234567'; from 1e-7 down JavaScript writes an
 * exponent: '-1.2345678901234567e-308' is 24), `false` 5.
 */
const CELL_BYTES = 26;

/**
 * Rows as lines of the CSV that {@link COPY_CSV} reads, written straight into UTF-8 bytes: strings always
 * quoted (quotes doubled; commas, line breaks and any character survive), SQL NULL as an empty unquoted
 * field, doubles in JavaScript's shortest round-trip form (DuckDB reads them back to the same bits),
 * ±Infinity and NaN as DuckDB spells them. The import's worker threads write them and one COPY loads them:
 * a fraction of the cost of appending the same values one by one from the main thread. Bytes rather than
 * one string of the rows: building that string and encoding it at the end cost as much as making the values.
 *
 * Most cells of a decision row are small integers (the point columns, counts, scores) and short ASCII
 * strings: a row makes room once for every cell that is not a string, an integer below 1,000 is written
 * digit by digit (the text `String` gives it), and ASCII text without a quote is copied by code unit in one
 * pass; other text goes through the encoder.
 */
export class CsvWriter {
  private buf: Uint8Array;
  private at = 0;

  constructor(capacity = 1 << 16) {
    this.buf = new Uint8Array(capacity);
  }

  /** Room for `n` more bytes. */
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.at));
    this.buf = grown;
  }

  /** Writes a string cell, quoted, at `this.at` (room made here: at most 3 bytes a code unit). */
  private quoted(text: string): void {
    const n = text.length;
    this.room(3 * n + 2);
    const buf = this.buf;
    let at = this.at;
    buf[at++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 127 || c === QUOTE) {
        // beyond ASCII, or a quote to double: the whole text through the encoder
        const bytes = Buffer.from(text.includes('"') ? text.replaceAll('"', '""') : text, 'utf8');
        this.room(bytes.length + 2);
        const grown = this.buf;
        grown[this.at] = QUOTE;
        grown.set(bytes, this.at + 1);
        at = this.at + 1 + bytes.length;
        grown[at++] = QUOTE;
        this.at = at;
        return;
      }
      buf[at++] = c;
    }
    buf[at++] = QUOTE;
    this.at = at;
  }

  /** Writes ASCII text (a number's) at `this.at`, room made already. */
  private ascii(text: string): void {
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < text.length; i++) buf[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Writes `true` or `false`, room made already. */
  private boolean(v: boolean): void {
    const buf = this.buf;
    const at = this.at;
    if (v) {
      buf[at] = 116; // t
      buf[at + 1] = 114; // r
      buf[at + 2] = 117; // u
      buf[at + 3] = 101; // e
      this.at = at + 4;
    } else {
      buf[at] = 102; // f
      buf[at + 1] = 97; // a
      buf[at + 2] = 108; // l
      buf[at + 3] = 115; // s
      buf[at + 4] = 101; // e
      this.at = at + 5;
    }
  }

  /** Writes a number, room made already. */
  private number(v: number): void {
    const small = v < 0 ? -v : v;
    if (Number.isInteger(small) && small < 1000 && !Object.is(v, -0)) {
      const buf = this.buf;
      let at = this.at;
      if (v < 0) buf[at++] = MINUS;
      if (small >= 100) buf[at++] = ZERO + Math.floor(small / 100);
      if (small >= 10) buf[at++] = ZERO + (Math.floor(small / 10) % 10);
      buf[at++] = ZERO + (small % 10);
      this.at = at;
      return;
    }
    this.ascii(csvNumber(v));
  }

  /** One row, a line of the CSV. */
  row(row: readonly (string | number | boolean | null | undefined)[]): void {
    this.room(CELL_BYTES * row.length + 1);
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i > 0) this.buf[this.at++] = COMMA;
      if (v === null || v === undefined) continue;
      if (typeof v === 'string') {
        this.quoted(v);
        // the cells after it still have the room the row made
        this.room(CELL_BYTES * (row.length - i));
      } else if (typeof v === 'number') this.number(v);
      else this.boolean(v);
    }
    this.buf[this.at++] = NEWLINE;
  }

  /** The bytes written so far, in a buffer of their own (so that it can be transferred). */
  bytes(): Uint8Array {
    return this.at === this.buf.length ? this.buf : this.buf.slice(0, this.at);
  }
}

/** The COPY options matching {@link CsvWriter}; the column types are the table's own. */
export const COPY_CSV =
  "(FORMAT csv, HEADER false, DELIMITER ',', QUOTE '\"', ESCAPE '\"', NULLSTR '', ALLOW_QUOTED_NULLS false, AUTO_DETECT false)";

/**
 * Rolls back the transaction a failed statement left, if any: a COMMIT that failed (a full disk could not
 * take the write-ahead log) has ended it already, and DuckDB's "cannot rollback - no transaction is active"
 * must not hide why the COMMIT failed (the caller throws that error).
 */
export async function rollback(con: DuckDBConnection): Promise<void> {
  try {
    await con.run('ROLLBACK');
  } catch {
    // no transaction open: nothing to roll back
  }
}

/** Runs a query with positional parameters ($1 …) and returns its rows as JS values. */
export async function rows(
  con: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[] = [],
): Promise<unknown[][]> {
  const reader = await con.runAndReadAll(sql, params as DuckDBValue[]);
  return reader.getRowsJS() as unknown[][];
}

/**
 * Runs a query and returns its rows as JSON values (column order kept), from one JSON text DuckDB builds:
 * thousands of rows read one value at a time through the driver cost several times more than parsing that
 * text. Column names must be unique; for text, whole numbers, booleans and NULL only (DuckDB writes −0
 * as 0 and NaN as a bare NaN, which is not JSON; a date comes as text).
 */
export async function jsonRows(
  con: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[] = [],
): Promise<unknown[][]> {
  const [[json]] = (await rows(con, `SELECT CAST(to_json(list(t)) AS VARCHAR) FROM (${sql}) t`, params)) as [
    [string | null],
  ];
  return (JSON.parse(json ?? '[]') as Record<string, unknown>[]).map((r) => Object.values(r));
}

/**
 * Runs a query with positional parameters and yields its rows as JS values, one DuckDB chunk (2,048 rows)
 * at a time: a large result is never held whole, neither by DuckDB nor here.
 */
export async function* rowStream(
  con: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[] = [],
): AsyncGenerator<unknown[]> {
  const { JSDuckDBValueConverter } = await duckdb();
  const result = await con.stream(sql, params as DuckDBValue[]);
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk())
    yield* chunk.convertRows(JSDuckDBValueConverter) as unknown[][];
}

/**
 * Runs a query whose columns are all DOUBLE and never NULL (cast and COALESCE in the SQL: a NULL would read
 * as whatever the vector holds in its place) and returns each
 * column as one Float64Array, read straight from DuckDB's vectors: no JS row or value object is made, so a
 * quarter of a million decision rows take a few tens of milliseconds where {@link rows} takes half a second.
 */
export async function doubleColumns(
  con: DuckDBConnection,
  sql: string,
  params: readonly DuckDBValue[] = [],
): Promise<Float64Array[]> {
  const { DuckDBDoubleVector } = await duckdb();
  const result = await con.run(sql, params as DuckDBValue[]);
  // the result is materialized: its row count is known, so each column is filled in place, chunk by chunk
  const total = result.rowCount;
  const columns = Array.from({ length: result.columnCount }, () => new Float64Array(total));
  let at = 0;
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    const n = chunk.rowCount;
    if (at + n > total) throw new Error('doubleColumns: more rows than the result counts');
    for (let c = 0; c < columns.length; c++) {
      const v = chunk.getColumnVector(c);
      if (!(v instanceof DuckDBDoubleVector)) throw new Error(`doubleColumns: column ${c} is not DOUBLE`);
      const out = columns[c]!;
      // the vector's own Float64Array when this version exposes it at run time (it is private to the types)
      const items = (v as unknown as { items?: unknown }).items;
      if (items instanceof Float64Array && items.length >= n) {
        out.set(items.subarray(0, n), at);
        continue;
      }
      for (let i = 0; i < n; i++) {
        const x = v.getItem(i);
        if (x === null) throw new Error(`doubleColumns: column ${c} holds NULL`);
        out[at + i] = x;
      }
    }
    at += n;
  }
  if (at !== total) throw new Error('doubleColumns: fewer rows than the result counts');
  return columns;
}
