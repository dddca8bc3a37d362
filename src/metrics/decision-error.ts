/**
 * Decision error e — the equity a decision gave away (spec/metrics.md §1.2).
 *
 *   checker play:  e = E(best candidate) − E(played)
 *   no double:     e = best − ND                      best = max(ND, min(DT, DP))
 *   double:        e = best − min(DT, DP)             (the doubler is judged on the best reply)
 *   take:          e = DT − min(DT, DP)
 *   pass:          e = DP − min(DT, DP)
 *
 * Unit: normalised equity (EMG at match play, money equity per 1-cube at money play), a non-negative
 * magnitude, **unrounded**: eXtreme Gammon sums its stored errors as they are (test.xg: Kévin Unger's
 * chequer errors sum to 2.14685, displayed 2.147, while the sum of millipoint-rounded errors is 2.146 —
 * the rounding of spec §1.1 is blunderDB's, and the source of its 2.150 vs 2.147 residual, §15.3).
 * When the analyser stored its own error for the decision (XG's ErrMove / ErrCube / ErrTake) that value
 * is used. A checker play that no candidate names has no error (null): it is "unscored". A decision
 * without analysis has no error (null), nor does the answer to a beaver (the file only has the original
 * double's analysis, which does not describe it).
 */
import type { CheckerDecision, CubeDecision, Decision } from '../model/types.js';

/** Rounds an equity to the millipoint, as an integer number of mpt (used where equities are compared). */
export function toMpt(equity: number): number {
  return Math.round(equity * 1000);
}

/** Equity of the best cube action: max(ND, min(DT, DP)) (defined with the decision model, which readers see). */
export { bestCubeEquity } from '../model/types.js';

/** Error of a checker play (EMG), or null when unscored / unanalysed. */
export function checkerError(d: CheckerDecision): number | null {
  if (d.playedIndex === null) return null;
  if (d.storedError !== undefined) return d.storedError;
  const best = d.candidates[0];
  const played = d.candidates[d.playedIndex];
  if (!best || !played) return null;
  return Math.max(0, best.equity - played.equity);
}

/** Error of a cube decision (EMG), or null without analysis. */
export function cubeError(d: CubeDecision): number | null {
  const a = d.analysis;
  if (!a || d.afterBeaver || d.fromPosition) return null;
  if (d.storedError !== undefined) return d.storedError;
  const reply = Math.min(a.dt, a.dp);
  const best = Math.max(a.nd, reply);
  switch (d.action) {
    case 'no-double':
      return best - a.nd;
    case 'double':
      return best - reply;
    case 'take':
      return a.dt - reply;
    case 'pass':
      return a.dp - reply;
  }
}

/** Error of any decision (EMG; null when it has none). */
export function decisionError(d: Decision): number | null {
  if (d.fromPosition) return null; // an analysed position, not a choice a player made
  return d.kind === 'checker' ? checkerError(d) : cubeError(d);
}
