/**
 * Tournament review: how far the player's figure in a tournament stands from their habitual level
 * (spec/metrics.md §11; ADR-0081).
 *
 * Each side (tournament, habitual level) comes as a value with its 95 % interval as bdb computes it
 * (src/metrics/interval.ts, spec §5: PR = 500 × Σe / N over the counted decisions, L₇ = √7 × ΣL / Σ√N, by
 * matches or, for one match, by games) and its number of counted decisions N:
 *
 *   Δ      = value_t − value_h                           (tournament − habitual; > 0: the player did worse)
 *   σ      = (high − value) / 1.96 for each side         (read from the UPPER half-width of the side's
 *                                                         interval: the low bound is floored at 0, the high
 *                                                         one never is)
 *   SD(Δ)  = √(σ_t² + σ_h²)                              (sides treated as independent: conservative)
 *   Δ ± 1.96 × SD(Δ)
 *
 * Verdict: "worse" when low(Δ) > 0, "better" when high(Δ) < 0, "as usual" otherwise (strict comparisons);
 * "insufficient sample" when either side has no value or no interval, or fewer than 20 counted decisions
 * (figures are still given whenever they exist). Δ is in the unit of the figure (PR points; L₇ in % when
 * the sides are in %).
 */
import { Z95 } from './interval.js';

/** Fewest counted decisions on each side for a verdict. */
export const DELTA_MIN_DECISIONS = 20;

/** One side of the comparison: a value, the upper bound of its 95 % interval, its counted decisions. */
export interface DeltaSide {
  /** The figure (PR, or L₇); null when undefined. */
  readonly value: number | null;
  /** The upper bound of its 95 % interval; null without an interval. */
  readonly high: number | null;
  /** Counted decisions behind the figure. */
  readonly decisions: number;
}

/** The §11 verdict. */
export type DeltaVerdict = 'worse' | 'better' | 'as usual' | 'insufficient sample';

/** Δ with its interval and verdict. */
export interface Delta {
  /** value_t − value_h; null unless both values exist. */
  readonly delta: number | null;
  /** σ of each side (upper half-width / 1.96); null without an interval. */
  readonly sigmaTournament: number | null;
  readonly sigmaHabitual: number | null;
  /** SD(Δ) = √(σ_t² + σ_h²) and Δ ± 1.96·SD; null unless Δ and both σ exist. */
  readonly sd: number | null;
  readonly low: number | null;
  readonly high: number | null;
  readonly verdict: DeltaVerdict;
  /** Why the verdict is "insufficient sample" (the first reason found); null otherwise. */
  readonly reason: string | null;
}

/** σ of a side from the upper half-width of its interval: (high − value) / 1.96; null without one. */
export function sigmaFromUpper(value: number | null, high: number | null): number | null {
  if (value === null || high === null || !Number.isFinite(value) || !Number.isFinite(high)) return null;
  return (high - value) / Z95;
}

function finiteOrNull(x: number | null): number | null {
  return x !== null && Number.isFinite(x) ? x : null;
}

/** Δ = tournament − habitual with its 95 % interval and the §11 verdict. */
export function tournamentDelta(
  t: DeltaSide,
  h: DeltaSide,
  minDecisions: number = DELTA_MIN_DECISIONS,
): Delta {
  const vt = finiteOrNull(t.value);
  const vh = finiteOrNull(h.value);
  const delta = vt !== null && vh !== null ? vt - vh : null;
  const sigmaTournament = sigmaFromUpper(vt, t.high);
  const sigmaHabitual = sigmaFromUpper(vh, h.high);
  const sd =
    delta !== null && sigmaTournament !== null && sigmaHabitual !== null
      ? Math.sqrt(sigmaTournament ** 2 + sigmaHabitual ** 2)
      : null;
  const low = delta !== null && sd !== null ? delta - Z95 * sd : null;
  const high = delta !== null && sd !== null ? delta + Z95 * sd : null;
  const reason =
    vt === null
      ? 'no tournament figure'
      : vh === null
        ? 'no habitual figure'
        : sigmaTournament === null
          ? 'no interval on the tournament side'
          : sigmaHabitual === null
            ? 'no interval on the habitual side'
            : t.decisions < minDecisions
              ? `fewer than ${minDecisions} decisions in the tournament`
              : h.decisions < minDecisions
                ? `fewer than ${minDecisions} decisions in the habitual level`
                : null;
  const verdict: DeltaVerdict =
    reason !== null || low === null || high === null
      ? 'insufficient sample'
      : low > 0
        ? 'worse'
        : high < 0
          ? 'better'
          : 'as usual';
  return { delta, sigmaTournament, sigmaHabitual, sd, low, high, verdict, reason };
}
