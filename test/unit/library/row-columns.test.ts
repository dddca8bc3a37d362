import { describe, expect, it } from 'vitest';
import { duckdb } from '../../../src/library/duckdb.js';
import { columnBuffers, RowColumnsBuilder } from '../../../src/library/row-columns.js';
import type { Cell } from '../../../src/library/rows.js';
import { TableAppender } from '../../../src/library/sql.js';

// values that need care: quotes, separators and line breaks inside text, text beyond ASCII (two-, three- and
// four-byte UTF-8) short and long, NULL next to an empty string, −0, NaN and the infinities, doubles that need all 17
// digits, the ends of each integer type, NULL in every column
const ROWS: Cell[][] = [
  ['plain', 1, true, 0.1 + 0.2, 127, -32768, 2147483647],
  ['say "hi", then\nleave', -0, false, Number.NaN, -128, 32767, -2147483648],
  ['Zoë Ångström 🎲 中', Number.POSITIVE_INFINITY, null, Number.NEGATIVE_INFINITY, 0, 0, 0],
  ['', null, true, 5e-324, null, null, null],
  [null, 2, false, null, 1, 2, 3],
  // DuckDB holds a string of at most 12 UTF-8 bytes in the vector itself: at and around that bound, in bytes
  // and in UTF-16 code units (7 units of 14 bytes; 6 units of exactly 12 bytes)
  ['Zoë', 0, true, 1, 1, 1, 1],
  ['🎲🎲🎲', 0, true, 1, 1, 1, 1],
  ['ü'.repeat(7), 0, true, 1, 1, 1, 1],
  ['twelve bytes', 0, true, 1, 1, 1, 1],
  ['thirteen byte', 0, true, 1, 1, 1, 1],
];
const TABLE = 't (s VARCHAR, n DOUBLE, b BOOLEAN, d DOUBLE, i8 TINYINT, i16 SMALLINT, i32 INTEGER)';

/** -0 as text, so that toEqual tells it from 0. */
function signed(rows: unknown[][]): unknown[][] {
  return rows.map((r) => r.map((v) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v)));
}

/**
 * Appends `rows` as columns to a new table of an in-memory DuckDB and reads them back in order (`query`,
 * by default every row).
 */
async function roundTrip(
  table: string,
  rows: readonly Cell[][],
  width: number,
  query = 'SELECT * FROM t',
): Promise<unknown[][]> {
  const b = new RowColumnsBuilder(width, 2); // a small start: the arrays grow
  for (const r of rows) b.row(r);
  const columns = b.done();
  const db = await (await duckdb()).DuckDBInstance.create(':memory:');
  const con = await db.connect();
  try {
    await con.run(`CREATE TABLE ${table}`);
    const app = await TableAppender.create(con, 't');
    app.appendColumns(columns);
    app.close();
    return (await con.runAndReadAll(query)).getRows() as unknown[][];
  } finally {
    con.closeSync();
    db.closeSync();
  }
}

describe('rows as columns', () => {
  it('gives DuckDB back every value, bit for bit, in each column type', async () => {
    const got = await roundTrip(TABLE, ROWS, 7);
    expect(signed(got)).toEqual(signed(ROWS));
  });

  it('compares and sorts the strings written in the vector as DuckDB compares its own', async () => {
    const got = await roundTrip(
      TABLE,
      ROWS,
      7,
      "SELECT s FROM t WHERE s IN ('Zoë', '🎲🎲🎲', 'twelve bytes', 'thirteen byte', '') ORDER BY s",
    );
    expect(got.map((r) => r[0])).toEqual(['', 'Zoë', 'thirteen byte', 'twelve bytes', '🎲🎲🎲']);
  });

  it('holds across data chunks (2,048 rows each), with a column NULL throughout and text NULL at first', async () => {
    const rows: Cell[][] = Array.from({ length: 5000 }, (_, i) => [
      i,
      i % 3 === 0 ? null : `row ${i}${i % 7 === 0 ? ' ü' : ''}`,
      i % 64 === 63 || i === 2048 ? null : i / 7,
      null,
      i < 3000 ? null : `late ${i}`,
    ]);
    const got = await roundTrip('t (i INTEGER, s VARCHAR, d DOUBLE, z INTEGER, late VARCHAR)', rows, 5);
    expect(got).toEqual(rows);
  });

  it('gives every buffer to transfer, each its own', () => {
    const b = new RowColumnsBuilder(2);
    b.row(['a', 1]);
    b.row([null, null]);
    const c = b.done();
    const buffers = columnBuffers(c);
    // values and nulls of each column
    expect(buffers).toHaveLength(4);
    expect(new Set(buffers).size).toBe(4);
    expect(c.rows).toBe(2);
    expect(c.columns[0]!.strings).toEqual(['a']);
  });

  it('refuses a row of another width and a column mixing text and numbers', () => {
    const b = new RowColumnsBuilder(2);
    expect(() => b.row(['a'])).toThrow(/a row of 1 values for 2 columns/);
    b.row(['a', 1]);
    expect(() => b.row([1, 1])).toThrow(/column 1 holds both text and numbers/);
  });
});
