// Difficulty d, avoidable errors, excess and ratio: the worked values of spec/metrics.md §4, thresholds §16.
import { describe, expect, test } from 'vitest';
import { decisionError } from '../../../src/metrics/decision-error.js';
import {
  DEFAULT_THRESHOLDS,
  DIFFICULTY_TAU,
  decisionDifficulty,
  excessAndRatio,
  isAvoidableError,
  optionCosts,
  RATIO_MIN_DIFFICULTY,
  reachesThreshold,
  referenceDifficulty,
  THRESHOLD_PRESETS,
  thresholdEquity,
} from '../../../src/metrics/difficulty.js';
import { defaultMet } from '../../../src/metrics/match-report.js';
import { mwcLoss } from '../../../src/metrics/mwc-loss.js';
import { checker, cube } from './helpers.js';

const met = defaultMet();
/** (W − Λ)/2 at 7 points, 0–0, cube 1 (spec §1.3). */
const FACTOR_7_00 = 0.06261;

describe('reference player', () => {
  test.each([0.001, 0.01, 0.025, 0.05, 0.2])('two options Δ = %s apart → d = Δ / (1 + e^{Δ/τ})', (delta) => {
    expect(referenceDifficulty([0, delta])).toBeCloseTo(delta / (1 + Math.exp(delta / 0.025)), 15);
  });
  test('d(0.032) = 0.00696', () => {
    expect(referenceDifficulty([0, 0.032]).toFixed(5)).toBe('0.00696');
  });
  test('Δ = 0.1 → 0.0018', () => {
    expect(referenceDifficulty([0, 0.1]).toFixed(4)).toBe('0.0018');
  });
  test('five candidates 0.01 apart → 0.01251', () => {
    expect(referenceDifficulty([0, 0.01, 0.02, 0.03, 0.04]).toFixed(5)).toBe('0.01251');
  });
  test('two options: the largest d is near Δ ≈ 1.28τ ≈ 0.032', () => {
    let argmax = 0;
    let max = 0;
    for (let i = 1; i <= 2000; i++) {
      const delta = i / 20000; // 0.00005 … 0.1
      const d = referenceDifficulty([0, delta]);
      if (d > max) {
        max = d;
        argmax = delta;
      }
    }
    // the maximum solves x = 1 + e^{−x}, x = Δ/τ ≈ 1.2785
    expect(argmax / DIFFICULTY_TAU).toBeGreaterThan(1.27);
    expect(argmax / DIFFICULTY_TAU).toBeLessThan(1.29);
    expect(max.toFixed(5)).toBe('0.00696');
  });
  test('one option, or options that tie, cost nothing', () => {
    expect(referenceDifficulty([0])).toBe(0);
    expect(referenceDifficulty([0, 0, 0])).toBe(0);
  });
  test('numerically stable: huge gaps and huge costs give no NaN', () => {
    expect(referenceDifficulty([0, 50])).toBe(0); // exp(−2000) underflows to 0, the best option has weight 1
    expect(referenceDifficulty([1000, 1000.032])).toBeCloseTo(1000 + 0.032 / (1 + Math.exp(1.28)), 9);
  });
  test('τ is a parameter: a smaller τ makes the reference player stronger', () => {
    expect(referenceDifficulty([0, 0.032], 0.01)).toBeLessThan(referenceDifficulty([0, 0.032]));
    expect(referenceDifficulty([0, 0.032], 0.01)).toBeCloseTo(0.032 / (1 + Math.exp(3.2)), 15);
  });
  test('no option or τ ≤ 0 is a programming error', () => {
    expect(() => referenceDifficulty([])).toThrow(RangeError);
    expect(() => referenceDifficulty([0, 0.1], 0)).toThrow(RangeError);
  });
});

describe('option costs', () => {
  test('checker: each candidate’s gap to the first', () => {
    const costs = optionCosts(checker([0.5, 0.48, 0.4], 1, 3))!;
    expect(costs).toHaveLength(3);
    expect(costs[0]).toBe(0);
    expect(costs[1]).toBeCloseTo(0.02, 12);
    expect(costs[2]).toBeCloseTo(0.1, 12);
  });
  test('checker: a candidate stored above the first (depth mix) costs 0, never < 0', () => {
    expect(optionCosts(checker([0.5, 0.501], 0, 2))).toEqual([0, 0]);
  });
  test('checker: no candidate → null', () => {
    expect(optionCosts(checker([], null, 3))).toBeNull();
  });
  test('cube holder: no double = best − ND, double = best − min(DT, DP)', () => {
    // (0.3, 0.9, 1): best = min(0.9, 1) = 0.9 → ND 0.6, double 0
    const nd = optionCosts(cube('no-double', 0.3, 0.9))!;
    expect(nd[0]).toBeCloseTo(0.6, 12);
    expect(nd[1]).toBe(0);
    // the same two options whichever was played
    expect(optionCosts(cube('double', 0.3, 0.9))).toEqual(nd);
    // too good (1.15, 1.4, 1): best = ND = 1.15, double against the best reply (pass, 1) costs 0.15
    const tg = optionCosts(cube('no-double', 1.15, 1.4))!;
    expect(tg[0]).toBe(0);
    expect(tg[1]).toBeCloseTo(0.15, 12);
  });
  test('responder: take = DT − min(DT, DP), pass = DP − min(DT, DP)', () => {
    // (0.3, 0.9, 1): min = 0.9 → take 0, pass 0.1
    const take = optionCosts(cube('take', 0.3, 0.9, 1, { player: 1 }))!;
    expect(take[0]).toBe(0);
    expect(take[1]).toBeCloseTo(0.1, 12);
    // (0.3, 1.2, 1): min = 1 → take 0.2, pass 0
    const pass = optionCosts(cube('pass', 0.3, 1.2, 1, { player: 1 }))!;
    expect(pass[0]).toBeCloseTo(0.2, 12);
    expect(pass[1]).toBe(0);
  });
  test('no usable costs → null', () => {
    expect(optionCosts({ ...cube('double', 0.3, 0.9), analysis: null })).toBeNull();
    expect(optionCosts(cube('double', 0.3, 0.9, 1, { fromPosition: true }))).toBeNull();
    expect(optionCosts(checker([0.5, 0.4], 0, 2, { fromPosition: true }))).toBeNull();
    expect(optionCosts(cube('take', 0.3, 0.9, 1, { afterBeaver: true }))).toBeNull();
    expect(optionCosts(cube('double', Number.NaN, 0.9))).toBeNull();
  });
});

describe('difficulty of a decision (MWC)', () => {
  test('converted with ℓ’s factor: 7 points 0–0 cube 1', () => {
    const d = cube('double', 0.3, 0.9); // options 0.6 and 0
    const expected = referenceDifficulty([0.6, 0]) * FACTOR_7_00;
    expect(decisionDifficulty(met, d)).toBeCloseTo(expected, 7);
    // exactly ℓ's factor (ℓ of a unit error)
    expect(decisionDifficulty(met, d)).toBe(referenceDifficulty(optionCosts(d)!) * mwcLoss(met, d, 1)!);
    // the right decision (e = 0) still has its difficulty
    expect(decisionError(d)).toBe(0);
  });
  test('checker: five candidates 0.01 apart, played the third', () => {
    const d = checker([0.5, 0.49, 0.48, 0.47, 0.46], 2, 5);
    expect(decisionDifficulty(met, d)! / mwcLoss(met, d, 1)!).toBeCloseTo(0.01251, 5);
  });
  test('τ is passed through', () => {
    const d = cube('no-double', 0.3, 0.33);
    expect(decisionDifficulty(met, d, 0.01)).toBe(
      referenceDifficulty(optionCosts(d)!, 0.01) * mwcLoss(met, d, 1)!,
    );
  });
  test('absent (null, never 0) outside the PR-counted, ℓ-known domain', () => {
    // money: no ℓ
    expect(decisionDifficulty(met, cube('double', 0.3, 0.9, 1, { matchLength: 0 }))).toBeNull();
    // no-double outside the window (ND ≤ 0)
    expect(decisionDifficulty(met, cube('no-double', -0.05, 0.1))).toBeNull();
    // forced checker play (one legal play)
    expect(decisionDifficulty(met, checker([0.5, 0.4], 0, 1))).toBeNull();
    // unscored checker play
    expect(decisionDifficulty(met, checker([0.5, 0.4], null, 3))).toBeNull();
    // no analysis, analysed position, answer to a beaver
    expect(decisionDifficulty(met, { ...cube('double', 0.3, 0.9), analysis: null })).toBeNull();
    expect(decisionDifficulty(met, cube('take', 0.3, 0.9, 1, { fromPosition: true }))).toBeNull();
    expect(decisionDifficulty(met, cube('take', 0.3, 0.9, 1, { afterBeaver: true }))).toBeNull();
  });
  test('a counted decision with ℓ known has a d, even when it is 0 (an obvious play)', () => {
    expect(decisionDifficulty(met, checker([0.5, -0.5], 0, 2))).toBeCloseTo(0, 12);
  });
});

describe('thresholds', () => {
  test('default is the XG preset 20 / 80 mpt = 0.020 / 0.080 equity', () => {
    expect(DEFAULT_THRESHOLDS).toEqual({ errorMpt: 20, blunderMpt: 80 });
    expect(DEFAULT_THRESHOLDS).toBe(THRESHOLD_PRESETS.xg);
    expect(thresholdEquity(DEFAULT_THRESHOLDS.errorMpt)).toBe(0.02);
    expect(thresholdEquity(DEFAULT_THRESHOLDS.blunderMpt)).toBe(0.08);
  });
  test('presets of §16', () => {
    expect(THRESHOLD_PRESETS.gnubg).toEqual({ errorMpt: 40, blunderMpt: 80 });
    expect(THRESHOLD_PRESETS.blunderdb).toEqual({ errorMpt: 50, blunderMpt: 100 });
  });
  test('inclusive, and an error of exactly 20 mpt reaches 0.020 despite float residue', () => {
    expect(reachesThreshold(0.02, 0.02)).toBe(true);
    expect(reachesThreshold(0.3 - 0.28, 0.02)).toBe(true); // 0.019999999999999962
    expect(reachesThreshold(0.0199, 0.02)).toBe(false);
  });
});

describe('avoidable error', () => {
  const t = thresholdEquity(DEFAULT_THRESHOLDS.errorMpt);
  test('an error (e ≥ threshold) with d ≤ ℓ/10 is avoidable', () => {
    expect(isAvoidableError(0.05, 0.003, 0.0001, t)).toBe(true);
  });
  test('d = ℓ/10 exactly is avoidable (inclusive)', () => {
    expect(isAvoidableError(0.05, 0.004, 0.0004, t)).toBe(true);
    expect(isAvoidableError(0.05, 0.004, 0.00040001, t)).toBe(false);
  });
  test('e at the threshold exactly is an error; just below is not', () => {
    expect(isAvoidableError(0.02, 0.00125, 0, t)).toBe(true);
    expect(isAvoidableError(0.019, 0.00125, 0, t)).toBe(false);
  });
  test('the threshold is a parameter (GNUbg preset 40 mpt)', () => {
    const g = thresholdEquity(THRESHOLD_PRESETS.gnubg.errorMpt);
    expect(isAvoidableError(0.03, 0.002, 0, g)).toBe(false);
    expect(isAvoidableError(0.04, 0.002, 0, g)).toBe(true);
  });
  test('a hard position excuses it', () => {
    // two options 0.032 apart, played the worse: e = 0.032, d = 0.00696 in equity → d > e/10
    expect(isAvoidableError(0.032, 0.032 * FACTOR_7_00, 0.00696 * FACTOR_7_00, t)).toBe(false);
  });
  test('unknown e, ℓ or d → not avoidable', () => {
    expect(isAvoidableError(null, 0.003, 0, t)).toBe(false);
    expect(isAvoidableError(0.05, null, 0, t)).toBe(false);
    expect(isAvoidableError(0.05, 0.003, null, t)).toBe(false);
  });
});

describe('excess and ratio', () => {
  test('no pair → both null', () => {
    expect(excessAndRatio([])).toEqual({ excess: null, ratio: null });
  });
  test('Excess = Σ(ℓ − d), Ratio = Σℓ / Σd', () => {
    // Σℓ = 0.02 + 0.01 = 0.03, Σd = 0.004 + 0.006 = 0.01 → excess 0.02, ratio 3
    const r = excessAndRatio([
      { loss: 0.02, difficulty: 0.004 },
      { loss: 0.01, difficulty: 0.006 },
    ]);
    expect(r.excess).toBeCloseTo(0.02, 12);
    expect(r.ratio).toBeCloseTo(3, 12);
  });
  test('excess may be negative (better than the reference)', () => {
    const r = excessAndRatio([
      { loss: 0, difficulty: 0.004 },
      { loss: 0.001, difficulty: 0.003 },
    ]);
    expect(r.excess).toBeCloseTo(-0.006, 12);
    expect(r.ratio).toBeCloseTo(1 / 7, 12);
  });
  test('Σd < 0.005 (0.5 % MWC) → no ratio, the excess is still given', () => {
    const r = excessAndRatio([
      { loss: 0.02, difficulty: 0.002 },
      { loss: 0.01, difficulty: 0.0029 },
    ]);
    expect(r.ratio).toBeNull();
    expect(r.excess).toBeCloseTo(0.0251, 12);
  });
  test('Σd = 0.005 exactly → ratio given', () => {
    expect(RATIO_MIN_DIFFICULTY).toBe(0.005);
    const r = excessAndRatio([
      { loss: 0.02, difficulty: 0.002 },
      { loss: 0.01, difficulty: 0.003 },
    ]); // 0.002 + 0.003 = 0.005 exactly in binary64
    expect(r.ratio).toBeCloseTo(6, 12);
  });
  test('all difficulties 0 → no ratio (no division by 0)', () => {
    expect(excessAndRatio([{ loss: 0.01, difficulty: 0 }])).toEqual({ excess: 0.01, ratio: null });
  });
});
