/**
 * Per-match means of a person's summed figures (issue 42 item 5): a total over 343 matches ("MWC lost
 * 3621 %") says little until it is divided by the matches it was summed over.
 *
 *   mean per match = Σ x / M        M = the matches whose decisions the sum is taken over
 *
 * Numerator: the sum as bdb shows it (Σℓ, the MWC lost, spec/metrics.md §1.3; the excess Σ(ℓ − d), §4).
 * Denominator: the person's match-play matches with at least one counted decision whose ℓ is known (the L₇
 * units of §3, one per such match): the matches the sum came from. Matches without analysis (a transcript)
 * and money sessions add nothing to the sum and are not counted. M = 0 → null (n/a), never 0.
 * Unit: that of the sum (fraction of a match, or percentage points when the sum is in them).
 */

/** The mean per match of a sum over `matches` matches, or null when there is none. */
export function perMatchMean(sum: number | null, matches: number): number | null {
  return sum === null || matches <= 0 ? null : sum / matches;
}
