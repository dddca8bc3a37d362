/**
 * Performance Rating, XG's convention (spec/metrics.md §2.1).
 *
 *   PR = 500 × Σ e_i / N_counted
 *
 * Numerator: the errors (equity units) of the player's counted decisions; denominator: the
 * number of counted decisions (§2.2: unforced scored checker plays, doubles, takes/passes, no-doubles inside
 * the window). PR_checker and PR_cube restrict both to checker or cube decisions. Mean error 0.010 → 5.0.
 * Aggregates are sum/sum over all decisions, never a mean of PRs. N = 0 → null ("n/a").
 */

/** PR from a sum of errors (equity) and a count of decisions; null when there is none. */
export function performanceRating(sumError: number, n: number): number | null {
  return n > 0 ? (500 * sumError) / n : null;
}
