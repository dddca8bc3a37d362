// Decision error e (spec/metrics.md §1.1–1.2): values worked out by hand from the table of §1.2.
import { describe, expect, test } from 'vitest';
import { checkerErrorMpt, cubeErrorMpt, toMpt } from '../../../src/metrics/decision-error.js';
import { checker, cube } from './helpers.js';

describe('checker play', () => {
  test('e = E(best) − E(played), in millipoints', () => {
    expect(checkerErrorMpt(checker([0.011, 0.01, -0.043], 1, 10))).toBe(1);
    expect(checkerErrorMpt(checker([0.011, 0.01, -0.043], 2, 10))).toBe(54);
    expect(checkerErrorMpt(checker([0.011, 0.01], 0, 10))).toBe(0);
  });
  test('equities are rounded to the millipoint before the difference', () => {
    // 0.0114 → 11, 0.0096 → 10: e = 1 mpt (not round(1.8) = 2)
    expect(checkerErrorMpt(checker([0.0114, 0.0096], 1, 2))).toBe(1);
    expect(toMpt(-0.0435)).toBe(-43);
  });
  test('a play no candidate names is unscored (null, never 0)', () => {
    expect(checkerErrorMpt(checker([0.1, 0.05], null, 5))).toBeNull();
  });
});

describe('cube decisions (best = max(ND, min(DT, DP)))', () => {
  test('no double: best − ND', () => {
    expect(cubeErrorMpt(cube('no-double', 0.3, 0.9))).toBe(600); // best = min(0.9, 1) = 0.9
    expect(cubeErrorMpt(cube('no-double', 0.5, 0.4))).toBe(0);
    expect(cubeErrorMpt(cube('no-double', 0.8, 1.2))).toBe(200); // double/pass: best = 1
  });
  test('double: best − min(DT, DP), judged on the best reply', () => {
    expect(cubeErrorMpt(cube('double', 0.5, 0.4))).toBe(100);
    expect(cubeErrorMpt(cube('double', 1.15, 1.4))).toBe(150); // too good: best = ND
    expect(cubeErrorMpt(cube('double', 0.3, 0.9))).toBe(0);
  });
  test('take: DT − min(DT, DP); pass: DP − min(DT, DP)', () => {
    expect(cubeErrorMpt(cube('take', 0.8, 1.2))).toBe(200);
    expect(cubeErrorMpt(cube('take', 0.3, 0.9))).toBe(0);
    expect(cubeErrorMpt(cube('pass', 0.3, 0.9))).toBe(100);
    expect(cubeErrorMpt(cube('pass', 0.8, 1.2))).toBe(0);
  });
  test('no analysis, or the answer to a beaver: no error', () => {
    expect(cubeErrorMpt({ ...cube('take', 0, 0), analysis: null })).toBeNull();
    expect(cubeErrorMpt(cube('take', 0.8, 1.2, 1, { afterBeaver: true }))).toBeNull();
  });
});
