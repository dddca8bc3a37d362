/**
 * XG's counting rules: which decisions enter the PR denominator (spec/metrics.md §2.2).
 *
 * | Decision      | counted if                                                       |
 * | checker play  | not forced and the played move is scored                          |
 * | double        | always (when analysed)                                            |
 * | take, pass    | always (when analysed)                                            |
 * | no double     | ND > 0 and ND − min(DT, DP) < 0.200 (both strict, in equity)      |
 *
 * Forced checker play: legal count ≤ 1; or the candidates cover every legal play and all have the same
 * equity to the millipoint; with the legal count unknown, forced only with exactly one candidate. When the
 * analyser marks the play itself (XG's "Irrelevant" flag, `notADecision`), its verdict is used instead of
 * the tie rule: test.xg counts 145 / 124 chequer decisions exactly that way (XG's display), one of them a
 * play whose 10 candidates all tie.
 */
import type { CheckerDecision, CubeDecision, Decision } from '../model/types.js';
import { checkerError, toMpt } from './decision-error.js';

/** True when XG would call the checker play forced (no real decision). */
export function isForcedChecker(d: CheckerDecision): boolean {
  const n = d.candidates.length;
  // the analyser's own verdict (XG's "Irrelevant" flag) replaces the tie rule
  if (d.notADecision !== undefined)
    return d.notADecision || n <= 1 || (d.legalCount !== null && d.legalCount <= 1);
  if (d.legalCount === null) return n === 1;
  if (d.legalCount <= 1) return true;
  if (n === 0) return false;
  if (n >= d.legalCount) {
    const e0 = toMpt(d.candidates[0]!.equity);
    return d.candidates.every((c) => toMpt(c.equity) === e0);
  }
  return false;
}

/** True when a no-double is inside XG's window: ND > 0 and ND − min(DT, DP) < 0.200. */
export function isCountedNoDouble(d: CubeDecision): boolean {
  const a = d.analysis;
  if (!a) return false;
  return a.nd > 0 && a.nd - Math.min(a.dt, a.dp) < 0.2;
}

/** True when the decision is counted in XG's PR denominator. */
export function isCounted(d: Decision): boolean {
  if (d.fromPosition) return false;
  if (d.kind === 'checker') return !isForcedChecker(d) && checkerError(d) !== null;
  if (!d.analysis) return false;
  return d.action === 'no-double' ? isCountedNoDouble(d) : true;
}
