/**
 * Per-player figures of a match, and their aggregation over matches (sum/sum, spec/metrics.md §2.1, §3).
 *
 * A match is first reduced to one `PlayerTally` per seat: counted decisions, error sums (EMG) and MWC
 * losses by decision type, the Snowie numerator and denominator, the L₇ unit and gnuBG's stat context.
 * Tallies add up over matches; `playerStats` derives every figure from a tally, so a one-match table and
 * an aggregate can never disagree on how a figure is computed.
 */
import { plainClone } from '../core/plain-clone.js';
import type { Met } from '../met/index.js';
import type { Decision, Match } from '../model/types.js';
import { CLOSED, type IntervalMethod } from './bootstrap.js';
import { isCounted } from './counting.js';
import { decisionError } from './decision-error.js';
import {
  DEFAULT_THRESHOLDS,
  decisionDifficulty,
  type ErrorThresholds,
  isAvoidableError,
  RATIO_MIN_DIFFICULTY,
  reachesThreshold,
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
  addGnubgContext,
  cubeErrorTotal,
  type ErrorPair,
  emptyGnubgContext,
  type GnubgSide,
  type GnubgStatContext,
  gnubgLuckRating,
  gnubgMatchContext,
  gnubgRating,
} from './gnubg-stats.js';
import { type Interval, l7MatchInterval, l7PoolInterval, type PrUnit, prInterval } from './interval.js';
import { type L7Unit, l7Pool } from './l7.js';
import { prLevel } from './levels.js';
import { mwcLoss } from './mwc-loss.js';
import { perMatchMean } from './per-match.js';
import { performanceRating } from './pr.js';
import { snowieErrorRate } from './snowie-er.js';

/** Decision types of XG's breakdown: checker, double (incl. no-double), take (takes and passes). */
export interface ByType<T> {
  checker: T;
  double: T;
  take: T;
}

/** Everything needed to derive a player's figures; adds up over matches. */
export interface PlayerTally {
  player: string;
  matches: number;
  counted: ByType<number>;
  /** Σ e (equity) over counted decisions. */
  error: ByType<number>;
  /** Σ ℓ (fraction of a match) over counted match-play decisions. */
  mwcLoss: ByType<number>;
  /** Counted decisions whose ℓ is known (match play). */
  mwcCounted: number;
  /** L₇ units, one per match-play match. */
  l7Units: L7Unit[];
  /** PR interval units: per game while the tally is one match, one per match once tallies are added. */
  prUnits: PrUnit[];
  /** Per-game MWC losses of a one-match tally (the match L₇ interval); empty for an aggregate. */
  gameLosses: number[];
  /** Difficulty (spec §4), over counted decisions having both ℓ and d: Σℓ, Σd, and the count. */
  difficulty: { loss: number; sum: number; count: number };
  /** Counted errors with e ≥ the error threshold, and those of them that are avoidable (d ≤ ℓ/10). */
  errors: number;
  avoidableErrors: number;
  /** Snowie ER: the player's errors, no counting filter (equity), and both players' scored checker plays. */
  snowieError: number;
  snowieDen: number;
  /** gnuBG's stat context of this player (seat 0 of the stored contexts), match play and money apart. */
  gnubgMatch: GnubgStatContext | null;
  gnubgMoney: GnubgStatContext | null;
  /** Total moves of both players, for gnuBG's Snowie error rate, match play and money apart. */
  gnubgBothMovesMatch: number;
  /** Match length of the match-play context; null when it mixes lengths (FIBS figures need one). */
  gnubgMatchLength: number | null;
  gnubgBothMovesMoney: number;
}

function byType(): ByType<number> {
  return { checker: 0, double: 0, take: 0 };
}

/** XG's breakdown type of a decision (spec/metrics.md §1.2): double = double or no double, take = take or pass. */
export function decisionType(d: Decision): keyof ByType<number> {
  if (d.kind === 'checker') return 'checker';
  return d.action === 'take' || d.action === 'pass' ? 'take' : 'double';
}

/**
 * A context holding `seat`'s side, moved to seat 0, and of the opponent's side only its count of rolls whose
 * luck is known: with the seat's own, it tells whether the match's luck was analysed (gnuBG's `fDice`),
 * which decides whether gnuBG prints a luck total — +0.000 for a player who never rolled (formatgs.c,
 * FORMATGS_LUCK; e.g. hakim63 in test/reference-matches/galaxy/match1548034.txt, analysed by gnuBG
 * 1.07.001).
 */
function seatContext(sc: GnubgStatContext, seat: 0 | 1): GnubgStatContext {
  const only = emptyGnubgContext(sc.matchPlay);
  only.games = sc.games;
  only.sides[0] = plainClone(sc.sides[seat]);
  only.sides[1].luckRolls = sc.sides[1 - seat]!.luckRolls;
  return only;
}

/** What the tally computed for one decision, handed to an observer (the library stores it per decision). */
export interface DecisionFigures {
  /** e (equity), null when not analysed. */
  readonly error: number | null;
  /** True when the decision counts in PR (XG's rules, spec/metrics.md §2.2). */
  readonly counted: boolean;
  /** ℓ (fraction of a match) and d (fraction of a match); computed for counted decisions only, else null. */
  readonly loss: number | null;
  readonly difficulty: number | null;
}

/**
 * Reduces a match to one tally per seat. `observe`, when given, sees every decision of the match in order
 * with the figures the tally took from it (one computation for the tally and the library's rows).
 */
export function matchTallies(
  met: Met,
  match: Match,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  observe?: (d: Decision, figures: DecisionFigures) => void,
): [PlayerTally, PlayerTally] {
  const tallies = ([0, 1] as const).map(
    (seat): PlayerTally => ({
      player: match.players[seat],
      matches: 1,
      counted: byType(),
      error: byType(),
      mwcLoss: byType(),
      mwcCounted: 0,
      l7Units: [],
      prUnits: [],
      gameLosses: [],
      difficulty: { loss: 0, sum: 0, count: 0 },
      errors: 0,
      avoidableErrors: 0,
      snowieError: 0,
      snowieDen: 0,
      gnubgMatch: null,
      gnubgMoney: null,
      gnubgBothMovesMatch: 0,
      gnubgMatchLength: null,
      gnubgBothMovesMoney: 0,
    }),
  ) as [PlayerTally, PlayerTally];
  let scoredChecker = 0;
  const loss: [number, number] = [0, 0];
  const errorThreshold = thresholdEquity(thresholds.errorMpt);
  for (const game of match.games) {
    const unit: [{ error: number; decisions: number }, { error: number; decisions: number }] = [
      { error: 0, decisions: 0 },
      { error: 0, decisions: 0 },
    ];
    const gameLoss: [number, number] = [0, 0];
    for (const d of game.decisions) {
      const t = tallies[d.player];
      const e = decisionError(d);
      if (e !== null) t.snowieError += e;
      if (d.kind === 'checker' && e !== null) scoredChecker++;
      if (e === null || !isCounted(d)) {
        observe?.(d, { error: e, counted: false, loss: null, difficulty: null });
        continue;
      }
      const k = decisionType(d);
      t.counted[k]++;
      t.error[k] += e;
      unit[d.player].error += e;
      unit[d.player].decisions++;
      const l = mwcLoss(met, d, e);
      if (l !== null) {
        t.mwcLoss[k] += l;
        t.mwcCounted++;
        loss[d.player] += l;
        gameLoss[d.player] += l;
      }
      const dd = decisionDifficulty(met, d);
      observe?.(d, { error: e, counted: true, loss: l, difficulty: dd });
      if (l !== null && dd !== null) {
        t.difficulty.loss += l;
        t.difficulty.sum += dd;
        t.difficulty.count++;
      }
      if (reachesThreshold(e, errorThreshold)) {
        t.errors++;
        if (isAvoidableError(e, l, dd, errorThreshold)) t.avoidableErrors++;
      }
    }
    for (const seat of [0, 1] as const) {
      if (unit[seat].decisions > 0) {
        tallies[seat].prUnits.push(unit[seat]);
        tallies[seat].gameLosses.push(gameLoss[seat]);
      }
    }
  }
  const sc = gnubgMatchContext(met, match);
  const bothMoves = sc.sides[0].totalMoves + sc.sides[1].totalMoves;
  for (const seat of [0, 1] as const) {
    const t = tallies[seat];
    t.snowieDen = scoredChecker;
    if (match.matchLength > 0) {
      // a player with no counted decision (a transcript without analysis) has no L₇, not 0
      if (t.mwcCounted > 0) t.l7Units.push({ loss: loss[seat], matchLength: match.matchLength });
      t.gnubgMatch = seatContext(sc, seat);
      t.gnubgBothMovesMatch = bothMoves;
      t.gnubgMatchLength = match.matchLength;
    } else {
      t.gnubgMoney = seatContext(sc, seat);
      t.gnubgBothMovesMoney = bothMoves;
    }
  }
  return tallies;
}

function addByType(a: ByType<number>, b: ByType<number>): void {
  a.checker += b.checker;
  a.double += b.double;
  a.take += b.take;
}

function addCtx(a: GnubgStatContext | null, b: GnubgStatContext | null): GnubgStatContext | null {
  if (!b) return a;
  if (!a) return plainClone(b);
  addGnubgContext(a, b);
  return a;
}

/** The PR units of a tally as matches: a one-match tally's games collapse into one unit. */
function matchUnits(t: PlayerTally): PrUnit[] {
  if (t.matches > 1) return t.prUnits;
  const u = t.prUnits.reduce((s, x) => ({ error: s.error + x.error, decisions: s.decisions + x.decisions }), {
    error: 0,
    decisions: 0,
  });
  return u.decisions > 0 ? [u] : [];
}

/** Adds tally `b` into a copy of `a` (the name of `a` is kept). */
export function addTallies(a: PlayerTally, b: PlayerTally): PlayerTally {
  const out = plainClone(a);
  addTalliesInto(out, b);
  return out;
}

/**
 * Adds tally `b` into `out` in place (what an aggregator over thousands of matches needs: no copy of the
 * growing tally per match).
 */
export function addTalliesInto(out: PlayerTally, b: PlayerTally): void {
  // once two tallies are added the units of the intervals are matches (read before `matches` changes);
  // an aggregate's units are appended in place, so adding n matches costs n, not n²
  const units = matchUnits(out);
  for (const u of matchUnits(b)) units.push(u);
  const hadMatchPlay = out.gnubgMatch !== null;
  out.matches += b.matches;
  addByType(out.counted, b.counted);
  addByType(out.error, b.error);
  addByType(out.mwcLoss, b.mwcLoss);
  out.mwcCounted += b.mwcCounted;
  for (const u of b.l7Units) out.l7Units.push(u);
  out.prUnits = units;
  out.gameLosses = [];
  out.difficulty.loss += b.difficulty.loss;
  out.difficulty.sum += b.difficulty.sum;
  out.difficulty.count += b.difficulty.count;
  out.errors += b.errors;
  out.avoidableErrors += b.avoidableErrors;
  out.snowieError += b.snowieError;
  out.snowieDen += b.snowieDen;
  out.gnubgMatch = addCtx(out.gnubgMatch, b.gnubgMatch);
  out.gnubgMoney = addCtx(out.gnubgMoney, b.gnubgMoney);
  out.gnubgBothMovesMatch += b.gnubgBothMovesMatch;
  if (b.gnubgMatch) {
    out.gnubgMatchLength = hadMatchPlay
      ? out.gnubgMatchLength === b.gnubgMatchLength
        ? out.gnubgMatchLength
        : null
      : b.gnubgMatchLength;
  }
  out.gnubgBothMovesMoney += b.gnubgBothMovesMoney;
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
  const n = t.counted;
  if (n.checker + n.double + n.take > 0) return false;
  const contexts = [t.gnubgMatch, t.gnubgMoney].filter((c) => c !== null);
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
  const totalEmg = s.checker.emg + cube.emg;
  const totalCost = s.checker.cost + cube.cost;
  const perChecker = ratio(s.checker.emg, s.unforcedMoves);
  const perCube = ratio(cube.emg, s.closeCube);
  const perAll = ratio(totalEmg, s.unforcedMoves + s.closeCube);
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

/** Derives every figure of a tally; intervals by `interval` (the spec's closed form by default). */
export function playerStats(t: PlayerTally, interval: IntervalMethod = CLOSED): PlayerStats {
  const n = t.counted;
  const e = t.error;
  const nTotal = n.checker + n.double + n.take;
  const eTotal = e.checker + e.double + e.take;
  const hasMwc = t.l7Units.length > 0;
  // a category without decisions has no figure (null), never 0
  const pct = (x: number, count: number): number | null => (hasMwc && count > 0 ? 100 * x : null);
  const eqOf = (x: number, count: number): number | null => (count > 0 ? x : null);
  const l7 = l7Pool(t.l7Units);
  const { elo, floored } = engineElo(l7);
  // gnuBG block: match-play context if any, else money (a person's mixed aggregate shows match play).
  const none = withoutAnalysis(t);
  // a count that needs an analysis: null without any
  const a = (x: number): number | null => (none ? null : x);
  const gnubg = t.gnubgMatch
    ? gnubgFigures(t.gnubgMatch, t.gnubgBothMovesMatch, t.gnubgMatchLength, none)
    : t.gnubgMoney
      ? gnubgFigures(t.gnubgMoney, t.gnubgBothMovesMoney, null, none)
      : null;
  const mwcTotal = pct(t.mwcLoss.checker + t.mwcLoss.double + t.mwcLoss.take, nTotal);
  const excess = t.difficulty.count > 0 ? 100 * (t.difficulty.loss - t.difficulty.sum) : null;
  return {
    player: t.player,
    matches: t.matches,
    analysedMatches: matchUnits(t).length,
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
      checker: pct(t.mwcLoss.checker, n.checker),
      double: pct(t.mwcLoss.double, n.double),
      take: pct(t.mwcLoss.take, n.take),
    },
    mwcLossPerMatchPct: perMatchMean(mwcTotal, t.l7Units.length),
    l7Pct: l7 === null ? null : 100 * l7,
    prInterval: none ? NO_ANALYSIS : intervalFigure(prInterval(t.prUnits, interval)),
    l7Interval: none
      ? NO_ANALYSIS
      : intervalFigure(
          t.matches === 1
            ? t.l7Units[0]
              ? l7MatchInterval(t.gameLosses, t.l7Units[0].matchLength, interval)
              : null
            : t.l7Units.length > 0
              ? l7PoolInterval(t.l7Units, interval)
              : null,
          100,
        ),
    level: prLevel(performanceRating(eTotal, nTotal)),
    difficulty: {
      decisions: a(t.difficulty.count),
      difficultyPct: t.difficulty.count > 0 ? 100 * t.difficulty.sum : null,
      excessPct: excess,
      excessPerMatchPct: perMatchMean(excess, t.l7Units.length),
      ratio:
        t.difficulty.count > 0 && t.difficulty.sum >= RATIO_MIN_DIFFICULTY
          ? t.difficulty.loss / t.difficulty.sum
          : null,
      errors: a(t.errors),
      avoidableErrors: a(t.avoidableErrors),
    },
    elo,
    eloFloored: floored,
    snowieER: snowieErrorRate(t.snowieError, t.snowieDen),
    gnubg,
  };
}
