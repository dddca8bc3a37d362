import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BIN, call } from '../helpers/cli.js';
import { REF_DIR } from '../helpers/fixtures.js';

interface Member {
  file: string;
  game: number;
  move: number;
  xgid: string | null;
  positionId: string | null;
  played: string;
  best: string;
  errorEmg: number;
  lossMwc: number | null;
  difficultyMwc: number | null;
  excessMwc: number | null;
}
interface Family {
  plan: string;
  nature: string;
  theme: string;
  members: number;
  scored: number;
  unscored: number;
  recoverableMwc: number | null;
  low: number | null;
  high: number | null;
  included: boolean;
  positions: Member[];
}
/** A money session's member and family: the same keys with the unit `Points` for `Mwc` (equity × cube). */
interface MoneyMember extends Omit<Member, 'lossMwc' | 'difficultyMwc' | 'excessMwc'> {
  lossPoints: number | null;
  difficultyPoints: number | null;
  excessPoints: number | null;
}
interface MoneyFamily extends Omit<Family, 'recoverableMwc' | 'positions'> {
  recoverablePoints: number | null;
  positions: MoneyMember[];
}
/** ℓ − d of a member, R of a family: in MWC at match play, in points in a money session. */
function excessOf(m: Member | MoneyMember): number | null {
  return 'excessMwc' in m ? m.excessMwc : m.excessPoints;
}
function recoverableOf(f: Family | MoneyFamily): number | null {
  return 'recoverableMwc' in f ? f.recoverableMwc : f.recoverablePoints;
}
interface Coverage {
  checkerErrors: number;
  blunderDb: number;
  blunderDbFour: number;
  named: number;
  fallback: number;
  cubeErrors: number;
  cubeNamed: number;
  shares: Record<string, number | null>;
}
interface Player {
  player: string;
  errors: number;
  themeCoverage: Coverage;
  unthemed: number;
  families: Family[];
  tentative: Family[];
  referencePositions: {
    candidates: number;
    selected: (Member & { gainMwc: number; excessMwc: number; group: string; errors: number })[];
  };
  /** The money sessions' plan (points), null without any. */
  money: {
    matches: number;
    errors: number;
    unthemed: number;
    families: MoneyFamily[];
    tentative: MoneyFamily[];
    referencePositions: {
      candidates: number;
      selected: (MoneyMember & { gainPoints: number; excessPoints: number; group: string; errors: number })[];
    };
  } | null;
}
interface Report {
  schemaVersion: 2;
  settings: {
    thresholds: { preset: string; errorMpt: number };
    referencePositions: { size: number; rhoPips: number };
  };
  matches: number;
  themeCoverage: Coverage;
  players: Player[];
  failures: unknown[];
  duplicates: unknown[];
}

/** `bdb` with room for a large JSON report (the shared helper keeps spawnSync's 1 MB default). */
function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('bdb plan on every reference match', () => {
  const r = run('plan', '--json', REF_DIR);
  const j = JSON.parse(r.stdout) as Report;

  test('exit 0, schemaVersion 2, settings', () => {
    expect(r.code).toBe(0);
    expect(j.schemaVersion).toBe(2);
    expect(j.failures).toEqual([]);
    expect(j.settings.thresholds).toMatchObject({ preset: 'xg', errorMpt: 20 });
    expect(j.settings.referencePositions).toEqual({ size: 20, rhoPips: 12 });
  });

  // the persons known only from transcripts have null counts (test/cli/unanalysed.test.ts)
  const analysed = j.players.filter((p) => p.errors !== null);

  test('R = Σ(ℓ − d) over scored members, interval ± 1.96 √Σ(ℓ − d)², inclusion rule, ranking', () => {
    let included = 0;
    for (const p of analysed) {
      const fams = [
        ...p.families,
        ...p.tentative,
        ...(p.money?.families ?? []),
        ...(p.money?.tentative ?? []),
      ];
      expect(fams.reduce((s, f) => s + f.members, 0) + p.unthemed).toBe(p.errors);
      for (const f of fams) {
        expect(f.positions).toHaveLength(f.members);
        const scored = (f.positions as (Member | MoneyMember)[]).filter((m) => excessOf(m) !== null);
        expect(scored).toHaveLength(f.scored);
        expect(f.members - f.scored).toBe(f.unscored);
        for (const m of f.positions) expect(m.errorEmg).toBeGreaterThanOrEqual(0.02 - 1e-9);
        if (f.scored === 0) {
          expect(recoverableOf(f)).toBeNull();
          continue;
        }
        const r0 = scored.reduce((s, m) => s + excessOf(m)!, 0);
        const ss = scored.reduce((s, m) => s + excessOf(m)! ** 2, 0);
        expect(recoverableOf(f)).toBeCloseTo(r0, 12);
        expect(f.low).toBeCloseTo(r0 - 1.96 * Math.sqrt(ss), 12);
        expect(f.included).toBe(f.scored >= 5 && f.low! > 0);
        // members by excess descending
        for (let i = 1; i < scored.length; i++)
          expect(excessOf(scored[i]!)!).toBeLessThanOrEqual(excessOf(scored[i - 1]!)!);
      }
      for (const f of p.families) expect(f.included).toBe(true);
      for (const f of p.tentative) expect(f.included).toBe(false);
      for (let i = 1; i < p.families.length; i++)
        expect(p.families[i]!.low!).toBeLessThanOrEqual(p.families[i - 1]!.low!);
      included += p.families.length;
    }
    expect(included).toBeGreaterThan(0);
  });

  test("theme coverage: blunderDB's four vs bdb's themes, summed over the persons", () => {
    const keys = [
      'checkerErrors',
      'blunderDb',
      'blunderDbFour',
      'named',
      'fallback',
      'cubeErrors',
      'cubeNamed',
    ];
    for (const k of keys) {
      const sum = analysed.reduce(
        (a, p) => a + (p.themeCoverage as unknown as Record<string, number>)[k]!,
        0,
      );
      expect((j.themeCoverage as unknown as Record<string, number>)[k]).toBe(sum);
    }
    for (const c of [j.themeCoverage, ...analysed.map((p) => p.themeCoverage)]) {
      // the silence only removes; bdb's themes include the four; every error whose boards differ is themed
      expect(c.blunderDb).toBeLessThanOrEqual(c.blunderDbFour);
      expect(c.blunderDbFour).toBeLessThanOrEqual(c.named);
      expect(c.named + c.fallback).toBeLessThanOrEqual(c.checkerErrors);
      expect(c.cubeNamed).toBeLessThanOrEqual(c.cubeErrors);
    }
    const p = j.players.find((x) => x.errors > 0)!;
    const c = p.themeCoverage;
    expect(c.checkerErrors + c.cubeErrors).toBe(p.errors);
    expect(c.shares.named).toBeCloseTo(c.named / c.checkerErrors, 12);
  });

  test('reference positions: at most 20, gains non-increasing, each with XGID, Position ID, played and best', () => {
    for (const p of j.players) {
      const sel = p.referencePositions.selected;
      expect(sel.length).toBeLessThanOrEqual(Math.min(20, p.referencePositions.candidates));
      for (let i = 0; i < sel.length; i++) {
        const s = sel[i]!;
        if (i > 0) expect(s.gainMwc).toBeLessThanOrEqual(sel[i - 1]!.gainMwc + 1e-15);
        expect(s.gainMwc).toBeGreaterThan(0);
        expect(s.xgid).toMatch(/^XGID=/);
        expect(s.positionId).toMatch(/^[A-Za-z0-9+/]{14}$/);
        expect(s.played.length).toBeGreaterThan(0);
        expect(s.best.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('bdb plan options', () => {
  test('stricter thresholds never add errors', () => {
    const file = `${REF_DIR}gnubg/g0016.sgf`;
    const xg = JSON.parse(run('plan', '--json', file).stdout) as Report;
    const bdbT = JSON.parse(run('plan', '--json', '--thresholds', 'blunderdb', file).stdout) as Report;
    for (const p of bdbT.players) {
      const q = xg.players.find((x) => x.player === p.player)!;
      expect(p.errors).toBeLessThanOrEqual(q.errors);
    }
    expect(bdbT.settings.thresholds).toMatchObject({ preset: 'blunderdb', errorMpt: 50 });
  });

  test('--positions caps the list; out of range is a usage error', async () => {
    const j = JSON.parse(
      run('plan', '--json', '--positions', '3', `${REF_DIR}gnubg/g0016.sgf`).stdout,
    ) as Report;
    for (const p of j.players) expect(p.referencePositions.selected.length).toBeLessThanOrEqual(3);
    expect((await call('plan', '--positions', '0', `${REF_DIR}gnubg/g0016.sgf`)).code).toBe(2);
    expect((await call('plan', '--positions', '51', `${REF_DIR}gnubg/g0016.sgf`)).code).toBe(2);
  });

  test('tables: plan, tentative families and reference positions', async () => {
    const t = await call('plan', '--player', "O'Brien", `${REF_DIR}gnubg/g0002.sgf`);
    expect(t.code).toBe(0);
    for (const s of ['Study plan', 'Tentative families', 'Reference positions', 'XGID=', 'R (pp MWC)'])
      expect(t.stdout).toContain(s);
    // the plan says how it ranks: the low bound of R first (spec §7), which the JSON test above checks
    const all = await call('plan', `${REF_DIR}gnubg`, '--player', 'Sofía');
    expect(all.stdout).toMatch(
      /Study plan: \d+ families, surest gain first \(ranked by the low bound of R\)/,
    );
    expect(all.stdout).toContain(
      "and is ranked by the interval's low bound (the gain it is sure of), then by R",
    );
    expect(all.stdout).not.toContain('ranked by recoverable MWC');
    expect(t.stdout).not.toContain('Kévin —');
  });
});

describe('bdb plan on money sessions', () => {
  test('a plan of their own in points (equity lost × cube value), every error scored, labelled so', () => {
    // test/reference-matches/gnubg/g0071.sgf: a gnuBG 1.07.001 money session (README), the cube up to 4
    const r = run('plan', '--json', `${REF_DIR}gnubg/g0071.sgf`);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as Report;
    let cubed = 0;
    for (const p of j.players) {
      // no match-play errors: the MWC plan is empty, the money plan holds them all
      expect([p.families, p.tentative, p.referencePositions.selected]).toEqual([[], [], []]);
      const m = p.money!;
      expect(m.matches).toBe(1);
      expect(m.errors).toBe(p.errors);
      for (const f of [...m.families, ...m.tentative]) {
        expect(f.scored).toBe(f.members);
        expect(f.recoverablePoints).not.toBeNull();
        for (const x of f.positions) {
          // the XGID's cube field is log2 of the cube value (XG's XGID format)
          const cube = 2 ** Number(x.xgid!.split(':')[1]);
          if (cube > 1) cubed++;
          expect(x.lossPoints).toBeCloseTo(x.errorEmg * cube, 12);
          expect(x.excessPoints).toBeCloseTo(x.lossPoints! - x.difficultyPoints!, 12);
        }
      }
      expect(m.referencePositions.selected.length).toBeGreaterThan(0);
    }
    expect(cubed).toBeGreaterThan(0);
    const t = run('plan', `${REF_DIR}gnubg/g0071.sgf`);
    expect(t.stdout).toContain(
      'Money sessions (1): the losses, R and the gains in points (equity lost × cube value), as money play has no MWC',
    );
    expect(t.stdout).toContain('R (points)');
    expect(t.stdout).toContain('Gain (points)');
    expect(t.stdout).not.toContain('R (pp MWC)');
    expect(t.stdout).not.toMatch(/│ n\/a +│ n\/a +│/);
  });
});

describe('plan and biases on a transcript without analysis', () => {
  test('one line names the persons, no empty tables', () => {
    // test/reference-matches/mat/gbf_test.mat: a .mat transcript (no analysis) of two players
    for (const cmd of ['plan', 'biases']) {
      const r = run(cmd, `${REF_DIR}mat/gbf_test.mat`);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('No analysed decision for 2 persons (transcripts without analysis)');
      expect(r.stdout).not.toContain('┌');
    }
  });
});
