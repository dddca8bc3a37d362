/**
 * The analysis audit (issue 39, item 5): each player's analysis mix and the BMAB flag in `bdb stats`, and
 * `--min-depth`, on files and on the library. The expected analysers and depths are read from the files
 * themselves: gnuBG's text export prints the depth of every cube analysis ("4-ply cubeless equity …"), and
 * the XG file's records (xgdatatools' reading, test/reference-matches/xg-records/) hold each checker play's
 * evaluation level (XG_format.pas, PLAYERLEVEL: level n is XG's (n+1)-ply).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call } from '../helpers/cli.js';
import { gunzipText, REF_DIR, shared } from '../helpers/fixtures.js';

const GNUBG = join(REF_DIR, 'gnubg-text/bglab_BoardLord-Llabba_7pt_4ply_game1.txt');
const XG = join(REF_DIR, 'xg/charlot1-charlot2_7p_2025-11-08-2305.xg');
const XG_RECORDS = join(REF_DIR, 'xg-records/charlot1-charlot2_7p_2025-11-08-2305.records.jsonl.gz');

/** The depths gnuBG printed on its cube analyses, one each. */
function gnubgCubeDepths(): string[] {
  const text = readFileSync(GNUBG, 'latin1');
  return [...new Set([...text.matchAll(/^(\d+-ply) cubeless equity/gm)].map((m) => m[1]!))];
}

/** XG's most frequent level of the best play's evaluation over the checker plays, as XG names it. */
function xgCheckerDepth(): string {
  const levels = new Map<number, number>();
  for (const line of gunzipText(XG_RECORDS).split('\n')) {
    const level = /"EvalLevel": \[\{"Level": (\d+)/.exec(line)?.[1];
    if (level !== undefined) levels.set(Number(level), (levels.get(Number(level)) ?? 0) + 1);
  }
  const [top] = [...levels].sort((a, b) => b[1] - a[1]);
  return `${top![0] + 1}-ply`;
}

interface Player {
  player: string;
  analysis: { analyser: string; checkerDepth: string | null; cubeDepth: string | null; matches: number }[];
  belowBmab: number;
}

async function playersOf(...args: string[]): Promise<Map<string, Player>> {
  const r = await call('stats', '--json', ...args);
  expect(r.stderr).toBe('');
  const json = JSON.parse(r.stdout) as { players: Player[] };
  return new Map(json.players.map((p) => [p.player, p]));
}

let dir = '';
let lib = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bdb-audit-'));
  lib = join(dir, 'lib.duckdb');
  const r = await call('import', GNUBG, XG, '--library', lib, '--no-progress');
  expect(r.code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the files tell their analysis: gnuBG 4-ply throughout, XG 4-ply on most checker plays', () => {
  expect(gnubgCubeDepths()).toEqual(['4-ply']);
  expect(xgCheckerDepth()).toBe('4-ply');
});

test('stats --json: each player its analysis mix and the matches below BMAB, the same on files and library', async () => {
  const files = await playersOf(GNUBG, XG);
  const llabba = files.get('Llabba')!;
  expect(llabba.analysis).toHaveLength(1);
  expect(llabba.analysis[0]).toMatchObject({ checkerDepth: '4-ply', cubeDepth: gnubgCubeDepths()[0] });
  // the file's header names the program: "GNU Backgammon 1.07.001-mingw 32-Bit"
  expect(llabba.analysis[0]!.analyser).toMatch(/^GNU Backgammon 1\.07/);
  // BMAB's norm wants XG: gnuBG's analysis, however deep, does not meet it
  expect(llabba.belowBmab).toBe(1);
  const charlot = files.get('charlot1')!;
  expect(charlot.analysis).toEqual([
    { analyser: 'eXtreme Gammon', checkerDepth: xgCheckerDepth(), cubeDepth: expect.any(String), matches: 1 },
  ]);
  // XG's 4-ply is above its 3-ply ("World Class")
  expect(charlot.belowBmab).toBe(0);
  const library = await playersOf('--library', lib);
  for (const [name, p] of files) expect(library.get(name), name).toEqual(p);
});

test('stats text: a line of analysis per player, the same from files, stored tallies and stored totals', async () => {
  const files = await call('stats', '--no-matches', GNUBG, '--player', 'Llabba');
  expect(files.stdout).toContain(
    "\nAnalysis: gnuBG 1.07 4-ply (1 match); 1 below BMAB's norm (XG, World Class or higher)\n",
  );
  const stored = await call('stats', '--no-matches', '--library', lib, '--player', 'Llabba');
  expect(stored.stdout).toBe(files.stdout);
});

test('--min-depth keeps the matches analysed at least at the level, on files and on the library', async () => {
  // gnuBG 4-ply (4 on the scale) and XG 4-ply (gnuBG's 3-ply)
  const count = async (...args: string[]): Promise<number> => {
    const r = await call('stats', '--json', ...args);
    return (JSON.parse(r.stdout) as { matches: unknown[] }).matches.length;
  };
  for (const [level, n] of [
    ['world-class', 2],
    ['3-ply', 2],
    ['4-ply', 1],
    ['xg-roller', 0],
  ] as const) {
    expect(await count(GNUBG, XG, '--min-depth', level), level).toBe(n);
    expect(await count('--library', lib, '--min-depth', level), level).toBe(n);
  }
});

test('--min-depth with an unknown level: one usage line naming the levels', async () => {
  const r = await call('stats', XG, '--min-depth', '5-ply');
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(
    '--min-depth expects one of 0-ply, 1-ply, world-class, 2-ply, 3-ply, 4-ply, xg-roller, xg-roller+, xg-roller++, rollout, got "5-ply"',
  );
});

// Llabba's 2023 history (../shared/reference-matches/gnubg-text-bglab, gnuBG 1.07.001): a match's checker
// depth is the deepest "Cubeful N-ply" its exports print, read here from the files themselves; gnuBG's move
// filter leaves the lesser candidates of a move at fewer plies, so the first one met is not the depth
const BGLAB = shared('reference-matches/gnubg-text-bglab');
test.skipIf(BGLAB.absent)(
  BGLAB.title('the checker depth of a gnuBG export is the deepest it prints'),
  async () => {
    const deepest = new Map<string, number>();
    for (const f of BGLAB.names().filter((n) => n.endsWith('.txt'))) {
      const text = readFileSync(join(BGLAB.dir, f), 'utf8');
      if (!/^Player\s+(Llabba\s|.*\sLlabba\s*$)/m.test(text)) continue;
      const match = f.replace(/(_\d{3})?\.txt$/, '');
      const plies = [...text.matchAll(/Cubeful (\d+)-ply/g)].map((m) => Number(m[1]));
      deepest.set(match, Math.max(deepest.get(match) ?? 0, ...plies));
    }
    const byDepth = new Map<string, number>();
    for (const d of deepest.values()) byDepth.set(`${d}-ply`, (byDepth.get(`${d}-ply`) ?? 0) + 1);
    const r = await call('stats', BGLAB.dir, '--player', 'Llabba', '--json', '--no-progress');
    const mix = (
      JSON.parse(r.stdout) as { players: { analysis: { checkerDepth: string; matches: number }[] }[] }
    ).players[0]!.analysis;
    expect(new Map(mix.map((a) => [a.checkerDepth, a.matches]))).toEqual(byDepth);
  },
);
