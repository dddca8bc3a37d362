/**
 * The `like` distance between two positions (spec/classifier.md §6; spec/metrics.md §8).
 *
 * Each side is a 26-bin distribution seen from the side on roll, in that side's own direction of travel:
 *   bin 0     borne off = max(0, 15 − checkers on the board and the bar)
 *   bin 1..24 the side's checkers on its own points 1..24 (1 = its ace point)
 *   bin 25    its checkers on the bar
 * so both distributions carry 15 checkers. With F(k) = Σ_{i ≤ k} bin(i), the prefix sums,
 *
 *   distance(A, B) = Σ_{side ∈ mover, opponent} Σ_{k=0..25} |F_A(k) − F_B(k)|
 *
 * the 1-D optimal-transport (Wasserstein-1) cost, an integer in checker-pips (one roll moves 8–16).
 * Dice, score and cube are not part of it; 0 means the same arrangement.
 *
 * Segment totals for a grid index: per side, S_in = Σ_{k=0..12} F(k) and S_out = Σ_{k=13..25} F(k). By the
 * triangle inequality |S_A − S_B| ≤ Σ over the segment of |F_A(k) − F_B(k)|, so the sum of the four
 * differences of segment totals is ≤ the distance: two positions within ρ differ by ≤ ρ on each total.
 */
import type { Board, Side } from '../core/board.js';

/** Bins per side. */
export const LIKE_BINS = 26;

/** A position for the distance: the prefix sums F of the mover (0..25) then of the opponent (26..51). */
export type LikeVector = Int16Array;

function fillSide(out: Int16Array, offset: number, a: readonly number[]): void {
  let onBoard = 0;
  for (let i = 0; i < 25; i++) onBoard += a[i] ?? 0;
  let f = Math.max(0, 15 - onBoard);
  out[offset] = f;
  for (let p = 1; p <= 24; p++) {
    f += a[p - 1] ?? 0;
    out[offset + p] = f;
  }
  out[offset + 25] = f + (a[24] ?? 0);
}

/** The distance vector of a position seen from `onRoll`. */
export function likeVector(board: Board, onRoll: Side): LikeVector {
  const v = new Int16Array(2 * LIKE_BINS);
  fillSide(v, 0, board[onRoll]);
  fillSide(v, LIKE_BINS, board[onRoll === 0 ? 1 : 0]);
  return v;
}

/** The `like` distance of two vectors (checker-pips). */
export function likeVectorDistance(a: LikeVector, b: LikeVector): number {
  let d = 0;
  for (let k = 0; k < 2 * LIKE_BINS; k++) {
    const x = a[k]! - b[k]!;
    d += x < 0 ? -x : x;
  }
  return d;
}

/** The `like` distance of two positions, each seen from its side on roll. */
export function likeDistance(a: Board, aOnRoll: Side, b: Board, bOnRoll: Side): number {
  return likeVectorDistance(likeVector(a, aOnRoll), likeVector(b, bOnRoll));
}

/** Largest segment total: 13 prefix sums of at most 15 checkers. */
export const SEGMENT_TOTAL_MAX = 13 * 15;

/** The four segment totals [mover in, mover out, opponent in, opponent out] of a vector. */
export function segmentTotals(v: LikeVector): [number, number, number, number] {
  const t: [number, number, number, number] = [0, 0, 0, 0];
  for (let side = 0; side < 2; side++) {
    const o = side * LIKE_BINS;
    let inner = 0;
    let outer = 0;
    for (let k = 0; k <= 12; k++) inner += v[o + k]!;
    for (let k = 13; k <= 25; k++) outer += v[o + k]!;
    t[2 * side] = inner;
    t[2 * side + 1] = outer;
  }
  return t;
}
