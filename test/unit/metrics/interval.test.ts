// 95 % intervals in closed form (spec/metrics.md §5): hand-computed sums, the < 3 units and zero-width rules.
import { describe, expect, test } from 'vitest';
import {
  l7MatchInterval,
  l7PoolInterval,
  prInterval,
  ratioInterval,
  sumInterval,
} from '../../../src/metrics/interval.js';
import { l7Match, l7Pool } from '../../../src/metrics/l7.js';

describe('ratio interval', () => {
  // units (num, den) = (0.10, 10), (0.30, 20), (0.05, 10)
  // S_N = 0.45, S_D = 40 → R = 0.01125
  // S_NN = 0.01 + 0.09 + 0.0025 = 0.1025; S_ND = 1 + 6 + 0.5 = 7.5; S_DD = 100 + 400 + 100 = 600
  // ss = 0.1025 − 2·0.01125·7.5 + 0.01125²·600 = 0.1025 − 0.16875 + 0.0759375 = 0.0096875
  //    (= Σ(num − R·den)² = 0.0125² + 0.075² + 0.0625² = 0.00015625 + 0.005625 + 0.00390625)
  // se = √(0.0096875 · 3/2) / 40 = √0.01453125 / 40 = 0.120545… / 40 = 0.00301364…
  // 1.96·se = 0.00590674 → ×500: value 5.625, low 500·0.00534326 = 2.67163, high 500·0.01715674 = 8.57837
  const units = [
    { num: 0.1, den: 10 },
    { num: 0.3, den: 20 },
    { num: 0.05, den: 10 },
  ];
  test('hand-computed: PR 5.625 [2.6716, 8.5784]', () => {
    const r = ratioInterval(units, 500);
    expect(r.value).toBeCloseTo(5.625, 12);
    expect(r.low).toBeCloseTo(2.6716319544, 9);
    expect(r.high).toBeCloseTo(8.5783680456, 9);
  });
  test('the low bound is floored at 0', () => {
    // (0, 10), (0, 10), (0.3, 10): R = 0.3/30 = 0.01; residuals −0.1, −0.1, 0.2 → Σ² = 0.06
    // se = √(0.06 · 3/2) / 30 = 0.3 / 30 = 0.01; R − 1.96·se = −0.0096 → 0; R + 1.96·se = 0.0296
    // ×500: value 5, [0, 14.8]
    const r = ratioInterval(
      [
        { num: 0, den: 10 },
        { num: 0, den: 10 },
        { num: 0.3, den: 10 },
      ],
      500,
    );
    expect(r.value).toBeCloseTo(5, 12);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(14.8, 12);
  });
  test('a unit with den ≤ 0 is not a unit', () => {
    const withEmpty = [...units, { num: 5, den: 0 }, { num: 1, den: -1 }];
    expect(ratioInterval(withEmpty, 500)).toEqual(ratioInterval(units, 500));
    // two real units and one empty one: fewer than 3 units
    expect(ratioInterval([units[0]!, units[1]!, { num: 0, den: 0 }], 500)).toMatchObject({
      low: null,
      high: null,
      reason: 'fewer than 3 units',
    });
  });
  test('fewer than 3 units: the value without bounds', () => {
    // (0.10 + 0.30) / (10 + 20) = 0.013333… → ×500 = 6.6667
    const r = ratioInterval(units.slice(0, 2), 500);
    expect(r.value).toBeCloseTo(500 * (0.4 / 30), 12);
    expect(r).toMatchObject({ low: null, high: null, reason: 'fewer than 3 units' });
  });
  test('no units: no value', () => {
    expect(ratioInterval([], 500)).toEqual({ value: null, low: null, high: null, reason: 'no units' });
    expect(ratioInterval([{ num: 1, den: 0 }], 500)).toEqual({
      value: null,
      low: null,
      high: null,
      reason: 'no units',
    });
  });
  test('zero width: units at the same ratio agree, they do not make the value exact', () => {
    // (0.1, 10), (0.2, 20), (0.3, 30): every residual num − 0.01·den = 0; ss is a rounding residue
    const r = ratioInterval(
      [
        { num: 0.1, den: 10 },
        { num: 0.2, den: 20 },
        { num: 0.3, den: 30 },
      ],
      500,
    );
    expect(r.value).toBeCloseTo(5, 12);
    expect(r).toMatchObject({ low: null, high: null, reason: 'zero width' });
    // no error at all: R = 0, se = 0
    expect(
      ratioInterval(
        [
          { num: 0, den: 4 },
          { num: 0, den: 9 },
          { num: 0, den: 7 },
        ],
        500,
      ),
    ).toEqual({ value: 0, low: null, high: null, reason: 'zero width' });
  });
  test('deterministic: the same units give the same interval', () => {
    expect(ratioInterval(units, 500)).toStrictEqual(ratioInterval(units, 500));
    const reversed = ratioInterval([...units].reverse(), 500);
    const r = ratioInterval(units, 500);
    expect(reversed.low).toBeCloseTo(r.low!, 12);
    expect(reversed.high).toBeCloseTo(r.high!, 12);
  });
});

describe('sum interval (match L₇ by games)', () => {
  // l_g = 0.02, 0.05, 0.08: L = 0.15, l̄ = 0.05, deviations −0.03, 0, 0.03 → Σ² = 0.0018
  // Var(L) = 3/2 · 0.0018 = 0.0027; √Var = 0.0519615…; half = 1.96 · 0.0519615 = 0.1018446
  // 7-point match (scale √(7/7) = 1): 0.15 [0.0481554, 0.2518446]
  const losses = [0.02, 0.05, 0.08];
  test('hand-computed, 7 points', () => {
    const r = sumInterval(losses, 1);
    expect(r.value).toBeCloseTo(0.15, 12);
    expect(r.low).toBeCloseTo(0.0481554125, 9);
    expect(r.high).toBeCloseTo(0.2518445875, 9);
  });
  test('l7MatchInterval: 28 points scales by √(7/28) = 0.5', () => {
    const r = l7MatchInterval(losses, 28)!;
    expect(r.value).toBeCloseTo(l7Match(0.15, 28)!, 12);
    expect(r.value).toBeCloseTo(0.075, 12);
    expect(r.low).toBeCloseTo(0.0240777063, 9);
    expect(r.high).toBeCloseTo(0.1259222937, 9);
  });
  test('low bound floored at 0', () => {
    // 0, 0, 0.09: L = 0.09, l̄ = 0.03, deviations −0.03, −0.03, 0.06 → Σ² = 0.0054
    // Var = 3/2 · 0.0054 = 0.0081, √Var = 0.09, half = 0.1764 → [max(−0.0864, 0), 0.2664]
    const r = sumInterval([0, 0, 0.09], 1);
    expect(r.low).toBe(0);
    expect(r.high).toBeCloseTo(0.2664, 12);
  });
  test('fewer than 3 games, zero width, no games', () => {
    expect(sumInterval([0.1, 0.2], 1)).toMatchObject({ low: null, high: null, reason: 'fewer than 3 units' });
    expect(sumInterval([0.1, 0.2], 1).value).toBeCloseTo(0.3, 12);
    const same = sumInterval([0.04, 0.04, 0.04], 1);
    expect(same).toMatchObject({ low: null, high: null, reason: 'zero width' });
    expect(same.value).toBeCloseTo(0.12, 12);
    expect(sumInterval([0, 0, 0], 1)).toEqual({ value: 0, low: null, high: null, reason: 'zero width' });
    expect(sumInterval([], 1)).toEqual({ value: null, low: null, high: null, reason: 'no units' });
  });
  test('money (or > 64 points): no L₇, no interval', () => {
    expect(l7MatchInterval(losses, 0)).toBeNull();
    expect(l7MatchInterval(losses, 65)).toBeNull();
  });
  test('deterministic', () => {
    expect(sumInterval(losses, 1)).toStrictEqual(sumInterval(losses, 1));
  });
});

describe('named wrappers', () => {
  test('PR: num = Σe, den = n, × 500', () => {
    const games = [
      { error: 0.1, decisions: 10 },
      { error: 0.3, decisions: 20 },
      { error: 0.05, decisions: 10 },
    ];
    expect(prInterval(games)).toStrictEqual(
      ratioInterval(
        games.map((g) => ({ num: g.error, den: g.decisions })),
        500,
      ),
    );
    // a game without a counted decision is not a unit
    expect(prInterval([...games, { error: 0, decisions: 0 }])).toStrictEqual(prInterval(games));
  });
  test('L₇ pool: num = L, den = √N, × √7; the value is l7Pool', () => {
    // (L, N) = (0.2, 4), (0.15, 9), (0.4, 16): √N = 2, 3, 4; S_N = 0.75, S_D = 9, R = 1/12
    // residuals L − R√N = 0.2 − 1/6, 0.15 − 1/4, 0.4 − 1/3 = 1/30, −1/10, 1/15 → Σ² = 7/450 = 0.0155556
    // se = √(7/450 · 3/2) / 9 = √(7/300) / 9 = 0.1527525 / 9 = 0.0169725
    // √7 × [1/12 − 1.96·se, 1/12 + 1.96·se] = √7 × [0.0500671, 0.1165996] = [0.132465, 0.308493]
    const units = [
      { loss: 0.2, matchLength: 4 },
      { loss: 0.15, matchLength: 9 },
      { loss: 0.4, matchLength: 16 },
    ];
    const r = l7PoolInterval(units);
    expect(r.value).toBeCloseTo(l7Pool(units)!, 12);
    expect(r.value).toBeCloseTo(Math.sqrt(7) / 12, 12);
    expect(r.low).toBeCloseTo(0.132465435, 8);
    expect(r.high).toBeCloseTo(0.308493117, 8);
    // a money unit is left out, as in l7Pool
    expect(l7PoolInterval([...units, { loss: 0.5, matchLength: 0 }])).toStrictEqual(r);
  });
  test('L₇ pool of one match: no interval from the pool (the match carries its per-game one)', () => {
    expect(l7PoolInterval([{ loss: 0.2, matchLength: 7 }])).toMatchObject({
      low: null,
      reason: 'fewer than 3 units',
    });
  });
});
