/**
 * `bdb review --json` (docs/schema/review.schema.json): the match review of src/review/review.ts under the
 * JSON keys (unit in every name, docs/json.md), with the settings. `reviews` holds both players, or only
 * those `--player` named (the series keeps every decision: it is the match's). `duplicates` is always empty
 * (the review reads one match); it is there so every reading command's output has it.
 */
import type { AnalysisShare } from '../metrics/analysis-mix.js';
import type { IntervalFigure } from '../metrics/player-stats.js';
import type {
  MatchReview,
  PlayerReview,
  ReviewedDecision,
  ReviewHaste,
  SeriesPoint,
} from '../review/review.js';
import { jsonAudit } from './analysis-mix.js';
import { type JsonDuplicate, type JsonHead, type JsonSettings, jsonHead } from './json.js';

/** A decision to review (ReviewedDecision, unit in every name). */
export interface JsonReviewedDecision {
  game: number;
  move: number;
  decisionIndex: number;
  kind: 'checker' | 'cube';
  score: [number, number];
  matchLength: number;
  cubeValue: number;
  cubeOwner: 'centred' | 'player' | 'opponent';
  xgid: string | null;
  positionId: string | null;
  errorEmg: number;
  /** ℓ, d and ℓ − d at match play (null in a money session). */
  lossMwcPct: number | null;
  difficultyMwcPct: number | null;
  excessMwcPct: number | null;
  /** ℓ, d and ℓ − d in a money session, in points (equity × cube value; null at match play). */
  lossPoints: number | null;
  difficultyPoints: number | null;
  excessPoints: number | null;
  avoidable: boolean;
  blunder: boolean;
  checker: {
    dice: [number, number];
    played: string;
    playedEquityEmg: number | null;
    best: string;
    bestEquityEmg: number | null;
  } | null;
  cube: {
    action: string;
    bestAction: string;
    noDoubleEmg: number;
    doubleTakeEmg: number;
    doublePassEmg: number;
  } | null;
}

/** The review of one player (PlayerReview, unit in every name). */
export interface JsonPlayerReview {
  player: string;
  seat: 0 | 1;
  pr: number | null;
  prInterval: IntervalFigure;
  l7MwcPct: number | null;
  l7MwcPctInterval: IntervalFigure;
  level: string | null;
  /** Null without any analysis, as `errors` and `avoidableErrors`. */
  decisions: number | null;
  lossMwcPct: number | null;
  errors: number | null;
  avoidableErrors: number | null;
  toReview: JsonReviewedDecision[];
  /** `--all`: every error, as the filters keep them; null without `--all`. */
  errorsListed: JsonReviewedDecision[] | null;
  luck: {
    resultMwcPct: number | null;
    luckMwcPct: number | null;
    adjustedMwcPct: number | null;
    errorGapMwcPct: number | null;
    rollsWithLuck: number;
    rollsPlayed: number;
    coveragePct: number | null;
    reason: string | null;
  };
  haste: ReviewHaste;
}

/** One counted decision of the series: its seat and ℓ. */
export interface JsonSeriesDecision {
  index: number;
  game: number;
  seat: 0 | 1;
  lossMwcPct: number;
}

/** The whole output of `bdb review --json`. */
export interface JsonReview extends JsonHead {
  settings: JsonSettings;
  review: {
    file: string;
    format: string;
    matchLength: number;
    players: [string, string];
    games: number;
    finalScore: [number, number];
    winner: string | null;
    /** The match's analysis (as `bdb stats --json` over this one match). */
    analysis: AnalysisShare[] | null;
    belowBmab: number | null;
    /** Both players in seat order, or those `--player` named. */
    reviews: JsonPlayerReview[];
    /** `--all`: what each review's `errorsListed` keeps (`--cube`, `--blunders`, `--top N`); null without it. */
    errorsFilter: { cube: boolean; blunders: boolean; top: number | null } | null;
    series: { decisions: JsonSeriesDecision[] } | null;
  };
  duplicates: JsonDuplicate[];
}

function jsonDecision(d: ReviewedDecision): JsonReviewedDecision {
  return {
    game: d.game,
    move: d.move,
    decisionIndex: d.decisionIndex,
    kind: d.kind,
    score: d.score,
    matchLength: d.matchLength,
    cubeValue: d.cubeValue,
    cubeOwner: d.cubeOwner,
    xgid: d.xgid,
    positionId: d.positionId,
    errorEmg: d.errorEMG,
    lossMwcPct: d.lossPct,
    difficultyMwcPct: d.difficultyPct,
    excessMwcPct: d.avoidableSharePct,
    lossPoints: d.lossPoints,
    difficultyPoints: d.difficultyPoints,
    excessPoints: d.avoidableSharePoints,
    avoidable: d.avoidable,
    blunder: d.blunder,
    checker:
      d.checker === null
        ? null
        : {
            dice: d.checker.dice,
            played: d.checker.played,
            playedEquityEmg: d.checker.playedEquity,
            best: d.checker.best,
            bestEquityEmg: d.checker.bestEquity,
          },
    cube:
      d.cube === null
        ? null
        : {
            action: d.cube.action,
            bestAction: d.cube.bestAction,
            noDoubleEmg: d.cube.noDouble,
            doubleTakeEmg: d.cube.doubleTake,
            doublePassEmg: d.cube.doublePass,
          },
  };
}

function jsonPlayerReview(r: PlayerReview): JsonPlayerReview {
  return {
    player: r.player,
    seat: r.seat,
    pr: r.pr,
    prInterval: { ...r.prInterval },
    l7MwcPct: r.l7Pct,
    l7MwcPctInterval: { ...r.l7Interval },
    level: r.level,
    decisions: r.decisions,
    lossMwcPct: r.mwcLossPct,
    errors: r.errors,
    avoidableErrors: r.avoidableErrors,
    toReview: r.toReview.map(jsonDecision),
    errorsListed: r.listed === null ? null : r.listed.map(jsonDecision),
    luck: {
      resultMwcPct: r.luck.resultPct,
      luckMwcPct: r.luck.luckPct,
      adjustedMwcPct: r.luck.adjustedPct,
      errorGapMwcPct: r.luck.errorGapPct,
      rollsWithLuck: r.luck.rollsWithLuck,
      rollsPlayed: r.luck.rollsPlayed,
      coveragePct: r.luck.coveragePct,
      reason: r.luck.reason,
    },
    haste: {
      checker: r.haste.checker === null ? null : { ...r.haste.checker },
      cube: r.haste.cube === null ? null : { ...r.haste.cube },
      reason: r.haste.reason,
    },
  };
}

function jsonSeriesPoint(p: SeriesPoint): JsonSeriesDecision {
  return { index: p.index, game: p.game, seat: p.player, lossMwcPct: p.lossPct };
}

/** The whole output of `bdb review --json`, with the reviews of the players of `seats` (`--player`; both by default). */
export function jsonReview(
  r: MatchReview,
  settings: JsonSettings,
  seats: readonly (0 | 1)[] = [0, 1],
): JsonReview {
  const duplicates: JsonDuplicate[] = [];
  return {
    ...jsonHead('review'),
    settings,
    review: {
      file: r.file,
      format: r.format,
      matchLength: r.matchLength,
      players: r.players,
      games: r.games,
      finalScore: r.finalScore,
      winner: r.winner,
      ...jsonAudit(r.audit),
      reviews: seats.map((k) => jsonPlayerReview(r.reviews[k])),
      errorsFilter: r.list === null ? null : { ...r.list },
      series: r.series === null ? null : { decisions: r.series.points.map(jsonSeriesPoint) },
    },
    duplicates,
  };
}
