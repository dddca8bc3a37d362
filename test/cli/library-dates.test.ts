/**
 * Issue 42 item 3, a library imported before the ISO dates (main e43a212): `matches.date` held a gnuBG text
 * export's ambiguous date as printed ("11/10/2023") and `matches.day` the day that bdb read from it. Schema
 * step 7 writes every stored date as its ISO day, so `bdb sql` and `bdb export` give the days the files'
 * own names give (Backgammon Studio names carry the day: "… 2023_10_11 16_52_13.txt").
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const tmp = mkdtempSync(join(tmpdir(), 'bdb-lib-dates-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BGLAB = `${REF_DIR}bglab`;
const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));

async function withLibrary<T>(
  path: string,
  f: (run: (sql: string) => Promise<unknown[][]>) => Promise<T>,
): Promise<T> {
  const inst = await DuckDBInstance.create(path);
  const con = await inst.connect();
  try {
    return await f(async (sql) => (await con.runAndReadAll(sql)).getRowsJS() as unknown[][]);
  } finally {
    con.closeSync();
    inst.closeSync();
  }
}

/**
 * The `matches.date` text bdb stored before e43a212 (its parent's readers): a gnuBG text export's `Date:`
 * line as ISO when a number above 12 told the order or the year had two digits, else as printed
 * (src/parsers/gnubg-text/game.ts `isoDate`); a .mat's `EventDate` `YYYY.MM.DD` as ISO
 * (src/parsers/mat/to-model.ts `isoDate`).
 */
function formerDate(file: string): string | null {
  const text = readFileSync(file, 'latin1');
  const mat = /\[EventDate "(\d{4})[.\-/](\d{1,2})[.\-/](\d{1,2})"\]/.exec(text);
  if (mat) return `${mat[1]}-${mat[2]!.padStart(2, '0')}-${mat[3]!.padStart(2, '0')}`;
  const printed = /^Date: (.*)$/m.exec(text)?.[1]?.trim();
  if (printed === undefined) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(printed);
  if (!m) return printed;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  let month: number;
  let day: number;
  if (m[3]!.length === 2 || (a <= 12 && b > 12)) [month, day] = [a, b];
  else if (a > 12 && b <= 12) [month, day] = [b, a];
  else return printed;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The `matches.day` bdb stored before e43a212 (its parent's src/library/dates.ts `isoDay`): ISO as is; a
 * slashed date with a four-digit year month first when its second number exceeds 12, else day first.
 */
function formerDay(date: string | null): string | null {
  if (date === null) return null;
  const iso = /^\s*(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(date);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  const s = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(date)!;
  const [a, b] = [s[1]!.padStart(2, '0'), s[2]!.padStart(2, '0')];
  return Number(b) > 12 ? `${s[3]}-${a}-${b}` : `${s[3]}-${b}-${a}`;
}

/** The day a Backgammon Studio file's name carries (`… 2023_10_11 16_52_13.txt`). */
function nameDay(name: string): string {
  const m = /(\d{4})_(\d\d)_(\d\d)/.exec(name)!;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** Rows `[file name, …]` in the order of the names. */
function byName(rows: unknown[][]): unknown[][] {
  return rows.sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));
}

describe('library: dates stored before the ISO days (schema step 7)', () => {
  const lib = join(tmp, 'dates.duckdb');
  const more = join(tmp, 'more');
  // a real export copied under a name without its day ("Date: 09/08/2023", as test/cli/dates.test.ts);
  // the same match as bglab/bglab_BoardLord-Llabba_7pt_2023_08_09.mat (EventDate "2023.08.09"), which the
  // library keeps as its duplicate (the text export is the better reading)
  const RENAMED = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07';
  // "Date: 11/10/2023" in the export named "… 2023_10_11 …" (docs/dates.md)
  const JORGHE = 'jorghe-Danielator-13pt-Backgammon-Studio-2023_10_11-16_52_13';

  it('bdb sql and bdb export give ISO days, those of the files’ names', async () => {
    mkdirSync(more);
    for (const part of ['', '_002', '_003', '_004', '_005', '_006', '_007', '_008'])
      cpSync(join(LLABBA, `${JORGHE}${part}.txt`), join(more, `${JORGHE}${part}.txt`));
    for (const part of ['', '_002', '_003'])
      cpSync(join(LLABBA, `${RENAMED}${part}.txt`), join(more, `boardlord${part}.txt`));
    const imported = await call('import', BGLAB, more, '--library', lib);
    expect(imported.code, imported.stderr).toBe(0);

    // the library as bdb e43a212^ left it: each match's date and day as its readers gave them, schema 6
    const files = (await withLibrary(lib, (q) => q('SELECT match_id, file FROM matches')))
      .map(([id, file]) => [Number(id), String(file)] as const)
      .sort((x, y) => (basename(x[1]) < basename(y[1]) ? -1 : 1));
    expect(files.map(([, f]) => basename(f))).toEqual([
      'adidan - Llabba 7pt Backgammon Studio 2023_09_27 07_15_16.txt',
      'boardlord.txt',
      `${JORGHE}.txt`,
      'mitnick - Llabba 9pt Backgammon Studio 2023_09_18 20_03_49.txt',
    ]);
    const former = files.map(([id, file]) => ({ id, date: formerDate(file) }));
    expect(former.map((f) => f.date)).toEqual(['2023-09-27', '09/08/2023', '11/10/2023', '2023-09-18']);
    await withLibrary(lib, async (q) => {
      for (const { id, date } of former)
        await q(
          `UPDATE matches SET date = '${date}', day = DATE '${formerDay(date)}' WHERE match_id = ${id}`,
        );
      await q(
        "UPDATE meta SET value = '6' WHERE key = 'schema_version'; DELETE FROM meta WHERE key = 'migrated_7'",
      );
      return null;
    });
    const sqlDates = async (): Promise<unknown[][]> => {
      const r = await call(
        'sql',
        'SELECT file, date, CAST(day AS VARCHAR) AS day FROM matches',
        '--library',
        lib,
        '--json',
      );
      expect(r.code, r.stderr).toBe(0);
      const got = JSON.parse(r.stdout) as { file: string; date: unknown; day: unknown }[];
      return byName(got.map((m) => [basename(m.file), m.date, m.day]));
    };
    expect((await call('sql', 'SELECT 1', '--library', lib)).stderr).toMatch(
      /library schema 6 needs upgrading/,
    );

    // opened by a writing command: upgraded
    const up = await call('import', BGLAB, more, '--library', lib);
    expect(up.code, up.stderr).toBe(0);
    // each day its file's name gives; the renamed copy keeps the day the library stored (bdb before e43a212
    // read it day first): its original's name and its .mat transcript's EventDate give that day
    const expected = files.map(([, f]) => {
      const name = basename(f);
      const day = nameDay(name === 'boardlord.txt' ? RENAMED : name);
      return [name, day, day];
    });
    expect(await sqlDates()).toEqual(expected);

    // the export of the matches (Parquet, read back by DuckDB)
    const out = join(tmp, 'matches.parquet');
    const e = await call('export', out, '--table', 'matches', '--library', lib);
    expect(e.code, e.stderr).toBe(0);
    const exported = await withLibrary(':memory:', (q) =>
      q(`SELECT file, date, CAST(day AS VARCHAR) FROM read_parquet('${out}')`),
    );
    expect(byName(exported.map(([f, d, day]) => [basename(String(f)), d, day]))).toEqual(expected);
  });
});
