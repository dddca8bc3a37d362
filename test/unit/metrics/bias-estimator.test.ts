import { describe, expect, test } from 'vitest';
import {
  addBiasRow,
  BIAS_MIN_DECISIONS,
  biasEstimate,
  emptyBiasTally,
} from '../../../src/metrics/bias-estimator.js';

const tally = (n: number, plus: number, minus: number) => ({
  n,
  plus,
  minus,
  plusCostMpt: 0,
  minusCostMpt: 0,
});

describe('B = (P − M)/N ± 1.96 √(((P + M)/N − B²)/N) (metrics.md §10)', () => {
  test('N 20, P 8, M 2: too much', () => {
    // B = 6/20 = 0.3; (P+M)/N − B² = 0.5 − 0.09 = 0.41; /N = 0.0205; √ = 0.1431782106; ×1.96 = 0.2806292929
    const e = biasEstimate(tally(20, 8, 2));
    expect(e.bias).toBeCloseTo(0.3, 12);
    expect(e.low).toBeCloseTo(0.0193707071, 9);
    expect(e.high).toBeCloseTo(0.5806292929, 9);
    expect(e.verdict).toBe('too much');
  });

  test('N 25, P 2, M 9: not enough', () => {
    // B = −7/25 = −0.28; 11/25 − 0.0784 = 0.3616; /25 = 0.014464; √ = 0.1202663710; ×1.96 = 0.2357220872
    const e = biasEstimate(tally(25, 2, 9));
    expect(e.bias).toBeCloseTo(-0.28, 12);
    expect(e.low).toBeCloseTo(-0.5157220872, 9);
    expect(e.high).toBeCloseTo(-0.0442779128, 9);
    expect(e.verdict).toBe('not enough');
  });

  test('N 20, P 3, M 3: balanced', () => {
    // B = 0; 6/20 = 0.3; /20 = 0.015; √ = 0.1224744871; ×1.96 = 0.2400499947
    const e = biasEstimate(tally(20, 3, 3));
    expect(e.bias).toBe(0);
    expect(e.low).toBeCloseTo(-0.2400499947, 9);
    expect(e.high).toBeCloseTo(0.2400499947, 9);
    expect(e.verdict).toBe('balanced');
  });

  test('below 20 decisions: figures given, verdict insufficient', () => {
    expect(BIAS_MIN_DECISIONS).toBe(20);
    const e = biasEstimate(tally(19, 19, 0));
    expect(e.bias).toBe(1);
    // every x = +1: (P+M)/N − B² = 1 − 1 = 0, zero width
    expect(e.low).toBe(1);
    expect(e.high).toBe(1);
    expect(e.verdict).toBe('insufficient');
  });

  test('no decision: nulls, never 0 or NaN', () => {
    const e = biasEstimate(emptyBiasTally());
    expect(e).toMatchObject({ n: 0, bias: null, low: null, high: null, verdict: 'insufficient' });
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
