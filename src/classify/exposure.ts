/**
 * Blots and direct/indirect shots (docs/themes.md "Exposure").
 *
 * `shots(board, side)` counts the rolls (out of 36) with which the opponent of `side`, on roll, has at least
 * one legal play that hits a blot of `side`. The opponent's plays come from the legal-move search, so
 * entering from the bar, blocked points, the use-both-dice rule and the bear-off rules are all respected.
 *
 * Speed: a roll is only handed to the generator when some opposing checker (or the opponent's bar) lies at a
 * distance from some blot that the roll could cover at all (a, b or a + b; d, 2d, 3d or 4d for doubles).
 * Results are cached by position.
 */
import { BAR_INDEX, type Board, boardKey, otherSide, type Side } from '../core/board.js';
import { anyLegalPlayHits } from '../core/moves.js';

/**
 * Number of blots of `side`: its own points 1..24 holding exactly one of its checkers. The bar never counts.
 *
 * @param board - the position
 * @param side - whose blots
 * @returns 0..15
 */
export function blots(board: Board, side: Side): number {
  const a = board[side];
  let n = 0;
  for (let i = 0; i < 24; i++) if (a[i] === 1) n++;
  return n;
}

/**
 * The points (own numbering of `side`, ascending) that hold a blot of `side`.
 *
 * @param board - the position
 * @param side - whose blots
 * @returns the points 1..24 holding exactly one checker of `side`
 */
export function blotPoints(board: Board, side: Side): number[] {
  const a = board[side];
  const r: number[] = [];
  for (let i = 0; i < 24; i++) if (a[i] === 1) r.push(i + 1);
  return r;
}

/** The 21 distinct rolls with their weight out of 36. */
const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const r: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) r.push([a, b, a === b ? 1 : 2]);
  return r;
})();

/** Bounded cache: boardKey + side → shots. Cleared wholesale when full. */
const CACHE_MAX = 100_000;
const cache = new Map<string, number>();

/** Empties the shots cache (for benchmarks and tests). */
export function clearShotsCache(): void {
  cache.clear();
}

/**
 * Number of the 36 rolls with which the opponent of `side` can hit at least one blot of `side` (a roll
 * counts when ANY legal play of the opponent with it hits). 0 when `side` has no blot.
 *
 * @param board - the position (the opponent of `side` is assumed to be on roll)
 * @param side - whose blots are exposed
 * @returns 0..36
 */
export function shots(board: Board, side: Side): number {
  const mine = board[side];
  let anyBlot = false;
  for (let i = 0; i < 24; i++) {
    if (mine[i] === 1) {
      anyBlot = true;
      break;
    }
  }
  if (!anyBlot) return 0;
  const key = `${boardKey(board)}${side}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;

  const opp = otherSide(side);
  const theirs = board[opp];
  // Distances (1..24) from an opposing checker (or the opponent's bar) forward to a blot. A blot on `side`'s
  // own point p is the opponent's own point 25 − p; an opposing checker on its own point q (25 = bar) reaches
  // it by moving q − (25 − p) pips.
  const dist = new Uint8Array(25);
  for (let p = 1; p <= 24; p++) {
    if (mine[p - 1] !== 1) continue;
    const target = 25 - p;
    for (let q = target + 1; q <= 25; q++) {
      const n = q === 25 ? theirs[BAR_INDEX] : theirs[q - 1];
      if ((n ?? 0) > 0) dist[q - target] = 1;
    }
  }
  let total = 0;
  for (const [a, b, w] of ROLLS) {
    const reach =
      a === b ? dist[a] || dist[2 * a] || dist[3 * a] || dist[4 * a] : dist[a] || dist[b] || dist[a + b];
    if (!reach) continue;
    if (anyLegalPlayHits(board, opp, a, b)) total += w;
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, total);
  return total;
}
