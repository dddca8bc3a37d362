/**
 * `bdb scout NAME` on a real history: Llabba's 79 Backgammon Studio matches (test/history/llabba, gnuBG
 * 1.07.001 at 4-ply, text exports; test/history/README.md), imported into a library.
 *
 * The expectations come from outside scout: the opponent's level, biases and families must be what
 * `bdb stats`, `bdb biases` and `bdb plan --player NAME --json` give for the same person over the same
 * matches (those commands' figures are checked against XG and gnuBG in their own tests), and the record is
 * counted here from gnuBG's own "NAME wins N point(s)" lines of the exported games.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callWith } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

const LLABBA = fileURLToPath(new URL('../history/llabba/', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'bdb-scout-'));
const lib = join(tmp, 'llabba.duckdb');

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

beforeAll(async () => {
  const r = await call('import', LLABBA, '--library', lib);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

interface Level {
  matches: number;
  analysedMatches: number;
  decisions: number | null;
  pr: number | null;
  prInterval: { low: number | null; high: number | null; reason: string | null };
  level: string | null;
}
interface Lean {
  kind: string;
  away: number | null;
  opponentAway: number | null;
  lean: string | null;
  certainty: string;
  n: number;
  bias: number | null;
  low: number | null;
  high: number | null;
  habit: string;
  advice: string | null;
}
interface Scout {
  player: string;
  matches: number;
  level: Level;
  leans: Lean[] | null;
  cellsWithoutLean: number | null;
  errors: number | null;
  families: { family: string; members: number; recoverableMwc: number | null; included: boolean }[] | null;
  record: {
    me: string | null;
    reason: string | null;
    matches: number | null;
    won: number | null;
    lost: number | null;
    undecided: number | null;
    pointsFor: number | null;
    pointsAgainst: number | null;
    opponentLevel: Level | null;
    meLevel: Level | null;
  };
}

async function json<T>(...args: string[]): Promise<T> {
  const r = await call(...args);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

const scout = (...args: string[]): Promise<Scout> =>
  json<Scout>('scout', ...args, '--json', '--library', lib);

/** A person's figures in `bdb stats --json` over `args`. */
async function statsOf(name: string, ...args: string[]): Promise<Record<string, unknown>> {
  const j = await json<{ players: Record<string, unknown>[] }>('stats', '--json', '--player', name, ...args);
  return j.players.find((p) => p.player === name)!;
}

/**
 * The matches of gnuBG's text exports whose file names start with `prefix` (one file per game, NAME.txt,
 * NAME_002.txt …): each match's points per player, summed from gnuBG's "X wins N point(s)" lines.
 */
function exportedMatches(prefix: string): Map<string, Record<string, number>> {
  const matches = new Map<string, Record<string, number>>();
  for (const f of readdirSync(LLABBA)
    .filter((n) => n.startsWith(prefix))
    .sort()) {
    const key = f.replace(/(_\d{3})?\.txt$/, '');
    const points = matches.get(key) ?? {};
    for (const m of readFileSync(join(LLABBA, f), 'latin1').matchAll(/^(\S+) wins (\d+) points?$/gm))
      points[m[1]!] = (points[m[1]!] ?? 0) + Number(m[2]);
    matches.set(key, points);
  }
  return matches;
}

describe('bdb scout on Llabba’s library', () => {
  it("the level is bdb stats' for the same person over the same matches", async () => {
    const s = await scout('selbs');
    expect(s.player).toBe('Selbs');
    expect(s.matches).toBe(2);
    const st = await statsOf('Selbs', '--library', lib);
    expect(s.level).toEqual({
      matches: st.matches,
      analysedMatches: st.analysedMatches,
      decisions: (st.decisions as { total: number }).total,
      pr: st.pr,
      prInterval: st.prInterval,
      level: st.level,
      // the analysis audit: stats' keys over the same matches
      analysis: st.analysis,
      belowBmab: st.belowBmab,
    });
    // two matches: too few for an interval, said, not a width of 0
    expect(s.level.prInterval).toEqual({ low: null, high: null, reason: 'fewer than 3 units' });
    const text = (await call('scout', 'Selbs', '--library', lib)).stdout;
    expect(text).toContain('95 % n/a (fewer than 3 matches: too little data)');
  });

  it("Llabba scouted: stats' PR and its interval over his 78 matches (alias llabba)", async () => {
    const s = await scout('Llabba', '--alias', 'Llabba=llabba');
    const st = await statsOf('Llabba', '--library', lib, '--alias', 'Llabba=llabba');
    expect(s.level.pr).toBe(st.pr);
    expect(s.level.prInterval).toEqual(st.prInterval);
    expect(s.level.prInterval.low).not.toBeNull();
    expect(s.level.level).toBe(st.level);
    expect(s.matches).toBe(78);
  });

  it("the leans are bdb biases' estimates; advice only where the verdict is sure", async () => {
    const s = await scout('Llabba', '--alias', 'Llabba=llabba');
    const b = (
      await json<{ players: Record<string, Record<string, unknown>>[] }>(
        'biases',
        '--json',
        '--library',
        lib,
        '--player',
        'Llabba',
        '--alias',
        'Llabba=llabba',
      )
    ).players[0]!;
    const overall = s.leans!.filter((l) => l.away === null);
    const keys: Record<string, string> = {
      takePass: 'takePass',
      doubles: 'doubles',
      blots: 'blots',
      exposure: 'blotsExposure',
    };
    expect(overall.map((l) => l.kind)).toEqual(['takePass', 'doubles', 'blots', 'exposure']);
    for (const l of overall) {
      const e = b[keys[l.kind]!]!;
      expect([l.n, l.bias, l.low, l.high], l.kind).toEqual([e.n, e.bias, e.low, e.high]);
      const sure = e.verdict === 'too much' || e.verdict === 'not enough';
      expect(l.lean !== null, l.kind).toBe(sure);
      expect(l.advice !== null, l.kind).toBe(sure);
    }
    // the score cells listed are exactly biases' cells with a sure verdict, the others counted
    const cells = b.doublesByScore as unknown as { away: number; opponentAway: number; verdict: string }[];
    const sureCells = cells.filter((c) => c.verdict === 'too much' || c.verdict === 'not enough');
    expect(s.leans!.filter((l) => l.away !== null).map((l) => [l.away, l.opponentAway])).toEqual(
      sureCells.map((c) => [c.away, c.opponentAway]),
    );
    expect(s.cellsWithoutLean).toBe(cells.length - sureCells.length);
    // Llabba's blots: B −0.03 with N = 8,914 (bdb biases), the interval below 0: he plays too safe
    const blots = overall.find((l) => l.kind === 'blots')!;
    expect(blots.lean).toBe('cautious');
    const text = (await call('scout', 'Llabba', '--alias', 'Llabba=llabba', '--library', lib)).stdout;
    // a score cell is named from the opponent's side
    const cell = s.leans!.find((l) => l.away !== null)!;
    expect(text).toContain(`Doubles with them ${cell.away}-away, the other ${cell.opponentAway}-away: `);
    expect(text).toMatch(
      /Blots: leaves too few blots \(plays too safe\) \(bias -0\.03, 95 % .*n = 8914\): they give up/,
    );
  });

  it("the families are bdb plan's first three", async () => {
    const s = await scout('Llabba', '--alias', 'Llabba=llabba');
    const p = (
      await json<{ players: { families: { family: string; members: number }[] }[] }>(
        'plan',
        '--json',
        '--library',
        lib,
        '--player',
        'Llabba',
        '--alias',
        'Llabba=llabba',
      )
    ).players[0]!;
    expect(p.families.length).toBeGreaterThanOrEqual(3);
    expect(s.families!.map((f) => [f.family, f.members, f.included])).toEqual(
      p.families.slice(0, 3).map((f) => [f.family, f.members, true]),
    );
  });

  it('the record against the player, counted from the gnuBG exports’ "wins" lines', async () => {
    // Selbs - Llabba 13pt … 2023_03_24 and Llabba - Selbs 13pt … 2023_10_16: one match won each
    const games = [...exportedMatches('Selbs - Llabba'), ...exportedMatches('Llabba - Selbs')];
    expect(games).toHaveLength(2);
    const won = (name: string): number => games.filter(([, pts]) => (pts[name] ?? 0) >= 13).length;
    const points = (name: string): number => games.reduce((t, [, pts]) => t + (pts[name] ?? 0), 0);
    const s = await scout('Selbs', '--me', 'Llabba');
    expect(s.record).toMatchObject({
      me: 'Llabba',
      reason: null,
      matches: 2,
      won: won('Selbs'),
      lost: won('Llabba'),
      undecided: 0,
      pointsFor: points('Selbs'),
      pointsAgainst: points('Llabba'),
    });
    expect([s.record.won, s.record.lost, s.record.pointsFor, s.record.pointsAgainst]).toEqual([1, 1, 23, 25]);
    // both players' PR over those two matches: bdb stats on the same two matches' files
    const files = readdirSync(LLABBA)
      .filter((n) => /^(Selbs - Llabba|Llabba - Selbs) /.test(n) && !/_\d{3}\.txt$/.test(n))
      .map((n) => join(LLABBA, n));
    for (const [who, level] of [
      ['Selbs', s.record.opponentLevel],
      ['Llabba', s.record.meLevel],
    ] as const) {
      const st = await statsOf(who, ...files);
      expect(level!.pr, who).toBeCloseTo(st.pr as number, 9);
      expect(level!.decisions, who).toBe((st.decisions as { total: number }).total);
    }
  });

  it('gorkipelin lost both matches to Llabba (Llabba - gorkipelin 13pt and 7pt)', async () => {
    const games = [...exportedMatches('Llabba - gorkipelin')];
    expect(games.map(([, p]) => (p.Llabba ?? 0) >= Math.max(...Object.values(p)))).toEqual([true, true]);
    const s = await scout('gorkipelin', '--me', 'Llabba');
    expect(s.record).toMatchObject({ matches: 2, won: 0, lost: 2, undecided: 0 });
    expect(s.record.pointsFor! + s.record.pointsAgainst!).toBe(
      games.reduce((t, [, p]) => t + Object.values(p).reduce((a, b) => a + b, 0), 0),
    );
  });

  it('no player for the record: n/a; the configured player is the default --me', async () => {
    const none = await scout('Selbs');
    expect(none.record).toMatchObject({ me: null, reason: 'no player', matches: null, won: null });
    const same = await scout('Selbs', '--me', 'selbs');
    expect(same.record.reason).toBe('same person');
    const home = join(tmp, 'config');
    const env = { XDG_CONFIG_HOME: home };
    expect((await callWith({ env }, 'config', 'set', 'player', 'Llabba')).code).toBe(0);
    const r = await callWith({ env }, 'scout', 'Selbs', '--library', lib, '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).record).toMatchObject({ me: 'Llabba', matches: 2 });
    // a configured player in none of the matches: no record, a note, not a failure
    expect((await callWith({ env }, 'config', 'set', 'player', 'Nobody Here')).code).toBe(0);
    const absent = await callWith({ env }, 'scout', 'Selbs', '--library', lib);
    expect(absent.code).toBe(0);
    expect(absent.stdout).toContain('n/a: no player');
    expect(absent.stderr).toContain("the configured player 'Nobody Here' plays in none");
  });

  it('--html writes a standalone page with the figures of the JSON', async () => {
    const page = join(tmp, 'selbs.html');
    const r = await call('scout', 'Selbs', '--me', 'Llabba', '--library', lib, '--html', page);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote ${page}`);
    const html = readFileSync(page, 'utf8');
    const s = await scout('Selbs');
    expect(html).toContain(`data-figure="pr" data-value="${s.level.pr}"`);
    expect(html).toContain('Record against Llabba');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    // an existing page is replaced only with --force
    expect((await call('scout', 'Selbs', '--library', lib, '--html', page)).code).toBe(1);
    expect((await call('scout', 'Selbs', '--library', lib, '--html', page, '--force')).code).toBe(0);
  });
});

describe('bad input: one clear line', () => {
  it('an unknown name says so and names the closest', async () => {
    const r = await call('scout', 'Selbz', '--library', lib);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("bdb: no player 'Selbz' — did you mean 'Selbs'?\n");
  });

  it('an unknown --me says so; the scout is still written', async () => {
    const r = await call('scout', 'Selbs', '--library', lib, '--me', 'Lllabbba');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^bdb: no player 'Lllabbba' — did you mean 'Llabba'/);
  });

  it('an empty library', async () => {
    const empty = join(tmp, 'empty.duckdb');
    writeFileSync(join(tmp, 'not-a-match.txt'), 'hello\n');
    await call('import', join(tmp, 'not-a-match.txt'), '--library', empty);
    expect(existsSync(empty)).toBe(true);
    const r = await call('scout', 'Selbs', '--library', empty);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `bdb: the library ${empty} holds no match: nobody to scout (bdb import FOLDER adds matches)\n`,
    );
  });

  it('a name without any analysed decision (a transcript): n/a, never 0 or NaN', async () => {
    const mat = join(tmp, 'mat.duckdb');
    expect((await call('import', `${REF_DIR}mat/gbf_test.mat`, '--library', mat)).code).toBe(0);
    const r = await call('scout', 'Maxence Job', '--library', mat, '--me', 'Kévin Unger', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('NaN');
    const s = JSON.parse(r.stdout) as Scout;
    expect(s.level).toMatchObject({ matches: 1, analysedMatches: 0, decisions: null, pr: null, level: null });
    expect([s.leans, s.cellsWithoutLean, s.errors, s.families]).toEqual([null, null, null, null]);
    // the record needs no analysis: gbf_test.mat's game 7 starts "Kévin Unger : 5  Maxence Job : 4" and
    // Kévin Unger "Wins 2 point and the match" (7 point match): 7–4
    expect(s.record).toMatchObject({ matches: 1, won: 0, lost: 1, pointsFor: 4, pointsAgainst: 7 });
    expect(s.record.opponentLevel!.pr).toBeNull();
    const t = await call('scout', 'Maxence Job', '--library', mat);
    expect(t.stdout).toContain('PR n/a: no analysed decision');
    expect(t.stdout).not.toMatch(/NaN|PR 0\.00/);
  });
});
