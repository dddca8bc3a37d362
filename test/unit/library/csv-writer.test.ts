import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { duckdb } from '../../../src/library/duckdb.js';
import { COPY_CSV, CsvWriter } from '../../../src/library/sql.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-csv-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// values that need care: quotes, separators and line breaks inside text, text beyond ASCII, NULL next to an
// empty string, −0, NaN and the infinities, doubles that need all 17 digits
const ROWS: (string | number | boolean | null)[][] = [
  ['plain', 1, true, 0.1 + 0.2],
  ['say "hi", then\nleave', -0, false, Number.NaN],
  ['Zoë Ångström 🎲', Number.POSITIVE_INFINITY, null, Number.NEGATIVE_INFINITY],
  ['', null, true, 5e-324],
];

describe('CsvWriter', () => {
  it('writes the lines COPY_CSV reads', () => {
    const w = new CsvWriter(8); // a small start: the buffer grows
    for (const r of ROWS) w.row(r);
    expect(Buffer.from(w.bytes()).toString('utf8')).toBe(
      [
        '"plain",1,true,0.30000000000000004',
        '"say ""hi"", then\nleave",-0,false,nan',
        '"Zoë Ångström 🎲",inf,,-inf',
        '"",,true,5e-324',
        '',
      ].join('\n'),
    );
  });

  it('writes every number as JavaScript spells it (small integers digit by digit)', () => {
    const numbers = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, -1, -9, -10, -99, -100, -999, -1000, 0.5, -0.5];
    numbers.push(999.5, 123456789, 2 ** 53, -(2 ** 53), 1e21, 1e-7, 12.000000000000002);
    // the longest texts: 25 and 24 characters, a row of them written into the smallest buffer
    numbers.push(-0.0000012345678901234567, -1.2345678901234567e-308, -123456789012345680000);
    const w = new CsvWriter(4);
    for (const n of numbers) w.row([n, 'x', n]);
    const want = numbers.map((n) => `${String(n)},"x",${String(n)}\n`).join('');
    expect(Buffer.from(w.bytes()).toString('utf8')).toBe(want);
    // a row of the longest numbers, then strings and numbers, written from a buffer of 4 bytes
    const longest = new Array<number | string>(30).fill(-0.0000012345678901234567);
    longest.splice(10, 0, 'Zoë', '"q"');
    const v = new CsvWriter(4);
    for (let k = 0; k < 100; k++) v.row(k % 2 === 0 ? longest : longest.slice(12));
    const line = (r: (number | string)[]) =>
      `${r.map((x) => (typeof x === 'string' ? `"${x.replaceAll('"', '""')}"` : String(x))).join(',')}\n`;
    expect(Buffer.from(v.bytes()).toString('utf8')).toBe(
      `${line(longest)}${line(longest.slice(12))}`.repeat(50),
    );
  });

  it('gives DuckDB back every value, bit for bit', async () => {
    const w = new CsvWriter();
    for (const r of ROWS) w.row(r);
    const csv = join(tmp, 'rows.csv');
    writeFileSync(csv, w.bytes());
    const db = await (await duckdb()).DuckDBInstance.create(':memory:');
    const con = await db.connect();
    try {
      await con.run('CREATE TABLE t (s VARCHAR, n DOUBLE, b BOOLEAN, d DOUBLE)');
      await con.run(`COPY t FROM '${csv}' ${COPY_CSV}`);
      const got = (await con.runAndReadAll('SELECT s, n, b, d FROM t')).getRows();
      expect(got.map((r) => r.map((v) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v)))).toEqual(
        ROWS.map((r) => r.map((v) => (typeof v === 'number' && Object.is(v, -0) ? '-0' : v))),
      );
    } finally {
      con.closeSync();
      db.closeSync();
    }
  });
});
