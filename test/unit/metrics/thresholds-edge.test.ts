/**
 * Every threshold on both sides and on its edge (hand-made values; the real-data checks of the same rules
 * are the XG and gnuBG parity tests). Each edge case below turns red when its comparison is changed between
 * strict and inclusive.
 */
import { describe, expect, test } from 'vitest';
import { loadKazarossXG2 } from '../../../src/met/index.js';
import { isCountedNoDouble, isForcedChecker } from '../../../src/metrics/counting.js';
import { reachesThreshold, thresholdEquity } from '../../../src/metrics/difficulty.js';
import {
  GNUBG_CLOSE_CUBE,
  gnubgGameContext,
  gnubgLuckRating,
  gnubgRating,
} from '../../../src/metrics/gnubg-stats.js';
import type { CubeDecision, Game, Match } from '../../../src/model/types.js';
import { checker, cube } from './helpers.js';

describe("XG's no-double window (spec/metrics.md §2.2): ND > 0 and ND − min(DT, DP) < 0.200, both strict", () => {
  test.each([
    ['ND = 0 exactly: out', 0, -0.1, false],
    ['ND just above 0: in', 1e-9, -0.1, true],
    ['gap 0.45 − 0.25 = 0.200 exactly: out', 0.45, 0.25, false],
    ['gap just below 0.200: in', 0.45 - 1e-9, 0.25, true],
    ['gap just above 0.200: out', 0.45 + 1e-9, 0.25, false],
  ])('%s', (_name, nd, dt, counted) => {
    expect(isCountedNoDouble(cube('no-double', nd, dt, 1))).toBe(counted);
  });
});

describe('error thresholds: e ≥ threshold, inclusive (spec/metrics.md §4)', () => {
  const t = thresholdEquity(20);
  test.each([
    ['exactly 20 mpt', 0.02, true],
    ['20 mpt from unrounded equities (0.019999999999999997)', 0.019999999999999997, true],
    ['19.9 mpt', 0.0199, false],
    ['20.1 mpt', 0.0201, true],
  ])('%s', (_name, e, reached) => {
    expect(reachesThreshold(e, t)).toBe(reached);
  });
});

describe("gnuBG's close cube decisions: best − min(DT, 1) < 0.16, strict", () => {
  const met = loadKazarossXG2();
  function closeCount(d: CubeDecision): number {
    const game = {
      index: 0,
      score: [0, 0],
      crawfordGame: false,
      winner: null,
      points: 0,
      resigned: false,
      decisions: [d],
    };
    const match = { matchLength: 7, rules: { cube: true, crawford: true, jacoby: false }, games: [game] };
    return gnubgGameContext(met, match as unknown as Match, game as unknown as Game).sides[0].closeCube;
  }
  test('the threshold is 0.16', () => expect(GNUBG_CLOSE_CUBE).toBe(0.16));
  test.each([
    ['gap 0.16 exactly (ND 0.16, DT 0): not close', 0.16, false],
    ['gap just below 0.16: close', 0.16 - 1e-9, true],
    ['gap just above 0.16: not close', 0.16 + 1e-9, false],
  ])('%s', (_name, nd, close) => {
    expect(closeCount(cube('no-double', nd, 0, 1))).toBe(close ? 1 : 0);
  });
});

describe("gnuBG's rating labels (analysis.c GetRating): error per decision below each bound, strict", () => {
  test.each([
    [0.002, 'Supernatural', 'World class'],
    [0.005, 'World class', 'Expert'],
    [0.008, 'Expert', 'Advanced'],
    [0.012, 'Advanced', 'Intermediate'],
    [0.018, 'Intermediate', 'Casual player'],
    [0.026, 'Casual player', 'Beginner'],
    [0.035, 'Beginner', 'Awful!'],
  ])('at %d: below "%s", at and above "%s"', (edge, below, at) => {
    expect(gnubgRating(edge - 1e-9)).toBe(below);
    expect(gnubgRating(edge)).toBe(at);
    expect(gnubgRating(edge + 1e-9)).toBe(at);
  });
  test('no decision: n/a (null)', () => expect(gnubgRating(null)).toBeNull());
});

describe("gnuBG's luck rating (analysis.c getLuckRating): 10 × luck per move beyond ±0.3 and ±0.6, strict", () => {
  test.each([
    [0.0299, 'None'],
    [0.0301, 'Good dice, man!'],
    [0.0599, 'Good dice, man!'],
    [0.0601, 'Go to Las Vegas'],
    [-0.0299, 'None'],
    [-0.0301, 'Bad dice, man!'],
    [-0.0601, 'Go to bed'],
  ])('luck per move %d: %s', (luck, label) => {
    expect(gnubgLuckRating(luck)).toBe(label);
  });
});

describe("XG's forced play: every legal play analysed and all equal to the millipoint (spec/metrics.md §2.2)", () => {
  test.each([
    ['0.1231 and 0.1234: both 123 mpt, forced', [0.1231, 0.1234], true],
    ['0.1234 and 0.1236: 123 and 124 mpt, a decision', [0.1234, 0.1236], false],
    ['-0.9996 and -1.0000: -1000 and -1000 mpt, forced', [-0.9996, -1], true],
    ['-0.9994 and -1.0000: -999 and -1000 mpt, a decision', [-0.9994, -1], false],
  ])('%s', (_name, equities, forced) => {
    expect(isForcedChecker(checker([...equities], 0, equities.length))).toBe(forced);
  });
  test('one legal play short of covering them all: a decision, whatever the equities', () => {
    expect(isForcedChecker(checker([0.1, 0.1], 0, 3))).toBe(false);
  });
});
