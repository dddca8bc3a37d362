/**
 * Take/pass bias (spec/metrics.md §10; spec/classifier.md §4).
 *
 * Decisions: the player's counted cube responses (take or pass, counted in PR, with an error) whose cell
 * of the cube matrix is readable (src/classify/cube-direction.ts).
 *   x = +1  answer_wrong_take (the bot passes)      x = −1  answer_wrong_pass (the bot takes)
 *   x =  0  answer_right
 *   B = (P − M) / N  = the player's take rate − the bot's take rate on the same positions,
 *   with the interval and verdict of src/metrics/bias-estimator.ts (≥ 20 decisions).
 * Costs of P and M: Σ e (mpt of equity).
 */
import { type CubeDirection, decisionCubeDirection } from '../classify/cube-direction.js';
import type { Decision } from '../model/types.js';
import {
  addBiasRow,
  type BiasEstimate,
  type BiasTally,
  biasEstimate,
  emptyBiasTally,
} from './bias-estimator.js';
import { isCounted } from './counting.js';
import { cubeError } from './decision-error.js';

/** Adds a decision to a take/pass tally (a decision that is not a counted, readable response is ignored). */
export function addTakePass(t: BiasTally, d: Decision): void {
  if (d.kind !== 'cube' || (d.action !== 'take' && d.action !== 'pass') || !isCounted(d)) return;
  const e = cubeError(d);
  if (e !== null) addTakePassCell(t, decisionCubeDirection(d), e);
}

/**
 * Adds a counted response of error `e` (equity) by its cell of the cube matrix (null: unreadable, ignored):
 * the one rule of {@link addTakePass} and of the library's stored cells (src/report/biases.ts `addStored`).
 */
export function addTakePassCell(t: BiasTally, cell: CubeDirection | null, e: number): void {
  if (cell === null) return;
  addBiasRow(t, cell === 'answer_wrong_take' ? 1 : cell === 'answer_wrong_pass' ? -1 : 0, e);
}

/** The take/pass bias of one player's decisions (other decisions are ignored). */
export function takePassBias(decisions: Iterable<Decision>): BiasEstimate {
  const t = emptyBiasTally();
  for (const d of decisions) addTakePass(t, d);
  return biasEstimate(t);
}
