// gnuBG's FIBS-rating lines, from gnuBG's own numbers for g0001 (GNU Backgammon 1.07.001, 3-point match):
// chequer error 1.369296 EMG over 11 unforced moves and cube error 1.093261 over 18 close decisions
// (GS[] tag of g0001.sgf), actual result −0.5, luck −0.219414 / +0.195721 MWC (GS[D:…]); printed in
// g0001.stats.txt: "Chequerplay errors rating loss 2154.4", "Cube errors rating loss 41.9",
// "Error based abs. FIBS rating -146.3", "Luck based FIBS rating diff. -171.90".
import { expect, test } from 'vitest';
import {
  fibsCheckerRatingLoss,
  fibsCubeRatingLoss,
  fibsErrorBasedRating,
  fibsLuckBasedDiff,
} from '../../../src/metrics/fibs-rating.js';

test('g0001, Zoë Ångström', () => {
  const chequer = fibsCheckerRatingLoss(1.369296 / 11, 3)!;
  const cube = fibsCubeRatingLoss(1.093261 / 18, 3)!;
  expect(chequer.toFixed(1)).toBe('2154.4');
  expect(cube.toFixed(1)).toBe('41.9');
  expect(fibsErrorBasedRating(chequer, cube)!.toFixed(1)).toBe('-146.3');
  expect(fibsLuckBasedDiff(0.5 - 0.5 + 0.219414 + 0.195721, 3)!.toFixed(2)).toBe('-171.90');
});

test('no data → null; the luck-based difference only for 0 < r < 1 and floored at −2100', () => {
  expect(fibsCheckerRatingLoss(null, 7)).toBeNull();
  expect(fibsErrorBasedRating(null, null)).toBeNull();
  expect(fibsLuckBasedDiff(1, 7)).toBeNull();
  expect(fibsLuckBasedDiff(1e-12, 1)).toBe(-2100);
});
