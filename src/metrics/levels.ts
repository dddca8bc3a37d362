/**
 * PR level bands, blunderDB's own reference (spec/metrics.md §16; not a published norm).
 *
 *   World-class   PR < 3
 *   Expert        3 ≤ PR < 5
 *   Advanced      5 ≤ PR < 8
 *   Intermediate  8 ≤ PR ≤ 12
 *   Beginner      PR > 12
 *
 * The spec writes the two ends as strict inequalities ("World-class < 3", "Beginner > 12"), which settles
 * 3 (Expert) and 12 (Intermediate); the inner bounds 5 and 8 belong, like 3, to the band above them
 * (lower bound inclusive). PR is an unrounded ratio, so a value a floating-point residue (1e−9) off a
 * bound is read as the bound: 500 × (0.002 + 0.018) / 2 = 4.999999999999999 is Advanced, as 5 is. No PR
 * (null, NaN) → no level.
 */

/** The level names, best first. */
export type PrLevel = 'World-class' | 'Expert' | 'Advanced' | 'Intermediate' | 'Beginner';

/** Tolerance of the band bounds (PR units): absorbs floating-point residue only. */
const BOUND_EPSILON = 1e-9;

/** The level band of a PR, or null without a PR. */
export function prLevel(pr: number | null): PrLevel | null {
  if (pr === null || Number.isNaN(pr)) return null;
  if (pr < 3 - BOUND_EPSILON) return 'World-class';
  if (pr < 5 - BOUND_EPSILON) return 'Expert';
  if (pr < 8 - BOUND_EPSILON) return 'Advanced';
  if (pr <= 12 + BOUND_EPSILON) return 'Intermediate';
  return 'Beginner';
}
