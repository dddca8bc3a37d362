/**
 * The PR trend (src/metrics/trend.ts): weighted least squares of the matches' PRs on their rank, HC1
 * variance. Expected values worked by hand from the formula in the file's header.
 */
import { describe, expect, it } from 'vitest';
import { prTrend } from '../../../src/metrics/trend.js';

/** A match of PR `pr` over `n` counted decisions. */
const match = (pr: number, n = 1) => ({ error: (pr * n) / 500, decisions: n });

describe('prTrend', () => {
  it('fewer than 3 matches with a counted decision: no trend', () => {
    expect(prTrend([match(10), match(8)])).toEqual({ matches: 2, slopePer100: null, low: null, high: null });
    // a match without a counted decision is not a point
    expect(prTrend([match(10), { error: 0, decisions: 0 }, match(8)]).slopePer100).toBeNull();
  });

  it('points on a line: the slope, with a zero-width interval', () => {
    const t = prTrend([match(10), match(8), match(6)]);
    expect(t.slopePer100).toBeCloseTo(-200, 10);
    expect(t.low).toBeCloseTo(-200, 10);
    expect(t.high).toBeCloseTo(-200, 10);
  });

  it('four matches, equal weights (worked by hand)', () => {
    // x̄ = 1.5, ȳ = 6.5, Sxx = 5, Sxy = −11 → b = −2.2, a = 9.8; residuals 0.2, −1.6, 2.6, −1.2;
    // Σ dx²·r² = 5.66; Var(b) = 4/2 × 5.66 / 25 = 0.4528
    const t = prTrend([match(10), match(6), match(8), match(2)]);
    const se = Math.sqrt(0.4528);
    expect(t.matches).toBe(4);
    expect(t.slopePer100).toBeCloseTo(-220, 9);
    expect(t.low).toBeCloseTo(100 * (-2.2 - 1.96 * se), 9);
    expect(t.high).toBeCloseTo(100 * (-2.2 + 1.96 * se), 9);
  });

  it('weights: a match of many decisions pulls the line', () => {
    // y = 10, 0, 10 with weights 1, 2, 1: x̄ = 1, ȳ = 5, Sxy = 0 → slope 0
    const flat = prTrend([match(10, 1), match(0, 2), match(10, 1)]);
    expect(flat.slopePer100).toBeCloseTo(0, 12);
    // y = 10, 5, 0 with weights 1, 1, 8: x̄ = (0 + 1 + 16)/10 = 1.7, ȳ = (10 + 5 + 0)/10 = 1.5
    // Sxx = 1·2.89 + 1·0.49 + 8·0.09 = 4.1, Sxy = 1·(−1.7)(8.5) + 1·(−0.7)(3.5) + 8·(0.3)(−1.5) = −20.5
    const t = prTrend([match(10, 1), match(5, 1), match(0, 8)]);
    expect(t.slopePer100).toBeCloseTo((100 * -20.5) / 4.1, 9);
  });
});
