/**
 * Checker-play themes: what the played move does differently from the best move, read from the two boards
 * they leave (docs/themes.md has the rule table; spec/classifier.md §2 for blunderDB's four themes).
 *
 * A theme is a stable token plus the measured numbers: `played` is the quantity measured on the board after
 * the played move, `best` the same quantity after the best move, `detail` extra figures named per theme.
 * Themes never look at the size of the error; the caller decides which errors to theme (optionally with
 * blunderDB's silence threshold, `minCostMp`).
 */
import {
  BAR_INDEX,
  type Board,
  boardKey,
  checkersOff,
  otherSide,
  pipCount,
  type Side,
} from '../core/board.js';
import { applyPlay } from '../core/moves.js';
import type { CheckerDecision } from '../model/types.js';
import { blots, shots } from './exposure.js';
import { hasContact, longestPrime, madePoints, PRIME_LENGTH_MIN } from './game-plan.js';

/**
 * Every theme token, in priority order: the first one that fires is the `primary` theme. Race themes only
 * fire when the position before the move has no contact; the contact themes only when it has contact;
 * blunderDB's four (gammon, blots, point, passive) fire in both, as in blunderDB. `distribution` is the
 * fallback and fires only when nothing else did.
 */
export const CHECKER_THEMES = [
  'gammon',
  'bearoff',
  'pips-wasted',
  'checkers-outside',
  'crossovers',
  'gaps',
  'wastage',
  'missed-hit',
  'needless-hit',
  'blots',
  'exposure',
  'point',
  'missed-point',
  'broken-point',
  'missed-anchor',
  'broken-anchor',
  'missed-prime',
  'broken-prime',
  'passive',
  'too-safe',
  'ran-back',
  'stayed-back',
  'stacking',
  'buried',
  'missed-slot',
  'builders',
  'came-home',
  'stayed-out',
  'deep-back',
  'distribution',
] as const;
export type CheckerThemeToken = (typeof CHECKER_THEMES)[number];

/** blunderDB's four checker themes (classifier.md §2), kept with its rules and constants. */
export const BLUNDERDB_THEMES = [
  'gammon',
  'blots',
  'point',
  'passive',
] as const satisfies readonly CheckerThemeToken[];

/** blunderDB ExplainMinCostMP: its silence threshold (mp). Not applied unless passed as `minCostMp`. */
export const EXPLAIN_MIN_COST_MP = 60;
/** gammon: best − played gammon chances, percentage points. */
export const GAMMON_SWING_MIN = 4;
/** blots: played − best blots. */
export const BLOT_SWING_MIN = 2;
/** passive: best − played winning chances, percentage points. */
export const WIN_SWING_MIN = 3;
/** exposure / too-safe: difference in shots (rolls out of 36). */
export const EXPOSURE_SHOTS_MIN = 6;
/** stacking: difference in surplus checkers (beyond the third on a point). */
export const STACKING_SURPLUS_MIN = 2;
/** A point holding more than this many checkers is "stacked". */
export const STACK_HEIGHT = 3;
/** wastage (race): checkers on own points 1..WASTAGE_MAX_POINT waste pips in the bear-off. */
export const WASTAGE_MAX_POINT = 3;
/** buried: checkers on own points 1..BURIED_MAX_POINT count as buried (out of play). */
export const BURIED_MAX_POINT = 2;
/** missed-slot and builders look at own points SLOT_LO..SLOT_HI (missed-slot) / BUILDER_LO..BUILDER_HI. */
export const SLOT_LO = 4;
export const SLOT_HI = 7;
export const BUILDER_LO = 4;
export const BUILDER_HI = 11;
/**
 * came-home / stayed-out: the outer board OUTER_LO..OUTER_HI (own points 7..12), where spares block and
 * cover the opponent's escape, against the home board 1..6.
 */
export const OUTER_LO = 7;
export const OUTER_HI = 12;
/** came-home / stayed-out: minimum shift of checkers between the outer and the home board (both counts). */
export const SPARE_SHIFT_MIN = 1;
/** deep-back: minimum difference in back depth, Σ over checkers on own 19..24 and the bar of (point − 18). */
export const BACK_DEPTH_MIN = 1;

/** Winning and gammon chances of a candidate, as fractions 0..1 from the mover's view. */
export interface WinGammon {
  readonly win: number;
  readonly gammon: number;
}

export interface CheckerThemeOptions {
  /**
   * Compute only what decides `primary`: the shots search (the costly rule) is skipped when a theme ranked
   * above `exposure` has already fired. `themes` may then lack `exposure` / `too-safe`.
   */
  readonly primaryOnly?: boolean;
  /**
   * blunderDB's silence threshold: when the cost round(|equity(best) − equity(played)| × 1000) is below it,
   * no theme is returned (status `below-threshold`). Default 0 (never silent); blunderDB uses
   * {@link EXPLAIN_MIN_COST_MP}.
   */
  readonly minCostMp?: number;
  /**
   * Win / gammon chances of each candidate, aligned with `d.candidates`. When given, they replace the
   * candidates' own `probs`; when absent, each candidate's `probs` is used (`win`, and `winGammon` as
   * `gammon`: blunderDB's PlayerGammonChance is the mover's chance of winning a gammon). `gammon` and
   * `passive` fire only when both the played and the best move have them.
   */
  readonly probabilities?: readonly (WinGammon | null | undefined)[];
  /** Threshold of `exposure` and `too-safe` in shots; default {@link EXPOSURE_SHOTS_MIN}. */
  readonly exposureMin?: number;
  /** Whether the `distribution` fallback may fire; default true. */
  readonly fallback?: boolean;
}

/** One theme: its token and the measured quantity after the played and the best move. */
export interface CheckerTheme {
  readonly token: CheckerThemeToken;
  /** The theme's measure on the board after the played move (see docs/themes.md). */
  readonly played: number;
  /** The same measure after the best move. */
  readonly best: number;
  /** Extra figures, named per theme (e.g. `point` for the point missed). */
  readonly detail?: Readonly<Record<string, number>>;
}

/**
 * - `themed`: at least one theme;
 * - `unthemed`: an error whose boards differ but no rule fired (only possible with `fallback: false`);
 * - `no-error`: the played move is the best (playedIndex 0) or leaves the same board;
 * - `unscored`: playedIndex is null or out of range, or there is no candidate;
 * - `unreadable`: a candidate's play cannot be applied to the board;
 * - `below-threshold`: silenced by `minCostMp`.
 */
export type ThemeStatus = 'themed' | 'unthemed' | 'no-error' | 'unscored' | 'unreadable' | 'below-threshold';

export interface ThemeResult {
  readonly status: ThemeStatus;
  /** Themes that fired, in priority order ({@link CHECKER_THEMES}). */
  readonly themes: readonly CheckerTheme[];
  /** The first theme of `themes`, null when none. */
  readonly primary: CheckerTheme | null;
  /** round(|equity(best) − equity(played)| × 1000), null when unscored. */
  readonly costMp: number | null;
}

function result(status: ThemeStatus, costMp: number | null, themes: CheckerTheme[] = []): ThemeResult {
  return { status, themes, primary: themes[0] ?? null, costMp };
}

/** Checkers of `side` on its own points lo..hi (25 = bar). */
function countIn(board: Board, side: Side, lo: number, hi: number): number {
  const a = board[side];
  let n = 0;
  for (let p = lo; p <= hi; p++) n += a[p - 1] ?? 0;
  return n;
}

/**
 * Depth of the back checkers: Σ over `side`'s checkers on its own points 19..24 and the bar of (point − 18),
 * the bar counting as 25. A checker on the 24 point is 6 deep, one on the 19 point 1, one on the bar 7.
 */
export function backDepth(board: Board, side: Side): number {
  const a = board[side];
  let n = 0;
  for (let p = 19; p <= 25; p++) n += (p - 18) * (a[p - 1] ?? 0);
  return n;
}

/** Number of own points in lo..hi holding at least one checker of `side`. */
function occupiedPoints(board: Board, side: Side, lo: number, hi: number): number {
  let n = 0;
  for (let p = lo; p <= hi; p++) if ((board[side][p - 1] ?? 0) > 0) n++;
  return n;
}

/** Highest own point p in lo..hi made (≥ 2) on `yes` and not made on every board of `no`; 0 if none. */
function pointOnlyIn(side: Side, lo: number, hi: number, yes: Board, ...no: Board[]): number {
  for (let p = hi; p >= lo; p--) {
    if ((yes[side][p - 1] ?? 0) < 2) continue;
    if (no.every((b) => (b[side][p - 1] ?? 0) < 2)) return p;
  }
  return 0;
}

/** Highest own point p in lo..hi made on `kept` and on `before` but not on `broken`; 0 if none. */
function pointBroken(side: Side, lo: number, hi: number, before: Board, kept: Board, broken: Board): number {
  for (let p = hi; p >= lo; p--) {
    if ((before[side][p - 1] ?? 0) >= 2 && (kept[side][p - 1] ?? 0) >= 2 && (broken[side][p - 1] ?? 0) < 2) {
      return p;
    }
  }
  return 0;
}

/** Surplus checkers: Σ over own points 1..24 of max(0, n − STACK_HEIGHT). */
export function stackSurplus(board: Board, side: Side): number {
  const a = board[side];
  let n = 0;
  for (let i = 0; i < 24; i++) n += Math.max(0, (a[i] ?? 0) - STACK_HEIGHT);
  return n;
}

/**
 * Quadrant crossings still to make: Σ over checkers of their quadrant index (points 1..6 → 0, 7..12 → 1,
 * 13..18 → 2, 19..24 and the bar → 3).
 */
export function crossovers(board: Board, side: Side): number {
  const a = board[side];
  let n = 0;
  for (let i = 6; i <= BAR_INDEX; i++) n += (a[i] ?? 0) * Math.min(3, Math.floor(i / 6));
  return n;
}

/** Empty own points in 1..min(6, highest occupied point); the bar counts as beyond 6. */
export function homeGaps(board: Board, side: Side): number {
  const a = board[side];
  let top = 0;
  for (let p = 6; p >= 1 && top === 0; p--) if ((a[p - 1] ?? 0) > 0) top = p;
  for (let i = 6; i <= BAR_INDEX; i++) if ((a[i] ?? 0) > 0) top = 6;
  let n = 0;
  for (let p = 1; p < top; p++) if ((a[p - 1] ?? 0) === 0) n++;
  return n;
}

/**
 * Earth-mover distance between two layouts of one side's 15 checkers (bins: 0 = off, 1..24 = own points,
 * 25 = bar), in checker-pips: Σ over bins of |prefix sum A − prefix sum B|.
 */
export function sideDistance(a: Board, b: Board, side: Side): number {
  let pa = checkersOff(a, side);
  let pb = checkersOff(b, side);
  let d = Math.abs(pa - pb);
  for (let i = 0; i < BAR_INDEX; i++) {
    pa += a[side][i] ?? 0;
    pb += b[side][i] ?? 0;
    d += Math.abs(pa - pb);
  }
  return d;
}

function probsOf(d: CheckerDecision, opts: CheckerThemeOptions, i: number): WinGammon | null {
  if (opts.probabilities) return opts.probabilities[i] ?? null;
  const p = d.candidates[i]?.probs;
  return p ? { win: p.win, gammon: p.winGammon } : null;
}

/**
 * Themes of a checker-play error (docs/themes.md): compares the board after the PLAYED candidate with the
 * board after the BEST one (candidate 0). Each rule that fires adds a theme; `primary` is the first in
 * {@link CHECKER_THEMES} order.
 *
 * @param d - the decision (board before the move, player, candidates best first, playedIndex)
 * @param opts - silence threshold, candidate probabilities, exposure threshold, fallback switch
 * @returns the status, the themes in priority order, the primary theme and the cost in mp
 */
export function checkerThemes(d: CheckerDecision, opts: CheckerThemeOptions = {}): ThemeResult {
  const pi = d.playedIndex;
  const bestC = d.candidates[0];
  const playedC = pi === null ? undefined : d.candidates[pi];
  if (pi === null || bestC === undefined || playedC === undefined) return result('unscored', null);
  const costMp = Math.round(Math.abs(bestC.equity - playedC.equity) * 1000);
  if (pi === 0) return result('no-error', costMp);
  const s = d.player;
  const o = otherSide(s);
  const b0 = d.board;
  let P: Board;
  let Q: Board;
  try {
    P = applyPlay(b0, s, playedC.play);
    Q = applyPlay(b0, s, bestC.play);
  } catch {
    return result('unreadable', costMp);
  }
  if (boardKey(P) === boardKey(Q)) return result('no-error', costMp);
  if (costMp < (opts.minCostMp ?? 0)) return result('below-threshold', costMp);

  const fired = new Map<CheckerThemeToken, CheckerTheme>();
  const add = (token: CheckerThemeToken, played: number, best: number, detail?: Record<string, number>) => {
    fired.set(token, detail ? { token, played, best, detail } : { token, played, best });
  };
  const contact = hasContact(b0);

  // blunderDB's four (classifier.md §2), any position.
  const pp = probsOf(d, opts, pi);
  const pb = probsOf(d, opts, 0);
  if (pp && pb) {
    const swing = Math.round(100 * (pb.gammon - pp.gammon));
    if (swing >= GAMMON_SWING_MIN) add('gammon', 100 * pp.gammon, 100 * pb.gammon, { swing });
  }
  const blotsP = blots(P, s);
  const blotsQ = blots(Q, s);
  if (blotsP - blotsQ >= BLOT_SWING_MIN) add('blots', blotsP, blotsQ);
  const homeP = madePoints(P, s, 1, 6);
  const homeQ = madePoints(Q, s, 1, 6);
  if (homeQ > homeP) add('point', homeP, homeQ);
  if (pp && pb && blotsQ > blotsP) {
    const swing = Math.round(100 * (pb.win - pp.win));
    if (swing >= WIN_SWING_MIN) add('passive', blotsP, blotsQ, { swing });
  }

  if (contact) {
    const hitsP = (P[o][BAR_INDEX] ?? 0) - (b0[o][BAR_INDEX] ?? 0);
    const hitsQ = (Q[o][BAR_INDEX] ?? 0) - (b0[o][BAR_INDEX] ?? 0);
    if (hitsQ > hitsP) add('missed-hit', hitsP, hitsQ);
    if (hitsP > hitsQ) add('needless-hit', hitsP, hitsQ);

    const decided =
      opts.primaryOnly === true &&
      (fired.has('gammon') || fired.has('missed-hit') || fired.has('needless-hit') || fired.has('blots'));
    if (!decided) {
      const k = opts.exposureMin ?? EXPOSURE_SHOTS_MIN;
      const shotsP = shots(P, s);
      const shotsQ = shots(Q, s);
      if (shotsP - shotsQ >= k) add('exposure', shotsP, shotsQ);
      if (shotsQ - shotsP >= k) add('too-safe', shotsP, shotsQ);
    }

    const blockP = madePoints(P, s, 1, 7);
    const blockQ = madePoints(Q, s, 1, 7);
    const missedPoint = pointOnlyIn(s, 1, 7, Q, P, b0);
    if (missedPoint > 0) add('missed-point', blockP, blockQ, { point: missedPoint });
    const brokenPoint = pointBroken(s, 1, 7, b0, Q, P);
    if (brokenPoint > 0) add('broken-point', blockP, blockQ, { point: brokenPoint });

    const anchP = madePoints(P, s, 19, 24);
    const anchQ = madePoints(Q, s, 19, 24);
    const missedAnchor = pointOnlyIn(s, 19, 24, Q, P, b0);
    if (missedAnchor > 0) add('missed-anchor', anchP, anchQ, { point: missedAnchor });
    const brokenAnchor = pointBroken(s, 19, 24, b0, Q, P);
    if (brokenAnchor > 0) add('broken-anchor', anchP, anchQ, { point: brokenAnchor });

    const lp0 = longestPrime(b0, s);
    const lpP = longestPrime(P, s);
    const lpQ = longestPrime(Q, s);
    if (lpQ >= PRIME_LENGTH_MIN && lpQ > lp0 && lpQ > lpP) add('missed-prime', lpP, lpQ, { before: lp0 });
    if (lp0 >= PRIME_LENGTH_MIN && lpP < lp0 && lpP < lpQ) add('broken-prime', lpP, lpQ, { before: lp0 });

    const backP = countIn(P, s, 19, 25);
    const backQ = countIn(Q, s, 19, 25);
    if (backP < backQ) add('ran-back', backP, backQ);
    if (backP > backQ) add('stayed-back', backP, backQ);
  } else {
    const offP = checkersOff(P, s);
    const offQ = checkersOff(Q, s);
    if (offQ > offP) add('bearoff', offP, offQ);
    const pipP = pipCount(P, s);
    const pipQ = pipCount(Q, s);
    if (pipP > pipQ) add('pips-wasted', pipP, pipQ);
    const outP = countIn(P, s, 7, 25);
    const outQ = countIn(Q, s, 7, 25);
    if (outP > outQ) add('checkers-outside', outP, outQ);
    const crossP = crossovers(P, s);
    const crossQ = crossovers(Q, s);
    if (crossP > crossQ) add('crossovers', crossP, crossQ);
    const gapsP = homeGaps(P, s);
    const gapsQ = homeGaps(Q, s);
    if (gapsP > gapsQ) add('gaps', gapsP, gapsQ);
    const lowP = countIn(P, s, 1, WASTAGE_MAX_POINT);
    const lowQ = countIn(Q, s, 1, WASTAGE_MAX_POINT);
    if (lowP > lowQ) add('wastage', lowP, lowQ);
  }

  const stackP = stackSurplus(P, s);
  const stackQ = stackSurplus(Q, s);
  if (stackP - stackQ >= STACKING_SURPLUS_MIN) add('stacking', stackP, stackQ);

  if (contact) {
    const deepP = countIn(P, s, 1, BURIED_MAX_POINT);
    const deepQ = countIn(Q, s, 1, BURIED_MAX_POINT);
    if (deepP > deepQ) add('buried', deepP, deepQ);
    for (let p = SLOT_HI; p >= SLOT_LO; p--) {
      if (Q[s][p - 1] === 1 && P[s][p - 1] === 0) {
        add('missed-slot', 0, 1, { point: p });
        break;
      }
    }
    const buildP = occupiedPoints(P, s, BUILDER_LO, BUILDER_HI);
    const buildQ = occupiedPoints(Q, s, BUILDER_LO, BUILDER_HI);
    if (buildQ > buildP) add('builders', buildP, buildQ);

    // Spares between the outer board (7..12) and the home board (1..6).
    const homeInP = countIn(P, s, 1, 6);
    const homeInQ = countIn(Q, s, 1, 6);
    const outerP = countIn(P, s, OUTER_LO, OUTER_HI);
    const outerQ = countIn(Q, s, OUTER_LO, OUTER_HI);
    if (homeInP - homeInQ >= SPARE_SHIFT_MIN && outerQ - outerP >= SPARE_SHIFT_MIN) {
      add('came-home', outerP, outerQ, { home: homeInP - homeInQ });
    }
    if (homeInQ - homeInP >= SPARE_SHIFT_MIN && outerP - outerQ >= SPARE_SHIFT_MIN) {
      add('stayed-out', outerP, outerQ, { home: homeInP - homeInQ });
    }

    // As many back checkers, but the played move leaves them deeper.
    const backCount = countIn(P, s, 19, 25);
    const depthP = backDepth(P, s);
    const depthQ = backDepth(Q, s);
    if (backCount === countIn(Q, s, 19, 25) && depthP - depthQ >= BACK_DEPTH_MIN) {
      add('deep-back', depthP, depthQ, { back: backCount });
    }
  }

  if (fired.size === 0 && opts.fallback !== false) {
    add('distribution', sideDistance(P, Q, s), 0, {
      home: countIn(P, s, 1, 6) - countIn(Q, s, 1, 6),
      outfield: countIn(P, s, 7, 18) - countIn(Q, s, 7, 18),
      back: countIn(P, s, 19, 25) - countIn(Q, s, 19, 25),
    });
  }
  const themes: CheckerTheme[] = [];
  for (const t of CHECKER_THEMES) {
    const th = fired.get(t);
    if (th) themes.push(th);
  }
  return result(themes.length > 0 ? 'themed' : 'unthemed', costMp, themes);
}

/**
 * blunderDB's BlotDeviation (classifier.md §4, metrics.md §10): sign(blots after the played move − blots
 * after the best move), for the mover. The contact condition and the "error ≤ 0 ⇒ 0" shortcut are the
 * caller's.
 *
 * @param d - the decision
 * @returns −1, 0 or +1; 0 when the best move was played; null when unread (no played candidate, no
 *   candidates, or a play that cannot be applied)
 */
export function blotDeviation(d: CheckerDecision): -1 | 0 | 1 | null {
  const pi = d.playedIndex;
  const bestC = d.candidates[0];
  const playedC = pi === null ? undefined : d.candidates[pi];
  if (pi === null || bestC === undefined || playedC === undefined) return null;
  if (pi === 0) return 0;
  try {
    const diff =
      blots(applyPlay(d.board, d.player, playedC.play), d.player) -
      blots(applyPlay(d.board, d.player, bestC.play), d.player);
    return diff > 0 ? 1 : diff < 0 ? -1 : 0;
  } catch {
    return null;
  }
}
