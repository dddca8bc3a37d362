import { describe, expect, test } from 'vitest';
import {
  addBiasRow,
  BIAS_MIN_DECISIONS,
  biasEstimate,
  emptyBiasTally,
} from '../../../src/metrics/bias-estimator.js';
import { biasScoreInterval } from '../../../src/metrics/score-interval.js';

const tally = (n: number, plus: number, minus: number) => ({
  n,
  plus,
  minus,
  plusCostMpt: 0,
  minusCostMpt: 0,
});

const Z2 = 1.96 * 1.96;

/** Wilson's score interval of a share p̂ over n (Wilson 1927, the textbook closed form). */
function wilson(p: number, n: number): [number, number] {
  const centre = (p + Z2 / (2 * n)) / (1 + Z2 / n);
  const half = (1.96 / (1 + Z2 / n)) * Math.sqrt((p * (1 - p)) / n + Z2 / (4 * n * n));
  return [centre - half, centre + half];
}

/**
 * The score statistic at δ with the best-fitting probabilities found by brute force (golden-section search of
 * the log-likelihood over p₋ = q, p₊ = q + δ): independent of the closed form in src/metrics/score-interval.ts.
 */
function bruteScore(n: number, plus: number, minus: number, d: number): number {
  const zero = n - plus - minus;
  const ll = (q: number): number =>
    plus * Math.log(q + d) + minus * Math.log(q) + zero * Math.log(1 - 2 * q - d);
  let a = Math.max(0, -d) + 1e-15;
  let b = (1 - d) / 2 - 1e-15;
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 300; i++) {
    const c = b - g * (b - a);
    const e = a + g * (b - a);
    if (ll(c) > ll(e)) b = e;
    else a = c;
  }
  const q = (a + b) / 2;
  return (plus - minus - n * d) / Math.sqrt(n * (2 * q + d - d * d));
}

describe('B = (P − M)/N with its score interval (Wilson’s construction; metrics.md §10 B)', () => {
  test('no decision at 0: exactly Wilson’s interval of P/N, mapped to B = 2p − 1', () => {
    const e = biasEstimate(tally(20, 16, 4));
    expect(e.bias).toBeCloseTo(0.6, 12);
    const [lo, hi] = wilson(0.8, 20);
    expect(e.low).toBeCloseTo(2 * lo - 1, 9);
    expect(e.high).toBeCloseTo(2 * hi - 1, 9);
    expect(e.verdict).toBe('too much');
  });

  test('one decision: an honest width, not +1.000 … +1.000', () => {
    // every x = +1: low = (N − 1.96²)/(N + 1.96²) (Wilson's low bound of p = 1, mapped), high = 1
    expect(biasEstimate(tally(1, 1, 0))).toMatchObject({ bias: 1, high: 1 });
    expect(biasEstimate(tally(1, 1, 0)).low).toBeCloseTo((1 - Z2) / (1 + Z2), 12);
    // every x = 0: ±1.96²/(N + 1.96²)
    const zero = biasEstimate(tally(1, 0, 0));
    expect(zero.low).toBeCloseTo(-Z2 / (1 + Z2), 12);
    expect(zero.high).toBeCloseTo(Z2 / (1 + Z2), 12);
    // every x = −1: the mirror image
    const minus = biasEstimate(tally(3, 0, 3));
    expect(minus.low).toBe(-1);
    expect(minus.high).toBeCloseTo(-(3 - Z2) / (3 + Z2), 12);
  });

  test('with decisions at 0: the bounds are where the score statistic is ±1.96', () => {
    for (const [n, p, m] of [
      [20, 8, 2],
      [25, 2, 9],
      [20, 3, 3],
      [7, 1, 0],
      [40, 0, 1],
    ] as const) {
      const e = biasEstimate(tally(n, p, m));
      expect(bruteScore(n, p, m, e.low!)).toBeCloseTo(1.96, 6);
      expect(bruteScore(n, p, m, e.high!)).toBeCloseTo(-1.96, 6);
      expect(e.low!).toBeLessThan(e.bias!);
      expect(e.high!).toBeGreaterThan(e.bias!);
      const mirror = biasEstimate(tally(n, m, p));
      expect(mirror.low!).toBeCloseTo(-e.high!, 12);
    }
  });

  test('many decisions: the normal approximation B ± 1.96 √(((P + M)/N − B²)/N) to 1e-4', () => {
    // N 100000, P 30000, M 10000: B = 0.2, (P + M)/N − B² = 0.36, half = 1.96 × √(0.36/100000)
    const e = biasEstimate(tally(100000, 30000, 10000));
    const half = 1.96 * Math.sqrt(0.36 / 100000);
    expect(Math.abs(e.low! - (0.2 - half))).toBeLessThan(1e-4);
    expect(Math.abs(e.high! - (0.2 + half))).toBeLessThan(1e-4);
  });

  test('verdicts: too much, not enough, balanced', () => {
    expect(biasEstimate(tally(25, 2, 12)).verdict).toBe('not enough');
    expect(biasEstimate(tally(20, 3, 3)).verdict).toBe('balanced');
    // 8 bold and 2 cautious of 20: the normal approximation said "too much" (low +0.019); the score
    // interval does not exclude 0 from so few decisions
    expect(biasEstimate(tally(20, 8, 2)).verdict).toBe('balanced');
  });

  test('below 20 decisions: figures given, verdict insufficient', () => {
    expect(BIAS_MIN_DECISIONS).toBe(20);
    const e = biasEstimate(tally(19, 19, 0));
    expect(e.bias).toBe(1);
    expect(e.low).toBeCloseTo((19 - Z2) / (19 + Z2), 12);
    expect(e.high).toBe(1);
    expect(e.verdict).toBe('insufficient');
  });

  test('no decision: nulls, never 0 or NaN', () => {
    const e = biasEstimate(emptyBiasTally());
    expect(e).toMatchObject({ n: 0, bias: null, low: null, high: null, verdict: 'insufficient' });
  });

  test('a count outside 0 … N is refused', () => {
    expect(() => biasScoreInterval(0, 0, 0)).toThrow(RangeError);
    expect(() => biasScoreInterval(2, 2, 1)).toThrow(RangeError);
  });

  test('rows add up with their costs in mpt', () => {
    const t = emptyBiasTally();
    addBiasRow(t, 1, 0.05);
    addBiasRow(t, 1, 0.1);
    addBiasRow(t, -1, 0.02);
    addBiasRow(t, 0, 0.3);
    expect(t.n).toBe(4);
    expect(t.plus).toBe(2);
    expect(t.minus).toBe(1);
    expect(t.plusCostMpt).toBeCloseTo(150, 9);
    expect(t.minusCostMpt).toBeCloseTo(20, 9);
  });
});
