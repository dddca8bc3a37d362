/**
 * The biases' decisions as columns (schema 12 of the library): the codes of what the import stores of each
 * counted decision for the biases (src/library/rows.ts `boardBiasCells`) and the shape of a match read from
 * those columns (src/library/read.ts `libraryBiasMatches`), which the biases' collector folds
 * (src/report/biases.ts `addStored`) with the functions it calls on a parsed match. No code runs here.
 */
import type { CubeDirection } from '../classify/cube-direction.js';
import type { AnalyserInfo, CubeAction } from '../model/types.js';
import type { TiltState } from './tilt.js';

/**
 * What `decisions.board_bias` (schema 12) says of a decision: null, the board biases skip it (not a counted
 * checker play, a position without contact, or no error: src/metrics/blot-bias.ts `blotBiasRowKind`); else
 * a free play (its error rounds to 0 mpt: no board rebuilt), a play whose boards after the played and the
 * best play were rebuilt (its blots and shots stored beside it), or one whose boards could not be (unread).
 */
export const BOARD_BIAS = { free: 0, read: 1, unread: 2 } as const;

/**
 * A stored match as the biases read it from the library's columns (src/report/biases.ts `addStored`): no
 * stored file is parsed.
 */
export interface StoredBiasMatch {
  /** The stored match's id and file (`matches.match_id`, `file`). */
  readonly id: number;
  readonly file: string;
  readonly players: readonly [string, string];
  /** The stored analyser and depths (the analysis audit). */
  readonly analyser: AnalyserInfo | null;
  /** Each seat's tilt state from its stored tally (src/metrics/tilt.ts); null when the tally lacks it. */
  readonly tilt: readonly [TiltState | null, TiltState | null] | null;
  readonly decisions: StoredBiasDecisions;
}

/** The cube actions as {@link StoredBiasDecisions.action} numbers them from 1 (0: a checker play). */
export const STORED_ACTIONS: readonly CubeAction[] = ['double', 'no-double', 'take', 'pass'];

/** The cells of the cube matrix as {@link StoredBiasDecisions.direction} numbers them from 0 (−1: none). */
export const STORED_DIRECTIONS: readonly CubeDirection[] = [
  'offer_right',
  'offer_missed',
  'offer_premature',
  'answer_right',
  'answer_wrong_pass',
  'answer_wrong_take',
];

/**
 * A match's decisions counted in PR (`decisions.counted`: analysed, not forced, with an error), in game
 * order, as columns; −1 stands for a null.
 */
export interface StoredBiasDecisions {
  readonly length: number;
  /** 1-based game, and decision in the game (the model's index + 1). */
  readonly game: Float64Array;
  readonly decision: Float64Array;
  readonly seat: Float64Array;
  /** 0 a checker play, else the index of its cube action in {@link STORED_ACTIONS} plus one. */
  readonly action: Float64Array;
  /** e, equity. */
  readonly error: Float64Array;
  /** The cell of the cube matrix: an index in {@link STORED_DIRECTIONS}, −1 none. */
  readonly direction: Float64Array;
  /** The decision maker's and the opponent's away scores, −1 in money play. */
  readonly away: Float64Array;
  readonly opponentAway: Float64Array;
  /** `board_bias` (src/library/rows.ts BOARD_BIAS), −1 when the board biases skip the decision. */
  readonly board: Float64Array;
  /** Blots and shots after the played and the best play (`board` read only), −1 otherwise. */
  readonly blotsPlayed: Float64Array;
  readonly blotsBest: Float64Array;
  readonly shotsPlayed: Float64Array;
  readonly shotsBest: Float64Array;
  /** Each decision's place, when the reader asked for them (a collector listing rows); else null. */
  readonly places: readonly StoredPlace[] | null;
}

/** Where a stored decision is shown: its 1-based roll number in the game, its XGID and Position ID. */
export interface StoredPlace {
  readonly move: number;
  readonly xgid: string | null;
  readonly positionId: string | null;
}

/** Where a stored decision is: its match id, 1-based game and 1-based decision in the game. */
export type StoredDecisionKey = readonly [matchId: number, game: number, decision: number];

/** What the library stores of a decision's reference beyond its key and file (`decisions` columns). */
export interface StoredDecisionRef extends StoredPlace {
  readonly played: string | null;
  readonly best: string | null;
}
