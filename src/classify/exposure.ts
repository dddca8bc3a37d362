/**
 * Blots and direct/indirect shots (docs/themes.md "Exposure").
 *
 * `shots(board, side)` counts the rolls (out of 36) with which the opponent of `side`, on roll, has at least
 * one legal play that hits a blot of `side`. The opponent's plays come from the legal-move search, so
 * entering from the bar, blocked points, the use-both-dice rule and the bear-off rules are all respected.
 *
 * Speed: a roll is only looked at when some opposing checker (or the opponent's bar) lies at a distance from
 * some blot that the roll could cover at all (a, b or a + b; d, 2d, 3d or 4d for doubles). It is then
 * settled by a search of its own ({@link hitsWithEveryDie}) where that is exact, else by the legal-move
 * generator. Results are cached by position.
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
 * The search of {@link hitsWithEveryDie}, on the hitter's checkers in its own numbering (index 24: its bar)
 * and, by the hitter's point 1..24 it would land on, whether the other side holds two or more checkers
 * there (`blocked`) or one (`blotAt`). A hit never changes `blocked`: a point the other side held with one
 * checker stays open.
 */
const mover = new Int8Array(25);
const blocked = new Uint8Array(25);
const blotAt = new Uint8Array(25);
/** The dice in the order they are played, and how many (2, or 4 for doubles). */
const hopDice = new Uint8Array(4);
let hopCount = 2;
let doubles = false;
/** Whether some sequence of hops played every die (whether it hit or not). */
let everyDie = false;

/**
 * Whether a sequence of hops from hop `depth` on, playing every die with a hop each, hits (`hit`: a hop
 * before it did). Checkers on the bar enter first; no hop bears off. For doubles the sources do not
 * increase (`maxFrom`): any order of the same hops reaches the same end.
 */
function hitFrom(depth: number, maxFrom: number, hit: boolean): boolean {
  if (depth === hopCount) {
    everyDie = true;
    return hit;
  }
  const die = hopDice[depth]!;
  if (mover[24]! > 0) {
    const to = 25 - die;
    if (blocked[to] === 1) return false;
    mover[24]!--;
    mover[to - 1]!++;
    const found = hitFrom(depth + 1, 25, hit || blotAt[to] === 1);
    mover[to - 1]!--;
    mover[24]!++;
    return found;
  }
  for (let from = Math.min(maxFrom, 24); from > die; from--) {
    if (mover[from - 1] === 0) continue;
    const to = from - die;
    if (blocked[to] === 1) continue;
    mover[from - 1]!--;
    mover[to - 1]!++;
    const found = hitFrom(depth + 1, doubles ? from : 25, hit || blotAt[to] === 1);
    mover[to - 1]!--;
    mover[from - 1]!++;
    if (found) return true;
  }
  return false;
}

/**
 * Whether the hitter, with the dice (a, b), has a sequence of hops that plays every die (two hops, four for
 * doubles) and hits a blot: then some legal play hits, as a play of every die is legal whatever else is
 * found (no play uses more dice, and such plays use the same pips). Hops bearing off are not tried, so
 * `false` is the answer only when {@link everyDie} is set afterwards (every die can be played: the legal
 * plays are those sequences) and no sequence can bear off: the hitter has at least as many checkers out of
 * its home board (or on the bar) as there are hops, a hop brings at most one of them home, so one is still
 * out at every hop, and bearing off needs none out. The mover's checkers must be loaded into {@link mover}.
 */
function hitsWithEveryDie(a: number, b: number): boolean {
  everyDie = false;
  if (a === b) {
    doubles = true;
    hopCount = 4;
    hopDice.fill(a);
    return hitFrom(0, 25, false);
  }
  doubles = false;
  hopCount = 2;
  hopDice[0] = a;
  hopDice[1] = b;
  if (hitFrom(0, 25, false)) return true;
  hopDice[0] = b;
  hopDice[1] = a;
  return hitFrom(0, 25, false);
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
  // the hitter's checkers, and the points it lands on (its own numbering: `side`'s point 25 − t)
  let outside = 0;
  for (let i = 0; i < 25; i++) {
    const n = theirs[i] ?? 0;
    mover[i] = n;
    if (i >= 6) outside += n;
  }
  for (let t = 1; t <= 24; t++) {
    const n = mine[24 - t] ?? 0;
    blocked[t] = n >= 2 ? 1 : 0;
    blotAt[t] = n === 1 ? 1 : 0;
  }
  let total = 0;
  for (const [a, b, w] of ROLLS) {
    const reach =
      a === b ? dist[a] || dist[2 * a] || dist[3 * a] || dist[4 * a] : dist[a] || dist[b] || dist[a + b];
    if (!reach) continue;
    if (hitsWithEveryDie(a, b)) total += w;
    else if (everyDie && outside >= hopCount) continue;
    else if (anyLegalPlayHits(board, opp, a, b)) total += w;
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, total);
  return total;
}
