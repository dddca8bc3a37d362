/**
 * L₇: MWC loss normalised to a 7-point match (spec/metrics.md §3).
 *
 *   per match:  L7 = L × √(7 / N)           L = Σ ℓ over the player's counted decisions, N = match length
 *   aggregate:  L7 = √7 × Σ L / Σ √N        pooled before the ratio
 *
 * Defined for 1 ≤ N ≤ 64; money or no match-play unit → null. For a 7-point match L₇ = XG's MWC loss.
 * Unit: fraction of a match.
 */

/** A (match, player) unit of the pool. */
export interface L7Unit {
  /** Σ ℓ of the player in the match (fraction). */
  readonly loss: number;
  /** Match length. */
  readonly matchLength: number;
}

/** True when L₇ is defined for this match length. */
export function l7Defined(matchLength: number): boolean {
  return matchLength >= 1 && matchLength <= 64;
}

/** L₇ of one match, or null. */
export function l7Match(loss: number, matchLength: number): number | null {
  return l7Defined(matchLength) ? loss * Math.sqrt(7 / matchLength) : null;
}

/** Pooled L₇ of several units (units outside 1..64 points are left out), or null when none remains. */
export function l7Pool(units: readonly L7Unit[]): number | null {
  let num = 0;
  let den = 0;
  for (const u of units) {
    if (!l7Defined(u.matchLength)) continue;
    num += u.loss;
    den += Math.sqrt(u.matchLength);
  }
  return den > 0 ? (Math.sqrt(7) * num) / den : null;
}
