/**
 * The decision model: one shape for every input format. Parsers build it; metrics read only it.
 *
 * Conventions (all formats):
 * - Players are seats 0 and 1. For gnuBG files seat 0 is White (`PW`, the left column of gnuBG's
 *   statistics), seat 1 is Black (`PB`).
 * - Equities are normalised (EMG at match play, money equity per 1-cube at money play), from the
 *   point of view of the player making the decision, as the analyser stored them.
 * - Errors are non-negative magnitudes; a value that does not exist is `null`, never 0.
 */
import type { Board, Play } from '../core/board.js';

/** Input formats bdb can read. */
export const FormatId = {
  Sgf: 'sgf',
  Xg: 'xg',
  Xgp: 'xgp',
  Mat: 'mat',
  GnubgText: 'gnubg-text',
  XgText: 'xg-text',
} as const;
export type FormatId = (typeof FormatId)[keyof typeof FormatId];

/**
 * Which reading of a match found in several files is kept, best first: XG's files, gnuBG's SGF, gnuBG's
 * text export, then the rest (transcripts, XG position text). Analysed formats come before transcripts.
 */
export function readingRank(format: string): number {
  return format === FormatId.Xg || format === FormatId.Xgp
    ? 0
    : format === FormatId.Sgf
      ? 1
      : format === FormatId.GnubgText
        ? 2
        : 3;
}

/** Where a thing came from in its input file: a line and column for text, a byte offset for binary. */
export interface SourceLocation {
  readonly file: string;
  readonly format: FormatId;
  /** 1-based line (text formats). */
  readonly line?: number;
  /** 1-based column (text formats). */
  readonly column?: number;
  /** Byte offset (binary formats), in the named segment. */
  readonly offset?: number;
  readonly segment?: string;
}

/** The analyser that produced the figures. */
export interface AnalyserInfo {
  /** e.g. 'GNU Backgammon 1.07.001', 'eXtreme Gammon 2.19'. */
  readonly program: string;
  /** Depth of the checker-play analysis as the analyser names it, e.g. '1-ply' (gnuBG counting). */
  readonly checkerDepth: string | null;
  /** Depth of the cube analysis. */
  readonly cubeDepth: string | null;
}

/** Cube actions a player can take. */
export const CubeAction = {
  NoDouble: 'no-double',
  Double: 'double',
  Take: 'take',
  Pass: 'pass',
} as const;
export type CubeAction = (typeof CubeAction)[keyof typeof CubeAction];

/** A mark the analyser or annotator stored on a decision (gnuBG's skill and luck marks, comments). */
export interface Annotation {
  /** The stored skill mark of this decision. */
  readonly skill?: 'doubtful' | 'bad' | 'very-bad';
  /** The stored luck mark of the roll (checker decisions). */
  readonly luck?: 'very-unlucky' | 'unlucky' | 'lucky' | 'very-lucky';
  /** A comment attached to the decision. */
  readonly comment?: string;
}

/** The state of the match when a decision is made. */
export interface DecisionContext {
  /** Seat of the player making the decision. */
  readonly player: 0 | 1;
  /** 0-based index of the game in the match. */
  readonly gameIndex: number;
  /** 0-based index of the decision in its game (file order). */
  readonly index: number;
  /** Match length in points; 0 for money play. */
  readonly matchLength: number;
  /** Score (points won so far) of seats 0 and 1 when the game started. */
  readonly score: readonly [number, number];
  /** True when this game is the Crawford game. */
  readonly crawfordGame: boolean;
  /** Cube value when the decision is made (before any double of this decision). */
  readonly cubeValue: number;
  /** Owner of the cube: -1 centred, else the seat. */
  readonly cubeOwner: -1 | 0 | 1;
  readonly source: SourceLocation;
  /**
   * Marks and comments stored with the decision, as read. Figures are computed from the equities; only
   * gnuBG's mark counts use the marks, and only when the match says they are complete (`marksComplete`).
   */
  readonly annotation?: Annotation;
  /**
   * True when the decision is an analysed position (e.g. an XG position text), not a choice a player was
   * seen to make: a cube decision's `action` is then the analyser's best action. Metrics count nothing
   * for it.
   */
  readonly fromPosition?: boolean;
}

/**
 * Cubeless outcome probabilities of a position, as the analyser printed or stored them: fractions 0..1,
 * from the mover's point of view, after the candidate play. gnuBG's order p0..p4. Gammon figures include
 * backgammons (P(win gammon) ≥ P(win backgammon)), as gnuBG and XG both count them; P(lose) = 1 − win.
 */
export interface Probabilities {
  /** P(win), any kind (p0). */
  readonly win: number;
  /** P(win a gammon or a backgammon) (p1). */
  readonly winGammon: number;
  /** P(win a backgammon) (p2). */
  readonly winBackgammon: number;
  /** P(lose a gammon or a backgammon) (p3). */
  readonly loseGammon: number;
  /** P(lose a backgammon) (p4). */
  readonly loseBackgammon: number;
}

/**
 * One analysed candidate of a checker play, best first. A reader may give `play` and `probs` as getters that
 * read them the first time they are asked for (the SGF reader does): copy a candidate by naming its fields,
 * not by a spread or `structuredClone`, which see own properties only (JSON.stringify gives all four).
 */
export interface Candidate {
  readonly play: Play;
  /** Equity of the position after this play (normalised, mover's view). */
  readonly equity: number;
  /** The analyser's depth for this candidate, e.g. '1-ply', if known. */
  readonly depth?: string;
  /**
   * The analyser's cubeless outcome probabilities after this play (mover's view), when the format holds
   * them (gnuBG SGF `A[]` and text export, XG `.xg` Eval, XG position text); undefined otherwise.
   */
  readonly probs?: Probabilities;
}

/** A roll of the dice and the checker play that followed. */
export interface CheckerDecision extends DecisionContext {
  readonly kind: 'checker';
  readonly dice: readonly [number, number];
  /** The position before the play (seat-indexed, each side from its own point of view). */
  readonly board: Board;
  /** The play made (empty when no checker could move). */
  readonly played: Play;
  /**
   * Number of legal plays (distinct resulting positions) for this roll; null when unknown or not needed
   * (readers may leave it out when the candidates alone settle XG's forced-play rule: two or more
   * candidates whose equities differ at the millipoint).
   */
  readonly legalCount: number | null;
  /** Analysed candidates, best first; empty when the play was not analysed. */
  readonly candidates: readonly Candidate[];
  /** Index of the played move in `candidates`; null when no candidate names it (unscored). */
  readonly playedIndex: number | null;
  /**
   * The analyser's own verdict that this play is no real decision (XG's "Irrelevant" flag, set on forced
   * plays and some others); undefined when the format has no such flag.
   */
  readonly notADecision?: boolean;
  /** The analyser's own stored error of the play (EMG, ≥ 0), when the format stores one (XG's ErrMove). */
  readonly storedError?: number;
  /** Luck of the roll (normalised equity, roller's view, > 0 lucky); null when unknown. */
  readonly luck: number | null;
}

/** Cubeful equities of a cube decision, normalised, from the doubler's point of view. */
export interface CubeAnalysis {
  /** No double. */
  readonly nd: number;
  /** Double/take. */
  readonly dt: number;
  /** Double/pass (+1 by construction at match play). */
  readonly dp: number;
}

/**
 * Equity of the best cube action: max(ND, min(DT, DP)) (spec/metrics.md, the cube error; gnuBG's
 * FindBestCubeDecision gives the same). Here, below the metrics, so that a reader can check stored errors
 * with the formula the metrics use (src/parsers/xg/to-model.ts).
 */
export function bestCubeEquity(a: CubeAnalysis): number {
  return Math.max(a.nd, Math.min(a.dt, a.dp));
}

/**
 * A cube decision: the cube holder's double / no double before rolling, or the opponent's take / pass.
 * For take and pass `player` is the responder while `cubeValue` is still the value before the double,
 * and `analysis` is seen from the doubler.
 */
export interface CubeDecision extends DecisionContext {
  readonly kind: 'cube';
  readonly action: CubeAction;
  /** A take given as a beaver (take and immediate redouble, money play). */
  readonly beaver?: boolean;
  /**
   * The doubler's answer to a beaver. `analysis` is still the original double's (the only one the file
   * has), so XG-style figures leave this decision out; gnuBG's own statistics count it as a take or pass.
   */
  readonly afterBeaver?: boolean;
  /** Null when the decision was not analysed. */
  readonly analysis: CubeAnalysis | null;
  /** The analyser's own stored error of this decision (EMG, ≥ 0), when the format stores one (XG's
   *  ErrCube for the doubler, ErrTake for the responder). */
  readonly storedError?: number;
}

export type Decision = CheckerDecision | CubeDecision;

/** A game of the match. */
export interface Game {
  readonly index: number;
  /** Score of seats 0 and 1 when the game started. */
  readonly score: readonly [number, number];
  readonly crawfordGame: boolean;
  /** Seat that won the game, or null when unfinished. */
  readonly winner: 0 | 1 | null;
  /** Points won (cube × 1/2/3), 0 when unfinished. */
  readonly points: number;
  /** True when the game ended by resignation. */
  readonly resigned: boolean;
  readonly decisions: readonly Decision[];
}

/** A whole match or money session. */
export interface Match {
  readonly file: string;
  readonly format: FormatId;
  /** Player names, seat 0 then seat 1. */
  readonly players: readonly [string, string];
  /** Match length; 0 for money play. */
  readonly matchLength: number;
  readonly date: string | null;
  readonly event: string | null;
  readonly round: string | null;
  readonly place: string | null;
  /** Rules in force: Crawford rule, Jacoby (money), whether the cube is used at all. */
  readonly rules: { readonly crawford: boolean; readonly jacoby: boolean; readonly cube: boolean };
  readonly analyser: AnalyserInfo | null;
  /**
   * True when the source prints the analyser's own skill and luck marks on every analysed decision that
   * has one, so an analysed decision without a mark is unmarked (gnuBG's text export and its "Alert:"
   * lines). gnuBG's statistics then count those marks: the printed equities are rounded, and a mark
   * recomputed from them can fall on the other side of a threshold.
   */
  readonly marksComplete?: boolean;
  readonly games: readonly Game[];
}

/** A non-fatal problem found while reading a file. */
export interface ParseWarning {
  readonly line?: number;
  readonly offset?: number;
  readonly message: string;
}
