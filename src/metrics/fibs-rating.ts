/**
 * gnuBG's FIBS-rating figures of a match (gnuBG analysis.c: relativeFibsRating, absoluteFibsRating…,
 * after Kees van den Doel; printed by "show statistics match" for match play only).
 *
 *   chequer rating loss  = EPM × (8798 + 25526 / N)          EPM = chequer error per unforced move (EMG)
 *   cube rating loss     = EPC × (863 − 519 / N)             EPC = cube error per close cube decision
 *   error-based rating   = 2050 − (chequer loss + cube loss)  (gnuBG's default rating offset 2050)
 *   luck-based rating difference = −2000 / √N × log10(1/r − 1), floored at −2100,
 *        r = 0.5 + actual result − own luck + opponent's luck (MWC), defined for 0 < r < 1
 *
 * N = match length. No unforced move / no close cube decision → that loss is null; money → all null.
 */

/** gnuBG's default rating offset (`rRatingOffset`). */
export const FIBS_RATING_OFFSET = 2050;

/** Rating lost by chequer errors, or null without unforced moves. */
export function fibsCheckerRatingLoss(errorPerMove: number | null, matchLength: number): number | null {
  return errorPerMove === null ? null : errorPerMove * (8798 + 25526 / matchLength);
}

/** Rating lost by cube errors, or null without close cube decisions. */
export function fibsCubeRatingLoss(errorPerCube: number | null, matchLength: number): number | null {
  return errorPerCube === null ? null : errorPerCube * (863 - 519 / matchLength);
}

/** The error-based absolute rating; null when the player had neither unforced moves nor cube decisions. */
export function fibsErrorBasedRating(checkerLoss: number | null, cubeLoss: number | null): number | null {
  if (checkerLoss === null && cubeLoss === null) return null;
  return FIBS_RATING_OFFSET - ((checkerLoss ?? 0) + (cubeLoss ?? 0));
}

/** The luck-based rating difference for a luck-adjusted winning chance r, or null outside (0, 1). */
export function fibsLuckBasedDiff(r: number, matchLength: number): number | null {
  if (!(r > 0 && r < 1)) return null;
  return Math.max(-2100, (-2000 / Math.sqrt(matchLength)) * Math.log10(1 / r - 1));
}
