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
