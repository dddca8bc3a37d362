/**
 * PR of the first ten decisions of each game (`prFirst10` in `bdb stats --json`; docs/glossary.md): how well
 * a player plays the opening stretch of a game, on XG's PR scale (spec/metrics.md §2.1).
 *
 *   prFirst10 = 500 × Σ e / n
 *
 * Numerator: the errors e (equity, §1.2) of the player's first ten counted decisions of each game, in the
 * order they were made; denominator n: how many those are (ten per game, fewer in a game where the player
 * made fewer). Counted as in PR (§2.2, src/metrics/counting.ts): unforced checker plays whose played move is
 * scored, doubles, takes, passes, no-doubles inside XG's window; a decision that does not count does not
 * use up one of the ten. n = 0 → null (n/a), never 0. Sums over matches are exact (src/metrics/exact-sum.ts),
 * so the figure does not depend on the order matches are merged in.
 */
import type { Figure } from './accumulator.js';
import { addExact, type ExactSum, exactValue, mergeExact } from './exact-sum.js';
import { performanceRating } from './pr.js';

/** Decisions of each game taken. */
export const FIRST_DECISIONS = 10;

/** Σe (equity) and the count of the first counted decisions of each game. */
export interface PrFirstTenState {
  error: ExactSum;
  decisions: number;
}

export const prFirst10: Figure<'prFirst10', PrFirstTenState, number | null> = {
  id: 'prFirst10',
  inStatsJson: true,
  empty: () => ({ error: [], decisions: 0 }),
  add(s, seat) {
    let error = 0;
    let game = -1;
    let taken = 0;
    for (const d of seat.decisions) {
      if (!d.counted || d.error === null) continue;
      if (d.game !== game) [game, taken] = [d.game, 0];
      if (taken === FIRST_DECISIONS) continue;
      taken++;
      error += d.error;
      s.decisions++;
    }
    addExact(s.error, error);
    return s;
  },
  merge(into, from) {
    mergeExact(into.error, from.error);
    into.decisions += from.decisions;
    return into;
  },
  finish: (s) => performanceRating(exactValue(s.error), s.decisions),
  sample: () => ({ error: [0], decisions: 0 }),
};
