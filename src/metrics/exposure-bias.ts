/**
 * Exposure-weighted blot bias (bdb's extension of spec/metrics.md §10 "Blots", which counts blots without
 * weighing their exposure).
 *
 * Same decisions, free-play rule and unread rule as the blot bias (src/metrics/blot-bias.ts): the player's
 * counted checker plays in contact positions. For a play that cost something, with
 *   s = shots(board after the play, mover)    rolls of 36 on which the opponent hits a blot of the mover
 *                                             (src/classify/exposure.ts `shots`)
 *   Δs = s(played) − s(best)                  (Δs = 0 for a free play)
 *   x = sign(Δs)
 *   B = (P − M) / N with the interval and verdict of src/metrics/bias-estimator.ts (≥ 20 decisions)
 *   mean shot difference  D = Σ Δs / N        (rolls of 36 per decision; numerator Σ Δs, denominator N)
 *   D ± 1.96 × s_Δ / √N                       s_Δ the sample standard deviation of Δs; bounds null when N < 2
 * D is null when N = 0. Unread share = unread / (unread + N).
 */
import { shots } from '../classify/exposure.js';
import type { CheckerDecision } from '../model/types.js';
import {
  addBiasRow,
  type BiasEstimate,
  type BiasTally,
  biasEstimate,
  emptyBiasTally,
} from './bias-estimator.js';
import {
  type BiasInput,
  type BiasItem,
  type BoardBiasInput,
  boardBiasInput,
  type RowList,
  sign,
  splitItems,
  unreadShare,
} from './blot-bias.js';
import { Z95 } from './interval.js';

/** One decision entering the exposure-weighted bias. */
export interface ExposureBiasRow<R> {
  readonly ref: R;
  readonly x: -1 | 0 | 1;
  readonly error: number;
  /** Shots after the played and the best play; null for a free play (not rebuilt). */
  readonly shotsPlayed: number | null;
  readonly shotsBest: number | null;
}

/** The exposure-weighted blot bias of one player. */
export interface ExposureBias<R> {
  readonly estimate: BiasEstimate;
  /** Mean of Δs over N (rolls of 36), null when N = 0. */
  readonly meanShotDifference: number | null;
  readonly meanLow: number | null;
  readonly meanHigh: number | null;
  readonly unread: number;
  readonly unreadShare: number | null;
  readonly rows: RowList<ExposureBiasRow<R>>;
  readonly unreadRefs: RowList<R>;
}

/** One decision's part of the exposure-weighted bias (computed as the decisions stream by). */
export function exposureBiasItem<R>(
  d: CheckerDecision,
  ref: R,
  { kind: k, after }: BoardBiasInput = boardBiasInput(d),
): BiasItem<ExposureBiasRow<R>, R> {
  if (k.kind === 'skip') return null;
  if (k.kind === 'free') return { row: exposureRow(ref, k.e, null) };
  if (after === null) return { unread: ref };
  return { row: exposureRow(ref, k.e, [shots(after.played, d.player), shots(after.best, d.player)]) };
}

/**
 * The row of a play of error `e` (equity): free (`counts` null: x = 0, Δs = 0) or with the shots after the
 * played and the best play. The one rule of {@link exposureBiasItem} and of the counts the library stored at
 * import (src/library/rows.ts `boardBiasCells`).
 */
export function exposureRow<R>(
  ref: R,
  e: number,
  counts: readonly [number, number] | null,
): ExposureBiasRow<R> {
  if (counts === null) return { ref, x: 0, error: e, shotsPlayed: null, shotsBest: null };
  const [sp, sb] = counts;
  return { ref, x: sign(sp - sb), error: e, shotsPlayed: sp, shotsBest: sb };
}

/** The running sums of an exposure-weighted bias: its tally, Σ Δs and Σ Δs². */
export interface ExposureSums {
  readonly tally: BiasTally;
  sum: number;
  sumSq: number;
}

export function emptyExposureSums(): ExposureSums {
  return { tally: emptyBiasTally(), sum: 0, sumSq: 0 };
}

/** Adds one row (a free play's Δs is 0). */
export function addExposureRow(s: ExposureSums, r: ExposureBiasRow<unknown>): void {
  const diff = r.shotsPlayed === null || r.shotsBest === null ? 0 : r.shotsPlayed - r.shotsBest;
  s.sum += diff;
  s.sumSq += diff * diff;
  addBiasRow(s.tally, r.x, r.error);
}

/** The exposure-weighted bias of a player's rows and unread plays. */
export function exposureBiasOf<R>(
  rows: RowList<ExposureBiasRow<R>>,
  unreadRefs: RowList<R>,
): ExposureBias<R> {
  const s = emptyExposureSums();
  for (const r of rows) addExposureRow(s, r);
  return exposureBiasFrom(s, unreadRefs.length, rows, unreadRefs);
}

/**
 * The exposure-weighted bias of sums its rows were added to as they came ({@link addExposureRow}, in order:
 * the figures {@link exposureBiasOf} gives for the same rows) and of its unread count; `rows` and
 * `unreadRefs` are the lists a reader keeps (empty when only the figures are wanted).
 */
export function exposureBiasFrom<R>(
  s: ExposureSums,
  unread: number,
  rows: RowList<ExposureBiasRow<R>>,
  unreadRefs: RowList<R>,
): ExposureBias<R> {
  const t = s.tally;
  const n = t.n;
  const mean = n === 0 ? null : s.sum / n;
  let meanLow: number | null = null;
  let meanHigh: number | null = null;
  if (mean !== null && n >= 2) {
    const variance = Math.max(0, (s.sumSq - n * mean * mean) / (n - 1));
    const half = (Z95 * Math.sqrt(variance)) / Math.sqrt(n);
    meanLow = mean - half;
    meanHigh = mean + half;
  }
  return {
    estimate: biasEstimate(t),
    meanShotDifference: mean,
    meanLow,
    meanHigh,
    unread,
    unreadShare: unreadShare(unread, n),
    rows,
    unreadRefs,
  };
}

/** The exposure-weighted blot bias of one player's checker plays. */
export function exposureBias<R>(inputs: Iterable<BiasInput<R>>): ExposureBias<R> {
  const { rows, unread } = splitItems(
    [...inputs].map(({ decision, ref }) => exposureBiasItem(decision, ref)),
  );
  return exposureBiasOf(rows, unread);
}
