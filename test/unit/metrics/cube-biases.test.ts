import { describe, expect, test } from 'vitest';
import { doublesBias, scoreCell } from '../../../src/metrics/doubles-bias.js';
import { takePassBias } from '../../../src/metrics/take-pass-bias.js';
import { checker, cube } from './helpers.js';

describe('take/pass bias', () => {
  test('wrong take +1, wrong pass −1, right 0; other decisions ignored', () => {
    const ds = [
      // DP 1 < DT 1.2: pass is right; a take costs DT − DP = 0.2
      cube('take', 0.7, 1.2),
      // DT 0.6 < DP 1: take is right; a pass costs DP − DT = 0.4
      cube('pass', 0.5, 0.6),
      cube('take', 0.5, 0.6),
      cube('double', 0.5, 0.6),
      checker([0.1, 0.05], 1, 20),
    ];
    const e = takePassBias(ds);
    expect(e).toMatchObject({ n: 3, plus: 1, minus: 1, verdict: 'insufficient' });
    expect(e.plusCostMpt).toBeCloseTo(200, 9);
    expect(e.minusCostMpt).toBeCloseTo(400, 9);
    expect(e.bias).toBe(0);
  });

  test('21 wrong takes of 21: B = 1, low (21 − 1.96²)/(21 + 1.96²) (score interval), too much', () => {
    const e = takePassBias(Array.from({ length: 21 }, () => cube('take', 0.7, 1.2)));
    expect(e).toMatchObject({ n: 21, plus: 21, minus: 0, bias: 1, high: 1, verdict: 'too much' });
    expect(e.low).toBeCloseTo((21 - 1.96 ** 2) / (21 + 1.96 ** 2), 12);
  });
});

describe('doubles bias', () => {
  test('premature +1 (too good too), missed −1, right 0, uncounted no-doubles left out', () => {
    const ds = [
      cube('double', 0.3, 0.2), // no double, take → premature, e = 0.3 − 0.2 = 0.1
      cube('double', 1.1, 1.3), // too good → premature, e = 1.1 − 1 = 0.1
      cube('no-double', 0.5, 0.6), // missed, e = 0.6 − 0.5 = 0.1
      cube('no-double', 0.3, 0.2), // right
      cube('no-double', -0.1, 0.2), // ND ≤ 0: not counted (XG's window)
      cube('no-double', 0.5, 0.2), // ND − min(DT, DP) = 0.3 ≥ 0.2: not counted
    ];
    const d = doublesBias(ds);
    expect(d.overall).toMatchObject({ n: 4, plus: 2, minus: 1 });
    expect(d.overall.plusCostMpt).toBeCloseTo(200, 9);
    expect(d.overall.minusCostMpt).toBeCloseTo(100, 9);
    expect(d.overall.bias).toBeCloseTo(0.25, 12);
  });

  test('score cells: away scores, 1-away post-Crawford, money (0, 0), sorted', () => {
    const ds = [
      cube('double', 0.5, 0.6, 1, { matchLength: 7, score: [4, 2], player: 0 }), // 3-away / 5-away
      cube('double', 0.5, 0.6, 1, { matchLength: 7, score: [4, 2], player: 1 }), // 5-away / 3-away
      cube('double', 0.5, 0.6, 1, { matchLength: 7, score: [6, 5], player: 1 }), // 2-away / 1-away
      cube('no-double', 0.5, 0.6, 1, { matchLength: 0, score: [0, 0] }), // money
    ];
    const d = doublesBias(ds);
    expect(d.byScore.map((c) => [c.away, c.opponentAway, c.estimate.n])).toEqual([
      [0, 0, 1],
      [2, 1, 1],
      [3, 5, 1],
      [5, 3, 1],
    ]);
    expect(d.byScore.reduce((s, c) => s + c.estimate.n, 0)).toBe(d.overall.n);
    expect(scoreCell({ ...ds[0]!, score: [6, 6] })).toEqual({ away: 1, opponentAway: 1 });
  });
});
