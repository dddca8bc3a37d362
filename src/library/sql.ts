/**
 * Small helpers over DuckDB for the library's own code: typed appends, parameterised reads. SQL text lives
 * in the modules that own the tables (schema, import, read, export, merge), as named constants.
 */
import type { DuckDBAppender, DuckDBConnection, DuckDBDataChunk, DuckDBValue } from '@duckdb/node-api';
import { duckdb, duckdbBindings } from './duckdb.js';
import type { RowColumns } from './row-columns.js';

/** DuckDB's type ids of the columns the library writes (the values of its DuckDBTypeId enum). */
const TYPE = {
  BOOLEAN: 1,
  TINYINT: 2,
  SMALLINT: 3,
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

/** One array for each numeric column type, a data chunk's size each. */
interface Scratch {
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly i16: Int16Array;
  readonly i8: Int8Array;
  readonly u8: Uint8Array;
  /** A chunk's strings, 16 bytes each (DuckDB's string_t). */
  readonly text: Uint32Array;
}

/**
 * The strings of a text column as the 16 bytes a DuckDB vector holds for each (the C API's
 * `duckdb_string_t`): a string of at most 12 UTF-8 bytes is its length (32 bits, little-endian) and its
 * bytes, zero-padded; a longer one points into the vector's heap, so it is marked `long` and assigned through
 * DuckDB. Written 16 bytes at a time, the short ones (a column of names, kinds, dice or plans) cost no call
 * into DuckDB each.
 */
interface InlineStrings {
  /** Four 32-bit words per string (zero for a long one). */
  readonly words: Uint32Array;
  /** 1 for a string longer than 12 bytes. */
  readonly long: Uint8Array;
}

const INLINE_BYTES = 12;

function inlineStrings(strings: readonly string[]): InlineStrings {
  const words = new Uint32Array(4 * strings.length);
  const bytes = new Uint8Array(words.buffer);
  const long = new Uint8Array(strings.length);
  strings.forEach((s, k) => {
    // a UTF-8 string has at least as many bytes as UTF-16 code units
    if (s.length > INLINE_BYTES) {
      long[k] = 1;
      return;
    }
    const { read, written } = ENCODER.encodeInto(s, bytes.subarray(16 * k + 4, 16 * k + 16));
    if (read < s.length) {
      bytes.fill(0, 16 * k + 4, 16 * k + 16);
      long[k] = 1;
      return;
    }
    // the length, little-endian on the machines DuckDB's npm binaries are built for
    words[4 * k] = written;
  });
  return { words, long };
}

const ENCODER = new TextEncoder();

/**
 * The data chunk appending columns fills, one for each list of column types, made once and reused: DuckDB
 * frees a chunk (2,048 rows of every column, about 1.5 MB for the decisions) only when the garbage collector
 * gets to its JS object, so one made by each transaction's appender added up to tens of MB.
 */
const CHUNKS = new Map<string, DuckDBDataChunk>();

/** Where a chunk's numbers are narrowed to their column's type ({@link narrow}) and its strings laid out. */
let scratch: Scratch | null = null;

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

  /**
   * Appends rows held as columns ({@link RowColumns}), a DuckDB data chunk (2,048 rows) at a time: each
   * column's numbers are copied into the chunk's vector at once, narrowed to the column's type, its NULLs
   * as one bitmap, its text row by row from its table of strings. No value becomes a JS object on the way; the
   * appender's one-value calls took 1.5× the time of a CSV text and a COPY, this path 0.75× (27,403
   * decision rows of the 73 reference SGFs, 5 runs each in turn, CPU).
   */
  appendColumns(c: RowColumns): void {
    const types = this.types;
    if (c.columns.length !== types.length)
      throw new Error(`library: ${c.columns.length} columns for a table of ${types.length}`);
    if (c.rows === 0) return;
    const ddb = duckdbBindings();
    const size = ddb.vector_size();
    const app = this.app;
    const key = types.join(',');
    let reused = CHUNKS.get(key);
    if (reused === undefined) {
      reused = this.db.DuckDBDataChunk.create(types.map((_, i) => app.columnType(i)));
      CHUNKS.set(key, reused);
    }
    scratch ??= {
      f64: new Float64Array(size),
      i32: new Int32Array(size),
      i16: new Int16Array(size),
      i8: new Int8Array(size),
      u8: new Uint8Array(size),
      text: new Uint32Array(4 * size),
    };
    const text = scratch.text;
    const chunk = reused.chunk;
    const words = new Uint32Array(Math.ceil(size / 32) + 1);
    // each text column's strings as DuckDB holds them
    const inline = c.columns.map((col, i) =>
      types[i] === TYPE.VARCHAR && col.strings !== null ? inlineStrings(col.strings) : null,
    );
    for (let start = 0; start < c.rows; start += size) {
      const n = Math.min(size, c.rows - start);
      ddb.data_chunk_reset(chunk);
      ddb.data_chunk_set_size(chunk, n);
      for (let i = 0; i < types.length; i++) {
        const col = c.columns[i]!;
        const vector = ddb.data_chunk_get_vector(chunk, i);
        const type = types[i]!;
        if ((type === TYPE.VARCHAR) !== (col.strings !== null) && !allNull(col.nulls, start, n))
          throw new Error(
            `library: column ${i + 1} holds ${col.strings ? 'text' : 'numbers'} for type ${type}`,
          );
        if (type === TYPE.VARCHAR) {
          const { strings, values, nulls } = col;
          const table = inline[i];
          if (strings && table) {
            // the short strings' 16 bytes at once, then the long ones one by one
            text.fill(0, 0, 4 * n);
            for (let r = 0; r < n; r++) {
              if (nulls[start + r] === 1) continue;
              const k = values[start + r]!;
              if (table.long[k] === 1) continue;
              const w = table.words;
              text[4 * r] = w[4 * k]!;
              text[4 * r + 1] = w[4 * k + 1]!;
              text[4 * r + 2] = w[4 * k + 2]!;
              text[4 * r + 3] = w[4 * k + 3]!;
            }
            ddb.copy_data_to_vector(vector, 0, text.buffer as ArrayBuffer, 0, 16 * n);
            for (let r = 0; r < n; r++) {
              const k = values[start + r]!;
              if (nulls[start + r] === 0 && table.long[k] === 1)
                ddb.vector_assign_string_element(vector, r, strings[k]!);
            }
          }
        } else {
          const narrowed = narrow(scratch, type, n);
          narrowed.set(col.values.subarray(start, start + n));
          ddb.copy_data_to_vector(
            vector,
            0,
            narrowed.buffer as ArrayBuffer,
            narrowed.byteOffset,
            narrowed.byteLength,
          );
        }
        if (!hasNull(col.nulls, start, n)) continue;
        words.fill(0);
        for (let r = 0; r < n; r++) if (col.nulls[start + r] === 0) words[r >>> 5]! |= 1 << (r & 31);
        ddb.vector_ensure_validity_writable(vector);
        // 64-bit words little-endian: the same bytes as pairs of 32-bit ones on the little-endian machines
        // DuckDB's npm binaries are built for
        ddb.copy_data_to_vector_validity(vector, 0, words.buffer as ArrayBuffer, 0, Math.ceil(n / 64) * 8);
      }
      app.appendDataChunk(reused);
      this.rows += n;
    }
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

/** A scratch array of `n` values of the column type `type` (numbers and booleans). */
function narrow(
  s: Scratch,
  type: number,
  n: number,
): Float64Array | Int32Array | Int16Array | Int8Array | Uint8Array {
  switch (type) {
    case TYPE.DOUBLE:
      return s.f64.subarray(0, n);
    case TYPE.INTEGER:
      return s.i32.subarray(0, n);
    case TYPE.SMALLINT:
      return s.i16.subarray(0, n);
    case TYPE.TINYINT:
      return s.i8.subarray(0, n);
    case TYPE.BOOLEAN:
      return s.u8.subarray(0, n);
    default:
      throw new Error(`library: no column writer for column type ${type}`);
  }
}

/** Whether rows `start` … `start + n − 1` of a column hold a NULL. */
function hasNull(nulls: Uint8Array, start: number, n: number): boolean {
  return nulls.subarray(start, start + n).includes(1);
}

/** Whether rows `start` … `start + n − 1` of a column are all NULL. */
function allNull(nulls: Uint8Array, start: number, n: number): boolean {
  return !nulls.subarray(start, start + n).includes(0);
}

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
  const width = result.columnCount;
  const parts: Float64Array[][] = Array.from({ length: width }, () => []);
  let total = 0;
  for (
    let chunk = await result.fetchChunk();
    chunk && chunk.rowCount > 0;
    chunk = await result.fetchChunk()
  ) {
    for (let c = 0; c < width; c++) {
      const v = chunk.getColumnVector(c);
      if (!(v instanceof DuckDBDoubleVector)) throw new Error(`doubleColumns: column ${c} is not DOUBLE`);
      // the vector's own Float64Array when this version exposes it at run time (it is private to the types)
      const items = (v as unknown as { items?: unknown }).items;
      if (items instanceof Float64Array && items.length >= chunk.rowCount) {
        parts[c]!.push(items.slice(0, chunk.rowCount));
        continue;
      }
      const out = new Float64Array(chunk.rowCount);
      for (let i = 0; i < out.length; i++) {
        const x = v.getItem(i);
        if (x === null) throw new Error(`doubleColumns: column ${c} holds NULL`);
        out[i] = x;
      }
      parts[c]!.push(out);
    }
    total += chunk.rowCount;
  }
  return parts.map((list) => {
    const out = new Float64Array(total);
    let at = 0;
    for (const p of list) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  });
}
