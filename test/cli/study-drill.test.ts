/**
 * `bdb study` counts the answers of `bdb drill` as study actions on their positions, on a real history:
 * Llabba's 79 Backgammon Studio matches, January 2023 – January 2024 (gnuBG 1.07.001 text exports,
 * ../shared/reference-matches/gnubg-text-bglab; the repository's copy in test/history/llabba, see its
 * README), imported into a library. A position of the family Llabba errs in most is drilled (the answer
 * piped on standard input, as a user gives it), and the answer is then dated 2023-07-01, in the middle of
 * the history, as if given that day. A copy of the same library gets a `bdb study mark` of that XGID on
 * that day instead. The two must give the same before/after for every family they date (the mark path is
 * tested against the library's decisions in test/cli/study.test.ts), and each window's N and errors must
 * equal the counts of the library's `decisions` view for the family, computed here by their own SQL.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bdbWith, call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';
import { familyCountsSql, type StudiedFamilyJson } from '../helpers/study-counts.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-study-drill-'));
/** The library whose position is drilled, and its copy where the same position is marked. */
const drilled = join(tmp, 'drilled.duckdb');
const marked = join(tmp, 'marked.duckdb');
const ALIAS = ['--alias', 'Llabba=llabba'];
const DAY = '2023-07-01';

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Drilled {
  xgid: string;
  kind: string;
  firstDay: string;
  lastDay: string;
  answers: number;
  right: number;
}
interface Studied extends StudiedFamilyJson {
  drillAnswers: number;
  drilled: Drilled[];
}
interface StudyReport {
  families: Studied[];
  unmatchedMarks: unknown[];
  unmatchedDrilled: Drilled[];
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** The rows of `bdb sql --json`. */
async function sql(query: string, path: string): Promise<Record<string, number | string | null>[]> {
  return json<Record<string, number | string | null>[]>('sql', query, '--library', path, '--json');
}

/** What a family's before/after is, without the study actions that date it. */
function figures(f: Studied): unknown {
  const { marks: _m, drillAnswers: _a, drilled: _d, ...rest } = f;
  return rest;
}

describe('bdb study counts bdb drill’s answers as study actions', () => {
  let xgid: string;
  let viaDrill: StudyReport;
  let viaMark: StudyReport;

  beforeAll(async () => {
    const r = await call('import', LLABBA, '--library', drilled, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    // the checker family Llabba errs in most, and one of its positions as bdb plan lists them
    const plan = await json<{
      players: { families: { nature: string; members: number; positions: { xgid: string | null }[] }[] }[];
    }>('plan', '--library', drilled, ...ALIAS, '--player', 'Llabba', '--json');
    const family = plan.players[0]!.families.filter((f) => f.nature === 'checker').sort(
      (a, b) => b.members - a.members,
    )[0]!;
    const position = family.positions.find((p) => p.xgid !== null)!.xgid!;
    // the copy, before anything is drilled (the library file, its log and its kept sources)
    cpSync(drilled, marked);
    if (existsSync(`${drilled}.wal`)) cpSync(`${drilled}.wal`, `${marked}.wal`);
    cpSync(`${drilled}.sources`, `${marked}.sources`, { recursive: true });

    // a saved search of Llabba's errors in that position, drilled: its best play is the answer
    const save = await call(
      'find',
      '--library',
      drilled,
      ...ALIAS,
      '--player',
      'Llabba',
      '--xgid',
      position,
      '--save',
      'one',
      '--json',
      '--limit',
      '1',
    );
    expect(save.code, save.stderr).toBe(0);
    const best = (JSON.parse(save.stdout) as { decisions: { best: string }[] }).decisions[0]!.best;
    const d = bdbWith({ input: `${best}\n` }, 'drill', 'one', '--library', drilled, '--limit', '1');
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/\n1 answered, 1 right; next due /);
    // the answer as if given on DAY (noon UTC): written here, the library closed by every bdb
    const inst = await DuckDBInstance.create(drilled);
    const con = await inst.connect();
    await con.run(`UPDATE drill_answers SET answered_at = TIMESTAMP '${DAY} 12:00:00'`);
    const rows = (await con.runAndReadAll('SELECT xgid, kind FROM drill_answers')).getRows();
    con.closeSync();
    inst.closeSync();
    expect(rows).toHaveLength(1);
    expect(rows[0]![1]).toBe('checker');
    xgid = String(rows[0]![0]);

    const m = await call('study', 'mark', xgid, '--date', DAY, '--library', marked);
    expect(m.code, m.stderr).toBe(0);
    viaDrill = await json<StudyReport>('study', '--library', drilled, ...ALIAS, '--json');
    viaMark = await json<StudyReport>('study', '--library', marked, ...ALIAS, '--json');
  }, 600_000);

  it('the drilled position’s family is studied on the answer’s day, with its answer and position', () => {
    expect(viaDrill.families.length).toBeGreaterThan(0);
    for (const f of viaDrill.families) {
      expect(f.studiedOn).toBe(DAY);
      expect(f.marks).toEqual([]);
      expect(f.drillAnswers).toBe(1);
      expect(f.drilled).toEqual([
        { xgid, kind: 'checker', firstDay: DAY, lastDay: DAY, answers: 1, right: 1 },
      ]);
    }
    expect(viaDrill.unmatchedDrilled).toEqual([]);
    const checker = new SchemaChecker();
    expect(checker.errors(viaDrill, 'docs/schema/study.schema.json')).toEqual([]);
    expect(checker.errors(viaMark, 'docs/schema/study.schema.json')).toEqual([]);
  });

  it('a mark of the same XGID on the same day gives the identical family report', () => {
    expect(viaMark.families.map((f) => f.family)).toEqual(viaDrill.families.map((f) => f.family));
    expect(viaMark.families.map(figures)).toEqual(viaDrill.families.map(figures));
    for (const f of viaMark.families) {
      expect(f.marks).toMatchObject([{ target: xgid, targetKind: 'xgid', day: DAY }]);
      expect([f.drillAnswers, f.drilled]).toEqual([0, []]);
    }
  });

  it('each window’s N, errors and Σℓ equal the decisions view’s counts for the family', async () => {
    for (const f of viaDrill.families) {
      const [counts] = await sql(familyCountsSql(f, DAY), drilled);
      expect([f.before.decisions, f.after.decisions]).toEqual([counts!.nb, counts!.na]);
      expect([f.before.errors, f.after.errors]).toEqual([counts!.eb, counts!.ea]);
      expect(f.before.lossMwc).toBeCloseTo(Number(counts!.lb), 12);
      expect(f.after.lossMwc).toBeCloseTo(Number(counts!.la), 12);
      // both windows hold matches: the day is inside the history (January 2023 – January 2024)
      expect(f.before.matches).toBeGreaterThan(0);
      expect(f.after.matches).toBeGreaterThan(0);
    }
  });

  it('the table names the family and what drilling dated it', async () => {
    const t = await call('study', '--library', drilled, ...ALIAS);
    expect(t.code, t.stderr).toBe(0);
    const f = viaDrill.families[0]!;
    expect(t.stdout).toContain(`Dated by bdb drill too: ${f.family} 1 answer on 1 position, first ${DAY}`);
  });

  it('bdb study list lists the drilled position after the marks', async () => {
    const list = await json<{ marks: unknown[]; drilled: Drilled[] }>(
      'study',
      'list',
      '--library',
      drilled,
      '--json',
    );
    expect(new SchemaChecker().errors(list, 'docs/schema/study-list.schema.json')).toEqual([]);
    expect(list.marks).toEqual([]);
    expect(list.drilled).toEqual([
      { xgid, kind: 'checker', firstDay: DAY, lastDay: DAY, answers: 1, right: 1 },
    ]);
    const text = await call('study', 'list', '--library', drilled);
    expect(text.stdout).toMatch(/^No study marks\.\nDrilled with bdb drill: 1 answer on 1 position;/);
    expect(text.stdout).toContain(xgid);
    const none = await call('study', 'list', '--library', marked);
    expect(none.stdout).toMatch(/\nNo drill answers\.\n$/);
  });
});
