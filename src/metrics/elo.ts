/**
 * Engine Elo: the rating difference to the engine implied by L₇ (spec/metrics.md §3), the inverse of the
 * FIBS formula P(win) = 1 / (1 + 10^(−D·√N/2000)) at N = 7.
 *
 *   q = 0.5 − max(L₇, 0);  q < 0.01 → q = 0.01 and floored
 *   D = (2000 / √7) × log10(q / (1 − q))          (≤ 0; floor −1508.6)
 *
 * Examples (spec): L₇ = 5 % → −65.9; 12.3 % → −164.9; 30 % → −455.1. L₇ null → null.
 */

/** Smallest winning chance used; below it the Elo is floored. */
export const ELO_MIN_WIN = 0.01;

/** Engine Elo from L₇ (fraction), with whether the floor was reached. */
export function engineElo(l7: number | null): { elo: number | null; floored: boolean } {
  if (l7 === null) return { elo: null, floored: false };
  let q = 0.5 - Math.max(l7, 0);
  let floored = false;
  if (q < ELO_MIN_WIN) {
    q = ELO_MIN_WIN;
    floored = true;
  }
  return { elo: (2000 / Math.sqrt(7)) * Math.log10(q / (1 - q)), floored };
}

/**
 * The engine Elo interval from the L₇ interval (fractions): the same formula at each end. Elo falls as L₇
 * rises, so the Elo's low end comes from L₇'s high end (floored like the Elo itself: `lowFloored`). Null ends
 * when an L₇ end is null.
 *
 * @example engineEloInterval(0.05, 0.3) // => { low: −455.1…, high: −65.9…, lowFloored: false }
 */
export function engineEloInterval(
  l7Low: number | null,
  l7High: number | null,
): { low: number | null; high: number | null; lowFloored: boolean } {
  if (l7Low === null || l7High === null) return { low: null, high: null, lowFloored: false };
  const low = engineElo(l7High);
  return { low: low.elo, high: engineElo(l7Low).elo, lowFloored: low.floored };
}
