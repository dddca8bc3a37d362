/**
 * Snowie error rate, on PR's ×500 scale (spec/metrics.md §2.1).
 *
 *   SnowieER = 500 × Σ_all e_i(player) / (N_checker(P1) + N_checker(P2))
 *
 * Numerator: every error of the player (checker and cube), no counting filter. Denominator: the checker
 * decisions of BOTH players, forced included, excluding unscored plays and rolls without analysis. Typically
 * about PR / 2. Denominator 0 → null.
 */

/** Snowie ER from the player's error sum (equity) and both players' scored checker decisions. */
export function snowieErrorRate(sumError: number, bothCheckerDecisions: number): number | null {
  return bothCheckerDecisions > 0 ? (500 * sumError) / bothCheckerDecisions : null;
}
