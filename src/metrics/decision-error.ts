/**
 * Decision error e — the equity a decision gave away (spec/metrics.md §1.1–1.2).
 *
 *   checker play:  e = E(best candidate) − E(played)
 *   no double:     e = best − ND                      best = max(ND, min(DT, DP))
 *   double:        e = best − min(DT, DP)             (the doubler is judged on the best reply)
 *   take:          e = DT − min(DT, DP)
 *   pass:          e = DP − min(DT, DP)
 *
 * Unit: normalised equity (EMG at match play, money equity per 1-cube at money play), a non-negative
 * magnitude. Every equity is rounded to the millipoint first (as XG displays and blunderDB stores it) and
 * the error is returned as an integer number of millipoints (mpt); all sums are done on these integers.
 * A checker play that no candidate names has no error (null): it is "unscored". A decision without
 * analysis has no error (null), nor does the answer to a beaver (the file only has the original double's
 * analysis, which does not describe it).
 */
import type { CheckerDecision, CubeAnalysis, CubeDecision, Decision } from '../model/types.js';

/** Rounds an equity to the millipoint, as an integer number of mpt. */
export function toMpt(equity: number): number {
  return Math.round(equity * 1000);
}

/** Equity of the best cube action: max(ND, min(DT, DP)). */
export function bestCubeEquity(a: CubeAnalysis): number {
  return Math.max(a.nd, Math.min(a.dt, a.dp));
}

/** Error of a checker play in mpt, or null when unscored / unanalysed. */
export function checkerErrorMpt(d: CheckerDecision): number | null {
  if (d.playedIndex === null) return null;
  const best = d.candidates[0];
  const played = d.candidates[d.playedIndex];
  if (!best || !played) return null;
  return Math.abs(toMpt(best.equity) - toMpt(played.equity));
}

/** Error of a cube decision in mpt, or null without analysis. */
export function cubeErrorMpt(d: CubeDecision): number | null {
  const a = d.analysis;
  if (!a || d.afterBeaver) return null;
  const nd = toMpt(a.nd);
  const dt = toMpt(a.dt);
  const dp = toMpt(a.dp);
  const reply = Math.min(dt, dp);
  const best = Math.max(nd, reply);
  switch (d.action) {
    case 'no-double':
      return best - nd;
    case 'double':
      return best - reply;
    case 'take':
      return dt - reply;
    case 'pass':
      return dp - reply;
  }
}

/** Error of any decision in mpt (null when it has none). */
export function errorMpt(d: Decision): number | null {
  return d.kind === 'checker' ? checkerErrorMpt(d) : cubeErrorMpt(d);
}
