/**
 * Doubles bias, overall and per score cell (spec/metrics.md §10; spec/classifier.md §4).
 *
 * Decisions: the player's cube-holder decisions counted in PR (a double, or a no-double inside XG's window
 * ND > 0 and ND − min(DT, DP) < 0.200) whose cell of the cube matrix is readable.
 *   x = +1  offer_premature (the bot does not double, or the position is too good)
 *   x = −1  offer_missed     x = 0  offer_right
 *   B = (P − M) / N with the interval and verdict of src/metrics/bias-estimator.ts (≥ 20 decisions).
 * Score cell = (player's away, opponent's away) at the decision, away = match length − score; a player
 * at 1-away (Crawford or post-Crawford) is 1; money play is the cell (0, 0). Each cell has the same
 * estimator and minimum. Costs of P and M: Σ e (mpt of equity).
 */
import { type CubeDirection, decisionCubeDirection } from '../classify/cube-direction.js';
import type { Decision, DecisionContext } from '../model/types.js';
import {
  addBiasRow,
  type BiasEstimate,
  type BiasTally,
  biasEstimate,
  emptyBiasTally,
} from './bias-estimator.js';
import { isCounted } from './counting.js';
import { cubeError } from './decision-error.js';

/** A score cell: the player's and the opponent's away scores; money = (0, 0). */
export interface ScoreCell {
  readonly away: number;
  readonly opponentAway: number;
}

/** The bias of one score cell. */
export interface ScoreCellBias extends ScoreCell {
  readonly estimate: BiasEstimate;
}

/** The doubles bias, overall and per score cell (cells sorted by away, then opponent's away). */
export interface DoublesBias {
  readonly overall: BiasEstimate;
  readonly byScore: readonly ScoreCellBias[];
}

/** The score cell of a decision (the decision maker's view). */
export function scoreCell(d: DecisionContext): ScoreCell {
  if (d.matchLength <= 0) return { away: 0, opponentAway: 0 };
  const me = d.score[d.player];
  const other = d.score[d.player === 0 ? 1 : 0];
  return {
    away: Math.max(1, d.matchLength - me),
    opponentAway: Math.max(1, d.matchLength - other),
  };
}

/**
 * The score cell of a decision's away scores as the library stores them (match length − score, null in money
 * play: src/library/rows.ts), the cell {@link scoreCell} gives the decision.
 */
export function scoreCellOfAways(away: number | null, opponentAway: number | null): ScoreCell {
  if (away === null || opponentAway === null) return { away: 0, opponentAway: 0 };
  return { away: Math.max(1, away), opponentAway: Math.max(1, opponentAway) };
}

/**
 * Running counts of the doubles bias: overall and by score cell, by the player's away then the opponent's
 * (numbers as keys, the tallies alone as values: `bdb biases` holds one per person and cell, 17,000 over
 * 10,000 matches, 3.7 MB when each had a text key and a cell object).
 */
export interface DoublesTally {
  readonly all: BiasTally;
  readonly cells: Map<number, Map<number, BiasTally>>;
}

/** An empty doubles tally. */
export function emptyDoublesTally(): DoublesTally {
  return { all: emptyBiasTally(), cells: new Map() };
}

/** Adds a decision to a doubles tally (a decision that is not a counted, readable offer is ignored). */
export function addDoubles(t: DoublesTally, d: Decision): void {
  if (d.kind !== 'cube' || (d.action !== 'double' && d.action !== 'no-double') || !isCounted(d)) return;
  const e = cubeError(d);
  if (e !== null) addDoublesCell(t, decisionCubeDirection(d), e, scoreCell(d));
}

/**
 * Adds a counted offer of error `e` (equity) by its cell of the cube matrix (null: unreadable, ignored) at
 * its score cell: the one rule of {@link addDoubles} and of the library's stored cells (src/report/biases.ts
 * `addStored`).
 */
export function addDoublesCell(
  t: DoublesTally,
  dir: CubeDirection | null,
  e: number,
  { away, opponentAway }: ScoreCell,
): void {
  if (dir === null) return;
  const x = dir === 'offer_premature' ? 1 : dir === 'offer_missed' ? -1 : 0;
  addBiasRow(t.all, x, e);
  let row = t.cells.get(away);
  if (!row) {
    row = new Map();
    t.cells.set(away, row);
  }
  let tally = row.get(opponentAway);
  if (!tally) {
    tally = emptyBiasTally();
    row.set(opponentAway, tally);
  }
  addBiasRow(tally, x, e);
}

/** The doubles bias of a tally. */
export function doublesOf(t: DoublesTally): DoublesBias {
  const byNumber = (a: [number, unknown], b: [number, unknown]): number => a[0] - b[0];
  const byScore: ScoreCellBias[] = [];
  for (const [away, row] of [...t.cells].sort(byNumber))
    for (const [opponentAway, tally] of [...row].sort(byNumber))
      byScore.push({ away, opponentAway, estimate: biasEstimate(tally) });
  return { overall: biasEstimate(t.all), byScore };
}

/** The doubles bias of one player's decisions (other decisions are ignored). */
export function doublesBias(decisions: Iterable<Decision>): DoublesBias {
  const t = emptyDoublesTally();
  for (const d of decisions) addDoubles(t, d);
  return doublesOf(t);
}
