/**
 * Issue 42 item 3: every output gives a match's date as an ISO day (docs/dates.md). The 79 real matches of
 * test/history/llabba (gnuBG 1.07.001 text exports, day first: "Date: 11/10/2023" in the export named
 * "… 2023_10_11 …") through `stats --json` on files and on a library, and `bdb sql`.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-dates-'));
const lib = join(tmp, 'llabba.duckdb');
const checker = new SchemaChecker();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(async () => {
  expect((await call('import', LLABBA, '--library', lib)).code).toBe(0);
});

/**
 * The day each match was played, as its own files say it another way than the `Date:` line bdb reads:
 * the Backgammon Studio file names carry it (YYYY_MM_DD); the 9 Galaxy matches named matchNNNN print
 * "28/01/2024" (match1278964, match1280660, match1281172, match1301058, match1322784: 28 is no month)
 * or "18/10/2023" (match2906190, match2906400, match2906727, match2907090, whose Galaxy transcripts in
 * corpora/galaxy-mat say EventDate "2023.10.18").
 */
function expectedDay(file: string): string {
  const named = /(\d{4})_(\d\d)_(\d\d)/.exec(basename(file));
  if (named) return `${named[1]}-${named[2]}-${named[3]}`;
  const id = /^match(\d+)\.txt$/.exec(basename(file))![1]!;
  return ['1278964', '1280660', '1281172', '1301058', '1322784'].includes(id) ? '2024-01-28' : '2023-10-18';
}

interface StatsJson {
  matches: { file: string; date: string | null }[];
}

describe('the 79 Llabba matches: schema-valid ISO dates, the days their files say', () => {
  test('stats --json on the files and on the library', async () => {
    // 24 of the 79 print a date whose both numbers are 12 or less ("11/10/2023"): given as printed before
    const firsts = readdirSync(LLABBA).filter((f) => !/_\d{3}\.txt$/.test(f));
    expect(firsts.length).toBe(79);
    for (const from of [[LLABBA], ['--library', lib]]) {
      const r = await call('stats', ...from, '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout) as StatsJson;
      expect(checker.errors(j, 'docs/schema/stats.schema.json')).toEqual([]);
      expect(j.matches.length).toBe(79);
      for (const m of j.matches)
        expect([basename(m.file), m.date]).toEqual([basename(m.file), expectedDay(m.file)]);
    }
  });

  test('the library stores the ISO day in matches.date and matches.day', async () => {
    const r = await call(
      'sql',
      'SELECT count(*) AS n FROM matches WHERE date = CAST(day AS VARCHAR)',
      '--library',
      lib,
      '--csv',
    );
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe('79');
  });

  test('an ambiguous date that nothing settles is null, with the reason among the warnings', async () => {
    // the name is what is tested: a real export copied under a name without its day ("Date: 09/08/2023")
    const dir = join(tmp, 'renamed');
    const src = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07';
    for (const [from, to] of [
      ['', ''],
      ['_002', '_002'],
      ['_003', '_003'],
    ])
      cpSync(join(LLABBA, `${src}${from}.txt`), join(dir, `boardlord${to}.txt`));
    const r = await call('stats', join(dir, 'boardlord.txt'), '--json');
    expect(r.code).toBe(0);
    const m = (
      JSON.parse(r.stdout) as { matches: { date: string | null; warnings: { message: string }[] }[] }
    ).matches[0]!;
    expect(m.date).toBeNull();
    expect(m.warnings.map((w) => w.message)).toContain(
      'date "09/08/2023" is ambiguous (2023-08-09 day first, 2023-09-08 month first) and the file name gives no day to tell: left undated',
    );
  });
});
