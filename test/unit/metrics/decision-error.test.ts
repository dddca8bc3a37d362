// Decision error e (spec/metrics.md §1.2): values worked out by hand from the table of §1.2.
import { describe, expect, test } from 'vitest';
import { checkerError, cubeError } from '../../../src/metrics/decision-error.js';
import { checker, cube } from './helpers.js';

describe('checker play', () => {
  test('e = E(best) − E(played), unrounded', () => {
    expect(checkerError(checker([0.011, 0.01, -0.043], 1, 10))).toBeCloseTo(0.001, 12);
    expect(checkerError(checker([0.011, 0.01, -0.043], 2, 10))).toBeCloseTo(0.054, 12);
    expect(checkerError(checker([0.011, 0.01], 0, 10))).toBe(0);
    expect(checkerError(checker([0.0114, 0.0096], 1, 2))).toBeCloseTo(0.0018, 12);
  });
  test("the analyser's stored error is used when present", () => {
    expect(checkerError(checker([0.5, 0.4], 1, 5, { storedError: 0.1003 }))).toBe(0.1003);
  });
  test('a play no candidate names is unscored (null, never 0)', () => {
    expect(checkerError(checker([0.1, 0.05], null, 5))).toBeNull();
  });
});

describe('cube decisions (best = max(ND, min(DT, DP)))', () => {
  test('no double: best − ND', () => {
    expect(cubeError(cube('no-double', 0.3, 0.9))).toBeCloseTo(0.6, 12); // best = min(0.9, 1) = 0.9
    expect(cubeError(cube('no-double', 0.5, 0.4))).toBe(0);
    expect(cubeError(cube('no-double', 0.8, 1.2))).toBeCloseTo(0.2, 12); // double/pass: best = 1
  });
  test('double: best − min(DT, DP), judged on the best reply', () => {
    expect(cubeError(cube('double', 0.5, 0.4))).toBeCloseTo(0.1, 12);
    expect(cubeError(cube('double', 1.15, 1.4))).toBeCloseTo(0.15, 12); // too good: best = ND
    expect(cubeError(cube('double', 0.3, 0.9))).toBe(0);
  });
  test('take: DT − min(DT, DP); pass: DP − min(DT, DP)', () => {
    expect(cubeError(cube('take', 0.8, 1.2))).toBeCloseTo(0.2, 12);
    expect(cubeError(cube('take', 0.3, 0.9))).toBe(0);
    expect(cubeError(cube('pass', 0.3, 0.9))).toBeCloseTo(0.1, 12);
    expect(cubeError(cube('pass', 0.8, 1.2))).toBe(0);
  });
  test('no analysis, or the answer to a beaver: no error', () => {
    expect(cubeError({ ...cube('take', 0, 0), analysis: null })).toBeNull();
    expect(cubeError(cube('take', 0.8, 1.2, 1, { afterBeaver: true }))).toBeNull();
  });
});
