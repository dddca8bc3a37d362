/**
 * Per-player figures of a match, and their aggregation over matches (sum/sum, spec/metrics.md §2.1, §3).
 *
 * A match is first reduced to one `PlayerTally` per seat: one state of each accumulator of the registry
 * (src/metrics/index.ts, the parts in src/metrics/tally-parts.ts): counted decisions, error sums (EMG) and
 * MWC losses by decision type, the interval and L₇ units, difficulty sums, the Snowie numerator and
 * denominator and gnuBG's stat context. Tallies merge over matches; `playerStats` derives every figure
 * from a tally's finished states, so a one-match table and an aggregate can never disagree on how a
 * figure is computed.
 */
import { plainClone } from '../core/plain-clone.js';
import type { Met } from '../met/index.js';
import type { Decision, Match } from '../model/types.js';
import type { CountedDecision, DecisionFigures, SeatDecision, SeatMatch } from './accumulator.js';
import { CLOSED, type IntervalMethod } from './bootstrap.js';
import { isCounted } from './counting.js';
import { decisionError } from './decision-error.js';
import {
  DEFAULT_THRESHOLDS,
  decisionDifficulty,
  type ErrorThresholds,
  RATIO_MIN_DIFFICULTY,
  thresholdEquity,
} from './difficulty.js';
import { engineElo } from './elo.js';
import {
  fibsCheckerRatingLoss,
  fibsCubeRatingLoss,
  fibsErrorBasedRating,
  fibsLuckBasedDiff,
} from './fibs-rating.js';
import {
  cubeErrorTotal,
  type ErrorPair,
  type GnubgSide,
  type GnubgStatContext,
  gnubgGameContexts,
  gnubgLuckRating,
  gnubgRating,
  overallError,
  sumGnubgContexts,
} from './gnubg-stats.js';
import {
  type AccumulatorId,
  addMatch,
  emptyStates,
  type FinishedStates,
  mergeStates,
  REGISTRY,
  type RegistryFigures,
  registryFigures,
  type TallyStates,
} from './index.js';
import { type Interval, l7MatchInterval, l7PoolInterval, prInterval } from './interval.js';
import { l7Pool } from './l7.js';
import { prLevel } from './levels.js';
import { mwcLoss } from './mwc-loss.js';
import { perMatchMean } from './per-match.js';
import { performanceRating } from './pr.js';
import { snowieErrorRate } from './snowie-er.js';
import { decisions } from './tally-parts.js';

export { type ByType, type DecisionFigures, decisionType } from './accumulator.js';

/** Everything needed to derive a player's figures: one state of each accumulator of the registry. */
export interface PlayerTally {
  player: string;
  /** Matches added (a person filling both seats of a match, through an alias, counts it twice). */
  matches: number;
  /** The states of the registry's accumulators (src/metrics/index.ts), by id. */
  states: TallyStates;
  /**
   * Accumulators whose state the tally lacks (theirs is empty): a match the library stored before they
   * existed has none (src/library/tally-codec.ts). Merging keeps them unknown; their figures are null.
   */
  unknown: AccumulatorId[];
}

/** The tally of no match. */
export function emptyTally(player: string): PlayerTally {
  return { player, matches: 0, states: emptyStates(), unknown: [] };
}

/** The seats' decisions with their figures, each computed once, in match order. */
function seatDecisions(
  met: Met,
  match: Match,
  observe?: (d: Decision, figures: DecisionFigures) => void,
): { seats: [SeatDecision[], SeatDecision[]]; scoredCheckerPlays: number } {
  const seats: [SeatDecision[], SeatDecision[]] = [[], []];
  let scoredCheckerPlays = 0;
  match.games.forEach((g, game) => {
    for (const d of g.decisions) {
      const e = decisionError(d);
      if (d.kind === 'checker' && e !== null) scoredCheckerPlays++;
      let figures: SeatDecision;
      if (e === null || !isCounted(d)) {
        figures = { decision: d, game, error: e, counted: false, loss: null, difficulty: null };
      } else {
        const loss = mwcLoss(met, d, e);
        figures = {
          decision: d,
          game,
          error: e,
          counted: true,
          loss,
          difficulty: decisionDifficulty(met, d),
        };
      }
      observe?.(d, figures);
      seats[d.player].push(figures);
    }
  });
  return { seats, scoredCheckerPlays };
}

/**
 * Reduces a match to one tally per seat: the registry's empty states, then `add` of the match seen from
 * that seat. `observe`, when given, sees every decision of the match in order with the figures the tally
 * took from it (one computation for the tally and the library's rows).
 */
export function matchTallies(
  met: Met,
  match: Match,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  observe?: (d: Decision, figures: DecisionFigures) => void,
): [PlayerTally, PlayerTally] {
  return seatMatches(met, match, thresholds, observe).map((seat): PlayerTally => {
    const t = emptyTally(match.players[seat.seat]!);
    t.matches = 1;
    addMatch(t.states, seat);
    return t;
  }) as [PlayerTally, PlayerTally];
}

/**
 * A match seen from each seat, as an accumulator's `add` folds it (src/metrics/accumulator.ts): each
 * decision's figures and gnuBG's statistics computed once for both. `observe` as {@link matchTallies}.
 */
export function seatMatches(
  met: Met,
  match: Match,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  observe?: (d: Decision, figures: DecisionFigures) => void,
): [SeatMatch, SeatMatch] {
  const { seats, scoredCheckerPlays } = seatDecisions(met, match, observe);
  const gnubgGames = gnubgGameContexts(met, match);
  const gnubg = sumGnubgContexts(match, gnubgGames);
  const errorThreshold = thresholdEquity(thresholds.errorMpt);
  return ([0, 1] as const).map(
    (seat): SeatMatch => ({
      met,
      match,
      seat,
      errorThreshold,
      decisions: seats[seat],
      counted: seats[seat].filter((d): d is CountedDecision => d.counted && d.error !== null),
      scoredCheckerPlays,
      gnubg,
      gnubgGames,
    }),
  ) as [SeatMatch, SeatMatch];
}

/** Adds tally `b` into a copy of `a` (the name of `a` is kept). */
export function addTallies(a: PlayerTally, b: PlayerTally): PlayerTally {
  const out = plainClone(a);
  addTalliesInto(out, b);
  return out;
}

/**
 * Adds tally `b` into `out` in place: `merge` over the registry (what an aggregator over thousands of
 * matches needs: no copy of the growing tally per match).
 */
export function addTalliesInto(out: PlayerTally, b: PlayerTally): void {
  out.matches += b.matches;
  mergeStates(out.states, b.states);
  for (const id of b.unknown) if (!out.unknown.includes(id)) out.unknown.push(id);
}

/** The PR's numerator and denominator of a tally: Σe (equity) and the counted decisions, every type. */
export function prSums(t: PlayerTally): { error: number; decisions: number } {
  const { counted: n, error: e } = decisions.finish(t.states.decisions);
  return { error: e.checker + e.double + e.take, decisions: n.checker + n.double + n.take };
}

/** A tally's PR alone: {@link playerStats}' `pr`, the same value, without its other figures. */
export function tallyPr(t: PlayerTally): number | null {
  const { error, decisions: n } = prSums(t);
  return performanceRating(error, n);
}

/**
 * Sets a tally's error and avoidable-error counts: those of another threshold preset, which the library
 * stores beside the tally (src/library/rows.ts `errors_by_preset`).
 */
export function setErrorCounts(t: PlayerTally, [count, avoidable]: readonly [number, number]): void {
  t.states.errors.errors = count;
  t.states.errors.avoidable = avoidable;
}

/** A cube error bucket as gnuBG shows it. */
export interface GnubgCubeErrorFigures {
  /** Null without any analysis. */
  count: number | null;
  emg: number | null;
  /** Percentage points of MWC at match play; null at money play. */
  mwcPct: number | null;
  /** Points at money play; null at match play. */
  points: number | null;
}

/**
 * gnuBG's own figures for one player, as gnuBG prints them (errors as positive magnitudes). Without any
 * analysis (a transcript: {@link withoutAnalysis}) every figure but the moves played and the actual result is
 * null, never 0.
 */
export interface GnubgFigures {
  totalMoves: number;
  unforcedMoves: number | null;
  checkerErrorEMG: number | null;
  checkerErrorMWCPct: number | null;
  checkerErrorPoints: number | null;
  totalCubeDecisions: number | null;
  closeCubeDecisions: number | null;
  doubles: number | null;
  takes: number | null;
  passes: number | null;
  cubeErrorEMG: number | null;
  cubeErrorMWCPct: number | null;
  cubeErrorPoints: number | null;
  cubeErrors: {
    missedDoubleBelowCP: GnubgCubeErrorFigures;
    missedDoubleAboveCP: GnubgCubeErrorFigures;
    wrongDoubleBelowDP: GnubgCubeErrorFigures;
    wrongDoubleAboveTG: GnubgCubeErrorFigures;
    wrongTake: GnubgCubeErrorFigures;
    wrongPass: GnubgCubeErrorFigures;
  };
  totalErrorEMG: number | null;
  totalErrorMWCPct: number | null;
  totalErrorPoints: number | null;
  /** Error rates ×1000 per decision (mEMG): chequer ÷ unforced, cube ÷ close, overall ÷ both. */
  checkerErrorRateMEMG: number | null;
  cubeErrorRateMEMG: number | null;
  errorRateMEMG: number | null;
  /** Overall error ×1000 ÷ total moves of both players. */
  snowieER: number | null;
  moveMarks: { unmarked: number | null; doubtful: number | null; bad: number | null; veryBad: number | null };
  rollMarks: {
    veryLucky: number | null;
    lucky: number | null;
    unmarked: number | null;
    unlucky: number | null;
    veryUnlucky: number | null;
  };
  luckEMG: number | null;
  luckMWCPct: number | null;
  luckPoints: number | null;
  luckRateMEMG: number | null;
  actualResultPct: number | null;
  luckAdjustedResultPct: number | null;
  /** Money: points won and luck-adjusted points, per game (gnuBG's "Advantage … in ppg"). */
  actualResultPpg: number | null;
  luckAdjustedResultPpg: number | null;
  ratings: { checker: string | null; cube: string | null; overall: string | null; luck: string | null };
  /** gnuBG's FIBS-rating lines (match play, one match length; else null). */
  fibs: {
    luckBasedDiff: number | null;
    errorBasedRating: number | null;
    checkerRatingLoss: number | null;
    cubeRatingLoss: number | null;
  };
}

/** A 95 % interval in the figure's own unit, or no interval with the reason. */
export interface IntervalFigure {
  low: number | null;
  high: number | null;
  reason: string | null;
}

/** No interval: the file has no analysis ({@link withoutAnalysis}). */
const NO_ANALYSIS: IntervalFigure = { low: null, high: null, reason: 'no analysis' };

function intervalFigure(i: Interval | null, scaleToPct = 1): IntervalFigure {
  if (i === null) return { low: null, high: null, reason: 'not match play' };
  if (i.low === null) return { low: null, high: null, reason: i.reason };
  return { low: i.low * scaleToPct, high: i.high * scaleToPct, reason: null };
}

/** The figures bdb reports for a player (mapped to the JSON keys of schemaVersion 2 by src/report/json.ts). */
export interface PlayerStats {
  player: string;
  matches: number;
  /** Matches with at least one counted (analysed) decision of the player: those PR and the sums come from. */
  analysedMatches: number;
  pr: number | null;
  prChecker: number | null;
  prCube: number | null;
  /** Decisions counted in PR; null without any analysis ({@link withoutAnalysis}). */
  decisions: { total: number | null; checker: number | null; double: number | null; take: number | null };
  equityError: { total: number | null; checker: number | null; double: number | null; take: number | null };
  mwcLossPct: { total: number | null; checker: number | null; double: number | null; take: number | null };
  /** Σℓ (every kind) per match-play match with a counted decision (src/metrics/per-match.ts), in pp of MWC. */
  mwcLossPerMatchPct: number | null;
  l7Pct: number | null;
  /** 95 % intervals (spec §5): units are the games of one match, the matches of an aggregate. */
  prInterval: IntervalFigure;
  l7Interval: IntervalFigure;
  /** PR level band (spec §16). */
  level: string | null;
  /** Difficulty (spec §4): Σd, excess Σ(ℓ − d) and ratio Σℓ/Σd in percentage points of MWC; avoidable errors. */
  difficulty: {
    decisions: number | null;
    difficultyPct: number | null;
    excessPct: number | null;
    /** The excess per match-play match with a counted decision (src/metrics/per-match.ts), in pp of MWC. */
    excessPerMatchPct: number | null;
    ratio: number | null;
    errors: number | null;
    avoidableErrors: number | null;
  };
  elo: number | null;
  eloFloored: boolean;
  snowieER: number | null;
  gnubg: GnubgFigures | null;
  /** The registry's figures of their own (src/metrics/index.ts `RegistryFigures`), shown in `bdb stats --json`. */
  figures: RegistryFigures;
}

function ratio(num: number, den: number): number | null {
  return den > 0 ? num / den : null;
}

/** gnuBG's FIBS-rating lines for one side (null at money play or over several match lengths). */
function fibsFigures(
  s: GnubgSide,
  perChecker: number | null,
  perCube: number | null,
  matchLength: number | null,
): GnubgFigures['fibs'] {
  if (matchLength === null) {
    return { luckBasedDiff: null, errorBasedRating: null, checkerRatingLoss: null, cubeRatingLoss: null };
  }
  const checkerRatingLoss = fibsCheckerRatingLoss(perChecker, matchLength);
  const cubeRatingLoss = fibsCubeRatingLoss(perCube, matchLength);
  // the side's luck-adjusted winning chance: 0.5 + actual result − own luck + opponent's luck
  const r = 0.5 + s.luckAdjustedResult;
  return {
    luckBasedDiff: s.luckRolls > 0 ? fibsLuckBasedDiff(r, matchLength) : null,
    errorBasedRating: fibsErrorBasedRating(checkerRatingLoss, cubeRatingLoss),
    checkerRatingLoss,
    cubeRatingLoss,
  };
}

/** A side (seat 0 of its context) on which moves were played but not one was an analysed choice. */
function sideWithoutAnalysis(sc: GnubgStatContext | null): boolean {
  const s = sc?.sides[0];
  return s !== undefined && s.totalMoves > 0 && s.unforcedMoves + s.totalCube === 0;
}

/**
 * True when a tally holds no analysis at all: moves were played, but not one was an analysed choice (no
 * unforced move with its candidates, no analysed cube decision) — a transcript without analysis (.mat, an
 * unanalysed text export). Its figures that need an analysis (counts of decisions, errors, marks) are then
 * null, never 0. A match where nothing was played (forfeited at once) keeps its zeros, as gnuBG prints them.
 */
export function withoutAnalysis(t: PlayerTally): boolean {
  return noAnalysis(finished(t));
}

/** The finished states of a tally, by id. */
function finished(t: PlayerTally): FinishedStates {
  const out: Record<string, unknown> = {};
  const states = t.states as Record<string, unknown>;
  for (const a of REGISTRY) out[a.id] = a.finish(states[a.id]);
  return out as FinishedStates;
}

function noAnalysis(f: FinishedStates): boolean {
  const n = f.decisions.counted;
  if (n.checker + n.double + n.take > 0) return false;
  const contexts = [f.gnubg.match, f.gnubg.money].filter((c) => c !== null);
  return contexts.length > 0 && contexts.every(sideWithoutAnalysis);
}

/** gnuBG figures of one side (seat 0 of `sc`); `none`: the side has no analysis (its figures null). */
function gnubgFigures(
  sc: GnubgStatContext,
  bothMoves: number,
  matchLength: number | null,
  none = false,
): GnubgFigures {
  const s: GnubgSide = sc.sides[0];
  // a figure that needs an analysis: null without one
  const a = <T>(x: T): T | null => (none ? null : x);
  const mp = sc.matchPlay;
  const mwc = (x: number): number | null => (mp ? 100 * x : null);
  const pts = (x: number): number | null => (mp ? null : x);
  const cube = cubeErrorTotal(s);
  const bucket = (p: ErrorPair): GnubgCubeErrorFigures => ({
    count: a(p.count),
    emg: a(p.emg),
    mwcPct: a(mwc(p.cost)),
    points: a(pts(p.cost)),
  });
  const overall = overallError(s);
  const totalEmg = overall.emg;
  const totalCost = s.checker.cost + cube.cost;
  const perChecker = ratio(s.checker.emg, s.unforcedMoves);
  const perCube = ratio(cube.emg, s.closeCube);
  const perAll = ratio(totalEmg, overall.decisions);
  // gnuBG's fDice: some roll of the matches had its luck analysed (seatContext)
  const luckKnown = s.luckRolls > 0 || sc.sides[1].luckRolls > 0;
  const perMove = ratio(s.luckEmg, s.totalMoves);
  return {
    totalMoves: s.totalMoves,
    unforcedMoves: a(s.unforcedMoves),
    checkerErrorEMG: a(s.checker.emg),
    checkerErrorMWCPct: a(mwc(s.checker.cost)),
    checkerErrorPoints: a(pts(s.checker.cost)),
    totalCubeDecisions: a(s.totalCube),
    closeCubeDecisions: a(s.closeCube),
    doubles: a(s.doubles),
    takes: a(s.takes),
    passes: a(s.passes),
    cubeErrorEMG: a(cube.emg),
    cubeErrorMWCPct: a(mwc(cube.cost)),
    cubeErrorPoints: a(pts(cube.cost)),
    cubeErrors: {
      missedDoubleBelowCP: bucket(s.missedDoubleBelowCP),
      missedDoubleAboveCP: bucket(s.missedDoubleAboveCP),
      wrongDoubleBelowDP: bucket(s.wrongDoubleBelowDP),
      wrongDoubleAboveTG: bucket(s.wrongDoubleAboveTG),
      wrongTake: bucket(s.wrongTake),
      wrongPass: bucket(s.wrongPass),
    },
    totalErrorEMG: a(totalEmg),
    totalErrorMWCPct: a(mwc(totalCost)),
    totalErrorPoints: a(pts(totalCost)),
    checkerErrorRateMEMG: perChecker === null ? null : 1000 * perChecker,
    cubeErrorRateMEMG: perCube === null ? null : 1000 * perCube,
    errorRateMEMG: perAll === null ? null : 1000 * perAll,
    snowieER: bothMoves > 0 && !none ? (1000 * totalEmg) / bothMoves : null,
    moveMarks: {
      unmarked: a(s.marks.none),
      doubtful: a(s.marks.doubtful),
      bad: a(s.marks.bad),
      veryBad: a(s.marks.veryBad),
    },
    rollMarks: {
      veryLucky: a(s.luckMarks.veryLucky),
      lucky: a(s.luckMarks.lucky),
      unmarked: a(s.luckMarks.none),
      unlucky: a(s.luckMarks.unlucky),
      veryUnlucky: a(s.luckMarks.veryUnlucky),
    },
    luckEMG: luckKnown ? s.luckEmg : null,
    luckMWCPct: luckKnown ? mwc(s.luckCost) : null,
    luckPoints: luckKnown ? pts(s.luckCost) : null,
    luckRateMEMG: luckKnown && perMove !== null ? 1000 * perMove : null,
    actualResultPct: mp ? 100 * s.actualResult : null,
    luckAdjustedResultPct: mp && luckKnown ? 100 * s.luckAdjustedResult : null,
    actualResultPpg: mp ? null : ratio(s.actualResult, sc.games),
    luckAdjustedResultPpg: !mp && luckKnown ? ratio(s.luckAdjustedResult, sc.games) : null,
    fibs: fibsFigures(s, perChecker, perCube, mp ? matchLength : null),
    ratings: {
      checker: gnubgRating(perChecker),
      cube: gnubgRating(perCube),
      overall: gnubgRating(perAll),
      luck: luckKnown ? gnubgLuckRating(perMove) : null,
    },
  };
}

/** Derives every figure of a tally from its finished states; intervals by `interval` (the spec's closed form by default). */
export function playerStats(t: PlayerTally, interval: IntervalMethod = CLOSED): PlayerStats {
  const f = finished(t);
  const { counted: n, error: e } = f.decisions;
  const { mwc, units, difficulty: diff, errors } = f;
  const nTotal = n.checker + n.double + n.take;
  const eTotal = e.checker + e.double + e.take;
  const hasMwc = units.l7.length > 0;
  // a category without decisions has no figure (null), never 0
  const pct = (x: number, count: number): number | null => (hasMwc && count > 0 ? 100 * x : null);
  const eqOf = (x: number, count: number): number | null => (count > 0 ? x : null);
  const l7 = l7Pool(units.l7);
  const { elo, floored } = engineElo(l7);
  // gnuBG block: match-play context if any, else money (a person's mixed aggregate shows match play).
  const none = noAnalysis(f);
  // a count that needs an analysis: null without any
  const a = (x: number): number | null => (none ? null : x);
  const g = f.gnubg;
  const gnubg = g.match
    ? gnubgFigures(g.match, g.bothMovesMatch, g.matchLength, none)
    : g.money
      ? gnubgFigures(g.money, g.bothMovesMoney, null, none)
      : null;
  const mwcTotal = pct(mwc.loss.checker + mwc.loss.double + mwc.loss.take, nTotal);
  const excess = diff.count > 0 ? 100 * (diff.loss - diff.sum) : null;
  return {
    player: t.player,
    matches: t.matches,
    analysedMatches: units.matches === 1 ? (units.games.length > 0 ? 1 : 0) : units.perMatch.length,
    pr: performanceRating(eTotal, nTotal),
    prChecker: performanceRating(e.checker, n.checker),
    prCube: performanceRating(e.double + e.take, n.double + n.take),
    decisions: { total: a(nTotal), checker: a(n.checker), double: a(n.double), take: a(n.take) },
    equityError: {
      total: eqOf(eTotal, nTotal),
      checker: eqOf(e.checker, n.checker),
      double: eqOf(e.double, n.double),
      take: eqOf(e.take, n.take),
    },
    mwcLossPct: {
      total: mwcTotal,
      checker: pct(mwc.loss.checker, n.checker),
      double: pct(mwc.loss.double, n.double),
      take: pct(mwc.loss.take, n.take),
    },
    mwcLossPerMatchPct: perMatchMean(mwcTotal, units.l7.length),
    l7Pct: l7 === null ? null : 100 * l7,
    prInterval: none
      ? NO_ANALYSIS
      : intervalFigure(prInterval(units.matches === 1 ? units.games : units.perMatch, interval)),
    l7Interval: none
      ? NO_ANALYSIS
      : intervalFigure(
          units.matches === 1
            ? units.l7[0]
              ? l7MatchInterval(units.gameLosses, units.l7[0].matchLength, interval)
              : null
            : units.l7.length > 0
              ? l7PoolInterval(units.l7, interval)
              : null,
          100,
        ),
    level: prLevel(performanceRating(eTotal, nTotal)),
    difficulty: {
      decisions: a(diff.count),
      difficultyPct: diff.count > 0 ? 100 * diff.sum : null,
      excessPct: excess,
      excessPerMatchPct: perMatchMean(excess, units.l7.length),
      ratio: diff.count > 0 && diff.sum >= RATIO_MIN_DIFFICULTY ? diff.loss / diff.sum : null,
      errors: a(errors.errors),
      avoidableErrors: a(errors.avoidable),
    },
    elo,
    eloFloored: floored,
    snowieER: snowieErrorRate(f.snowie.error, f.snowie.den),
    gnubg,
    figures: registryFigures(t.states, t.unknown),
  };
}
