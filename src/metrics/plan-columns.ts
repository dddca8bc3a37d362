/**
 * The study plan's errors as the library stores them (schema 12): the shape of a match read from the
 * `decisions` columns (src/library/read.ts `libraryPlanMatches`), which the plan's collector folds
 * (src/report/plan.ts `addStored`) with the rules it applies to a parsed match. No code runs here.
 */
import type { Board, Side } from '../core/board.js';
import type { AnalyserInfo, CubeAction } from '../model/types.js';

/** A stored match as the study plan reads it from the library's columns: no stored file is parsed. */
export interface StoredPlanMatch {
  readonly file: string;
  readonly players: readonly [string, string];
  /** 0 = money. */
  readonly matchLength: number;
  /** The stored analyser and depths (the analysis audit). */
  readonly analyser: AnalyserInfo | null;
  /** Each seat's decisions counted in PR (analysed, not forced, with an error). */
  readonly counted: readonly [number, number];
  /** The counted decisions whose error reaches the Error threshold read with, in game order. */
  readonly errors: readonly StoredPlanError[];
}

/**
 * A stored match as `bdb study` reads it: the plan's reading, the match's day, and how many decisions its
 * seats made counted in PR of each game plan and nature.
 */
export interface StoredStudyMatch extends StoredPlanMatch {
  /** The match day (ISO), null when its date could not be read. */
  readonly day: string | null;
  readonly decisions: readonly {
    /** The decision maker's game plan, `unknown` without a position. */
    readonly plan: string;
    readonly nature: 'checker' | 'cube';
    readonly count: number;
  }[];
}

/** One error as the library stores it (`decisions` columns; src/library/rows.ts). */
export interface StoredPlanError {
  readonly seat: 0 | 1;
  /** 1-based game, decision in the game (the model's index + 1) and roll number in the game. */
  readonly game: number;
  readonly decision: number;
  readonly move: number;
  /** `checker`, `double` (double or no double) or `take` (take or pass). */
  readonly kind: string;
  /** A cube decision's action; null for a checker play. */
  readonly action: CubeAction | null;
  /** A checker play's roll as recorded (`31`); null for a cube decision. */
  readonly dice: string | null;
  /** e, equity. */
  readonly error: number;
  /** ℓ in MWC (match play), d in MWC, d in points (money play). */
  readonly loss: number | null;
  readonly difficulty: number | null;
  readonly difficultyPoints: number | null;
  readonly cube: number;
  /** Away scores of the decision maker and the opponent; null in money play. */
  readonly away: number | null;
  readonly opponentAway: number | null;
  readonly xgid: string | null;
  readonly positionId: string | null;
  readonly played: string | null;
  readonly best: string | null;
  readonly opponent: string;
  /** The decision maker's game plan; null without a position. */
  readonly gamePlan: string | null;
  /** A checker play's primary theme or a cube decision's error cell; null when none. */
  readonly theme: string | null;
  /** A checker error's theme coverage bits (src/metrics/theme-coverage.ts `checkerCoverageBits`). */
  readonly coverage: number | null;
  /** What its second-cheapest option costs (equity), null with fewer than two. */
  readonly secondCost: number | null;
  /** The position (absolute sides) and the side on roll, from the stored XGID; null without one. */
  readonly position: { readonly board: Board; readonly onRoll: Side } | null;
}
