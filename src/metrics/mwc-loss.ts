/**
 * MWC loss ℓ of a decision (spec/metrics.md §1.3).
 *
 *   ℓ = e × (MWC(+v) − MWC(−v)) / 2
 *
 * MWC(±v): the decision maker's match-winning chances if he wins / loses v points from the current score
 * (Kazaross-XG2, post-Crawford table when a player is 1-away), the difference taken in float32.
 * v = the cube value when the decision is made; for take and pass the value *before* the double (the
 * model stores that value on the decision). Unit: fraction of a match (×100 for percentage points).
 * Money play, a score outside the match or a dead cube → null (no MWC), never 0.
 *
 * At money play the loss is in points instead (spec/metrics.md §1.1: e is normalised equity, ±1 = the cube
 * value, so one unit of e is worth v points; gnuBG's "(Points)" figures are the same product, cube × EMG):
 *
 *   ℓ_points = e × v        v as above (the value before the double for take and pass)
 *
 * Null at match play, where ℓ is in MWC.
 */
import type { Met } from '../met/index.js';
import { mwcFactor } from '../met/index.js';
import type { DecisionContext } from '../model/types.js';

/** The factor (W − Λ)/2 turning an equity error into MWC for this decision, or null. */
export function decisionMwcFactor(met: Met, d: DecisionContext): number | null {
  if (d.matchLength <= 0) return null;
  return mwcFactor(met, d.score[0], d.score[1], d.matchLength, d.player, d.cubeValue);
}

/** ℓ for an error `e` (equity) at this decision, or null when there is no MWC. */
export function mwcLoss(met: Met, d: DecisionContext, e: number): number | null {
  const f = decisionMwcFactor(met, d);
  return f === null ? null : e * f;
}

/** At money play, the factor turning an equity error into points: the cube value v; null at match play. */
export function decisionPointsFactor(d: Pick<DecisionContext, 'matchLength' | 'cubeValue'>): number | null {
  return d.matchLength <= 0 ? d.cubeValue : null;
}

/**
 * The loss in points at money play, e × v, or null at match play.
 *
 * @example pointsLoss({ matchLength: 0, cubeValue: 2, … }, 0.1) // => 0.2
 */
export function pointsLoss(d: Pick<DecisionContext, 'matchLength' | 'cubeValue'>, e: number): number | null {
  const f = decisionPointsFactor(d);
  return f === null ? null : e * f;
}
