/**
 * Blot bias (spec/metrics.md §10; spec/classifier.md §4 "Blots bias").
 *
 * Decisions: the player's checker plays counted in PR (not forced, scored) whose position before the play
 * has contact (src/classify/game-plan.ts `hasContact`; without contact a blot risks nothing, the play is
 * skipped, not counted as 0).
 *   free play (e rounds to 0 mpt)  x = 0, no board work
 *   otherwise                      x = sign(blots after played − blots after best)
 * blots = the mover's own single checkers on points 1..24 (src/classify/exposure.ts `blots`; bar, borne-off
 * checkers and the opponent's blots are not counted, exposure is not weighted — see exposure-bias.ts).
 * The boards after the played and the best (first) candidate are rebuilt with `applyPlay`. A play that
 * cannot be reproduced (a hop that cannot be applied, no best candidate) is "unread": it leaves N and is
 * counted apart, unread share = unread / (unread + N), null when both are 0.
 *   B = (P − M) / N with the interval and verdict of src/metrics/bias-estimator.ts (≥ 20 decisions).
 * Costs of P and M: Σ e (mpt of equity). Every row keeps the caller's reference (file, game, move, XGID)
 * so a report can trace the figure to its decisions.
 */

import { blots } from '../classify/exposure.js';
import { hasContact } from '../classify/game-plan.js';
import type { Board } from '../core/board.js';
import { applyPlay } from '../core/moves.js';
import type { CheckerDecision } from '../model/types.js';
import {
  addBiasRow,
  type BiasEstimate,
  type BiasTally,
  biasEstimate,
  emptyBiasTally,
} from './bias-estimator.js';
import { isCounted } from './counting.js';
import { checkerError, toMpt } from './decision-error.js';

/**
 * Rows as the biases keep them: an array, or any list that can be read in order and knows its length (the
 * CLI keeps long lists in a temporary file, src/cli/spill.ts).
 */
export interface RowList<T> extends Iterable<T> {
  readonly length: number;
}

/** A checker decision with the caller's reference to it. */
export interface BiasInput<R> {
  readonly decision: CheckerDecision;
  readonly ref: R;
}

/** The boards after the played and after the best play, or null when one cannot be rebuilt. */
export function boardsAfterPlayedAndBest(d: CheckerDecision): { played: Board; best: Board } | null {
  const best = d.candidates[0];
  if (!best) return null;
  try {
    return { played: applyPlay(d.board, d.player, d.played), best: applyPlay(d.board, d.player, best.play) };
  } catch {
    return null;
  }
}

/** Which rows a board bias reads: counted, contact; 'free' when the play cost nothing (e < 0.5 mpt). */
export function blotBiasRowKind(
  d: CheckerDecision,
): { kind: 'skip' } | { kind: 'free' | 'costly'; e: number } {
  if (!isCounted(d) || !hasContact(d.board)) return { kind: 'skip' };
  const e = checkerError(d);
  if (e === null) return { kind: 'skip' };
  return { kind: toMpt(e) <= 0 ? 'free' : 'costly', e };
}

/**
 * What both board biases read of a decision: its row kind and, for a play that cost something, the boards
 * after the played and the best play (null: not rebuilt, or not rebuildable). Made once per decision when
 * both biases are counted (src/report/biases.ts).
 */
export interface BoardBiasInput {
  readonly kind: ReturnType<typeof blotBiasRowKind>;
  readonly after: { played: Board; best: Board } | null;
}

export function boardBiasInput(d: CheckerDecision): BoardBiasInput {
  const kind = blotBiasRowKind(d);
  return { kind, after: kind.kind === 'costly' ? boardsAfterPlayedAndBest(d) : null };
}

/** One decision entering the blot bias. */
export interface BlotBiasRow<R> {
  readonly ref: R;
  readonly x: -1 | 0 | 1;
  /** e, equity. */
  readonly error: number;
  /** Blots after the played and after the best play; null for a free play (not rebuilt). */
  readonly blotsPlayed: number | null;
  readonly blotsBest: number | null;
}

/** The blot bias of one player's checker plays. */
export interface BlotBias<R> {
  readonly estimate: BiasEstimate;
  /** Plays that could not be reproduced (left out of N). */
  readonly unread: number;
  /** unread / (unread + N), null when both are 0. */
  readonly unreadShare: number | null;
  /** The rows and unread plays, when the reader keeps them (a collector may keep the figures only). */
  readonly rows: RowList<BlotBiasRow<R>>;
  readonly unreadRefs: RowList<R>;
}

/** Sign of a difference as −1, 0 or +1. */
export function sign(x: number): -1 | 0 | 1 {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/** What one decision gives a board bias: a row, an unread reference, or nothing (skipped). */
export type BiasItem<Row, R> = { readonly row: Row } | { readonly unread: R } | null;

/** One decision's part of the blot bias (computed as the decisions stream by; nothing of it is kept). */
export function blotBiasItem<R>(
  d: CheckerDecision,
  ref: R,
  { kind: k, after }: BoardBiasInput = boardBiasInput(d),
): BiasItem<BlotBiasRow<R>, R> {
  if (k.kind === 'skip') return null;
  if (k.kind === 'free') return { row: blotRow(ref, k.e, null) };
  if (after === null) return { unread: ref };
  return { row: blotRow(ref, k.e, [blots(after.played, d.player), blots(after.best, d.player)]) };
}

/**
 * The row of a play of error `e` (equity): free (`counts` null: x = 0, no board rebuilt) or with the blots
 * after the played and the best play. The one rule of {@link blotBiasItem} and of the counts the library
 * stored at import (src/library/rows.ts `boardBiasCells`).
 */
export function blotRow<R>(ref: R, e: number, counts: readonly [number, number] | null): BlotBiasRow<R> {
  if (counts === null) return { ref, x: 0, error: e, blotsPlayed: null, blotsBest: null };
  const [bp, bb] = counts;
  return { ref, x: sign(bp - bb), error: e, blotsPlayed: bp, blotsBest: bb };
}

/** Unread share = unread / (unread + N), null when both are 0 (the blot and exposure biases). */
export function unreadShare(unread: number, n: number): number | null {
  return unread + n === 0 ? null : unread / (unread + n);
}

/** The blot bias of a player's rows and unread plays. */
export function blotBiasOf<R>(rows: RowList<BlotBiasRow<R>>, unreadRefs: RowList<R>): BlotBias<R> {
  const t = emptyBiasTally();
  for (const r of rows) addBiasRow(t, r.x, r.error);
  return blotBiasFrom(t, unreadRefs.length, rows, unreadRefs);
}

/**
 * The blot bias of a tally its rows were added to as they came ({@link addBiasRow} with each row's x and e,
 * in order: the figures {@link blotBiasOf} gives for the same rows) and of its unread count; `rows` and
 * `unreadRefs` are the lists a reader keeps (empty when only the figures are wanted).
 */
export function blotBiasFrom<R>(
  t: BiasTally,
  unread: number,
  rows: RowList<BlotBiasRow<R>>,
  unreadRefs: RowList<R>,
): BlotBias<R> {
  return {
    estimate: biasEstimate(t),
    unread,
    unreadShare: unreadShare(unread, t.n),
    rows,
    unreadRefs,
  };
}

/** Splits the items of a player's decisions into rows and unread references. */
export function splitItems<Row, R>(items: Iterable<BiasItem<Row, R>>): { rows: Row[]; unread: R[] } {
  const rows: Row[] = [];
  const unread: R[] = [];
  for (const it of items) {
    if (it === null) continue;
    if ('row' in it) rows.push(it.row);
    else unread.push(it.unread);
  }
  return { rows, unread };
}

/** The blot bias of one player's checker plays (others are skipped as the header says). */
export function blotBias<R>(inputs: Iterable<BiasInput<R>>): BlotBias<R> {
  const { rows, unread } = splitItems([...inputs].map(({ decision, ref }) => blotBiasItem(decision, ref)));
  return blotBiasOf(rows, unread);
}
