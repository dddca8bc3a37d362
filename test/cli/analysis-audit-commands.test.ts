/**
 * The analysis audit on every aggregate (issue 39, item 5): `biases`, `plan`, `review`, `progress`, `scout`,
 * `study`, `tournament review` and `report` say which analysers and depths their figures mix and how many
 * matches are below BMAB's norm, in the words and under the keys of `bdb stats` (test/cli/analysis-audit.test.ts),
 * the same from files and from the library.
 *
 * What is expected is read from the files themselves:
 * - gnuBG's text export names its version on its last line ("by GNU Backgammon 1.07.001-mingw …") and prints
 *   the depth of every cube analysis ("4-ply cubeless equity") and of every candidate ("Cubeful 4-ply");
 * - the XG file's records (xgdatatools' reading, test/reference-matches/xg-records/) hold each checker play's
 *   evaluation level and each analysed cube decision's (XG_format.pas, PLAYERLEVEL: level n is XG's
 *   (n+1)-ply); XG's binary files carry no version;
 * - BMAB's norm is XG at World Class (XG 3-ply) or deeper: a gnuBG analysis never meets it, XG's 4-ply does;
 * - a Backgammon Galaxy transcript (../shared/corpora/galaxy-mat, no analysis) is in no analysis.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { gunzipText, REF_DIR, shared } from '../helpers/fixtures.js';

const GNUBG = join(REF_DIR, 'gnubg-text/bglab_BoardLord-Llabba_7pt_4ply_game1.txt');
const XG = join(REF_DIR, 'xg/charlot1-charlot2_7p_2025-11-08-2305.xg');
const XG_RECORDS = join(REF_DIR, 'xg-records/charlot1-charlot2_7p_2025-11-08-2305.records.jsonl.gz');
const GALAXY = shared('corpora/galaxy-mat');
// a transcript of Bulgakov against Llabba (13 points, 2023-09-12): Bulgakov is in no analysed match
const TRANSCRIPT = join(GALAXY.dir, 'Bulgakov_-_Llabba_13pt_Backgammon_Studio_2023_09_12_13_54_06.txt');

/** gnuBG's version as the export's last line names it, e.g. "1.07". */
function gnubgVersion(): string {
  return /by GNU Backgammon (\d+\.\d+)/.exec(readFileSync(GNUBG, 'latin1'))![1]!;
}

/** The one depth gnuBG printed on the export's cube analyses. */
function gnubgCubeDepth(): string {
  const text = readFileSync(GNUBG, 'latin1');
  const depths = [...new Set([...text.matchAll(/^(\d+-ply) cubeless equity/gm)].map((m) => m[1]!))];
  expect(depths).toHaveLength(1);
  return depths[0]!;
}

/** The deepest "Cubeful N-ply" of the export's candidates. */
function gnubgCheckerDepth(): string {
  const text = readFileSync(GNUBG, 'latin1');
  return `${Math.max(...[...text.matchAll(/Cubeful (\d+)-ply/g)].map((m) => Number(m[1])))}-ply`;
}

/** XG's most frequent level over the records matched by `line`, read by `level`, as XG names it. */
function xgDepth(line: RegExp, level: (record: string) => number | null): string {
  const levels = new Map<number, number>();
  for (const record of gunzipText(XG_RECORDS).split('\n')) {
    if (!line.test(record)) continue;
    const n = level(record);
    if (n !== null) levels.set(n, (levels.get(n) ?? 0) + 1);
  }
  const [top] = [...levels].sort((a, b) => b[1] - a[1]);
  return `${top![0] + 1}-ply`;
}

/** The level of the best play's evaluation, over the checker plays. */
const xgCheckerDepth = (): string =>
  xgDepth(/"EvalLevel": \[\{"Level": /, (r) => Number(/"EvalLevel": \[\{"Level": (\d+)/.exec(r)![1]));

/** The level of the cube analysis, over the analysed cube decisions (AnalyzeC −1: not analysed). */
const xgCubeDepth = (): string =>
  xgDepth(/"Name": "Cube"/, (r) => {
    const rec = JSON.parse(r) as { AnalyzeC: number; Doubled: { Level: number } };
    return rec.AnalyzeC < 0 ? null : rec.Doubled.Level;
  });

interface Share {
  analyser: string;
  checkerDepth: string | null;
  cubeDepth: string | null;
  matches: number;
}
interface Audit {
  analysis: Share[] | null;
  belowBmab: number | null;
}

/** What every command must say of Llabba (the gnuBG export) and charlot1 (the XG file), one match each. */
function expected(): { llabba: Audit; charlot: Audit; llabbaLine: string; charlotLine: string } {
  const version = gnubgVersion();
  const [checker, cube] = [xgCheckerDepth(), xgCubeDepth()];
  return {
    llabba: {
      analysis: [
        {
          analyser: expect.stringMatching(new RegExp(`^GNU Backgammon ${version.replace('.', '\\.')}`)),
          checkerDepth: gnubgCheckerDepth(),
          cubeDepth: gnubgCubeDepth(),
          matches: 1,
        } as unknown as Share,
      ],
      // gnuBG's analysis, however deep, is not XG's
      belowBmab: 1,
    },
    charlot: {
      analysis: [{ analyser: 'eXtreme Gammon', checkerDepth: checker, cubeDepth: cube, matches: 1 }],
      // XG's 4-ply is deeper than World Class (XG 3-ply)
      belowBmab: 0,
    },
    llabbaLine: `Analysis: gnuBG ${version} ${gnubgCubeDepth()} (1 match); 1 below BMAB's norm (XG, World Class or higher)`,
    charlotLine: `Analysis: XG ${checker}${cube === checker ? '' : `, cube ${cube}`} (1 match)`,
  };
}

/** The keys `analysis` and `belowBmab` of an object. */
function auditOf(o: unknown): Audit {
  const { analysis, belowBmab } = o as Audit;
  return { analysis, belowBmab };
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await call(...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

async function text(...args: string[]): Promise<string> {
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Each player's audit in a `players` list. */
function byPlayer(players: readonly { player: string }[]): Map<string, Audit> {
  return new Map(players.map((p) => [p.player, auditOf(p)]));
}

let dir = '';
let folder = '';
let lib = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bdb-audit2-'));
  folder = join(dir, 'matches');
  mkdirSync(folder);
  for (const f of [GNUBG, XG]) copyFileSync(f, join(folder, basename(f)));
  lib = join(dir, 'lib.duckdb');
  const r = await call('import', folder, '--library', lib, '--no-progress');
  expect(r.code, r.stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('every aggregate says what it mixes, from files and from the library', () => {
  test('biases and plan: each person, in JSON and in text', async () => {
    const e = expected();
    for (const command of ['biases', 'plan']) {
      for (const source of [[folder], ['--library', lib]]) {
        const j = await json<{ players: { player: string }[] }>(command, ...source);
        const players = byPlayer(j.players);
        expect(players.get('Llabba'), `${command} ${source}`).toEqual(e.llabba);
        expect(players.get('charlot1'), `${command} ${source}`).toEqual(e.charlot);
        const t = await text(command, ...source, '--player', 'Llabba');
        expect(t, `${command} ${source}`).toContain(`\n${e.llabbaLine}\n`);
        const x = await text(command, ...source, '--player', 'charlot1');
        expect(x, `${command} ${source}`).toContain(`\n${e.charlotLine}\n`);
      }
    }
  }, 180_000);

  test('progress: the whole range (the dated matches) of the person followed', async () => {
    const e = expected();
    for (const source of [[folder], ['--library', lib]]) {
      // progress's figures are over the dated matches: the XG file's (its header's date, 2025-11-08)
      const j = await json<Audit>('progress', ...source, '--player', 'charlot1');
      expect(auditOf(j), String(source)).toEqual(e.charlot);
      const t = await text('progress', ...source, '--player', 'charlot1');
      expect(t, String(source)).toContain(`\n${e.charlotLine}\n`);
    }
  }, 120_000);

  test("review: the match's analyser and depths", async () => {
    const e = expected();
    for (const [file, audit, line] of [
      [GNUBG, e.llabba, e.llabbaLine],
      [XG, e.charlot, e.charlotLine],
    ] as const) {
      const j = await json<{ review: Audit }>('review', file);
      expect(auditOf(j.review)).toEqual(audit);
      expect(await text('review', file)).toContain(`\n${line}\n`);
    }
  }, 120_000);

  test("scout and study (the library's commands)", async () => {
    const e = expected();
    const scout = await json<{ level: Audit }>('scout', 'Llabba', '--library', lib);
    expect(auditOf(scout.level)).toEqual(e.llabba);
    expect(await text('scout', 'charlot1', '--library', lib)).toContain(`\n  ${e.charlotLine}\n`);
    const study = await json<Audit>('study', '--library', lib, '--player', 'Llabba');
    expect(auditOf(study)).toEqual(e.llabba);
    expect(await text('study', '--library', lib, '--player', 'charlot1')).toContain(`\n${e.charlotLine}\n`);
  }, 120_000);

  test('tournament review: the tournament side and each round, from a folder and from the library', async () => {
    const e = expected();
    // the gnuBG export's event, as its header gives it ("Event: Online match")
    const event = /^Event: (.+)$/m.exec(readFileSync(GNUBG, 'latin1'))![1]!.trim();
    for (const source of [
      ['--matches', folder],
      [event, '--library', lib],
    ]) {
      const j = await json<{ tournament: Audit; rounds: { figures: Audit }[] }>(
        'tournament',
        'review',
        ...source,
        '--player',
        'Llabba',
      );
      expect(auditOf(j.tournament), String(source)).toEqual(e.llabba);
      expect(j.rounds.map((r) => auditOf(r.figures))).toEqual([e.llabba]);
      const t = await text('tournament', 'review', ...source, '--player', 'Llabba');
      expect(t).toContain(e.llabbaLine.replace(/^Analysis/, 'Analysis, tournament'));
    }
  }, 120_000);

  test("find: each decision carries its match's analyser and depths", async () => {
    const e = expected();
    const j = await json<{
      decisions: { player: string; analyser: string; checkerDepth: string; cubeDepth: string }[];
    }>('find', '--library', lib);
    const seen = new Map(j.decisions.map((d) => [d.player, d]));
    for (const [player, audit] of [
      ['Llabba', e.llabba],
      ['charlot1', e.charlot],
    ] as const) {
      const d = seen.get(player)!;
      const { analyser, checkerDepth, cubeDepth } = audit.analysis![0]!;
      expect({ analyser: d.analyser, checkerDepth: d.checkerDepth, cubeDepth: d.cubeDepth }, player).toEqual({
        analyser,
        checkerDepth,
        cubeDepth,
      });
    }
  }, 60_000);

  test('report: a line under each person’s cards, the same from files and from the library', async () => {
    const e = expected();
    const escaped = (s: string): string => s.replaceAll("'", '&#39;');
    for (const source of [[folder], ['--library', lib]]) {
      const page = join(dir, 'report.html');
      const r = await call('report', ...source, '--html', page, '--force');
      expect(r.code, r.stderr).toBe(0);
      const html = readFileSync(page, 'utf8');
      for (const line of [e.llabbaLine, e.charlotLine])
        expect(html, String(source)).toContain(`<p class="note">${escaped(line)}</p>`);
    }
  }, 120_000);
});

// an unanalysed transcript is in no analysis: no line, an empty list and belowBmab null (n/a), never 0
describe.skipIf(GALAXY.absent)(GALAXY.title('a transcript without analysis'), () => {
  let tdir = '';
  let tlib = '';
  beforeAll(async () => {
    tdir = mkdtempSync(join(tmpdir(), 'bdb-audit2-mat-'));
    tlib = join(tdir, 'lib.duckdb');
    const r = await call('import', TRANSCRIPT, GNUBG, '--library', tlib, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(tdir, { recursive: true, force: true }));
  const none: Audit = { analysis: [], belowBmab: null };

  test('biases, plan, progress, study, scout: Bulgakov has none; Llabba only the export', async () => {
    const e = expected();
    for (const source of [
      [TRANSCRIPT, GNUBG],
      ['--library', tlib],
    ]) {
      for (const command of ['biases', 'plan']) {
        const players = byPlayer((await json<{ players: { player: string }[] }>(command, ...source)).players);
        expect(players.get('Bulgakov'), `${command} ${source}`).toEqual(none);
        expect(players.get('Llabba'), `${command} ${source}`).toEqual(e.llabba);
      }
      expect(auditOf(await json('progress', ...source, '--player', 'Bulgakov'))).toEqual(none);
      expect(await text('progress', ...source, '--player', 'Bulgakov')).not.toContain('Analysis');
    }
    expect(auditOf(await json('study', '--library', tlib, '--player', 'Bulgakov'))).toEqual(none);
    expect(await text('study', '--library', tlib, '--player', 'Bulgakov')).not.toContain('Analysis');
    const scout = await json<{ level: Audit }>('scout', 'Bulgakov', '--library', tlib);
    expect(auditOf(scout.level)).toEqual(none);
    expect(await text('scout', 'Bulgakov', '--library', tlib)).not.toContain('Analysis');
  }, 240_000);

  test('review of the transcript: no line, an empty list, belowBmab null', async () => {
    expect(auditOf((await json<{ review: Audit }>('review', TRANSCRIPT)).review)).toEqual(none);
    expect(await text('review', TRANSCRIPT)).not.toContain('Analysis');
  }, 60_000);
});

// Llabba's 2023 history (../shared/reference-matches/gnubg-text-bglab, gnuBG 1.07.001): every match of
// Llabba's analysed at 4-ply, as the deepest "Cubeful N-ply" of each match's exports says
const BGLAB = shared('reference-matches/gnubg-text-bglab');
test.skipIf(BGLAB.absent)(
  BGLAB.title("Llabba's history: every command says gnuBG 4-ply over all the matches"),
  async () => {
    // the matches of Llabba (the name as the exports spell it) and the deepest depth each prints
    const deepest = new Map<string, number>();
    let version = '';
    for (const f of BGLAB.names().filter((n) => n.endsWith('.txt'))) {
      const t = readFileSync(join(BGLAB.dir, f), 'utf8');
      if (!/^Player\s+(Llabba\s|.*\sLlabba\s*$)/m.test(t)) continue;
      const match = f.replace(/(_\d{3})?\.txt$/, '');
      const plies = [...t.matchAll(/Cubeful (\d+)-ply/g)].map((m) => Number(m[1]));
      deepest.set(match, Math.max(deepest.get(match) ?? 0, ...plies));
      version = /by GNU Backgammon (\d+\.\d+)/.exec(t)?.[1] ?? version;
    }
    const n = deepest.size;
    expect(new Set(deepest.values())).toEqual(new Set([4]));
    const line = `Analysis: gnuBG ${version} 4-ply (${n} matches); ${n} below BMAB's norm (XG, World Class or higher)`;
    const share = (a: Audit): [string | null, number][] =>
      (a.analysis ?? []).map((s) => [s.checkerDepth, s.matches]);
    const big = join(dir, 'bglab.duckdb');
    const r = await call('import', BGLAB.dir, '--library', big, '--no-progress');
    expect(r.code, r.stderr).toBe(0);
    const biases = await json<{ players: Audit[] }>('biases', BGLAB.dir, '--player', 'Llabba');
    expect(share(biases.players[0]!)).toEqual([['4-ply', n]]);
    expect(biases.players[0]!.belowBmab).toBe(n);
    expect(await text('biases', BGLAB.dir, '--player', 'Llabba')).toContain(`\n${line}\n`);
    const progress = await json<Audit>('progress', '--library', big, '--player', 'Llabba');
    expect(share(progress)).toEqual([['4-ply', n]]);
    expect(await text('progress', '--library', big, '--player', 'Llabba')).toContain(`\n${line}\n`);
    const scout = await json<{ level: Audit }>('scout', 'Llabba', '--library', big);
    expect(share(scout.level)).toEqual([['4-ply', n]]);
    expect(scout.level.belowBmab).toBe(n);
    const study = await json<Audit>('study', '--library', big, '--player', 'Llabba');
    expect(share(study)).toEqual([['4-ply', n]]);
  },
  600_000,
);
