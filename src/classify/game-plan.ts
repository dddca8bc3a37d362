/**
 * Game-plan and game-phase classifiers (spec/classifier.md §1 and §1b; rule table in docs/themes.md).
 *
 * Both labels are derived from the board alone. The plan describes the side on roll; the phase is symmetric.
 *
 * Translation of blunderDB's numbering to ours: blunderDB writes its rules for the mover ("Black") on points
 * 1..24 with its home on 1..6, which is exactly the mover's own numbering here (`board[side][p − 1]`). The
 * opponent's ("White's") blunderDB point `p` is the opponent's own point `25 − p`. The bars are index 24 of
 * each side's array. So blunderDB's mirroring for White on roll is implicit: every helper below reads each
 * side in its own numbering.
 */
import { BAR_INDEX, type Board, CHECKERS_PER_SIDE, otherSide, pipCount, type Side } from '../core/board.js';

/** The ten game plans of classifier.md §1, in rule order (first match wins). */
export const GAME_PLANS = [
  'race',
  'bearin',
  'crunch',
  'backgame',
  'acepoint',
  'blitz',
  'primevprime',
  'mutualholding',
  'holding',
  'contact',
] as const;
export type GamePlan = (typeof GAME_PLANS)[number];

/** The four game phases of classifier.md §1b. */
export const GAME_PHASES = ['opening', 'middlegame', 'race', 'bearoff'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

/** crunch: at most this many mover checkers on points 3..24 + bar (gnubg CLASS_CRASHED). */
export const CRUNCH_ACTIVE_CHECKERS_MAX = 6;
/** blitz: at least this many made home-board points. */
export const BLITZ_HOME_POINTS_MIN = 3;
/** primevprime: both sides' longest prime at least this long. */
export const PRIME_LENGTH_MIN = 4;
/** acepoint: the mover is at least this many pips behind. */
export const ACE_POINT_PIP_DEFICIT_MIN = 20;
/** opening phase: each side has displaced at most this many checkers from its starting points. */
export const OPENING_DISPLACEMENT_MAX = 4;

/** Starting counts by own point (point → checkers), used by the opening-phase displacement. */
const START: readonly (readonly [number, number])[] = [
  [6, 5],
  [8, 3],
  [13, 5],
  [24, 2],
];

/** Checkers of `side` on its own point `p` (1..24; 25 = the bar). */
function at(board: Board, side: Side, p: number): number {
  return board[side][p - 1] ?? 0;
}

/**
 * The rearmost checker of a side in its own numbering: 25 if it has a checker on the bar, otherwise its
 * highest occupied point, 0 when nothing is left on the board.
 *
 * @param board - the position
 * @param side - whose checkers
 * @returns 0..25
 */
export function backmost(board: Board, side: Side): number {
  const a = board[side];
  for (let i = BAR_INDEX; i >= 0; i--) if ((a[i] ?? 0) > 0) return i + 1;
  return 0;
}

/**
 * Contact: the two sides' rearmost checkers have not crossed. blunderDB's noContact is
 * backmost(Black) < backmost(White) in Black's numbering, i.e. `backmost(s) < 25 − backmost(o)` here.
 *
 * @param board - the position
 * @returns true when some checker of one side may still meet a checker of the other
 */
export function hasContact(board: Board): boolean {
  return backmost(board, 0) + backmost(board, 1) >= 25;
}

/**
 * Number of made points (≥ 2 own checkers) of `side` on its own points lo..hi.
 *
 * @param board - the position
 * @param side - whose points
 * @param lo - first own point (1..24)
 * @param hi - last own point (1..24)
 * @returns the count
 */
export function madePoints(board: Board, side: Side, lo: number, hi: number): number {
  let n = 0;
  for (let p = lo; p <= hi; p++) if (at(board, side, p) >= 2) n++;
  return n;
}

/**
 * Longest run of consecutive made points of `side` on points 1..24.
 *
 * @param board - the position
 * @param side - whose prime
 * @returns 0..24
 */
export function longestPrime(board: Board, side: Side): number {
  let best = 0;
  let run = 0;
  for (let p = 1; p <= 24; p++) {
    if (at(board, side, p) >= 2) {
      run++;
      if (run > best) best = run;
    } else {
      run = 0;
    }
  }
  return best;
}

/** Checkers of `side` on its own points 3..24 plus the bar (classifier.md "activeCheckers"). */
function activeCheckers(board: Board, side: Side): number {
  let n = 0;
  for (let p = 3; p <= 25; p++) n += at(board, side, p);
  return n;
}

/**
 * trapped(X): the other side owns a made point in front of X's rearmost checker. In the other side's own
 * numbering that is a point q (1..24) with q > 25 − backmost(X).
 */
function trapped(board: Board, side: Side): boolean {
  const other = otherSide(side);
  const from = 26 - backmost(board, side);
  for (let q = Math.max(from, 1); q <= 24; q++) if (at(board, other, q) >= 2) return true;
  return false;
}

/**
 * The game plan of `side`, the side on roll (classifier.md §1; first matching rule wins):
 * race, bearin, crunch, backgame, acepoint, blitz, primevprime, mutualholding / holding, contact.
 *
 * blunderDB's rule 1 ("over": a side has borne off all 15) has no plan here: no decision is made in such a
 * position, and the race rule matches it (a side with no checker left has no contact).
 *
 * @param board - the position
 * @param side - the side on roll (whose plan)
 * @returns the plan token
 */
export function gamePlan(board: Board, side: Side): GamePlan {
  const opp = otherSide(side);
  // 2. race
  if (!hasContact(board)) return 'race';
  // 3. bearin: all mover checkers home (none on the bar) and the opponent holds an anchor in the mover's home
  //    (the opponent's own points 19..24).
  if (backmost(board, side) <= 6 && madePoints(board, opp, 19, 24) >= 1) return 'bearin';
  // 4. crunch
  if (activeCheckers(board, side) <= CRUNCH_ACTIVE_CHECKERS_MAX) return 'crunch';
  // 5. backgame: ≥ 2 mover anchors in the opponent's home (mover's own points 19..24)
  const anchors = madePoints(board, side, 19, 24);
  if (anchors >= 2) return 'backgame';
  // 6. acepoint: the only anchor is on the 24 point and the mover trails by ≥ 20 pips
  if (
    anchors === 1 &&
    at(board, side, 24) >= 2 &&
    pipCount(board, side) - pipCount(board, opp) >= ACE_POINT_PIP_DEFICIT_MIN
  ) {
    return 'acepoint';
  }
  // 7. blitz: ≥ 3 made home points and the opponent is on the bar or has a blot in the mover's home
  if (madePoints(board, side, 1, 6) >= BLITZ_HOME_POINTS_MIN) {
    let target = at(board, opp, 25) >= 1;
    for (let q = 19; q <= 24 && !target; q++) if (at(board, opp, q) === 1) target = true;
    if (target) return 'blitz';
  }
  // 8. primevprime
  if (
    longestPrime(board, side) >= PRIME_LENGTH_MIN &&
    longestPrime(board, opp) >= PRIME_LENGTH_MIN &&
    trapped(board, opp) &&
    trapped(board, side)
  ) {
    return 'primevprime';
  }
  // 9. holding / mutualholding: anchors on the mover's own 18..21 (the opponent's bar, 6, 5 and 4 points),
  //    answered by the opponent's anchors on its own 18..21.
  if (madePoints(board, side, 18, 21) >= 1) {
    return madePoints(board, opp, 18, 21) >= 1 ? 'mutualholding' : 'holding';
  }
  // 10. residual
  return 'contact';
}

/**
 * The game phase (classifier.md §1b), symmetric in the two sides:
 * - no contact: `bearoff` when every checker still on the board is in its own home board (points 1..6; a
 *   checker on the bar is not), else `race`;
 * - contact: `opening` when nothing is borne off, both bars are empty and each side has displaced at most
 *   {@link OPENING_DISPLACEMENT_MAX} checkers (Σ over its starting points of max(0, start − now)), else
 *   `middlegame`.
 *
 * @param board - the position
 * @param _side - the side on roll (ignored: the phase does not depend on it; kept for a uniform signature)
 * @returns the phase token
 */
export function gamePhase(board: Board, _side?: Side): GamePhase {
  if (!hasContact(board)) {
    return backmost(board, 0) <= 6 && backmost(board, 1) <= 6 ? 'bearoff' : 'race';
  }
  for (const s of [0, 1] as const) {
    const a = board[s];
    let onBoard = 0;
    for (let i = 0; i <= BAR_INDEX; i++) onBoard += a[i] ?? 0;
    if (onBoard !== CHECKERS_PER_SIDE || (a[BAR_INDEX] ?? 0) > 0) return 'middlegame';
    let displaced = 0;
    for (const [p, n] of START) displaced += Math.max(0, n - at(board, s, p));
    if (displaced > OPENING_DISPLACEMENT_MAX) return 'middlegame';
  }
  return 'opening';
}
