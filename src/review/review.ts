/**
 * The match review per player (spec/metrics.md §6): PR and L₇ with their 95 % intervals, the level band,
 * the three decisions to review, the luck-adjusted result with its coverage and the error gap, and hasty
 * versus deliberate errors. Pure: figures only, no printing (report/review.ts renders them).
 *
 * Three decisions to review, per player: among his counted decisions (XG's rules, §2.2) that are errors
 * (e ≥ the Error threshold, inclusive) and whose ℓ is known, ranked by the avoidable share ℓ − d (d unknown
 * → 0); only ℓ − d > 0; ties → larger ℓ, then match order; at most 3. At match play ℓ and d are in MWC; in a
 * money session, where there is no MWC, in points (equity × cube value, src/metrics/mwc-loss.ts
 * `pointsLoss`): the same ranking in the unit money play is scored in, labelled as such.
 *
 * Hasty versus deliberate errors need the time each decision took; no format bdb reads stores it (XG's
 * TimeBot / TimeTop are the match clock's totals), so the review says so instead of guessing.
 */

import type { Met } from '../met/index.js';
import { type AnalysisAudit, auditOf } from '../metrics/analysis-mix.js';
import { isCounted } from '../metrics/counting.js';
import { decisionError } from '../metrics/decision-error.js';
import {
  DEFAULT_THRESHOLDS,
  DIFFICULTY_TAU,
  decisionDifficulty,
  decisionDifficultyPoints,
  type ErrorThresholds,
  isAvoidableError,
  reachesThreshold,
  thresholdEquity,
} from '../metrics/difficulty.js';
import { matchOutcome } from '../metrics/match-report.js';
import { mwcLoss, pointsLoss } from '../metrics/mwc-loss.js';
import { type IntervalFigure, matchTallies, type PlayerStats, playerStats } from '../metrics/player-stats.js';
import type { CheckerDecision, CubeDecision, Decision, Game, Match } from '../model/types.js';
import { cubeActionName, properCubeAction } from './cube-action.js';
import { playText } from './decision-refs.js';
import { luckAdjustedResult, type NoLuckReason } from './luck.js';
import { decisionPosition, decisionPositionId, decisionXgid, sideOnRoll } from './position.js';

/** Most decisions to review per player. */
export const REVIEW_DECISIONS = 3;

/** Why hasty and deliberate errors are not given. */
export const NO_MOVE_TIMES = 'no move times in this file';

/** A checker play under review: the roll, the play made and the best one (gnuBG notation), equities. */
export interface ReviewedCheckerPlay {
  dice: [number, number];
  played: string;
  /** Equity after the play made (normalised, mover's view); null when the analysis does not give it. */
  playedEquity: number | null;
  best: string;
  bestEquity: number | null;
}

/** A cube decision under review: the action taken, the proper cube action and the cubeful equities. */
export interface ReviewedCubeAction {
  /** 'No double', 'Double', 'Take', 'Pass' ('No redouble', 'Redouble', 'Beaver'). */
  action: string;
  /** The proper cube action, e.g. 'Double, take', 'Too good to double, pass'. */
  bestAction: string;
  /** Cubeful equities, normalised, from the doubler's point of view (also for take and pass). */
  noDouble: number;
  doubleTake: number;
  doublePass: number;
}

/** One of the decisions to review. */
export interface ReviewedDecision {
  /** 1-based game number. */
  game: number;
  /** Move number in the game: the 1-based number of the roll, both players counted; a cube decision has the
   *  number of the roll it comes before. */
  move: number;
  /** 0-based index of the decision in its game (the model's `index`). */
  decisionIndex: number;
  kind: 'checker' | 'cube';
  /** Score [player, opponent] at the start of the game; match length 0 = money. */
  score: [number, number];
  matchLength: number;
  /** Cube value (before the double for take and pass) and owner ('centred', 'player', 'opponent'). */
  cubeValue: number;
  cubeOwner: 'centred' | 'player' | 'opponent';
  /** XGID of the position (the side on roll at the bottom, on roll; the doubler for take and pass). */
  xgid: string | null;
  /** gnuBG Position ID of the same position. */
  positionId: string | null;
  /** e, the equity given away (EMG). */
  errorEMG: number;
  /** ℓ, d and ℓ − d in percentage points of MWC (d null when unknown; counted as 0 in the share); null in a
   *  money session. */
  lossPct: number | null;
  difficultyPct: number | null;
  avoidableSharePct: number | null;
  /** In a money session: ℓ, d and ℓ − d in points (equity × cube value); null at match play. */
  lossPoints: number | null;
  difficultyPoints: number | null;
  avoidableSharePoints: number | null;
  /** e ≥ Error threshold and d ≤ ℓ / 10 (spec §4). */
  avoidable: boolean;
  /** e ≥ the blunder threshold (inclusive). */
  blunder: boolean;
  checker: ReviewedCheckerPlay | null;
  cube: ReviewedCubeAction | null;
}

/** The luck-adjusted result of a player in percentage points of MWC, with the coverage. */
export interface ReviewLuck {
  /** R = outcome − MWC at the start (> 0: won the match). */
  resultPct: number | null;
  /** C = own luck − opponent's luck (> 0: the dice helped the player). */
  luckPct: number | null;
  /** A = R − C, the result with the luck taken out: what the play alone gained. > 0: played better than the
   *  opponent (a loss with A > 0 was down to the dice); < 0: worse (a win with A < 0 was down to the dice). */
  adjustedPct: number | null;
  /** L_opponent − L_player (MWC lost in this match), the expectation of A. */
  errorGapPct: number | null;
  /** Rolls of both players with a known luck, rolls played, and their ratio (%). */
  rollsWithLuck: number;
  rollsPlayed: number;
  coveragePct: number | null;
  /** Why A is null. */
  reason: NoLuckReason | null;
}

/** Hasty versus deliberate errors (checker, cube); null without move times. */
export interface ReviewHaste {
  checker: { hasty: number; deliberate: number } | null;
  cube: { hasty: number; deliberate: number } | null;
  reason: string | null;
}

/** The review of one player. */
export interface PlayerReview {
  player: string;
  seat: 0 | 1;
  pr: number | null;
  prInterval: IntervalFigure;
  l7Pct: number | null;
  l7Interval: IntervalFigure;
  level: string | null;
  /** Decisions counted in PR (XG's rules); null without any analysis. */
  decisions: number | null;
  /** MWC lost in the match (percentage points); null for money. */
  mwcLossPct: number | null;
  /** Counted errors (e ≥ Error threshold) and the avoidable ones among them (in a money session, d ≤ ℓ/10
   *  with both in points); null without any analysis. */
  errors: number | null;
  avoidableErrors: number | null;
  /** At most three decisions, largest avoidable share first. */
  toReview: ReviewedDecision[];
  /** Every error (`bdb review --all`, filtered by {@link ErrorListOptions}); null when not asked for. */
  listed: ReviewedDecision[] | null;
  luck: ReviewLuck;
  haste: ReviewHaste;
}

/** The review of a match: both players. */
export interface MatchReview {
  file: string;
  format: string;
  /** 0 = money. */
  matchLength: number;
  players: [string, string];
  /** The event and the date as the file gives them (null or absent when it gives none). */
  event?: string | null;
  date?: string | null;
  games: number;
  finalScore: [number, number];
  winner: string | null;
  settings: { thresholds: { errorMpt: number; blunderMpt: number }; difficultyTau: number };
  reviews: [PlayerReview, PlayerReview];
  /** What `--all` lists in each review's `listed` (its filters), or null without `--all`. */
  list: { cube: boolean; blunders: boolean; top: number | null } | null;
  /** ℓ of every counted decision of both players in match order; null for money (no ℓ) or without any
   *  analysis. */
  series: ReviewSeries | null;
  /** The match's analyser and depths, and whether it is below BMAB's norm (as `bdb stats` over one match). */
  audit: AnalysisAudit;
}

/** The MWC loss ℓ of one counted decision, in match order. */
export interface SeriesPoint {
  /** 1-based number of the decision among the points of the series (both players, match order). */
  index: number;
  /** 1-based game number. */
  game: number;
  /** Seat of the player who made it. */
  player: 0 | 1;
  /** ℓ in percentage points of MWC (0 for the best play). */
  lossPct: number;
}

/** The per-decision series of a match: a player's points are those with his seat. */
export interface ReviewSeries {
  points: SeriesPoint[];
}

/** What ranks a decision for review: ℓ, d (fractions of a match) and its place in the match. */
export interface RankItem {
  readonly loss: number;
  readonly difficulty: number | null;
  /** Match order (smaller first). */
  readonly order: number;
}

/**
 * Two shares or losses closer than this (fraction of a match, 1e−10 percentage points) are equal: ℓ − d is a
 * difference of floating-point products, so a tie may come out as a residue (0.03 − 0.01 ≠ 0.02). Likewise a
 * share within it of 0 is not > 0.
 */
export const RANK_TIE_EPSILON = 1e-12;

/** The avoidable share ℓ − d (unknown d counts as 0). */
export function avoidableShare(item: RankItem): number {
  return item.loss - (item.difficulty ?? 0);
}

/**
 * The decisions to review among candidate errors: ℓ − d > 0 only, largest ℓ − d first, ties → larger ℓ,
 * then match order; at most `max`.
 */
export function rankForReview<T extends RankItem>(items: readonly T[], max: number = REVIEW_DECISIONS): T[] {
  const larger = (x: number, y: number): number => (Math.abs(x - y) > RANK_TIE_EPSILON ? y - x : 0);
  return items
    .filter((x) => avoidableShare(x) > RANK_TIE_EPSILON)
    .sort(
      (a, b) => larger(avoidableShare(a), avoidableShare(b)) || larger(a.loss, b.loss) || a.order - b.order,
    )
    .slice(0, max);
}

/** A candidate for review with its figures (fractions of a match; points in a money session). */
interface Candidate extends RankItem {
  readonly game: Game;
  readonly decision: Decision;
  readonly error: number;
}

/**
 * The counted errors of `seat` whose ℓ is known, with ℓ and d: in MWC at match play, in points in a money
 * session.
 */
function reviewCandidates(met: Met, match: Match, seat: 0 | 1, errorThreshold: number): Candidate[] {
  const money = match.matchLength <= 0;
  const out: Candidate[] = [];
  let order = 0;
  for (const game of match.games) {
    for (const d of game.decisions) {
      order++;
      if (d.player !== seat) continue;
      const e = decisionError(d);
      if (e === null || !isCounted(d) || !reachesThreshold(e, errorThreshold)) continue;
      const loss = money ? pointsLoss(d, e) : mwcLoss(met, d, e);
      if (loss === null) continue;
      const difficulty = money ? decisionDifficultyPoints(d) : decisionDifficulty(met, d);
      out.push({ game, decision: d, error: e, loss, difficulty, order });
    }
  }
  return out;
}

function checkerPart(d: CheckerDecision): ReviewedCheckerPlay {
  const best = d.candidates[0];
  const played = d.playedIndex === null ? undefined : d.candidates[d.playedIndex];
  return {
    dice: [Math.max(...d.dice), Math.min(...d.dice)],
    played: playText(d, played?.play ?? d.played),
    playedEquity: played?.equity ?? null,
    best: best ? playText(d, best.play) : 'n/a',
    bestEquity: best?.equity ?? null,
  };
}

function cubePart(d: CubeDecision): ReviewedCubeAction | null {
  const a = d.analysis;
  if (!a) return null;
  const redouble = d.cubeOwner !== -1 && d.cubeOwner === sideOnRoll(d);
  return {
    action: cubeActionName(d.action, redouble, d.beaver === true),
    bestAction: properCubeAction(a, redouble),
    noDouble: a.nd,
    doubleTake: a.dt,
    doublePass: a.dp,
  };
}

/** 1-based number of the roll decision `index` is (or comes before) in its game. */
function moveNumber(game: Game, index: number): number {
  let rolls = 0;
  for (let i = 0; i < index && i < game.decisions.length; i++) {
    if (game.decisions[i]!.kind === 'checker') rolls++;
  }
  return rolls + 1;
}

function reviewed(
  match: Match,
  c: Candidate,
  errorThreshold: number,
  blunderThreshold: number,
): ReviewedDecision {
  const d = c.decision;
  const i = c.game.decisions.indexOf(d);
  const pos = decisionPosition(c.game, i);
  const other = d.player === 0 ? 1 : 0;
  const money = match.matchLength <= 0;
  return {
    game: c.game.index + 1,
    move: moveNumber(c.game, i),
    decisionIndex: d.index,
    kind: d.kind,
    score: [d.score[d.player], d.score[other]],
    matchLength: d.matchLength,
    cubeValue: d.cubeValue,
    cubeOwner: d.cubeOwner === -1 ? 'centred' : d.cubeOwner === d.player ? 'player' : 'opponent',
    xgid: pos ? decisionXgid(match, d, pos) : null,
    positionId: pos ? decisionPositionId(pos) : null,
    errorEMG: c.error,
    lossPct: money ? null : 100 * c.loss,
    difficultyPct: money || c.difficulty === null ? null : 100 * c.difficulty,
    avoidableSharePct: money ? null : 100 * avoidableShare(c),
    lossPoints: money ? c.loss : null,
    difficultyPoints: money ? c.difficulty : null,
    avoidableSharePoints: money ? avoidableShare(c) : null,
    avoidable: isAvoidableError(c.error, c.loss, c.difficulty, errorThreshold),
    blunder: reachesThreshold(c.error, blunderThreshold),
    checker: d.kind === 'checker' ? checkerPart(d) : null,
    cube: d.kind === 'cube' ? cubePart(d) : null,
  };
}

/** A decision to review with the figures that rank it (ℓ, d as fractions; `order` = match order). */
export interface RankedDecision extends RankItem {
  readonly decision: ReviewedDecision;
}

/**
 * The decisions `seat` should review first (spec §6) with the figures that rank them, at most `max`: what
 * ranks the decisions of several matches together (`bdb report`'s worst decisions) with
 * {@link rankForReview}.
 */
export function rankedDecisionsToReview(
  met: Met,
  match: Match,
  seat: 0 | 1,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  max: number = REVIEW_DECISIONS,
): RankedDecision[] {
  const threshold = thresholdEquity(thresholds.errorMpt);
  const blunder = thresholdEquity(thresholds.blunderMpt);
  return rankForReview(reviewCandidates(met, match, seat, threshold), max).map((c) => ({
    loss: c.loss,
    difficulty: c.difficulty,
    order: c.order,
    decision: reviewed(match, c, threshold, blunder),
  }));
}

/** Which errors `bdb review --all` lists: all of them, or only the cube's, only blunders, the N costliest. */
export interface ErrorListOptions {
  /** Cube decisions only. */
  readonly cube?: boolean;
  /** Blunders only (e ≥ the blunder threshold). */
  readonly blunders?: boolean;
  /** The N that lost the most (ℓ; ties: larger e, then match order), costliest first; else all, in match order. */
  readonly top?: number | null;
}

/**
 * Every counted error of `seat` (e ≥ the error threshold, inclusive, XG's counting rules §2.2) whose ℓ is
 * known, as `opts` filters them: in match order, or the `top` costliest first.
 */
export function listedErrors(
  met: Met,
  match: Match,
  seat: 0 | 1,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  opts: ErrorListOptions = {},
): ReviewedDecision[] {
  const threshold = thresholdEquity(thresholds.errorMpt);
  const blunder = thresholdEquity(thresholds.blunderMpt);
  let found = reviewCandidates(met, match, seat, threshold).filter(
    (c) =>
      (!opts.cube || c.decision.kind === 'cube') && (!opts.blunders || reachesThreshold(c.error, blunder)),
  );
  if (opts.top !== undefined && opts.top !== null) {
    const larger = (x: number, y: number): number => (Math.abs(x - y) > RANK_TIE_EPSILON ? y - x : 0);
    found = found
      .sort((a, b) => larger(a.loss, b.loss) || larger(a.error, b.error) || a.order - b.order)
      .slice(0, opts.top);
  }
  return found.map((c) => reviewed(match, c, threshold, blunder));
}

/**
 * The decisions `seat` should review first (spec §6), with their positions and figures.
 *
 * @param met - the MET of ℓ and d
 * @param match - the match
 * @param seat - the player
 * @param thresholds - the Error threshold decides what an error is (inclusive)
 */
export function decisionsToReview(
  met: Met,
  match: Match,
  seat: 0 | 1,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
): ReviewedDecision[] {
  return rankedDecisionsToReview(met, match, seat, thresholds).map((r) => r.decision);
}

/**
 * The avoidable errors of `seat` in a money session (spec §4 with ℓ and d in points: d ≤ ℓ/10 is the same
 * test in any unit); null at match play, where the player's tally counts them in MWC.
 */
function moneyAvoidableErrors(
  met: Met,
  match: Match,
  seat: 0 | 1,
  thresholds: ErrorThresholds,
): number | null {
  if (match.matchLength > 0) return null;
  const threshold = thresholdEquity(thresholds.errorMpt);
  return reviewCandidates(met, match, seat, threshold).filter((c) =>
    isAvoidableError(c.error, c.loss, c.difficulty, threshold),
  ).length;
}

/**
 * ℓ of each counted decision (XG's rules, §2.2) of both players in match order, for the charts of the review;
 * decisions without a known ℓ (dead cube, a score outside the match) are left out. Money play → null.
 */
export function decisionSeries(met: Met, match: Match): ReviewSeries | null {
  if (match.matchLength <= 0) return null;
  const points: SeriesPoint[] = [];
  for (const game of match.games) {
    for (const d of game.decisions) {
      const e = decisionError(d);
      if (e === null || !isCounted(d)) continue;
      const loss = mwcLoss(met, d, e);
      if (loss === null) continue;
      points.push({ index: points.length + 1, game: game.index + 1, player: d.player, lossPct: 100 * loss });
    }
  }
  return { points };
}

function percentOrNull(x: number | null): number | null {
  return x === null ? null : 100 * x;
}

/**
 * The match review of both players.
 *
 * @param match - a parsed match
 * @param met - the MET (ℓ, d, L₇ and the luck-adjusted result)
 * @param thresholds - Error / blunder thresholds (mpt of equity; default XG's 20 / 80)
 * @param list - list every error of each player as these options filter them (`--all`); null: not listed
 */
export function buildReview(
  match: Match,
  met: Met,
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
  list: ErrorListOptions | null = null,
): MatchReview {
  const tallies = matchTallies(met, match, thresholds);
  const stats: [PlayerStats, PlayerStats] = [playerStats(tallies[0]), playerStats(tallies[1])];
  const luck = luckAdjustedResult(met, match);
  const { finalScore, winner } = matchOutcome(match);
  // MWC lost in this match: a player without counted decisions lost nothing (unknown without any analysis)
  const lost = (s: PlayerStats): number | null =>
    match.matchLength > 0 && s.decisions.total !== null ? (s.mwcLossPct.total ?? 0) : s.mwcLossPct.total;
  const player = (seat: 0 | 1): PlayerReview => {
    const s = stats[seat];
    const l = luck.seats[seat];
    const own = lost(s);
    const opp = lost(stats[seat === 0 ? 1 : 0]);
    return {
      player: match.players[seat],
      seat,
      pr: s.pr,
      prInterval: s.prInterval,
      l7Pct: s.l7Pct,
      l7Interval: s.l7Interval,
      level: s.level,
      decisions: s.decisions.total,
      mwcLossPct: s.mwcLossPct.total,
      errors: s.difficulty.errors,
      avoidableErrors:
        s.decisions.total === null
          ? null
          : (moneyAvoidableErrors(met, match, seat, thresholds) ?? s.difficulty.avoidableErrors),
      toReview: decisionsToReview(met, match, seat, thresholds),
      listed: list === null ? null : listedErrors(met, match, seat, thresholds, list),
      luck: {
        resultPct: percentOrNull(l.result),
        luckPct: percentOrNull(l.luck),
        adjustedPct: percentOrNull(l.adjusted),
        errorGapPct: l.adjusted !== null && own !== null && opp !== null ? opp - own : null,
        rollsWithLuck: luck.rollsWithLuck,
        rollsPlayed: luck.rollsPlayed,
        coveragePct: luck.rollsPlayed > 0 ? (100 * luck.rollsWithLuck) / luck.rollsPlayed : null,
        reason: l.reason,
      },
      haste: { checker: null, cube: null, reason: NO_MOVE_TIMES },
    };
  };
  return {
    file: match.file,
    format: match.format,
    matchLength: match.matchLength,
    players: [match.players[0], match.players[1]],
    event: match.event,
    date: match.date,
    games: match.games.length,
    finalScore,
    winner: winner === null ? null : match.players[winner],
    settings: {
      thresholds: { errorMpt: thresholds.errorMpt, blunderMpt: thresholds.blunderMpt },
      difficultyTau: DIFFICULTY_TAU,
    },
    reviews: [player(0), player(1)],
    list:
      list === null
        ? null
        : { cube: list.cube === true, blunders: list.blunders === true, top: list.top ?? null },
    // no chart without any analysis: nothing was judged
    series: stats.every((s) => s.decisions.total === null) ? null : decisionSeries(met, match),
    // both seats' tallies folded the same match: either one's audit is the match's
    audit: auditOf(stats[0].figures),
  };
}
