// XG counting rules (spec/metrics.md §2.2): the test cases listed in the spec.
import { describe, expect, test } from 'vitest';
import { isCounted, isCountedNoDouble, isForcedChecker } from '../../../src/metrics/counting.js';
import { checker, cube } from './helpers.js';

describe('forced checker play', () => {
  test.each([
    ['1 legal, candidates 0.1/0.05', [0.1, 0.05], 1, true],
    ['3 legal, 0.123×3', [0.123, 0.123, 0.123], 3, true],
    ['2 legal, 0.124/0.123', [0.124, 0.123], 2, false],
    ['3 legal, 0.2/0.2 only 2 analysed', [0.2, 0.2], 3, false],
    ['2 legal, three tied candidates', [0.5, 0.5, 0.5], 2, true],
    ['unknown, one candidate', [0.3], null, true],
    ['unknown, two tied', [0.3, 0.3], null, false],
    ['no candidates, several legal', [], 5, false],
    ['dance: 0 legal plays', [], 0, true],
  ] as const)('%s', (_name, eq, legal, forced) => {
    expect(isForcedChecker(checker([...eq], eq.length > 0 ? 0 : null, legal))).toBe(forced);
  });
  test("the analyser's own flag (XG Irrelevant) replaces the tie rule", () => {
    // test.xg: a play whose 10 candidates all tie at −1.000, not flagged: XG counts it (145 decisions)
    expect(isForcedChecker(checker(Array(10).fill(-1), 0, null, { notADecision: false }))).toBe(false);
    expect(isForcedChecker(checker([0.786, 0.786], 0, null, { notADecision: true }))).toBe(true);
    expect(isForcedChecker(checker([0.3], 0, null, { notADecision: false }))).toBe(true);
  });
  test('a forced or unscored play is not counted', () => {
    expect(isCounted(checker([0.1, 0.05], 0, 1))).toBe(false);
    expect(isCounted(checker([0.1, 0.05], null, 5))).toBe(false);
    expect(isCounted(checker([0.1, 0.05], 1, 5))).toBe(true);
  });
});

describe('no-double window: ND > 0 and ND − min(DT, DP) < 0.200', () => {
  test.each([
    [0.3, 0.9, 1, true],
    [0.799, 0.6, 1, true],
    [0.81, 0.6, 1, false],
    [1.15, 1.4, 1, true],
    [1.25, 1.6, 1, false],
    [-0.05, 0.1, 1, false],
  ])('(ND, DT, DP) = (%d, %d, %d) counted: %s', (nd, dt, dp, counted) => {
    expect(isCountedNoDouble(cube('no-double', nd, dt, dp))).toBe(counted);
    expect(isCounted(cube('no-double', nd, dt, dp))).toBe(counted);
  });
  test('doubles, takes and passes always count; unanalysed cube decisions never', () => {
    expect(isCounted(cube('double', -0.5, -0.9))).toBe(true);
    expect(isCounted(cube('take', 0.2, 0.1))).toBe(true);
    expect(isCounted(cube('pass', 0.2, 0.1))).toBe(true);
    expect(isCounted({ ...cube('double', 0, 0), analysis: null })).toBe(false);
  });
});
