/**
 * `bdb drill` on real data: one match of Llabba's history (BoardLord - Llabba 7pt Backgammon Studio
 * 2023_08_09 18_11_07, gnuBG 1.07.001 text exports, one file per game, in
 * ../shared/reference-matches/gnubg-text-bglab), imported into a library. The answers are piped on standard
 * input (the drill reads it line by line), so these tests start the command as a user does. Expected plays
 * and equities are gnuBG's, as its text export prints them (file and move cited at each).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bdbWith, call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';

// the repository's copy of ../shared/reference-matches/gnubg-text-bglab (test/history/README.md)
const DIR = fileURLToPath(new URL('../history/llabba', import.meta.url));
const MATCH = 'BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07';
const FILES = ['', '_002', '_003'].map((s) => join(DIR, `${MATCH}${s}.txt`));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-drill-'));
const lib = join(tmp, 'llabba.duckdb');
const L = ['--library', lib];

beforeAll(async () => {
  const r = await call('import', ...FILES, ...L, '--no-progress');
  expect(r.code, r.stderr).toBe(0);
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A session with `answers` piped, one a line. */
function drill(answers: readonly string[], ...args: string[]) {
  return bdbWith({ input: answers.map((a) => `${a}\n`).join('') }, 'drill', ...L, ...args);
}

describe('bdb drill', () => {
  it("Llabba's costliest mistake: the best play is right, whatever its order; the summary line", () => {
    // game 2 (file _002), gnuBG's "Move number 22: Llabba to play 41": best 6/2 4/3 (Eq. +0.319)
    const r = drill(['4/3 6/2'], '--player', 'Llabba', '--limit', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      '1 of 1 · 2023-08-09 · Online match · Llabba against BoardLord · game 2 move 20',
    );
    expect(r.stdout).toContain('XGID=-BA-BbF----Da--a---cbb-bb-:1:-1:1:41:0:4:0:7:10');
    expect(r.stdout).toContain('your play with 41? 4/3 6/2\nright: 6/2 4/3\n');
    expect(r.stdout).toMatch(/\n1 answered, 1 right; next due \d{4}-\d\d-\d\d \d\d:\d\d UTC\n$/);
  });

  it('a wrong play: the best, and the equity given away as gnuBG prints it; a play not analysed says so', () => {
    // the card answered above is not due for 10 minutes (FSRS's first learning step): a library of its own
    // asks it again
    const fresh = join(tmp, 'fresh.duckdb');
    const imp = bdbWith({}, 'import', ...FILES, '--library', fresh, '--no-progress');
    expect(imp.code, imp.stderr).toBe(0);
    // same move: "11/7 2/1" is gnuBG's 4th candidate, Eq. -0.042 (-0.361)
    const wrong = bdbWith(
      { input: '2/1 11/7\n' },
      'drill',
      '--library',
      fresh,
      '--player',
      'Llabba',
      '--limit',
      '1',
    );
    expect(wrong.stdout).toContain('wrong: best 6/2 4/3; yours 11/7 2/1, -0.361 against the best\n');
    expect(wrong.stdout).toMatch(/\n1 answered, 0 right; next due/);
    const other = join(tmp, 'other.duckdb');
    bdbWith({}, 'import', ...FILES, '--library', other, '--no-progress');
    // 11/10 11/7: legal with 41, not among gnuBG's five candidates
    const none = bdbWith(
      { input: '11/10 11/7\n' },
      'drill',
      '--library',
      other,
      '--player',
      'Llabba',
      '--limit',
      '1',
    );
    expect(none.stdout).toContain('wrong: best 6/2 4/3; yours 11/10 11/7, not among the analysed plays\n');
  }, 60_000);

  it('an answer that is not a legal play: said, and asked again; q stops', () => {
    // game 1 (first file), "Move number 36"-ish 44 bear-off: bdb's second costliest, best 6/2(2) 4/off(2)
    const r = drill(['11/6', 'foo', 'q'], '--player', 'Llabba', '--limit', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(
      'your play with 44? 11/6\nnot a play here: "11/6" cannot be played: 11/6: no checker on point 11\n',
    );
    expect(r.stdout).toContain(
      'your play with 44? foo\nnot a play here: "foo" is not a move (expected FROM/TO)\n',
    );
    expect(r.stdout).toMatch(/your play with 44\? q\n0 answered, 0 right; next due/);
  });

  it('a saved search of takes: a pass where gnuBG says take loses DP − DT', async () => {
    const s = await call(
      'find',
      ...L,
      '--save',
      'takes',
      '--kind',
      'take',
      '--all-decisions',
      '--player',
      'Llabba',
    );
    expect(s.code, s.stderr).toBe(0);
    // game 1 (first file), BoardLord redoubles to 4 ("Move number 30"): No double +0.697, Double, pass
    // +1.000, Double, take +0.661 (doubler's view): pass gives away 1.000 − 0.661 = 0.339
    const r = drill(['maybe', 'pass'], 'takes', '--limit', '1');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('take or pass? maybe\nanswer take or pass (t, p), not "maybe"\n');
    expect(r.stdout).toContain('wrong: best No redouble, take; yours Pass, -0.339 against the best\n');
  });

  it('bad input: an unknown saved search, an empty library, no mistake, a bad --limit', async () => {
    const unknown = drill([], 'nosuch');
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      "bdb: no saved search named 'nosuch' (bdb find --saved lists them)\n",
    ]);
    const empty = join(tmp, 'empty.duckdb');
    expect((await call('study', 'mark', 'holding/checker/blots', '--library', empty)).code).toBe(0);
    const e = bdbWith({ input: '' }, 'drill', '--library', empty);
    expect(e.code).toBe(1);
    expect(e.stderr).toMatch(/no match in the library \(bdb import adds some\)\n$/);
    // Llabba made no cube mistake as the doubler in this match (gnuBG's export: no "Alert" on his cube actions)
    expect(
      (await call('find', ...L, '--save', 'doubles', '--kind', 'double', '--player', 'Llabba')).code,
    ).toBe(0);
    const none = drill([], 'doubles');
    expect([none.code, none.stdout]).toEqual([
      0,
      "no decision to drill: saved search 'doubles' finds none\n",
    ]);
    const lim = await call('drill', ...L, '--limit', 'x');
    expect(lim.code).toBe(2);
    const nobody = await call('drill', ...L, '--stats', '--player', 'Nobody At All');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/^bdb: no player 'Nobody At All'/);
  });

  it('--stats: answers by month, the drill PR = 500 × mean equity lost, beside the game PR', async () => {
    const r = await call('drill', ...L, '--stats', '--json', '--player', 'Llabba');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as {
      player: string;
      periods: { answered: number; right: number; known: number; drillPr: number }[];
    };
    expect(new SchemaChecker().errors(j, 'docs/schema/drill-stats.schema.json')).toEqual([]);
    expect(j.player).toBe('Llabba');
    // this library's answers: 4/3 6/2 (right, 0) and pass (wrong, 0.339): 500 × 0.339 / 2
    const all = j.periods.reduce((a, p) => a + p.answered, 0);
    expect(all).toBe(2);
    expect(j.periods.at(-1)!.drillPr).toBeCloseTo((500 * 0.339) / 2, 6);
  });

  it('--stats --by month|quarter|year: bdb progress’s periods; the game PR of the period the match is in', async () => {
    // a copy of this library whose two answers are dated by hand: the play (6/2 4/3) on the match's own day,
    // 2023-08-09 (its files' "Date: 09/08/2023"), the pass on 2023-11-02
    const dated = join(tmp, 'dated.duckdb');
    cpSync(lib, dated);
    if (existsSync(`${lib}.wal`)) cpSync(`${lib}.wal`, `${dated}.wal`);
    cpSync(`${lib}.sources`, `${dated}.sources`, { recursive: true });
    const inst = await DuckDBInstance.create(dated);
    const con = await inst.connect();
    await con.run(
      `UPDATE drill_answers SET answered_at = CASE WHEN answer = '6/2 4/3' THEN TIMESTAMP '2023-08-09 20:00:00'
         ELSE TIMESTAMP '2023-11-02 10:00:00' END`,
    );
    con.closeSync();
    inst.closeSync();
    type Stats = {
      by: string;
      periods: { period: string; answered: number; right: number; drillPr: number; gamePr: number | null }[];
    };
    const stats = async (by: string): Promise<Stats> => {
      const r = await call(
        'drill',
        '--library',
        dated,
        '--stats',
        '--json',
        '--player',
        'Llabba',
        '--by',
        by,
      );
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout) as Stats;
      expect(new SchemaChecker().errors(j, 'docs/schema/drill-stats.schema.json')).toEqual([]);
      return j;
    };
    const month = await stats('month');
    const quarter = await stats('quarter');
    const year = await stats('year');
    // 500 × the equity lost: the play 0 (gnuBG's best), the pass 0.339 (gnuBG's DP − DT, see above)
    expect(month.periods.map((p) => [p.period, p.answered, p.right])).toEqual([
      ['2023-08', 1, 1],
      ['2023-11', 1, 0],
    ]);
    expect(month.periods[1]!.drillPr).toBeCloseTo(500 * 0.339, 6);
    expect(quarter.periods.map((p) => [p.period, p.answered])).toEqual([
      ['2023-Q3', 1],
      ['2023-Q4', 1],
    ]);
    expect(year.by).toBe('year');
    expect(year.periods.map((p) => [p.period, p.answered, p.right])).toEqual([['2023', 2, 1]]);
    expect(year.periods[0]!.drillPr).toBeCloseTo((500 * 0.339) / 2, 6);
    // the library's one match is of 2023-08-09: its period has a game PR, the same whichever period holds
    // it; a period without a match has none
    const pr = month.periods[0]!.gamePr;
    expect(pr).not.toBeNull();
    expect([quarter.periods[0]!.gamePr, year.periods[0]!.gamePr]).toEqual([pr, pr]);
    expect([month.periods[1]!.gamePr, quarter.periods[1]!.gamePr]).toEqual([null, null]);
    const text = await call('drill', '--library', dated, '--stats', '--player', 'Llabba', '--by', 'year');
    expect(text.stdout).toMatch(/│ year +│ answered/);
    for (const bad of [
      ['--stats', '--by', '10'],
      ['--stats', '--by', 'week'],
      ['--by', 'year'],
    ]) {
      const r = await call('drill', '--library', dated, ...bad);
      expect([r.code, r.stderr.split('\n').length], bad.join(' ')).toEqual([2, 2]);
      expect(r.stderr).toMatch(/--by/);
    }
  });

  it('--anki FILE: a CSV deck Anki imports as is, one note per card, the SVG board on the front', async () => {
    const deck = join(tmp, 'deck.csv');
    const r = await call('drill', ...L, '--player', 'Llabba', '--anki', deck);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(deck, 'utf8');
    const lines = text.split('\n');
    // Anki's file headers (docs.ankiweb.net, Importing: "File Headers")
    expect(lines.slice(0, 4)).toEqual([
      '#separator:Comma',
      '#html:true',
      '#columns:Front,Back,Tags',
      '#tags column:3',
    ]);
    const notes = lines.slice(4).filter((l) => l !== '');
    // one note a line: three quoted fields, quotes inside doubled (RFC 4180)
    for (const n of notes) expect(n).toMatch(/^"(?:[^"]|"")*","(?:[^"]|"")*","bdb (checker|double|take)"$/);
    const finds = await call('find', ...L, '--player', 'Llabba', '--json', '--limit', '0');
    const xgids = new Set(
      (JSON.parse(finds.stdout) as { decisions: { xgid: string }[] }).decisions.map((d) => d.xgid),
    );
    expect(notes.length).toBe(xgids.size);
    expect(r.stderr).toBe(`bdb: wrote ${deck} (${notes.length} cards)\n`);
    // gnuBG's "Move number 22: Llabba to play 41" (file _002): best 6/2 4/3, Eq. +0.319
    const card = notes.find((n) => n.includes('XGID=-BA-BbF----Da--a---cbb-bb-:1:-1:1:41:0:4:0:7:10'))!;
    expect(card).toContain('<svg xmlns=""http://www.w3.org/2000/svg""');
    expect(card).toContain('Llabba to play 41: the best play?');
    expect(card).toContain('<p>Best: <b>6/2 4/3</b> (+0.319)</p>');
    // an existing file is kept without --force
    const again = await call('drill', ...L, '--player', 'Llabba', '--anki', deck);
    expect(again.code).toBe(1);
  });

  it('bdb merge copies the cards and answers the target lacks, once', async () => {
    const count = async (l: string): Promise<string> =>
      (
        await call(
          'sql',
          'SELECT (SELECT count(*) FROM drill_cards) AS c, (SELECT count(*) FROM drill_answers) AS a',
          '--library',
          l,
          '--csv',
        )
      ).stdout;
    const into = join(tmp, 'merged.duckdb');
    expect((await call('merge', lib, '--into', into)).code).toBe(0);
    expect((await call('merge', lib, '--into', into)).code).toBe(0);
    // this library's two answers (the first test's play, the saved search's pass), two cards
    expect(await count(lib)).toBe('c,a\n2,2\n');
    expect(await count(into)).toBe('c,a\n2,2\n');
  });
});
