import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BIN, call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

interface Estimate {
  n: number;
  plus: number;
  minus: number;
  plusCostMpt: number;
  minusCostMpt: number;
  bias: number | null;
  low: number | null;
  high: number | null;
  verdict: string;
}
interface Traced {
  file: string;
  game: number;
  move: number;
  xgid: string | null;
  x: number;
}
interface Player {
  player: string;
  matches: number;
  takePass: Estimate;
  doubles: Estimate;
  doublesByScore: (Estimate & { away: number; opponentAway: number })[];
  blots: Estimate & { unread: number; unreadShare: number | null; decisions: Traced[] };
  blotsExposure: Estimate & { meanShotDifference: number | null; unread: number; decisions: Traced[] };
}
interface Report {
  schemaVersion: 2;
  settings: { thresholds: { preset: string } };
  matches: number;
  players: Player[];
  failures: unknown[];
  duplicates: { file: string; sameAs: string }[];
}

/** `bdb` with room for a large JSON report (the shared helper keeps spawnSync's 1 MB default). */
function bdbLarge(...args: string[]): { code: number | null; stdout: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout };
}

async function json(...args: string[]): Promise<Report> {
  const r = await call('biases', '--json', ...args);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Report;
}
const byName = (j: Report, name: string): Player => j.players.find((p) => p.player === name)!;

describe('bdb biases: counts against gnuBG\'s own "show statistics match" (NAME.stats.txt)', () => {
  test('g0001: Zoë 1 wrong take (1.093 EMG); Niels 1 double above TG (0.317), 5 missed doubles (0.386 + 0.028)', async () => {
    const j = await json(`${REF_DIR}gnubg/g0001.sgf`);
    const zoe = byName(j, 'Zoë Ångström');
    expect(zoe.takePass).toMatchObject({ plus: 1, minus: 0 });
    expect(Math.abs(zoe.takePass.plusCostMpt - 1093)).toBeLessThanOrEqual(1);
    const niels = byName(j, 'Niels');
    expect(niels.doubles).toMatchObject({ plus: 1, minus: 5 });
    expect(Math.abs(niels.doubles.plusCostMpt - 317)).toBeLessThanOrEqual(1);
    expect(Math.abs(niels.doubles.minusCostMpt - 414)).toBeLessThanOrEqual(1);
  });

  test('one decision has an interval of honest width (score interval), not +1.000 … +1.000', async () => {
    // g0001.stats.txt: Zoë Ångström answered one double, a wrong take (gnuBG 1.07.001): N 1, P 1, B = +1; with
    // every x = +1 the score interval's low bound is (N − 1.96²)/(N + 1.96²) = −0.587 (Wilson's, mapped)
    const zoe = byName(await json(`${REF_DIR}gnubg/g0001.sgf`), 'Zoë Ångström');
    expect(zoe.takePass).toMatchObject({ n: 1, plus: 1, bias: 1, high: 1, verdict: 'insufficient' });
    expect(zoe.takePass.low).toBeCloseTo((1 - 1.96 ** 2) / (1 + 1.96 ** 2), 12);
    const t = await call('biases', `${REF_DIR}gnubg/g0001.sgf`);
    expect(t.stdout).toMatch(/Take\/pass +│ 1 +│ 1 \(1093\) │ 0 \(0\) +│ \+1\.000 │ -0\.587 … \+1\.000 │/);
    expect(t.stdout).not.toContain('+1.000 … +1.000');
  });

  test('g0016: 李雷 3 wrong takes (2.215), 9 missed (0.543 + 0.850), 1 above TG; Δημήτρης 12 missed (1.227 + 0.183), 2 above TG', async () => {
    const j = await json(`${REF_DIR}gnubg/g0016.sgf`);
    const li = byName(j, '李雷');
    expect(li.takePass).toMatchObject({ plus: 3, minus: 0 });
    expect(Math.abs(li.takePass.plusCostMpt - 2215)).toBeLessThanOrEqual(1);
    expect(li.doubles).toMatchObject({ plus: 1, minus: 9 });
    expect(Math.abs(li.doubles.minusCostMpt - 1393)).toBeLessThanOrEqual(1);
    const di = byName(j, 'Δημήτρης');
    expect(di.doubles).toMatchObject({ plus: 2, minus: 12 });
    expect(Math.abs(di.doubles.minusCostMpt - 1410)).toBeLessThanOrEqual(1);
  });

  test('g0011 (money): Sofía 1 wrong take (2.113), 11 missed (0.864 + 0.296); Bob 11 missed (0.653 + 0.344), 1 above TG (0.645); one cell (0, 0)', async () => {
    const j = await json(`${REF_DIR}gnubg/g0011.sgf`);
    const sofia = byName(j, 'Sofía');
    expect(sofia.takePass).toMatchObject({ plus: 1, minus: 0 });
    expect(sofia.doubles.minus).toBe(11);
    expect(Math.abs(sofia.doubles.minusCostMpt - 1160)).toBeLessThanOrEqual(1);
    const bob = byName(j, 'Bob');
    expect(bob.doubles).toMatchObject({ plus: 1, minus: 11 });
    expect(Math.abs(bob.doubles.minusCostMpt - 997)).toBeLessThanOrEqual(1);
    expect(Math.abs(bob.doubles.plusCostMpt - 645)).toBeLessThanOrEqual(1);
    expect(bob.doublesByScore.map((c) => [c.away, c.opponentAway])).toEqual([[0, 0]]);
  });
});

describe('bdb biases on every reference match', () => {
  const r = bdbLarge('biases', '--json', REF_DIR);
  const j = JSON.parse(r.stdout) as Report;

  test('exit 0, schemaVersion 2, settings, no file error, the files set aside as stats lists them', () => {
    expect(r.code).toBe(0);
    expect(j.schemaVersion).toBe(2);
    expect(j.settings.thresholds.preset).toBe('xg');
    expect(j.failures).toEqual([]);
    expect(j.matches).toBeGreaterThan(10);
    // e.g. g0001.txt, gnuBG's text export of g0001.sgf (test/reference-matches/README.md), counted once
    expect(j.duplicates).toContainEqual({
      file: `${REF_DIR}gnubg/g0001.txt`,
      sameAs: `${REF_DIR}gnubg/g0001.sgf`,
    });
    const stats = JSON.parse(bdbLarge('stats', '--json', REF_DIR).stdout) as Report;
    expect(j.duplicates).toEqual(stats.duplicates);
  });

  // the persons known only from transcripts have null counts (test/cli/unanalysed.test.ts)
  const analysed = j.players.filter((p) => p.takePass.n !== null);

  test('every estimate obeys B = (P − M)/N, its interval and the 20-decision rule', () => {
    expect(analysed.length).toBeGreaterThan(0);
    for (const p of analysed) {
      const all = [p.takePass, p.doubles, ...p.doublesByScore, p.blots, p.blotsExposure];
      for (const e of all) {
        expect(e.plus + e.minus).toBeLessThanOrEqual(e.n);
        if (e.n === 0) {
          expect(e.bias).toBeNull();
          expect(e.low).toBeNull();
        } else {
          expect(e.bias).toBeCloseTo((e.plus - e.minus) / e.n, 12);
          expect(e.low!).toBeLessThanOrEqual(e.bias!);
          expect(e.high!).toBeGreaterThanOrEqual(e.bias!);
        }
        if (e.n < 20) expect(e.verdict).toBe('insufficient');
        else if (e.low! > 0) expect(e.verdict).toBe('too much');
        else if (e.high! < 0) expect(e.verdict).toBe('not enough');
        else expect(e.verdict).toBe('balanced');
      }
      expect(p.doublesByScore.reduce((s, c) => s + c.n, 0)).toBe(p.doubles.n);
    }
  });

  test('blot rows trace to their decisions; unread share = unread / (unread + N)', () => {
    for (const p of analysed) {
      for (const b of [p.blots, p.blotsExposure]) {
        expect(b.decisions).toHaveLength(b.n);
        expect(b.decisions.filter((d) => d.x === 1)).toHaveLength(b.plus);
        expect(b.decisions.filter((d) => d.x === -1)).toHaveLength(b.minus);
        for (const d of b.decisions) {
          expect(d.game).toBeGreaterThanOrEqual(1);
          expect(d.move).toBeGreaterThanOrEqual(1);
          expect(d.xgid).toMatch(/^XGID=/);
          expect(d.file.startsWith(REF_DIR)).toBe(true);
        }
      }
      const n = p.blots.n + p.blots.unread;
      expect(p.blots.unreadShare).toBe(n === 0 ? null : p.blots.unread / n);
      expect(p.blotsExposure.n).toBe(p.blots.n);
    }
  });

  test('tables: the three biases, verdicts and the unread share', async () => {
    const t = await call('biases', `${REF_DIR}gnubg/g0001.sgf`);
    expect(t.code).toBe(0);
    for (const s of [
      'Take/pass',
      'Doubles',
      'Blots',
      'Blots, exposure',
      'Unreadable checker plays',
      'insufficient',
    ])
      expect(t.stdout).toContain(s);
  });
});

describe('bdb biases options and failures', () => {
  test('--alias merges, --player filters', async () => {
    const j = await json(
      '--alias',
      'Kévin=Kévin Unger',
      '--player',
      'Kévin',
      `${REF_DIR}gnubg/g0002.sgf`,
      `${REF_DIR}sgf/gbf_test.sgf`,
    );
    expect(j.players.map((p) => p.player)).toEqual(['Kévin']);
    expect(j.players[0]!.matches).toBe(2);
  });
  test('a bad --thresholds is a usage error (exit 2)', async () => {
    expect((await call('biases', '--thresholds', 'nope', `${REF_DIR}gnubg/g0001.sgf`)).code).toBe(2);
  });
  test('a missing file: one line on stderr, exit 1, the others still read', async () => {
    const r = await call('biases', '--json', `${REF_DIR}gnubg/g0001.sgf`, '/nonexistent/x.sgf');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/nonexistent/x.sgf');
    expect((JSON.parse(r.stdout) as Report).matches).toBe(1);
  });
});
