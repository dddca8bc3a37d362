/**
 * Difficulty d of a decision, avoidable errors, excess and ratio (spec/metrics.md §4; thresholds §16).
 *
 *   options and costs Δᵢ ≥ 0 (normalised equity, the best option costs 0):
 *     checker play:  Δᵢ = E(first candidate) − E(candidate i)          (each stored candidate)
 *     cube holder:   no double  Δ = best − ND                           best = max(ND, min(DT, DP))
 *                    double     Δ = best − min(DT, DP)                  (judged on the best reply)
 *     responder:     take       Δ = DT − min(DT, DP)
 *                    pass       Δ = DP − min(DT, DP)
 *   reference player (softmax, τ = 0.025):
 *     π(i) = exp(−Δᵢ/τ) / Σⱼ exp(−Δⱼ/τ)
 *     d    = Σᵢ π(i) · Δᵢ                   × (W − Λ)/2 → MWC, the factor of ℓ (same score, cube, seat)
 *   avoidable error:  e ≥ Error threshold (equity, inclusive)  and  d ≤ ℓ / 10      (d, ℓ in MWC)
 *   per match and player, over decisions having both ℓ and d:
 *     Excess = Σ (ℓ − d)                    (MWC, may be negative)
 *     Ratio  = Σ ℓ / Σ d                    numerator: the losses; denominator: the difficulties;
 *                                           null when Σ d < 0.005 (0.5 % MWC) — the excess is still given
 *
 * The played option's Δ is the decision's e, so d and ℓ share a unit. Candidates the analysis did not keep
 * weigh nothing: d is a lower bound. Two options Δ apart give d = Δ / (1 + e^{Δ/τ}), largest near
 * Δ ≈ 1.28τ ≈ 0.032 (d = 0.00696); Δ = 0.1 → 0.0018; five candidates 0.01 apart → 0.01251.
 * Domain: decisions counted in PR (§2.2) whose ℓ is known (match play); elsewhere d is absent (null),
 * never 0. Unit of d: fraction of a match (×100 for percentage points).
 *
 * Thresholds (§16) are library settings in mpt of equity, inclusive (e ≥ threshold). Presets: XG 20 / 80,
 * GNUbg 40 / 80, blunderDB's library default 50 / 100. bdb's default is the XG preset: bdb aims to match
 * eXtreme Gammon wherever blunderDB differs from it (spec/metrics.md, header), its PR and counting are
 * XG's, and the thresholds are shown next to the figures they decide, so an XG user reads "error" and
 * "blunder" as XG marks them.
 */
import type { Met } from '../met/index.js';
import type { CheckerDecision, CubeDecision, Decision } from '../model/types.js';
import { isCounted } from './counting.js';
import { bestCubeEquity, decisionError } from './decision-error.js';
import { decisionMwcFactor, decisionPointsFactor } from './mwc-loss.js';
import { type ErrorThresholds, THRESHOLD_PRESETS } from './thresholds.js';

export { type ErrorThresholds, THRESHOLD_PRESETS } from './thresholds.js';

/** Temperature of the reference player (normalised equity): a strong-player prior, fixed once. */
export const DIFFICULTY_TAU = 0.025;

/** Smallest Σ d (fraction of a match, 0.5 % MWC) for which the ratio Σℓ / Σd is given. */
export const RATIO_MIN_DIFFICULTY = 0.005;

/** bdb's default thresholds: the XG preset (0.020 / 0.080 equity). */
export const DEFAULT_THRESHOLDS: ErrorThresholds = THRESHOLD_PRESETS.xg;

/**
 * Tolerance of the inclusive threshold comparison (equity). Errors are unrounded differences of stored
 * equities, so an error of exactly 20 mpt may come out as 0.019999999999999997; 1e−9 absorbs that residue
 * and nothing a millipoint analysis can express.
 */
export const THRESHOLD_EPSILON = 1e-9;

/** A threshold in mpt as equity (20 mpt → 0.020). */
export function thresholdEquity(mpt: number): number {
  return mpt / 1000;
}

/** True when the error e (equity) reaches the threshold (equity), inclusive. */
export function reachesThreshold(e: number, threshold: number): boolean {
  return e >= threshold - THRESHOLD_EPSILON;
}

/** Option costs of a checker play: each stored candidate's gap to the first (≥ 0), or null without any. */
function checkerCosts(d: CheckerDecision): number[] | null {
  const first = d.candidates[0];
  if (!first) return null;
  return d.candidates.map((c) => Math.max(0, first.equity - c.equity));
}

/** Option costs of a cube decision: the holder's (no double, double) or the responder's (take, pass). */
function cubeCosts(d: CubeDecision): number[] | null {
  const a = d.analysis;
  if (!a || d.afterBeaver) return null;
  const reply = Math.min(a.dt, a.dp);
  if (d.action === 'take' || d.action === 'pass') return [a.dt - reply, a.dp - reply];
  const best = bestCubeEquity(a);
  return [best - a.nd, best - reply];
}

/**
 * The costs Δᵢ ≥ 0 (normalised equity, best = 0) of the options open at this decision; null when the
 * analysis gives no usable cost (no analysis or no candidate, an analysed position, the answer to a beaver,
 * a non-finite equity).
 */
export function optionCosts(d: Decision): number[] | null {
  if (d.fromPosition) return null;
  const costs = d.kind === 'checker' ? checkerCosts(d) : cubeCosts(d);
  if (!costs || costs.length === 0 || !costs.every(Number.isFinite)) return null;
  return costs;
}

/**
 * What the second-cheapest option of a decision costs (equity), null with fewer than two options: a
 * decision is tight when it is under half the Error threshold ({@link isTightCost}; `bdb plan`'s reference
 * positions). The library stores it (`decisions.second_cost`).
 */
export function secondCheapestCost(d: Decision): number | null {
  const costs = optionCosts(d);
  if (!costs || costs.length < 2) return null;
  return [...costs].sort((a, b) => a - b)[1]!;
}

/** Whether a decision whose second-cheapest option costs `second` is tight under the Error threshold. */
export function isTightCost(second: number | null, errorThreshold: number): boolean {
  return second !== null && second < errorThreshold / 2;
}

/**
 * The reference player's expected cost d = Σ π(i)·Δᵢ with π(i) ∝ exp(−Δᵢ/τ) (same unit as the costs).
 * The smallest cost is subtracted before exponentiating, so no weight under- or overflows to 0/0.
 * Throws a RangeError without any cost or with τ ≤ 0.
 */
export function referenceDifficulty(costs: readonly number[], tau: number = DIFFICULTY_TAU): number {
  if (costs.length === 0) throw new RangeError('referenceDifficulty: no option');
  if (!(tau > 0)) throw new RangeError(`referenceDifficulty: τ must be > 0 (got ${tau})`);
  // index loops (no spread, no iterator): this runs for every decision of every match
  let min = Number.POSITIVE_INFINITY;
  for (let k = 0; k < costs.length; k++) {
    const c = costs[k]!;
    // NaN wins, as in Math.min
    if (c < min || Number.isNaN(c)) min = c;
  }
  let weights = 0;
  let weighted = 0;
  for (let k = 0; k < costs.length; k++) {
    const c = costs[k]!;
    const w = Math.exp(-(c - min) / tau);
    weights += w;
    weighted += w * c;
  }
  return weighted / weights;
}

/**
 * d of a decision in MWC (fraction of a match), converted with ℓ's factor (W − Λ)/2; null unless the
 * decision is counted in PR and its ℓ is known (match play, scored, analysed, factor defined).
 */
export function decisionDifficulty(met: Met, d: Decision, tau: number = DIFFICULTY_TAU): number | null {
  return difficultyTimes(d, decisionMwcFactor(met, d), tau);
}

/**
 * d of a decision at money play in points (the reference cost × the cube value, as ℓ in points:
 * src/metrics/mwc-loss.ts `pointsLoss`); null at match play or unless the decision is counted in PR and
 * analysed.
 */
export function decisionDifficultyPoints(d: Decision, tau: number = DIFFICULTY_TAU): number | null {
  return difficultyTimes(d, decisionPointsFactor(d), tau);
}

/** The reference cost of a counted, analysed decision times `factor` (null: none). */
function difficultyTimes(d: Decision, factor: number | null, tau: number): number | null {
  if (factor === null || !isCounted(d) || decisionError(d) === null) return null;
  const costs = optionCosts(d);
  return costs === null ? null : referenceDifficulty(costs, tau) * factor;
}

/**
 * True when the decision is an avoidable error: e (equity) reaches the Error threshold (equity, inclusive)
 * and d ≤ ℓ / 10 (both in MWC). False when e, ℓ or d is unknown.
 */
export function isAvoidableError(
  e: number | null,
  lossMwc: number | null,
  difficultyMwc: number | null,
  errorThreshold: number,
): boolean {
  if (e === null || lossMwc === null || difficultyMwc === null) return false;
  return reachesThreshold(e, errorThreshold) && difficultyMwc <= lossMwc / 10;
}

/** A decision's MWC loss ℓ and difficulty d (fractions of a match). */
export interface LossAndDifficulty {
  readonly loss: number;
  readonly difficulty: number;
}

/** Excess Σ(ℓ − d) and ratio Σℓ / Σd of a player's decisions; the ratio is null when Σd < 0.005. */
export function excessAndRatio(pairs: readonly LossAndDifficulty[]): {
  excess: number | null;
  ratio: number | null;
} {
  if (pairs.length === 0) return { excess: null, ratio: null };
  let loss = 0;
  let difficulty = 0;
  for (const p of pairs) {
    loss += p.loss;
    difficulty += p.difficulty;
  }
  return {
    excess: loss - difficulty,
    ratio: difficulty < RATIO_MIN_DIFFICULTY ? null : loss / difficulty,
  };
}
