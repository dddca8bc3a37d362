/**
 * The 95 % score interval of a signed bias B = (P − M)/N (spec/metrics.md §10), honest at small N: Wilson's
 * construction (the values of B that a score test at that value does not reject) instead of the normal
 * approximation B ± 1.96·√(((P + M)/N − B²)/N), whose width is 0 whenever every decision has the same x
 * (one decision: +1 … +1) and which runs outside [−1, 1] at small N.
 *
 * Each of N decisions has x = +1 (P of them), −1 (M) or 0; B estimates δ = p₊ − p₋. Under H₀: δ, the
 * probabilities that best fit the counts (maximum likelihood with p₊ = p₋ + δ) have p₋ = q, the root ≥ 0 of
 *
 *   2N·q² + W·q − M·δ(1 − δ) = 0,      W = δ(2N − P + M) − (P + M)                   (for δ ≥ 0)
 *
 * and x then has variance V(δ) = p₊ + p₋ − δ² = 2q + δ(1 − δ). The score statistic is
 *
 *   Z(δ) = (P − M − N·δ) / √(N·V(δ))          (δ < 0: Z(δ; P, M) = −Z(−δ; M, P), the mirror image)
 *
 * and the interval is { δ ∈ [−1, 1] : −1.96 ≤ Z(δ) ≤ 1.96 }. Z falls as δ rises, so each bound is the root
 * of Z(δ) = ±1.96, found by bisection (a fixed 200 halvings: deterministic, far below double precision).
 * This is Tango's score interval for a difference of paired proportions (Statistics in Medicine 17, 1998).
 * With no x = 0 (P + M = N) it is exactly Wilson's score interval for the share p = P/N, mapped to B = 2p − 1;
 * with every x = +1 the low bound is (N − 1.96²)/(N + 1.96²); with every x = 0 the bounds are
 * ±1.96²/(N + 1.96²). N must be at least 1 (a RangeError otherwise: without decisions B has no interval).
 *
 * @example biasScoreInterval(1, 1, 0) // => { low: -0.58694…, high: 1 }
 */
import { Z95 } from './interval.js';

/** The score statistic Z(δ) for δ ≥ 0 (see the header); ±Infinity where the variance vanishes. */
function scoreAtNonNegative(n: number, plus: number, minus: number, d: number): number {
  const w = d * (2 * n - plus + minus) - (plus + minus);
  const c = minus * d * (1 - d); // ≥ 0 for 0 ≤ δ ≤ 1
  const root = Math.sqrt(w * w + 8 * n * c);
  // the root ≥ 0 of 2N·q² + W·q − c, in the form that does not cancel
  const q = w > 0 ? (2 * c) / (w + root) : (root - w) / (4 * n);
  const variance = 2 * q + d * (1 - d);
  const num = plus - minus - n * d;
  if (!(variance > 0)) return num === 0 ? 0 : num > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  return num / Math.sqrt(n * variance);
}

/** Z(δ) for any δ in [−1, 1]: the mirror image below 0. */
export function biasScore(n: number, plus: number, minus: number, d: number): number {
  return d >= 0 ? scoreAtNonNegative(n, plus, minus, d) : -scoreAtNonNegative(n, minus, plus, -d);
}

/** Halvings of the bisection: [−1, 1] shrinks to 2⁻¹⁹⁹, below any double's spacing. */
const HALVINGS = 200;

/** The δ in [from, to] where the falling Z crosses `z` (Z(from) ≥ z ≥ Z(to) assumed). */
function crossing(n: number, plus: number, minus: number, z: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  for (let i = 0; i < HALVINGS; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (biasScore(n, plus, minus, mid) > z) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The score interval of B for N ≥ 1 decisions of which P have x = +1 and M have x = −1.
 *
 * @param z - the normal quantile (1.96 for 95 %)
 */
export function biasScoreInterval(
  n: number,
  plus: number,
  minus: number,
  z: number = Z95,
): { low: number; high: number } {
  if (!(n >= 1) || plus < 0 || minus < 0 || plus + minus > n)
    throw new RangeError(`biasScoreInterval: counts N ${n}, P ${plus}, M ${minus}`);
  const b = (plus - minus) / n;
  // Z(−1) is +∞ unless every x = −1 (then the low bound is −1 itself); Z(1) likewise
  const low = biasScore(n, plus, minus, -1) <= z ? -1 : crossing(n, plus, minus, z, -1, b);
  const high = biasScore(n, plus, minus, 1) >= -z ? 1 : crossing(n, plus, minus, -z, b, 1);
  return { low, high };
}
