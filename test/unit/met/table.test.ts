import { describe, expect, it } from 'vitest';
import {
  type CubeInfo,
  eq2mwc,
  getME,
  loadKazarossXG2,
  mwc2eq,
  mwcAtScore,
  mwcFactor,
  mwcPost,
  mwcPre,
  winLoseMwc,
} from '../../../src/met/index.js';

const met = loadKazarossXG2();
const f = Math.fround;

/** |actual − expected| < 5e-6, i.e. equal to 5 decimals as the spec prints them. */
function close5(actual: number | null, expected: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThan(5e-6);
}

describe('ℓ factor (W − Λ)/2 — worked values of spec/metrics.md §1.3 (KXG2)', () => {
  it('7-point match, 0–0, cube 1: W = 0.56261, Λ = 0.43739, factor 0.06261', () => {
    const { win, lose } = winLoseMwc(met, 0, 0, 7, 0, 1);
    close5(win, 0.56261);
    close5(lose, 0.43739);
    expect(win).toBe(f(0.56261));
    expect(lose).toBe(f(0.43739));
    const factor = mwcFactor(met, 0, 0, 7, 0, 1);
    close5(factor, 0.06261);
    // float64(float32(W) − float32(Λ)) / 2 exactly.
    expect(factor).toBe(f(f(0.56261) - f(0.43739)) / 2);
    // Same factor from either side, up to float32 rounding (player 1's MWC is 1 − PRE, in float32).
    expect(Math.abs(mwcFactor(met, 0, 0, 7, 1, 1)! - factor!)).toBeLessThan(1e-7);
  });

  it('7-point match, 0–0, cube 2: 0.12638', () => {
    close5(mwcFactor(met, 0, 0, 7, 0, 2), 0.12638);
  });

  it('5-point match, 0–0: 0.07732', () => {
    close5(mwcFactor(met, 0, 0, 5, 0, 1), 0.07732);
  });

  it('11-point match, 0–0: 0.04855', () => {
    close5(mwcFactor(met, 0, 0, 11, 0, 1), 0.04855);
  });

  it('7-point match, score 3–2, player 1 (5-away vs 4-away; n = 4 vs 3), cube 1: W = 0.5, Λ = 0.35205', () => {
    const { win, lose } = winLoseMwc(met, 3, 2, 7, 1, 1);
    expect(win).toBe(0.5);
    close5(lose, 0.35205);
    const factor = mwcFactor(met, 3, 2, 7, 1, 1);
    close5(factor, 0.07397);
    expect(factor).toBe(f(0.5 - f(0.35205)) / 2);
  });

  it('DMP: W = 1, Λ = 0, factor 0.5', () => {
    expect(winLoseMwc(met, 6, 6, 7, 0, 1)).toEqual({ win: 1, lose: 0 });
    expect(mwcFactor(met, 6, 6, 7, 0, 1)).toBe(0.5);
    expect(mwcFactor(met, 0, 0, 1, 1, 1)).toBe(0.5);
  });

  it('post-Crawford trailer vs 1-away leader, cube 1: W = 0.48803 (POST[1]), Λ = 0, factor 0.24401', () => {
    // Spec wording: "trailer 2-away vs Crawford-leader 1-away". W = POST[1] = 0.48803 is the MWC of
    // a trailer who is 2-away *after* winning one point, i.e. he is 3-away now: score 4–6 in a
    // 7-point match (see the report: a trailer 2-away now gets W = 1 − POST[0] = 0.5).
    const { win, lose } = winLoseMwc(met, 4, 6, 7, 0, 1);
    close5(win, 0.48803);
    expect(lose).toBe(0);
    close5(mwcFactor(met, 4, 6, 7, 0, 1), 0.24401);
    // Mirror: same position with the players swapped.
    expect(mwcFactor(met, 6, 4, 7, 1, 1)).toBe(mwcFactor(met, 4, 6, 7, 0, 1));
    // Trailer 2-away now (score 5–6): winning one point leads to DMP.
    expect(winLoseMwc(met, 5, 6, 7, 0, 1)).toEqual({ win: 0.5, lose: 0 });
    expect(mwcFactor(met, 5, 6, 7, 0, 1)).toBe(0.25);
  });

  it('is null for money, scores outside the match and degenerate spreads', () => {
    for (const length of [0, -1, 65, 99999]) expect(mwcFactor(met, 0, 0, length, 0, 1)).toBeNull();
    for (const [s0, s1] of [
      [7, 0],
      [0, 7],
      [-1, 0],
      [0, -1],
      [99999, 99999],
    ] as const) {
      expect(mwcFactor(met, s0, s1, 7, 0, 1)).toBeNull();
    }
    expect(mwcFactor(met, 0.5, 0, 7, 0, 1)).toBeNull();
    expect(mwcFactor(met, 0, 0, 64, 0, 1)).not.toBeNull();
  });
});

describe('getME (spec/metrics.md §1.3, spec/formats.md §4.2)', () => {
  it('returns 1/0 when the result wins or loses the match', () => {
    expect(getME(met, 5, 3, 7, 0, 2, 0)).toBe(1);
    expect(getME(met, 5, 3, 7, 1, 2, 0)).toBe(0);
    expect(getME(met, 5, 3, 7, 0, 4, 1)).toBe(0);
    expect(getME(met, 5, 3, 7, 1, 4, 1)).toBe(1);
  });

  it('uses PRE[n0][n1] in an ordinary game and 1 − PRE for player 1', () => {
    // 7-point, 0–0: player 0 wins 1 → 6-away vs 7-away.
    expect(getME(met, 0, 0, 7, 0, 1, 0)).toBe(met.pre[5]![6]);
    expect(getME(met, 0, 0, 7, 1, 1, 0)).toBe(f(1 - met.pre[5]![6]!));
  });

  it('pre-Crawford game making someone 1-away → next game is the Crawford game → PRE row 0', () => {
    // 7-point match at 5–3 (2-away vs 4-away), ordinary game: player 0 wins 1 → 1-away vs 4-away, Crawford next.
    expect(getME(met, 5, 3, 7, 0, 1, 0)).toBe(f(0.81436)); // PRE[0][3]
    expect(getME(met, 5, 3, 7, 1, 1, 0)).toBe(f(1 - f(0.81436)));
    // Same with gnuBG's flag (false: not the Crawford game) — identical.
    expect(getME(met, 5, 3, 7, 0, 1, 0, false)).toBe(f(0.81436));
  });

  it('Crawford game → the next game is post-Crawford → POST table, with or without the flag', () => {
    // 7-point match at 6–3: the leader (player 0) is 1-away, this is the Crawford game.
    // Trailer (player 1, 4-away) wins 1 → 3-away vs 1-away post-Crawford: POST[2].
    const trailerWins = getME(met, 6, 3, 7, 1, 1, 1, true);
    expect(trailerWins).toBe(f(0.32264)); // POST[2]
    expect(getME(met, 6, 3, 7, 1, 1, 1, false)).toBe(trailerWins); // blunderDB rule: same
    expect(getME(met, 6, 3, 7, 0, 1, 1, true)).toBe(f(1 - f(0.32264)));
    // Trailer wins a gammon (2 points) → 2-away vs 1-away: POST[1] = 0.48803 (free drop included).
    expect(getME(met, 6, 3, 7, 1, 2, 1, true)).toBe(f(0.48803));
    expect(getME(met, 6, 3, 7, 1, 2, 1, false)).toBe(f(0.48803));
  });

  it('post-Crawford game: leader 1-away, trailer n-away → POST', () => {
    // Player 1 leads 6–2 in a 7-point match, post-Crawford; player 0 (5-away) loses → match over.
    expect(getME(met, 2, 6, 7, 0, 1, 1)).toBe(0);
    // Player 0 wins 2 → 3-away: POST[2] for player 0, 1 − POST[2] for player 1.
    expect(getME(met, 2, 6, 7, 0, 2, 0)).toBe(met.post[2]);
    expect(getME(met, 2, 6, 7, 1, 2, 0)).toBe(f(1 - met.post[2]!));
  });

  it('clamps away scores ≥ 64 to 63 and never leaves [0, 1]', () => {
    expect(getME(met, 0, 0, 200, 0, 1, 0)).toBe(met.pre[63]![63]);
    for (const matchTo of [0, 1, 7, 64, 65, 99999]) {
      for (const score of [0, 1, 6, 99999]) {
        for (const crawford of [false, true]) {
          const v = getME(met, score, score, matchTo, 0, 1, 0, crawford);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('rejects non-integer arguments', () => {
    expect(() => getME(met, 0.5, 0, 7, 0, 1, 0)).toThrow(RangeError);
    expect(() => getME(met, 0, 0, 7, 0, Number.NaN, 0)).toThrow(RangeError);
  });
});

describe('mwcPre / mwcPost', () => {
  it('reads 1-based away scores with GET_MET boundaries and clamping', () => {
    expect(mwcPre(met, 1, 2)).toBe(f(0.67736));
    expect(mwcPre(met, 0, 5)).toBe(1);
    expect(mwcPre(met, 3, 0)).toBe(0);
    expect(mwcPre(met, 100, 100)).toBe(met.pre[63]![63]);
    expect(mwcPost(met, 2)).toBe(f(0.48803));
    expect(mwcPost(met, 0)).toBe(1);
    expect(mwcPost(met, 99)).toBe(met.post[63]);
  });
});

describe('mwcAtScore (gnuBG getMEAtScore, spec/formats.md §4.2)', () => {
  it('Crawford game uses PRE (row 0), a post-Crawford game uses POST', () => {
    // 7-point match at 6–3: 1-away vs 4-away.
    expect(mwcAtScore(met, 6, 3, 7, 0, true)).toBe(f(0.81436)); // PRE[0][3]
    expect(mwcAtScore(met, 6, 3, 7, 1, true)).toBe(f(1 - f(0.81436)));
    expect(mwcAtScore(met, 6, 3, 7, 1, false)).toBe(f(0.31002)); // POST[3]
    expect(mwcAtScore(met, 6, 3, 7, 0, false)).toBe(f(1 - f(0.31002)));
    expect(mwcAtScore(met, 3, 6, 7, 0, false)).toBe(f(0.31002));
  });

  it('ordinary scores use PRE; a finished match gives 1/0; DMP is 0.5', () => {
    expect(mwcAtScore(met, 0, 0, 7, 0, false)).toBe(0.5);
    expect(mwcAtScore(met, 2, 3, 7, 1, false)).toBe(met.pre[3]![4]);
    expect(mwcAtScore(met, 7, 3, 7, 0, false)).toBe(1);
    expect(mwcAtScore(met, 7, 3, 7, 1, false)).toBe(0);
    expect(mwcAtScore(met, 6, 6, 7, 0, false)).toBe(0.5);
  });
});

describe('eq2mwc / mwc2eq (gnuBG eval.c, spec/formats.md §4.5)', () => {
  const ci: CubeInfo = { score0: 0, score1: 0, matchLength: 7, player: 0, cubeValue: 1, crawfordGame: false };

  it('maps ±1 to W and Λ and 0 to their mean', () => {
    const { win, lose } = winLoseMwc(met, 0, 0, 7, 0, 1);
    // float32 evaluation, like gnuBG: exact up to one or two float32 ulps.
    expect(eq2mwc(met, ci, 1)).toBeCloseTo(win, 7);
    expect(eq2mwc(met, ci, -1)).toBeCloseTo(lose, 7);
    expect(eq2mwc(met, ci, 0)).toBeCloseTo((win + lose) / 2, 7);
    expect(mwc2eq(met, ci, win)).toBeCloseTo(1, 6);
    expect(mwc2eq(met, ci, lose)).toBeCloseTo(-1, 6);
  });

  it('round-trips within float32 precision, including a Crawford game', () => {
    const crawford: CubeInfo = {
      score0: 6,
      score1: 3,
      matchLength: 7,
      player: 1,
      cubeValue: 1,
      crawfordGame: true,
    };
    const cube2: CubeInfo = {
      score0: 2,
      score1: 4,
      matchLength: 9,
      player: 1,
      cubeValue: 2,
      crawfordGame: false,
    };
    for (const c of [ci, crawford, cube2]) {
      for (const e of [-1, -0.5, -0.123, 0, 0.25, 0.9]) {
        expect(mwc2eq(met, c, eq2mwc(met, c, e))).toBeCloseTo(e, 5);
      }
    }
  });

  it('in the Crawford game W/Λ come from the POST table of the resulting score', () => {
    // 7-point match at 6–3, Crawford game, trailer (player 1) on roll: W = POST[2], Λ = 0.
    const c: CubeInfo = { score0: 6, score1: 3, matchLength: 7, player: 1, cubeValue: 1, crawfordGame: true };
    expect(eq2mwc(met, c, 1)).toBe(f(0.32264));
    expect(eq2mwc(met, c, -1)).toBe(0);
  });

  it('is the identity for money play', () => {
    const money: CubeInfo = { ...ci, matchLength: 0 };
    expect(eq2mwc(met, money, 0.123)).toBe(0.123);
    expect(mwc2eq(met, money, 0.456)).toBe(0.456);
    expect(eq2mwc(met, { ...ci, matchLength: 99999 }, -0.3)).toBe(-0.3);
  });

  it('is consistent with the ℓ factor: an error e costs e·(W − Λ)/2 MWC', () => {
    const factor = mwcFactor(met, 0, 0, 7, 0, 1)!;
    const loss = eq2mwc(met, ci, 0.3) - eq2mwc(met, ci, 0.29);
    expect(loss).toBeCloseTo(0.01 * factor, 6);
  });
});
