/**
 * `bdb study` on a real history: Llabba's 79 Backgammon Studio matches, January 2023 – January 2024
 * (test/history/README.md; some files spell the name `llabba`, merged with `--alias`). A family Llabba errs
 * in often is marked as studied on 2023-07-01; its before/after (spec/metrics.md §9) must count the decisions
 * the library's `decisions` view counts for the same game plan and nature before and after that day, and its
 * Δ, interval and verdict must follow from the window sums by the spec's formula. Also: the study log's
 * round trip, bad dates, a position not in the library, `bdb plan --library` leaving studied positions out
 * (§8), and the migration of a schema-2 library by `bdb study mark`.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/library/schema.js';
import { call } from '../helpers/cli.js';
import { SchemaChecker } from '../helpers/json-schema.js';
import { familyCountsSql, type StudiedFamilyJson } from '../helpers/study-counts.js';

const LLABBA = fileURLToPath(new URL('../history/llabba', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-study-'));
const lib = join(tmp, 'llabba.duckdb');
const ALIAS = ['--alias', 'Llabba=llabba'];
const DAY = '2023-07-01';

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Family {
  family: string;
  plan: string;
  nature: 'checker' | 'cube';
  theme: string;
  members: number;
  positions: { xgid: string | null; positionId: string | null }[];
}
interface Reference {
  group: string;
  xgid: string | null;
  positionId: string | null;
}
interface PlanReport {
  players: {
    player: string;
    families: Family[];
    tentative: Family[];
    referencePositions: { candidates: number; selected: Reference[]; studied?: Reference[] };
  }[];
}
type Studied = StudiedFamilyJson;
interface StudyReport {
  schemaVersion: 2;
  player: string;
  matches: number;
  unit: string;
  minDecisions: number;
  families: Studied[];
  unmatchedMarks: { target: string; targetKind: string }[];
  failures: unknown[];
  duplicates: unknown[];
}
interface Mark {
  target: string;
  targetKind: string;
  day: string;
}
/** `bdb study list --json`: the marks. */
async function marks(...args: string[]): Promise<Mark[]> {
  return (await json<{ marks: Mark[] }>('study', 'list', ...args, '--json')).marks;
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** One row of `bdb sql --json`. */
async function sql(query: string, path = lib): Promise<Record<string, number | string | null>> {
  return (
    await json<Record<string, number | string | null>[]>('sql', query, '--library', path, '--json')
  )[0]!;
}

async function planOf(path = lib): Promise<PlanReport['players'][number]> {
  return (await json<PlanReport>('plan', '--library', path, ...ALIAS, '--player', 'Llabba', '--json'))
    .players[0]!;
}

describe('bdb study on Llabba’s history', () => {
  let plan0: PlanReport['players'][number];
  let family: Family;
  beforeAll(async () => {
    const r = await call('import', LLABBA, '--library', lib);
    expect(r.code, r.stderr).toBe(0);
    plan0 = await planOf();
    // the family with most errors of Llabba's
    family = [...plan0.families, ...plan0.tentative].sort((a, b) => b.members - a.members)[0]!;
  }, 240_000);

  it('the plan shows each family as bdb study mark takes it; no studied list without marks', () => {
    expect(family.members).toBeGreaterThanOrEqual(20);
    expect(family.family).toBe(`${family.plan}/${family.nature}/${family.theme}`);
    expect(plan0.referencePositions.studied).toBeUndefined();
  });

  it('a family marked on 2023-07-01: N before / after equal the decisions view’s counts', async () => {
    const m = await call('study', 'mark', family.family, '--date', DAY, '--library', lib);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toBe('');
    const report = await json<StudyReport>('study', '--library', lib, ...ALIAS, '--json');
    expect(report.player).toBe('Llabba');
    // 78 matches of Llabba (both spellings), the 79th between two others
    expect(report.matches).toBe(78);
    expect(report.unit).toBe('MWC points per 100 decisions');
    const f = report.families.find((x) => x.family === family.family)!;
    expect(f).toBeDefined();
    expect(f.studiedOn).toBe(DAY);
    expect(f.marks).toMatchObject([{ target: family.family, targetKind: 'family', day: DAY }]);
    expect(f.members).toBe(family.members);
    // the JSON, with its before and after windows, conforms to its schema
    expect(new SchemaChecker().errors(report, 'docs/schema/study.schema.json')).toEqual([]);

    // independent counts: the library's decision rows of Llabba (both spellings), match play, counted, the
    // family's game plan and nature, in matches dated strictly before / after the day
    const counts = await sql(familyCountsSql(family, DAY));
    expect(f.before.decisions).toBe(counts.nb);
    expect(f.after.decisions).toBe(counts.na);
    expect(f.before.decisions).toBeGreaterThanOrEqual(30);
    expect(f.after.decisions).toBeGreaterThanOrEqual(30);
    expect(f.before.errors).toBe(counts.eb);
    expect(f.after.errors).toBe(counts.ea);
    expect(f.before.lossMwc).toBeCloseTo(Number(counts.lb), 12);
    expect(f.after.lossMwc).toBeCloseTo(Number(counts.la), 12);
    const matches = await sql(
      `SELECT CAST(count(*) FILTER (WHERE day < DATE '${DAY}') AS INTEGER) AS b,
              CAST(count(*) FILTER (WHERE day > DATE '${DAY}') AS INTEGER) AS a
       FROM matches WHERE match_length > 0 AND (player0 IN ('Llabba', 'llabba') OR player1 IN ('Llabba', 'llabba'))`,
    );
    expect([f.before.matches, f.after.matches]).toEqual([matches.b, matches.a]);

    // the §9 formula on the window sums, in MWC points per 100 decisions (× 10⁴)
    const rb = (f.before.lossMwc / f.before.decisions) * 1e4;
    const ra = (f.after.lossMwc / f.after.decisions) * 1e4;
    const half =
      1.96 *
      Math.sqrt(
        f.before.lossSquaresMwc / f.before.decisions ** 2 + f.after.lossSquaresMwc / f.after.decisions ** 2,
      ) *
      1e4;
    expect(f.before.rateMwcPctPer100).toBeCloseTo(rb, 10);
    expect(f.after.rateMwcPctPer100).toBeCloseTo(ra, 10);
    expect(f.deltaMwcPctPer100).toBeCloseTo(rb - ra, 10);
    expect(f.low).toBeCloseTo(rb - ra - half, 10);
    expect(f.high).toBeCloseTo(rb - ra + half, 10);
    expect(f.verdict).toBe(f.low! > 0 ? 'improving' : f.high! < 0 ? 'regressing' : 'undetermined');

    // the table says the same
    const t = await call('study', '--library', lib, ...ALIAS);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain(family.family);
    expect(t.stdout).toContain(f.verdict);
  });

  it('the filters’ date bounds apply to both windows', async () => {
    const report = await json<StudyReport>(
      'study',
      '--library',
      lib,
      ...ALIAS,
      '--since',
      '2023-04-01',
      '--until',
      '2023-10-31',
      '--json',
    );
    const f = report.families.find((x) => x.family === family.family)!;
    const kinds = family.nature === 'checker' ? "('checker')" : "('double', 'take')";
    const counts = await sql(
      `SELECT
         CAST(count(*) FILTER (WHERE m.day < DATE '${DAY}') AS INTEGER) AS nb,
         CAST(count(*) FILTER (WHERE m.day > DATE '${DAY}') AS INTEGER) AS na
       FROM decisions d JOIN matches m USING (match_id)
       WHERE d.player IN ('Llabba', 'llabba') AND d.counted AND d.match_length > 0
         AND d.game_plan = '${family.plan}' AND d.kind IN ${kinds}
         AND m.day BETWEEN DATE '2023-04-01' AND DATE '2023-10-31'`,
    );
    expect([f.before.decisions, f.after.decisions]).toEqual([counts.nb, counts.na]);
  });

  it('a position of the family marked earlier moves the family’s study day', async () => {
    const pos = family.positions.find((m) => m.positionId !== null)!;
    expect(
      (await call('study', 'mark', pos.positionId!, '--date', '2023-04-01', '--library', lib)).code,
    ).toBe(0);
    const f = (await json<StudyReport>('study', '--library', lib, ...ALIAS, '--json')).families.find(
      (x) => x.family === family.family,
    )!;
    expect(f.studiedOn).toBe('2023-04-01');
    expect(f.marks.map((m) => [m.targetKind, m.day])).toEqual([
      ['position_id', '2023-04-01'],
      ['family', DAY],
    ]);
    expect((await call('study', 'unmark', pos.positionId!, '--library', lib)).code).toBe(0);
  });

  it('mark, list, unmark: the round trip; unmarking twice fails', async () => {
    const id = plan0.referencePositions.selected[0]!.positionId!;
    expect((await call('study', 'mark', id, '--date', '2023-08-02', '--library', lib)).code).toBe(0);
    // the same day again writes nothing
    expect((await call('study', 'mark', id, '--date', '2023-08-02', '--library', lib)).stdout).toMatch(
      /already marked/,
    );
    const list = await marks('--library', lib);
    expect(list.filter((m) => m.target === id)).toEqual([
      expect.objectContaining({ target: id, targetKind: 'position_id', day: '2023-08-02' }),
    ]);
    expect((await call('study', 'list', '--library', lib)).stdout).toContain(id);
    const u = await call('study', 'unmark', id, '--library', lib);
    expect(u.code, u.stderr).toBe(0);
    const after = await marks('--library', lib);
    expect(after.some((m) => m.target === id)).toBe(false);
    expect(after.some((m) => m.target === family.family)).toBe(true);
    const again = await call('study', 'unmark', id, '--library', lib);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not marked/);
  });

  it('a future or unreadable date, or an unreadable target: usage error (exit 2) naming it', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const date of [future, '2023-02-30', '1/7/2023', 'yesterday']) {
      const r = await call('study', 'mark', family.family, '--date', date, '--library', lib);
      expect(r.code, date).toBe(2);
      expect(r.stderr).toMatch(/--date/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const bad = await call('study', 'mark', 'holding/checker/nothing', '--library', lib);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/plan\/nature\/theme/);
    expect(await marks('--library', lib)).toHaveLength(1);
  });

  it('an XGID not in the library: recorded, with a one-line warning', async () => {
    // the opening roll 52 at 0–0 of a 5-point match: Llabba played 7- and 13-point matches
    const xgid = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10';
    const r = await call('study', 'mark', xgid, '--library', lib);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/not in the library yet/);
    const today = new Date().toISOString().slice(0, 10);
    expect(await marks('--library', lib)).toContainEqual(
      expect.objectContaining({ target: xgid, targetKind: 'xgid', day: today }),
    );
    // it dates no family
    const report = await json<StudyReport>('study', '--library', lib, ...ALIAS, '--json');
    expect(report.unmatchedMarks.map((m) => m.target)).toEqual([xgid]);
    expect((await call('study', 'unmark', xgid, '--library', lib)).code).toBe(0);
  });

  it('an unknown player: one line with the closest names, exit 1', async () => {
    const r = await call('study', '--library', lib, '--player', 'Llaba');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("bdb: no player 'Llaba' — did you mean 'Llabba' or 'llabba'?\n");
  });

  it('bdb plan --library never proposes a studied position and lists it apart', async () => {
    const ref = plan0.referencePositions.selected[0]!;
    expect((await call('study', 'mark', ref.xgid!, '--date', '2023-08-02', '--library', lib)).code).toBe(0);
    const p = await planOf();
    expect(p.referencePositions.candidates).toBe(plan0.referencePositions.candidates);
    expect(p.referencePositions.selected.some((r) => r.xgid === ref.xgid)).toBe(false);
    expect(p.referencePositions.studied).toEqual([
      expect.objectContaining({ xgid: ref.xgid, group: ref.group }),
    ]);
    // the others selected before are still proposed, first to last, unless the studied one covered them
    expect(p.referencePositions.selected.length).toBeGreaterThan(0);
    const t = await call('plan', '--library', lib, ...ALIAS, '--player', 'Llabba');
    expect(t.stdout).toMatch(/Already studied \(marked with bdb study mark; never proposed\): 1 position\n/);
    expect((await call('study', 'unmark', ref.xgid!, '--library', lib)).code).toBe(0);
  });
});

describe('bdb study from the library’s columns', () => {
  it('gives what it gives parsing the stored files again (a library before schema 12’s columns)', async () => {
    if (!existsSync(lib)) expect((await call('import', LLABBA, '--library', lib)).code).toBe(0);
    const cols = join(tmp, 'columns.duckdb');
    cpSync(lib, cols);
    if (existsSync(`${lib}.wal`)) cpSync(`${lib}.wal`, `${cols}.wal`);
    cpSync(`${lib}.sources`, `${cols}.sources`, { recursive: true });
    // several families of Llabba's and of llabba's marked on different days, and a position
    const p = await planOf(cols);
    const families = [...p.families, ...p.tentative].sort((a, b) => b.members - a.members).slice(0, 6);
    expect(families.length).toBe(6);
    for (const [k, f] of families.entries()) {
      const day = `2023-0${3 + k}-15`;
      expect((await call('study', 'mark', f.family, '--date', day, '--library', cols)).code).toBe(0);
    }
    const pos = families[1]!.positions.find((m) => m.xgid !== null)!;
    expect((await call('study', 'mark', pos.xgid!, '--date', '2023-05-02', '--library', cols)).code).toBe(0);
    const runs = [
      [...ALIAS, '--json'],
      ['--player', 'llabba', '--json'],
      [...ALIAS, '--thresholds', 'gnubg', '--json'],
      [...ALIAS, '--since', '2023-04-01', '--json'],
      [...ALIAS],
    ];
    const fromColumns: string[] = [];
    for (const args of runs) {
      const r = await call('study', '--library', cols, ...args);
      expect(r.code, r.stderr).toBe(0);
      fromColumns.push(r.stdout);
    }
    const report = JSON.parse(fromColumns[0]!) as StudyReport;
    expect(report.families.length).toBeGreaterThanOrEqual(6);
    // the same library as an import before schema 12 leaves it: every match is parsed again
    const inst = await DuckDBInstance.create(cols);
    const con = await inst.connect();
    await con.run('UPDATE matches SET board_biases = NULL');
    con.closeSync();
    inst.closeSync();
    for (const [k, args] of runs.entries())
      expect((await call('study', '--library', cols, ...args)).stdout, args.join(' ')).toBe(fromColumns[k]);
  }, 240_000);
});

describe('a schema 2 library', () => {
  it('is upgraded by bdb study mark and keeps its marks across a later import', async () => {
    const old = join(tmp, 'schema2.duckdb');
    if (!existsSync(lib)) expect((await call('import', LLABBA, '--library', lib)).code).toBe(0);
    cpSync(lib, old);
    if (existsSync(`${lib}.wal`)) cpSync(`${lib}.wal`, `${old}.wal`);
    cpSync(`${lib}.sources`, `${old}.sources`, { recursive: true });
    // what schema 2 was: no study_marks table
    const inst = await DuckDBInstance.create(old);
    const con = await inst.connect();
    await con.run('DROP TABLE study_marks');
    await con.run("DELETE FROM meta WHERE key IN ('migrated_3', 'migrated_4')");
    await con.run("UPDATE meta SET value = '2' WHERE key = 'schema_version'");
    con.closeSync();
    inst.closeSync();

    const refused = await call('study', 'list', '--library', old);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/library schema 2 needs upgrading/);
    const m = await call('study', 'mark', 'contact/checker/too-safe', '--date', DAY, '--library', old);
    expect(m.code, m.stderr).toBe(0);
    const meta = (
      await json<{ v: string; migrated: string | null }[]>(
        'sql',
        "SELECT max(value) FILTER (WHERE key = 'schema_version') AS v, max(value) FILTER (WHERE key = 'migrated_3') AS migrated FROM meta",
        '--library',
        old,
        '--json',
      )
    )[0]!;
    expect(meta.v).toBe(String(SCHEMA_VERSION));
    expect(meta.migrated).not.toBeNull();
    const up = await call('import', LLABBA, '--library', old);
    expect(up.code, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/: 0 new, 79 unchanged/);
    expect(await marks('--library', old)).toEqual([
      expect.objectContaining({ target: 'contact/checker/too-safe', day: DAY }),
    ]);
    const report = await json<StudyReport>('study', '--library', old, ...ALIAS, '--json');
    expect(report.families.map((f) => [f.family, f.studiedOn])).toEqual([['contact/checker/too-safe', DAY]]);
  });
});
