/**
 * The parts of a player's tally (src/metrics/accumulator.ts): each the sums one group of figures of
 * `playerStats` derives from (spec/metrics.md §1–§5, gnuBG's statistics §2.3).
 *
 *   decisions   counted decisions and Σe (equity) by type (§2.1–2.2): PR, its breakdown, the error sums
 *   mwc         Σℓ (fraction of a match) by type over counted match-play decisions, and their count (§1.3)
 *   units       the resampling units (§5): PR units by game while the state is one match, one per match
 *               after; each match-play match's L₇ unit (Σℓ, N, §3) and, for one match, its per-game Σℓ
 *   difficulty  Σℓ, Σd and the count over counted decisions having both (§4)
 *   errors      counted errors (e ≥ the error threshold) and the avoidable ones among them (§4)
 *   snowie      Snowie ER's sums: the player's Σe over analysed decisions (no counting filter), and the
 *               scored checker plays of both players (§2.1)
 *   gnubg       gnuBG's statistics context of the player (match play and money apart), the total moves of
 *               both players and the match length (formats.md §2.6–2.8)
 *
 * Where order could change a last bit, and how it is kept exact: within one match every sum runs over the
 * seat's decisions in match order (game by game, gnuBG's contexts game by game), as bdb has always added
 * them, so a one-match tally's figures are the very doubles they were. Across matches, where the order is
 * the caller's (files, workers, stored totals), each sum of doubles is an exact sum (src/metrics/exact-sum.ts)
 * rounded once by `finish`, and the per-match units, whose order the intervals' sums and the bootstrap's
 * draws follow, are put in one order by `finish` (by value). Counts are whole numbers, exact in any order.
 * So merging the same matches in any order or grouping gives the same figures to the last bit
 * (test/unit/metrics/accumulators.test.ts).
 */
import { plainClone } from '../core/plain-clone.js';
import {
  type Accumulator,
  addByType,
  type ByType,
  byType,
  decisionType,
  type SeatMatch,
} from './accumulator.js';
import { isAvoidableError, reachesThreshold } from './difficulty.js';
import {
  addExact,
  type Exact,
  type ExactSum,
  exactValue,
  fromExact,
  mergeExact,
  mergeExactDeep,
  toExact,
} from './exact-sum.js';
import { emptyGnubgContext, type GnubgStatContext } from './gnubg-stats.js';
import type { PrUnit } from './interval.js';
import type { L7Unit } from './l7.js';

/** An exact sum of each type. */
function exactByType(): ByType<ExactSum> {
  return { checker: [], double: [], take: [] };
}

/** One value in each exact sum: the shape the library stores. */
function sampleByType(): ByType<ExactSum> {
  return { checker: [0], double: [0], take: [0] };
}

/** Adds one match's sums (doubles, added in match order) to exact sums by type. */
function addToExact(into: ByType<ExactSum>, from: ByType<number>): void {
  addExact(into.checker, from.checker);
  addExact(into.double, from.double);
  addExact(into.take, from.take);
}

function mergeByType(into: ByType<ExactSum>, from: ByType<ExactSum>): void {
  mergeExact(into.checker, from.checker);
  mergeExact(into.double, from.double);
  mergeExact(into.take, from.take);
}

function valueByType(s: ByType<ExactSum>): ByType<number> {
  return { checker: exactValue(s.checker), double: exactValue(s.double), take: exactValue(s.take) };
}

/** Orders units by `first`, then `second`: one order for the same values, whatever order they came in. */
function byValue<K extends string>(
  first: K,
  second: K,
): (a: Record<K, number>, b: Record<K, number>) => number {
  return (a, b) => a[first] - b[first] || a[second] - b[second];
}

/** Counted decisions and Σe (equity) by type. */
export interface DecisionsState {
  counted: ByType<number>;
  error: ByType<ExactSum>;
}

export const decisions: Accumulator<
  'decisions',
  DecisionsState,
  { counted: ByType<number>; error: ByType<number> }
> = {
  id: 'decisions',
  empty: () => ({ counted: byType(), error: exactByType() }),
  add(s, seat) {
    const error = byType();
    for (const d of seat.counted) {
      const k = decisionType(d.decision);
      s.counted[k]++;
      error[k] += d.error;
    }
    addToExact(s.error, error);
    return s;
  },
  merge(into, from) {
    addByType(into.counted, from.counted);
    mergeByType(into.error, from.error);
    return into;
  },
  finish: (s) => ({ counted: { ...s.counted }, error: valueByType(s.error) }),
  sample: () => ({ counted: byType(), error: sampleByType() }),
};

/** Σℓ (fraction of a match) by type over counted match-play decisions, and how many had ℓ. */
export interface MwcState {
  loss: ByType<ExactSum>;
  counted: number;
}

export const mwc: Accumulator<'mwc', MwcState, { loss: ByType<number>; counted: number }> = {
  id: 'mwc',
  empty: () => ({ loss: exactByType(), counted: 0 }),
  add(s, seat) {
    const loss = byType();
    for (const d of seat.counted) {
      if (d.loss === null) continue;
      loss[decisionType(d.decision)] += d.loss;
      s.counted++;
    }
    addToExact(s.loss, loss);
    return s;
  },
  merge(into, from) {
    mergeByType(into.loss, from.loss);
    into.counted += from.counted;
    return into;
  },
  finish: (s) => ({ loss: valueByType(s.loss), counted: s.counted }),
  sample: () => ({ loss: sampleByType(), counted: 0 }),
};

/**
 * The units of the 95 % intervals (spec §5) and of the pooled L₇ (§3). While the state holds one match its
 * PR units are that match's games (and `gameLosses` its per-game Σℓ, the match L₇ interval's units); once
 * two are merged, each match becomes one unit (Σe, n) and the per-game units go.
 */
export interface UnitsState {
  /** Matches added (the units' kind depends on it). */
  matches: number;
  /** One match: the PR unit of each game with a counted decision of the player, in game order. */
  games: PrUnit[];
  /** One match: the player's Σℓ in each of those games. */
  gameLosses: number[];
  /** Several matches: one PR unit per match with a counted decision. */
  perMatch: PrUnit[];
  /** One L₇ unit per match-play match with a counted decision whose ℓ is known. */
  l7: L7Unit[];
}

/** A state's PR units as matches: one match's games collapse into one unit (none without a counted decision). */
function matchUnits(s: UnitsState): PrUnit[] {
  if (s.matches !== 1) return s.perMatch;
  const u = s.games.reduce((t, x) => ({ error: t.error + x.error, decisions: t.decisions + x.decisions }), {
    error: 0,
    decisions: 0,
  });
  return u.decisions > 0 ? [u] : [];
}

/** The per-game PR units and Σℓ of one match, and its total Σℓ and count of decisions with ℓ. */
function gameUnits(seat: SeatMatch): { games: PrUnit[]; losses: number[]; loss: number; withLoss: number } {
  const games: PrUnit[] = [];
  const losses: number[] = [];
  let loss = 0;
  let withLoss = 0;
  let game = -1;
  let unit = { error: 0, decisions: 0 };
  let gameLoss = 0;
  const close = (): void => {
    if (unit.decisions > 0) {
      games.push(unit);
      losses.push(gameLoss);
    }
  };
  for (const d of seat.counted) {
    if (d.game !== game) {
      close();
      game = d.game;
      unit = { error: 0, decisions: 0 };
      gameLoss = 0;
    }
    unit.error += d.error;
    unit.decisions++;
    if (d.loss !== null) {
      loss += d.loss;
      gameLoss += d.loss;
      withLoss++;
    }
  }
  close();
  return { games, losses, loss, withLoss };
}

export const units: Accumulator<'units', UnitsState, UnitsState> = {
  id: 'units',
  empty: () => ({ matches: 0, games: [], gameLosses: [], perMatch: [], l7: [] }),
  add(s, seat) {
    const { games, losses, loss, withLoss } = gameUnits(seat);
    const length = seat.match.matchLength;
    const one: UnitsState = {
      matches: 1,
      games,
      gameLosses: losses,
      perMatch: [],
      // a player with no counted decision (a transcript without analysis) has no L₇, not 0
      l7: length > 0 && withLoss > 0 ? [{ loss, matchLength: length }] : [],
    };
    return units.merge(s, one);
  },
  merge(into, from) {
    if (from.matches === 0) return into;
    if (into.matches === 0) return plainClone(from);
    // once two are merged the units are matches (read before `matches` changes); they are appended in
    // place, so merging n matches one by one costs n, not n²
    const perMatch = matchUnits(into);
    for (const u of matchUnits(from)) perMatch.push(u);
    into.perMatch = perMatch;
    into.games = [];
    into.gameLosses = [];
    for (const u of from.l7) into.l7.push(u);
    into.matches += from.matches;
    return into;
  },
  // one order whatever the merges' (the closed form's sums and the bootstrap's draws run over the units
  // in order): by value
  finish: (s) => ({
    ...s,
    perMatch: [...s.perMatch].sort(byValue('error', 'decisions')),
    l7: [...s.l7].sort(byValue('loss', 'matchLength')),
  }),
  sample: () => ({
    matches: 0,
    games: [{ error: 0, decisions: 0 }],
    gameLosses: [0],
    perMatch: [{ error: 0, decisions: 0 }],
    l7: [{ loss: 0, matchLength: 0 }],
  }),
};

/** Difficulty (spec §4) over counted decisions having both ℓ and d: Σℓ, Σd and their count. */
export interface DifficultyState {
  loss: ExactSum;
  sum: ExactSum;
  count: number;
}

export const difficulty: Accumulator<
  'difficulty',
  DifficultyState,
  { loss: number; sum: number; count: number }
> = {
  id: 'difficulty',
  empty: () => ({ loss: [], sum: [], count: 0 }),
  add(s, seat) {
    let loss = 0;
    let sum = 0;
    for (const d of seat.counted) {
      if (d.loss === null || d.difficulty === null) continue;
      loss += d.loss;
      sum += d.difficulty;
      s.count++;
    }
    addExact(s.loss, loss);
    addExact(s.sum, sum);
    return s;
  },
  merge(into, from) {
    mergeExact(into.loss, from.loss);
    mergeExact(into.sum, from.sum);
    into.count += from.count;
    return into;
  },
  finish: (s) => ({ loss: exactValue(s.loss), sum: exactValue(s.sum), count: s.count }),
  sample: () => ({ loss: [0], sum: [0], count: 0 }),
};

/** Counted errors (e ≥ the error threshold) and those of them that are avoidable (d ≤ ℓ/10), spec §4. */
export interface ErrorsState {
  errors: number;
  avoidable: number;
}

export const errors: Accumulator<'errors', ErrorsState, ErrorsState> = {
  id: 'errors',
  empty: () => ({ errors: 0, avoidable: 0 }),
  add(s, seat) {
    for (const d of seat.counted) {
      if (!reachesThreshold(d.error, seat.errorThreshold)) continue;
      s.errors++;
      if (isAvoidableError(d.error, d.loss, d.difficulty, seat.errorThreshold)) s.avoidable++;
    }
    return s;
  },
  merge(into, from) {
    into.errors += from.errors;
    into.avoidable += from.avoidable;
    return into;
  },
  finish: (s) => s,
};

/** Snowie ER's sums: the player's Σe, no counting filter (equity), and both players' scored checker plays. */
export interface SnowieState {
  error: ExactSum;
  den: number;
}

export const snowie: Accumulator<'snowie', SnowieState, { error: number; den: number }> = {
  id: 'snowie',
  empty: () => ({ error: [], den: 0 }),
  add(s, seat) {
    let error = 0;
    for (const d of seat.decisions) if (d.error !== null) error += d.error;
    addExact(s.error, error);
    s.den += seat.scoredCheckerPlays;
    return s;
  },
  merge(into, from) {
    mergeExact(into.error, from.error);
    into.den += from.den;
    return into;
  },
  finish: (s) => ({ error: exactValue(s.error), den: s.den }),
  sample: () => ({ error: [0], den: 0 }),
};

/** gnuBG's stat context of the player (seat 0 of the contexts), match play and money apart. */
export interface GnubgFigures {
  match: GnubgStatContext | null;
  money: GnubgStatContext | null;
  /** Total moves of both players, for gnuBG's Snowie error rate, match play and money apart. */
  bothMovesMatch: number;
  bothMovesMoney: number;
  /** Match length of the match-play context; null when it mixes lengths (FIBS figures need one). */
  matchLength: number | null;
}

/** The same, each context kept with every number an exact sum (its counts too: one rule for all of it). */
export interface GnubgState {
  match: Exact<GnubgStatContext> | null;
  money: Exact<GnubgStatContext> | null;
  bothMovesMatch: number;
  bothMovesMoney: number;
  matchLength: number | null;
}

/**
 * A context holding `seat`'s side, moved to seat 0, and of the opponent's side only its count of rolls whose
 * luck is known: with the seat's own, it tells whether the match's luck was analysed (gnuBG's `fDice`),
 * which decides whether gnuBG prints a luck total — +0.000 for a player who never rolled (formatgs.c,
 * FORMATGS_LUCK; e.g. hakim63 in test/reference-matches/galaxy/match1548034.txt, analysed by gnuBG
 * 1.07.001). Made of exact sums, a structure of its own.
 */
function seatContext(sc: GnubgStatContext, seat: 0 | 1): Exact<GnubgStatContext> {
  const only = emptyGnubgContext(sc.matchPlay);
  only.games = sc.games;
  // shared for a moment: toExact makes the state a structure of its own
  only.sides[0] = sc.sides[seat];
  only.sides[1].luckRolls = sc.sides[1 - seat]!.luckRolls;
  return toExact(only);
}

/** `a` with `b` added (`a` changed in place); `b` is copied when `a` is null, unless the caller `owns` it. */
function addContext(
  a: Exact<GnubgStatContext> | null,
  b: Exact<GnubgStatContext> | null,
  owns = false,
): Exact<GnubgStatContext> | null {
  if (!b) return a;
  if (!a) return owns ? b : plainClone(b);
  mergeExactDeep<GnubgStatContext>(a, b);
  return a;
}

/** {@link gnubg}'s merge; `owns`: `from` is the caller's own, its contexts may be taken without a copy. */
function mergeGnubg(into: GnubgState, from: GnubgState, owns: boolean): GnubgState {
  if (from.match) {
    into.matchLength =
      into.match === null
        ? from.matchLength
        : into.matchLength === from.matchLength
          ? into.matchLength
          : null;
  }
  into.match = addContext(into.match, from.match, owns);
  into.money = addContext(into.money, from.money, owns);
  into.bothMovesMatch += from.bothMovesMatch;
  into.bothMovesMoney += from.bothMovesMoney;
  return into;
}

/** A context whose every exact sum holds one value: the shape the library stores. */
function sampleContext(matchPlay: boolean): Exact<GnubgStatContext> {
  const ctx = toExact(emptyGnubgContext(matchPlay));
  const fill = (v: unknown): void => {
    for (const x of Object.values(v as object)) {
      if (Array.isArray(x) && (x.length === 0 || typeof x[0] === 'number')) x.push(0);
      else if (typeof x === 'object' && x !== null) fill(x);
    }
  };
  fill(ctx);
  return ctx;
}

export const gnubg: Accumulator<'gnubg', GnubgState, GnubgFigures> = {
  id: 'gnubg',
  empty: () => ({ match: null, money: null, bothMovesMatch: 0, bothMovesMoney: 0, matchLength: null }),
  add(s, seat) {
    const context = seatContext(seat.gnubg, seat.seat);
    const bothMoves = seat.gnubg.sides[0].totalMoves + seat.gnubg.sides[1].totalMoves;
    const length = seat.match.matchLength;
    const one: GnubgState =
      length > 0
        ? { match: context, money: null, bothMovesMatch: bothMoves, bothMovesMoney: 0, matchLength: length }
        : { match: null, money: context, bothMovesMatch: 0, bothMovesMoney: bothMoves, matchLength: null };
    // the context was made here: taken as it is
    return mergeGnubg(s, one, true);
  },
  merge: (into, from) => mergeGnubg(into, from, false),
  finish: (s) => ({
    match: s.match && fromExact<GnubgStatContext>(s.match),
    money: s.money && fromExact<GnubgStatContext>(s.money),
    bothMovesMatch: s.bothMovesMatch,
    bothMovesMoney: s.bothMovesMoney,
    matchLength: s.matchLength,
  }),
  sample: () => ({
    match: sampleContext(true),
    money: sampleContext(false),
    bothMovesMatch: 0,
    bothMovesMoney: 0,
    matchLength: 0,
  }),
};
