/**
 * Backgammon board representation shared by the whole project.
 *
 * Each side's checkers are counted in that side's own numbering: `board[side][i]` is the number of `side`'s
 * checkers on its own point `i + 1` (point 1 = its ace point, it bears off from points 1..6) and
 * `board[side][24]` is the number of its checkers on the bar. Checkers borne off are not stored: they are
 * `15 − sum(board[side])`. A side's point `p` is the opponent's point `25 − p`.
 */

/** A player: 0 or 1. In XGID terms side 0 is the bottom player (upper-case letters). */
export type Side = 0 | 1;

/** board[side][i] = number of `side`'s checkers on ITS OWN point i+1 (i = 0..23, point 1 = its ace point,
 *  it bears off from points 1..6), board[side][24] = checkers on the bar. Checkers off = 15 − sum. */
export type Board = readonly [readonly number[], readonly number[]];

/** One checker hop, in the mover's own numbering: from 1..25 (25 = bar), to 0..24 (0 = borne off). */
export interface Hop {
  readonly from: number;
  readonly to: number;
}

/** Shared hop objects by from × 26 + to, made on first use. */
const HOPS: (Hop | undefined)[] = [];

/**
 * The hop from `from` to `to`, one object for each pair however many plays hold it (hops are read-only):
 * the readers' candidate lists repeat the same few hundred hops millions of times.
 */
export function sharedHop(from: number, to: number): Hop {
  const k = from * 26 + to;
  let h = HOPS[k];
  if (h === undefined) {
    h = { from, to };
    HOPS[k] = h;
  }
  return h;
}

/** A whole play: up to 4 hops (doubles), in the order played. Empty = no legal move (dance / blocked). */
export type Play = readonly Hop[];

/** Number of checkers each side has. */
export const CHECKERS_PER_SIDE = 15;

/** Index of the bar in a side's 25-entry array. */
export const BAR_INDEX = 24;

function startingSide(): number[] {
  const a = new Array<number>(25).fill(0);
  a[5] = 5; // 6-point
  a[7] = 3; // 8-point
  a[12] = 5; // mid-point (13)
  a[23] = 2; // back checkers (24)
  return a;
}

/**
 * The standard starting position: for each side 2 checkers on its 24-point, 5 on its 13-point, 3 on its
 * 8-point and 5 on its 6-point.
 *
 * @returns a fresh board (new arrays on every call)
 */
export function initialBoard(): Board {
  return [startingSide(), startingSide()];
}

/**
 * Converts a point number between the two sides' numberings.
 *
 * @param p - a point 1..24 in one side's numbering
 * @returns the same physical point in the other side's numbering (`25 − p`)
 */
export function opponentPoint(p: number): number {
  return 25 - p;
}

/**
 * Pip count of one side: the sum over its checkers of the distance still to travel (point number; a
 * checker on the bar counts 25).
 *
 * @param board - the position
 * @param side - whose pips to count
 * @returns the pip count (167 at the start)
 */
export function pipCount(board: Board, side: Side): number {
  const a = board[side];
  let pips = 0;
  for (let i = 0; i < 25; i++) pips += (i + 1) * (a[i] ?? 0);
  return pips;
}

/**
 * Number of checkers a side has borne off.
 *
 * @param board - the position
 * @param side - whose checkers to count
 * @returns `15 − (checkers on points 1..24 + bar)`
 */
export function checkersOff(board: Board, side: Side): number {
  const a = board[side];
  let n = 0;
  for (let i = 0; i < 25; i++) n += a[i] ?? 0;
  return CHECKERS_PER_SIDE - n;
}

/**
 * Canonical string for a position, for equality tests and Map keys. Two boards have the same key iff every
 * entry of both sides' arrays is equal. Format: side 0's 25 counts then '|' then side 1's 25 counts, each
 * count as one character `'A' + n`.
 *
 * @param board - the position
 * @returns a 51-character key
 */
export function boardKey(board: Board): string {
  return `${sideKey(board[0])}|${sideKey(board[1])}`;
}

/**
 * Key of one side's 25 counts, the building block of {@link boardKey}.
 *
 * @param a - a side's 25-entry array
 * @returns 25 characters, `'A' + count` each
 */
export function sideKey(a: ArrayLike<number>): string {
  return String.fromCharCode(
    65 + a[0]!,
    65 + a[1]!,
    65 + a[2]!,
    65 + a[3]!,
    65 + a[4]!,
    65 + a[5]!,
    65 + a[6]!,
    65 + a[7]!,
    65 + a[8]!,
    65 + a[9]!,
    65 + a[10]!,
    65 + a[11]!,
    65 + a[12]!,
    65 + a[13]!,
    65 + a[14]!,
    65 + a[15]!,
    65 + a[16]!,
    65 + a[17]!,
    65 + a[18]!,
    65 + a[19]!,
    65 + a[20]!,
    65 + a[21]!,
    65 + a[22]!,
    65 + a[23]!,
    65 + a[24]!,
  );
}

/**
 * Returns the other side.
 *
 * @param side - a side
 * @returns `1 − side`
 */
export function otherSide(side: Side): Side {
  return side === 0 ? 1 : 0;
}

/**
 * Builds a board from two 25-entry arrays (copied), checking shape and checker counts.
 *
 * @param side0 - side 0's counts (own numbering, index 24 = bar)
 * @param side1 - side 1's counts (own numbering, index 24 = bar)
 * @returns the board
 * @throws Error if an array is not 25 non-negative integers, a side has more than 15 checkers, or a point
 *   holds checkers of both sides
 */
export function makeBoard(side0: readonly number[], side1: readonly number[]): Board {
  const board: Board = [side0.slice(), side1.slice()];
  validateBoard(board);
  return board;
}

/**
 * Checks that a board is well formed: two arrays of 25 non-negative integers, at most 15 checkers per side,
 * no point occupied by both sides.
 *
 * @param board - the position to check
 * @throws Error describing the first problem found
 */
export function validateBoard(board: Board): void {
  for (const side of [0, 1] as const) {
    const a = board[side];
    if (a.length !== 25) throw new Error(`board side ${side} must have 25 entries, got ${a.length}`);
    let n = 0;
    for (let i = 0; i < 25; i++) {
      const c = a[i]!;
      if (!Number.isInteger(c) || c < 0) throw new Error(`board side ${side} index ${i}: bad count ${c}`);
      n += c;
    }
    if (n > CHECKERS_PER_SIDE) throw new Error(`board side ${side} has ${n} checkers (max 15)`);
  }
  for (let p = 1; p <= 24; p++) {
    if (board[0][p - 1]! > 0 && board[1][24 - p]! > 0) {
      throw new Error(`point ${p} (side 0 numbering) holds checkers of both sides`);
    }
  }
}
