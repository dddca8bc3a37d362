/**
 * The luck-adjusted result A of a match (spec/metrics.md §6).
 *
 *   R = outcome − MWC_start     outcome 1 for the winner, 0 for the loser of a finished match; MWC_start =
 *                               the MET at the score of the first game (0.5 at 0–0), same table as ℓ
 *   C = Σ luck(own rolls) − Σ luck(opponent's rolls)
 *                               each roll's luck (normalised equity, roller's view) × (W − Λ)/2 at the score
 *                               and cube of its position (the factor of ℓ); no factor (dead cube) → 0
 *   A = R − C                   the result with the luck taken out: what the play alone gained against this
 *                               opponent (its expectation is L_opponent − L_player). > 0: the player played
 *                               better, < 0: worse. A says nothing by itself of the dice: C does (> 0 the dice
 *                               helped). They decided the match when A and R differ in sign: a loss with A > 0,
 *                               a win with A < 0 (spec/metrics.md §6: "A > 0 on a lost match: lost to the dice").
 *
 * Only for a finished match-play match where some roll carries luck; coverage = rolls with luck / rolls
 * played (both players' rolls: C uses both). Luck is never recomputed: the analyser's stored value or none.
 * Summed over the games, gnuBG's per-game "actual result" telescopes to R, so A is gnuBG's "Luck adjusted
 * result".
 */

import type { Met } from '../met/index.js';
import { mwcAtScore } from '../met/index.js';
import { matchOutcome } from '../metrics/match-report.js';
import { decisionMwcFactor } from '../metrics/mwc-loss.js';
import type { Match } from '../model/types.js';

/** Why a match has no luck-adjusted result. */
export type NoLuckReason = 'money session' | 'unfinished match' | 'no luck in this file';

/** The luck-adjusted result of one player, fractions of a match (MWC). */
export interface LuckAdjustedSeat {
  /** R: outcome − MWC at the start; null without A. */
  readonly result: number | null;
  /** C: own luck − opponent's luck (MWC); null without A. */
  readonly luck: number | null;
  /** A = R − C, what the play alone gained (> 0: played better than the opponent); null for money, an
   *  unfinished match or a match without luck. */
  readonly adjusted: number | null;
  /** Why A is null. */
  readonly reason: NoLuckReason | null;
}

/** The match's luck-adjusted results (by seat) and its luck coverage. */
export interface LuckAdjustedMatch {
  readonly seats: readonly [LuckAdjustedSeat, LuckAdjustedSeat];
  /** Rolls (checker decisions of both players) with a known luck, and rolls played. */
  readonly rollsWithLuck: number;
  readonly rollsPlayed: number;
}

function none(reason: NoLuckReason): LuckAdjustedSeat {
  return { result: null, luck: null, adjusted: null, reason };
}

/** A, R and C of both players, with the coverage. */
export function luckAdjustedResult(met: Met, match: Match): LuckAdjustedMatch {
  const luck: [number, number] = [0, 0];
  let rollsWithLuck = 0;
  let rollsPlayed = 0;
  for (const game of match.games) {
    for (const d of game.decisions) {
      if (d.kind !== 'checker' || d.fromPosition) continue;
      rollsPlayed++;
      if (d.luck === null) continue;
      rollsWithLuck++;
      luck[d.player] += d.luck * (decisionMwcFactor(met, d) ?? 0);
    }
  }
  const counts = { rollsWithLuck, rollsPlayed };
  const first = match.games[0];
  const { winner } = matchOutcome(match);
  const reason: NoLuckReason | null =
    match.matchLength <= 0
      ? 'money session'
      : winner === null || !first
        ? 'unfinished match'
        : rollsWithLuck === 0
          ? 'no luck in this file'
          : null;
  if (reason !== null || winner === null || !first) {
    const r = none(reason ?? 'unfinished match');
    return { seats: [r, r], ...counts };
  }
  const seat = (p: 0 | 1): LuckAdjustedSeat => {
    const start = mwcAtScore(met, first.score[0], first.score[1], match.matchLength, p, first.crawfordGame);
    const result = (winner === p ? 1 : 0) - start;
    const c = luck[p] - luck[p === 0 ? 1 : 0];
    return { result, luck: c, adjusted: result - c, reason: null };
  };
  return { seats: [seat(0), seat(1)], ...counts };
}
