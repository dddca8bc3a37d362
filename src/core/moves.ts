/**
 * Legal-move generation, play application and gnuBG-style play formatting.
 *
 * Rules implemented (standard backgammon): a checker on the bar must enter before any other checker moves;
 * a checker may not land on a point held by two or more opposing checkers; landing on a single opposing
 * checker hits it (it goes to the opponent's bar); bearing off is allowed only when all of the mover's
 * checkers are on points 1..6 (or already off), with the exact number, or with a larger number from the
 * highest occupied point; as many dice as possible must be used, and when only one die of a non-double can
 * be used the larger one must be used if it can. Like gnuBG's GenerateMoves, plays are deduplicated by the
 * resulting position and filtered to the maximum (dice used, pips used).
 */
import { BAR_INDEX, type Board, type Hop, type Play, type Side, sideKey } from './board.js';
import { formatHops } from './move-notation.js';

/** A legal play with the position it produces. */
export interface LegalPlay {
  readonly play: Play;
  readonly result: Board;
  /** boardKey(result) */
  readonly key: string;
}

// ---------------------------------------------------------------------------------------------------------
// Generator state. JavaScript is single-threaded and the generator never calls out to user code, so one set
// of module-level scratch buffers is reused by every call (no per-hop allocation).
// ---------------------------------------------------------------------------------------------------------

/** Mover's checkers, own numbering: index i = point i+1, index 24 = bar. */
const me = new Int8Array(25);
/** Opponent's checkers, opponent's own numbering. Mover's point q is opponent index 24 − q. */
const opp = new Int8Array(25);
/** Dice in the order being tried. */
const dice = new Int8Array(4);
/** Hop stack of the sequence being explored. */
const hopFrom = new Int8Array(4);
const hopTo = new Int8Array(4);
const hopHit = new Uint8Array(4);

/**
 * Zobrist tables: a random 32-bit value per (array, index, count), 0 for count 0. The XOR over all entries is a
 * hash of the position, kept up to date hop by hop. A hash match is always confirmed by comparing the boards.
 */
const ZME = new Int32Array(25 * 16);
const ZOPP = new Int32Array(25 * 16);
{
  let a = 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return t ^ (t >>> 14);
  };
  for (let i = 0; i < 25 * 16; i++) {
    ZME[i] = i % 16 === 0 ? 0 : next();
    ZOPP[i] = i % 16 === 0 ? 0 : next();
  }
}

/** Shared immutable Hop objects, index from * 25 + to. */
const HOPS: Hop[] = [];
for (let from = 0; from <= 25; from++) for (let to = 0; to < 25; to++) HOPS.push({ from, to });

let nDice = 0;
let isDouble = false;
/** Mover's checkers on points 7..24 or on the bar; bearing off needs 0. */
let outside = 0;
let hash = 0;
let genSide: Side = 0;
/** The opponent's array of the input board and its key, reused by results that hit nothing. */
let oppInput: readonly number[] = [];
let oppInputKey = '';
let bestDepth = 0;
let bestPips = 0;
const seen = new Map<number, number>();
let found: LegalPlay[] = [];

function loadBoard(board: Board, side: Side): void {
  const a = board[side];
  const b = board[side === 0 ? 1 : 0];
  let out = 0;
  let h = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < 25; i++) {
    const c = a[i]!;
    const o = b[i]!;
    if (!(c >= 0 && o >= 0)) throw new Error(`invalid board: negative or non-numeric count at index ${i}`);
    na += c;
    nb += o;
    me[i] = c;
    opp[i] = o;
    h ^= ZME[i * 16 + c]! ^ ZOPP[i * 16 + o]!;
    if (i >= 6) out += c;
  }
  if (na > 15 || nb > 15) throw new Error(`invalid board: more than 15 checkers for a side (${na}, ${nb})`);
  outside = out;
  hash = h;
  oppInput = b;
  oppInputKey = '';
}

/** True iff the mover may move a checker from `from` (1..24, not the bar) with `die`. */
function canMove(from: number, die: number): boolean {
  const to = from - die;
  if (to >= 1) return opp[24 - to]! < 2;
  // Bearing off.
  if (outside !== 0) return false;
  if (to === 0) return true;
  for (let i = from; i < 6; i++) if (me[i]! > 0) return false;
  return true;
}

/** Adds `delta` to me[i], keeping the hash current. */
function bumpMe(i: number, delta: number): void {
  const c = me[i]!;
  hash ^= ZME[i * 16 + c]! ^ ZME[i * 16 + c + delta]!;
  me[i] = c + delta;
}

/** Sets opp[i] to `v`, keeping the hash current. */
function setOpp(i: number, v: number): void {
  hash ^= ZOPP[i * 16 + opp[i]!]! ^ ZOPP[i * 16 + v]!;
  opp[i] = v;
}

/** Plays one hop on the scratch boards and pushes it on the hop stack. `to` may be 0 (off). */
function doHop(depth: number, from: number, to: number): void {
  bumpMe(from - 1, -1);
  let hit = 0;
  if (to >= 1) {
    bumpMe(to - 1, 1);
    const oi = 24 - to;
    if (opp[oi] === 1) {
      setOpp(oi, 0);
      setOpp(BAR_INDEX, opp[BAR_INDEX]! + 1);
      hit = 1;
    }
    if (from > 6 && to <= 6) outside--;
  }
  hopFrom[depth] = from;
  hopTo[depth] = to;
  hopHit[depth] = hit;
}

/** Undoes the hop at `depth` of the hop stack. */
function undoHop(depth: number): void {
  const from = hopFrom[depth]!;
  const to = hopTo[depth]!;
  bumpMe(from - 1, 1);
  if (to >= 1) {
    bumpMe(to - 1, -1);
    if (hopHit[depth] === 1) {
      setOpp(24 - to, 1);
      setOpp(BAR_INDEX, opp[BAR_INDEX]! - 1);
    }
    if (from > 6 && to <= 6) outside++;
  }
}

function toArray(a: Int8Array): number[] {
  const r: number[] = [];
  for (let i = 0; i < 25; i++) r.push(a[i]!);
  return r;
}

/** True iff the scratch position equals the result of `lp`. */
function sameAsScratch(lp: LegalPlay): boolean {
  const m = lp.result[genSide];
  const o = lp.result[genSide === 0 ? 1 : 0];
  for (let i = 0; i < 25; i++) if (m[i] !== me[i] || o[i] !== opp[i]) return false;
  return true;
}

/** The search only asks whether some legal play hits ({@link anyLegalPlayHits}): no play is materialised. */
let hitsOnly = false;
/** In {@link hitsOnly} mode: whether a sequence of the best (depth, pips) so far hits. */
let bestHits = false;
/**
 * In {@link hitsOnly} mode: the answer is known, the search stops. A sequence playing every die (`nDice`
 * hops) is legal whatever else is found, as no play uses more dice and all such sequences use the same pips;
 * so the first such sequence that hits settles it.
 */
let settled = false;

/**
 * The search only asks which legal play reaches one position ({@link legalPlayTo}): the mover's and the
 * opponent's checkers there, and their hash. No other play is materialised.
 */
let toTarget = false;
const targetMe = new Int8Array(25);
const targetOpp = new Int8Array(25);
let targetHash = 0;
/** In {@link toTarget} mode: the first sequence of the best (depth, pips) so far reaching the target, or null. */
let targetPlay: Hop[] | null = null;

/** True iff the scratch position is the target's. */
function atTarget(): boolean {
  if (hash !== targetHash) return false;
  for (let i = 0; i < 25; i++) if (me[i] !== targetMe[i] || opp[i] !== targetOpp[i]) return false;
  return true;
}

/** Records the current scratch position as the end of a sequence of `depth` hops using `pips` pips. */
function record(depth: number, pips: number): void {
  if (depth < bestDepth || (depth === bestDepth && pips < bestPips)) return;
  if (toTarget) {
    if (depth > bestDepth || pips > bestPips) {
      bestDepth = depth;
      bestPips = pips;
      targetPlay = null;
    }
    if (targetPlay === null && atTarget()) {
      const play: Hop[] = [];
      for (let i = 0; i < depth; i++) play.push(HOPS[hopFrom[i]! * 25 + hopTo[i]!]!);
      targetPlay = play;
      // a sequence of every die is legal whatever else is found (see `settled`)
      if (depth === nDice) settled = true;
    }
    return;
  }
  if (hitsOnly) {
    let hit = false;
    for (let i = 0; i < depth; i++) if (hopHit[i] === 1) hit = true;
    if (depth > bestDepth || pips > bestPips) {
      bestDepth = depth;
      bestPips = pips;
      bestHits = hit;
    } else if (hit) bestHits = true;
    if (hit && depth === nDice) settled = true;
    return;
  }
  if (depth > bestDepth || pips > bestPips) {
    bestDepth = depth;
    bestPips = pips;
    if (found.length > 0) {
      found = [];
      seen.clear();
    }
  }
  const first = seen.get(hash);
  if (first !== undefined) {
    if (sameAsScratch(found[first]!)) return;
    // Hash collision between different positions (astronomically rare): fall back to a full scan.
    for (const lp of found) if (sameAsScratch(lp)) return;
  } else {
    seen.set(hash, found.length);
  }
  const play: Hop[] = [];
  let hits = 0;
  for (let i = 0; i < depth; i++) {
    play.push(HOPS[hopFrom[i]! * 25 + hopTo[i]!]!);
    hits += hopHit[i]!;
  }
  const m = toArray(me);
  const mk = sideKey(m);
  let o: readonly number[];
  let ok: string;
  if (hits === 0) {
    o = oppInput;
    if (oppInputKey === '') oppInputKey = sideKey(oppInput);
    ok = oppInputKey;
  } else {
    o = toArray(opp);
    ok = sideKey(o);
  }
  found.push(
    genSide === 0
      ? { play, result: [m, o], key: `${mk}|${ok}` }
      : { play, result: [o, m], key: `${ok}|${mk}` },
  );
}

/**
 * Depth-first search over hop sequences. `maxFrom` bounds the source point: for doubles, hops are generated
 * with non-increasing source points (any set of equal hops can be reordered that way without changing
 * legality or result), which avoids exploring permutations of the same hops.
 */
function search(depth: number, maxFrom: number, pips: number): void {
  if (depth === nDice) {
    record(depth, pips);
    return;
  }
  const die = dice[depth]!;
  let moved = false;
  if (me[BAR_INDEX]! > 0) {
    // Must enter: from the bar with `die` lands on own point 25 − die = opponent's point `die`.
    if (opp[die - 1]! < 2) {
      doHop(depth, 25, 25 - die);
      search(depth + 1, 25, pips + die);
      undoHop(depth);
      moved = true;
    }
  } else {
    for (let from = Math.min(maxFrom, 24); from >= 1 && !settled; from--) {
      if (me[from - 1]! === 0 || !canMove(from, die)) continue;
      const to = from - die;
      doHop(depth, from, Math.max(to, 0));
      search(depth + 1, isDouble ? from : 25, pips + die);
      undoHop(depth);
      moved = true;
    }
  }
  if (!moved) record(depth, pips);
}

function checkDie(d: number): void {
  if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`invalid die ${d} (must be 1..6)`);
}

/**
 * Runs the search for `side` with dice (d1, d2) from `board`: doubles once (four hops, non-increasing
 * sources), other rolls with the larger die first, then the smaller first.
 */
function searchAll(board: Board, side: Side, d1: number, d2: number): void {
  checkDie(d1);
  checkDie(d2);
  genSide = side;
  bestDepth = 1;
  bestPips = 0;
  loadBoard(board, side);
  if (d1 === d2) {
    isDouble = true;
    nDice = 4;
    dice.fill(d1);
    search(0, 25, 0);
  } else {
    isDouble = false;
    nDice = 2;
    const hi = Math.max(d1, d2);
    const lo = Math.min(d1, d2);
    dice[0] = hi;
    dice[1] = lo;
    search(0, 25, 0);
    if (settled) return;
    dice[0] = lo;
    dice[1] = hi;
    search(0, 25, 0);
  }
}

/** All legal plays for `side` with dice (d1, d2), deduplicated by resulting position (as gnuBG's GenerateMoves
 *  does: two hop sequences reaching the same position are ONE legal play; keep the first found). Rules: must use
 *  both dice if at all possible; if only one die can be played, the larger must be played when possible; doubles
 *  play up to four; a checker on the bar must enter first (entering on opponent's home board: from 25 with die d
 *  lands on point 25 − d, blocked if the opponent has ≥ 2 checkers there, i.e. opponent's own point d);
 *  bearing off only when all 15 are in the home board (points 1..6) or off; bear off with exact die, or with a
 *  larger die from the highest occupied point only; landing on a single opponent checker hits it (it goes to
 *  the opponent's bar, index 24 of the opponent's array). Returns [] when nothing can be played. Must be the
 *  maximum-dice rule: a play using fewer dice is illegal if some play uses more.
 *
 *  Search order (which decides the "first found" representative of a position): for a non-double the larger
 *  die is tried first, then the smaller die first; within each, source points go from the bar / highest point
 *  down to the ace point. For doubles, hops are generated with non-increasing source points.
 *
 *  The returned boards are immutable snapshots; to save allocations, a result in which nothing was hit shares
 *  the opponent's array with the input board (so do not mutate the input board afterwards).
 *
 * @param board - the position (not modified)
 * @param side - the player to move
 * @param d1 - first die, 1..6
 * @param d2 - second die, 1..6
 * @returns the legal plays, one per distinct resulting position
 * @throws Error if a die is not an integer 1..6
 */
export function legalPlays(board: Board, side: Side, d1: number, d2: number): LegalPlay[] {
  found = [];
  seen.clear();
  searchAll(board, side, d1, d2);
  const result = found;
  found = [];
  seen.clear();
  oppInput = [];
  return result;
}

/**
 * Whether some legal play of `side` with dice (d1, d2) hits an opposing blot: the same rules and search as
 * {@link legalPlays} (a sequence counts only when it uses as many dice, and pips, as the legal plays must),
 * without making the plays. What `shots` asks for each roll.
 *
 * @param board - the position (not modified)
 * @param side - the player to move
 * @param d1 - first die, 1..6
 * @param d2 - second die, 1..6
 * @returns true when at least one legal play hits
 */
export function anyLegalPlayHits(board: Board, side: Side, d1: number, d2: number): boolean {
  hitsOnly = true;
  try {
    bestHits = false;
    settled = false;
    searchAll(board, side, d1, d2);
    return bestHits;
  } finally {
    hitsOnly = false;
    settled = false;
    oppInput = [];
  }
}

/**
 * The legal play of `side` with dice (d1, d2) that reaches `target`, as {@link legalPlays} gives it (the
 * first sequence of hops its search finds to that position), or null when no legal play reaches it: the same
 * rules and search, without making the other plays. What the readers ask of a play written in hops of
 * several dice ('24/20' for 2-2), whose position they know.
 *
 * @param board - the position (not modified)
 * @param side - the player to move
 * @param d1 - first die, 1..6
 * @param d2 - second die, 1..6
 * @param target - the position after the play
 * @returns the play in hops of one die each, or null
 */
export function legalPlayTo(board: Board, side: Side, d1: number, d2: number, target: Board): Play | null {
  const t = target[side];
  const o = target[side === 0 ? 1 : 0];
  let h = 0;
  for (let i = 0; i < 25; i++) {
    const c = t[i]!;
    const v = o[i]!;
    // a count the search never makes: no play reaches it
    if (!(c >= 0 && c <= 15 && v >= 0 && v <= 15)) return null;
    targetMe[i] = c;
    targetOpp[i] = v;
    h ^= ZME[i * 16 + c]! ^ ZOPP[i * 16 + v]!;
  }
  targetHash = h;
  toTarget = true;
  try {
    targetPlay = null;
    settled = false;
    searchAll(board, side, d1, d2);
    return targetPlay;
  } finally {
    toTarget = false;
    settled = false;
    targetPlay = null;
    oppInput = [];
  }
}

function hopError(hop: Hop, index: number, why: string): Error {
  return new Error(`hop ${index + 1} (${hop.from}/${hop.to}): ${why}`);
}

/** Applies one hop to mutable arrays (mover `a`, opponent `b`); returns true if it hit. Throws if impossible. */
function applyHop(a: number[], b: number[], hop: Hop, index: number): boolean {
  const { from, to } = hop;
  if (!Number.isInteger(from) || from < 1 || from > 25) {
    throw hopError(hop, index, "'from' must be an integer 1..25 (25 = bar)");
  }
  if (!Number.isInteger(to) || to < 0 || to > 24) {
    throw hopError(hop, index, "'to' must be an integer 0..24 (0 = off)");
  }
  if (to >= from) throw hopError(hop, index, 'a checker must move forward (to < from)');
  if (a[from - 1]! <= 0) {
    throw hopError(hop, index, `no checker on ${from === 25 ? 'the bar' : `point ${from}`}`);
  }
  let hit = false;
  if (to === 0) {
    for (let i = 6; i < 25; i++) {
      if (a[i]! > 0) {
        const where = i === 24 ? 'the bar' : `point ${i + 1}`;
        throw hopError(hop, index, `bearing off not allowed, a checker is on ${where}`);
      }
    }
    a[from - 1]!--;
  } else {
    const oi = 24 - to;
    const o = b[oi]!;
    if (o >= 2) throw hopError(hop, index, `point ${to} is blocked (${o} opposing checkers)`);
    a[from - 1]!--;
    a[to - 1]!++;
    if (o === 1) {
      b[oi] = 0;
      b[BAR_INDEX]!++;
      hit = true;
    }
  }
  return hit;
}

/** Applies a play hop by hop, hitting blots; throws a plain Error with a clear message if a hop is impossible
 *  (no checker on `from`, destination blocked, bearing off not allowed). Does NOT check the dice.
 *
 *  It also does not check that checkers on the bar are entered before other hops (plays read from records may
 *  list hops in any order); use {@link isLegalPlay} for a full legality check.
 *
 * @param board - the position (not modified)
 * @param side - the player making the play
 * @param play - the hops, in the order played
 * @returns the new position
 * @throws Error if a hop is out of range or impossible
 */
export function applyPlay(board: Board, side: Side, play: Play): Board {
  const a = board[side].slice();
  const b = board[side === 0 ? 1 : 0].slice();
  for (let i = 0; i < play.length; i++) applyHop(a, b, play[i]!, i);
  return side === 0 ? [a, b] : [b, a];
}

/** Scratch sides of {@link checkPlay}. */
const checkMine = new Array<number>(25).fill(0);
const checkTheirs = new Array<number>(25).fill(0);

/**
 * Throws as {@link applyPlay} does when a hop of `play` is impossible, on scratch copies of the board: for a
 * caller that needs the check, not the board after (the library writes a play per decision it stores).
 */
function checkPlay(board: Board, side: Side, play: Play): void {
  const mine = board[side];
  const theirs = board[side === 0 ? 1 : 0];
  for (let i = 0; i < 25; i++) {
    checkMine[i] = mine[i]!;
    checkTheirs[i] = theirs[i]!;
  }
  for (let i = 0; i < play.length; i++) applyHop(checkMine, checkTheirs, play[i]!, i);
}

/** One-entry cache for {@link isLegalPlay}: validating several plays of the same roll reuses one generation. */
let legalCacheId = '';
let legalCacheKeys = new Set<string>();

/** True iff `play` (applied hop by hop) yields the same position as one of legalPlays(board, side, d1, d2).
 *
 *  An empty play is legal iff there is no legal play. A play whose hops cannot be applied is not legal.
 *  The legal positions of the last (position, side, roll) asked about are cached (keyed by content, so it is
 *  safe), which makes checking every candidate of one roll cheap.
 *
 * @param board - the position before the play
 * @param side - the player making the play
 * @param d1 - first die, 1..6
 * @param d2 - second die, 1..6
 * @param play - the hops, in the order played
 * @returns whether the play is legal
 * @throws Error if a die is not an integer 1..6
 */
export function isLegalPlay(board: Board, side: Side, d1: number, d2: number, play: Play): boolean {
  checkDie(d1);
  checkDie(d2);
  const id = `${sideKey(board[0])}${sideKey(board[1])}${side}${Math.min(d1, d2)}${Math.max(d1, d2)}`;
  if (id !== legalCacheId) {
    const keys = new Set<string>();
    for (const lp of legalPlays(board, side, d1, d2)) keys.add(lp.key);
    legalCacheKeys = keys;
    legalCacheId = id;
  }
  if (play.length === 0) return legalCacheKeys.size === 0;
  const a = board[side].slice();
  const b = board[side === 0 ? 1 : 0].slice();
  try {
    for (let i = 0; i < play.length; i++) applyHop(a, b, play[i]!, i);
  } catch {
    return false;
  }
  const mk = sideKey(a);
  const ok = sideKey(b);
  return legalCacheKeys.has(side === 0 ? `${mk}|${ok}` : `${ok}|${mk}`);
}

/**
 * The play as XG and gnuBG print it (src/core/move-notation.ts `formatHops`: one checker's hops joined,
 * `13/5`; hits marked, `13/10*\/5`; identical parts counted, `6/2(4)`; 'bar', 'off'), e.g. '24/16* 6/2*(2)'.
 * A point is a hit when the opponent held it before the play. Empty play → ''.
 *
 * @param board - the position before the play
 * @param side - the player making the play
 * @param play - the hops, in the order played
 * @returns the formatted play
 * @throws Error if a hop is impossible (see {@link applyPlay})
 */
export function formatPlay(board: Board, side: Side, play: Play): string {
  if (play.length === 0) return '';
  checkPlay(board, side, play);
  const opponent = board[side === 0 ? 1 : 0];
  return formatHops(play, (p) => p >= 1 && p <= 24 && opponent[24 - p]! > 0);
}

/**
 * A sufficient test of legality that needs no move generation: the play uses every die (so the
 * maximum-dice and larger-die rules hold), each hop's length is one of the dice (no bear-off with a larger
 * die, whose legality depends on the other checkers), and every checker on the bar enters first. A play
 * that passes it and that `applyPlay` accepts (no blocked point, bearing off only with all checkers home)
 * is legal; readers send the others through {@link legalPlays}.
 */
export function isSurelyLegal(board: Board, side: Side, hops: Play, d1: number, d2: number): boolean {
  const dice = d1 === d2 ? [d1, d1, d1, d1] : [d1, d2];
  if (hops.length !== dice.length) return false;
  for (const h of hops) {
    const k = dice.indexOf(h.from - h.to);
    if (k < 0) return false;
    dice.splice(k, 1);
  }
  const onBar = board[side][24]!;
  if (onBar === 0) return true;
  let entering = 0;
  while (entering < hops.length && hops[entering]!.from === 25) entering++;
  return entering === Math.min(onBar, hops.length);
}
