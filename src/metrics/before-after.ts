/**
 * Before / after study: has the player's rate of loss in a study-plan family fallen since they studied it?
 * (spec/metrics.md §9; ADR-0079 §1–7.)
 *
 * For one family (game plan, nature, theme) and its study day, two windows of the player's matches: before
 * = matches dated strictly before the day, after = strictly after (same-day and undated matches are in
 * neither; the caller makes the sums). In each window:
 *
 *   r = Σℓ / N     numerator   Σℓ = the MWC losses (fractions of a match) of the family's errors (its
 *                              members) in the window's matches;
 *                  denominator N  = the player's counted decisions (XG's rules, §2.2) in the window's
 *                              match-play matches (length > 0) of the family's game plan and nature
 *                              (checker, or cube: double and take decisions), errors or not.
 *   Δ = r_before − r_after                     (> 0: the player loses less than before)
 *   Δ ± 1.96 × √( Σℓ²_before / N²_before + Σℓ²_after / N²_after )
 *
 * Verdict: fewer than 30 decisions (N) in either window → "insufficient"; else "improving" when the low
 * bound is above 0, "regressing" when the high bound is below 0, "undetermined" otherwise (strict
 * comparisons). r, Δ and the interval are given whenever both windows have a decision, even when
 * insufficient.
 *
 * Unit (the spec's "MWC points per 100 decisions"): r is computed in fractions of a match per decision and
 * then multiplied by 100 (fraction → percentage points of MWC) and by 100 (per decision → per 100
 * decisions), i.e. by 10,000; Δ and its bounds likewise (the formula is linear in r, and the half-width
 * scales with it). Example: Σℓ = 0.06 over N = 300 decisions → r = 0.0002 per decision → 2 MWC points per
 * 100 decisions.
 */
import { Z95 } from './interval.js';

/** Fewest decisions (N) in each window for a verdict. */
export const BEFORE_AFTER_MIN_DECISIONS = 30;

/** Fraction of MWC per decision → MWC points (percentage points) per 100 decisions: 100 × 100. */
export const MWC_POINTS_PER_100_DECISIONS = 10_000;

/** The sums of one window. */
export interface WindowSums {
  /** N: counted decisions of the family's game plan and nature, match play. */
  readonly decisions: number;
  /** Σℓ: MWC losses of the family's errors (fractions of a match). */
  readonly loss: number;
  /** Σℓ². */
  readonly lossSquares: number;
}

/** The verdict of §9. */
export type BeforeAfterVerdict = 'insufficient' | 'improving' | 'regressing' | 'undetermined';

/** The before/after figures, in MWC points per 100 decisions. */
export interface BeforeAfter {
  /** r before and after; null without a decision in the window. */
  readonly rateBefore: number | null;
  readonly rateAfter: number | null;
  /** Δ = r_before − r_after and its 95 % bounds; null unless both windows have a decision. */
  readonly delta: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly verdict: BeforeAfterVerdict;
}

/** r of one window (MWC points per 100 decisions), null when N = 0. */
export function windowRate(w: WindowSums): number | null {
  return w.decisions > 0 ? (MWC_POINTS_PER_100_DECISIONS * w.loss) / w.decisions : null;
}

/** Δ, its 95 % interval and the verdict from the two windows' sums. */
export function beforeAfter(
  before: WindowSums,
  after: WindowSums,
  minDecisions: number = BEFORE_AFTER_MIN_DECISIONS,
): BeforeAfter {
  const rateBefore = windowRate(before);
  const rateAfter = windowRate(after);
  if (rateBefore === null || rateAfter === null)
    return { rateBefore, rateAfter, delta: null, low: null, high: null, verdict: 'insufficient' };
  const delta = rateBefore - rateAfter;
  const variance =
    before.lossSquares / (before.decisions * before.decisions) +
    after.lossSquares / (after.decisions * after.decisions);
  const half = MWC_POINTS_PER_100_DECISIONS * Z95 * Math.sqrt(variance);
  const low = delta - half;
  const high = delta + half;
  const verdict: BeforeAfterVerdict =
    before.decisions < minDecisions || after.decisions < minDecisions
      ? 'insufficient'
      : low > 0
        ? 'improving'
        : high < 0
          ? 'regressing'
          : 'undetermined';
  return { rateBefore, rateAfter, delta, low, high, verdict };
}
