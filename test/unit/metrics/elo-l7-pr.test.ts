// PR, Snowie ER, L₇ and engine Elo: the worked values of spec/metrics.md §2.1 and §3.
import { describe, expect, test } from 'vitest';
import { engineElo, engineEloInterval } from '../../../src/metrics/elo.js';
import { l7Match, l7Pool } from '../../../src/metrics/l7.js';
import { performanceRating } from '../../../src/metrics/pr.js';
import { snowieErrorRate } from '../../../src/metrics/snowie-er.js';

describe('PR', () => {
  test('mean error 0.010 → PR 5.0', () => {
    expect(performanceRating(0.1, 10)).toBeCloseTo(5, 12);
  });
  test('aggregation is sum/sum: A 50 mpt/10, B 270/90 → 3.2 mpt per decision (PR 1.6), not the mean', () => {
    expect(performanceRating(0.05 + 0.27, 10 + 90)).toBeCloseTo(500 * 0.0032, 12);
  });
  test('sanity identity: Aachen P1 500 × 0.976 / 156 = 3.128', () => {
    expect(performanceRating(0.976, 156)).toBeCloseTo(3.128, 3);
  });
  test('no decision → null, never 0', () => {
    expect(performanceRating(0, 0)).toBeNull();
    expect(snowieErrorRate(10, 0)).toBeNull();
  });
});

describe('L₇', () => {
  test('7-point match: L₇ = L', () => {
    expect(l7Match(0.3003, 7)).toBeCloseTo(0.3003, 12);
  });
  test('scaled by √(7/N)', () => {
    expect(l7Match(0.1, 28)).toBeCloseTo(0.05, 12);
  });
  test('money and lengths above 64 are not defined', () => {
    expect(l7Match(0.1, 0)).toBeNull();
    expect(l7Match(0.1, 65)).toBeNull();
  });
  test('pool = √7 × ΣL / Σ√N; one unit returns itself', () => {
    expect(l7Pool([{ loss: 0.2, matchLength: 7 }])).toBeCloseTo(0.2, 12);
    expect(
      l7Pool([
        { loss: 0.1, matchLength: 7 },
        { loss: 0.3, matchLength: 25 },
      ]),
    ).toBeCloseTo((Math.sqrt(7) * 0.4) / (Math.sqrt(7) + 5), 12);
    expect(l7Pool([{ loss: 0.1, matchLength: 0 }])).toBeNull();
  });
});

describe('engine Elo', () => {
  test.each([
    [0.05, -65.9],
    [0.123, -164.9],
    [0.3, -455.1],
  ])('L₇ = %d → %d', (l7, elo) => {
    const r = engineElo(l7);
    expect(r.elo!.toFixed(1)).toBe(elo.toFixed(1));
    expect(r.floored).toBe(false);
  });
  test('floor −1508.6 reached from L₇ > 0.49', () => {
    const r = engineElo(0.6);
    expect(r.elo!.toFixed(1)).toBe('-1508.6');
    expect(r.floored).toBe(true);
    expect(engineElo(0.489).floored).toBe(false);
  });
  test('negative L₇ counts as 0; null stays null', () => {
    expect(engineElo(-0.1).elo).toBeCloseTo(0, 12);
    expect(engineElo(null)).toEqual({ elo: null, floored: false });
  });
});

describe('engine Elo interval (the Elo of each end of the L₇ interval)', () => {
  test('L₇ 5 % … 30 % → Elo −455.1 … −65.9 (spec §3 examples): the low end from L₇’s high end', () => {
    const r = engineEloInterval(0.05, 0.3);
    expect(r.low!.toFixed(1)).toBe('-455.1');
    expect(r.high!.toFixed(1)).toBe('-65.9');
    expect(r.lowFloored).toBe(false);
  });
  test('an L₇ end above 0.49 floors the low end; a missing end gives no interval', () => {
    const r = engineEloInterval(0.123, 0.6);
    expect(r.low!.toFixed(1)).toBe('-1508.6');
    expect(r.lowFloored).toBe(true);
    expect(r.high!.toFixed(1)).toBe('-164.9');
    expect(engineEloInterval(null, 0.3)).toEqual({ low: null, high: null, lowFloored: false });
  });
});
