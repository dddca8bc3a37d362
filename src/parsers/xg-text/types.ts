/** What the XG position-text reader gives besides the decision model. */
import type { ParsedXgid } from '../../core/xgid-parse.js';
import type { CheckerDecision, CubeDecision, Match } from '../../model/types.js';
import type { ParseWarning } from '../types.js';

/**
 * The flag the decision model does not have yet (proposed as `DecisionContext.fromPosition?: boolean` in
 * src/model/types.ts): the decision is an analysed position, not a choice a player was seen to make.
 * A position text records the analysis and never what was played, so
 * - a checker decision has `playedIndex` null and `played` empty (unscored for XG-style figures, but
 *   gnuBG-style statistics would still count it as an unforced move with no error);
 * - a cube decision's `action` is the analyser's best action for `player` (XG's "Best Cube action"), not a
 *   player's; as it stands every metric would count it as a decision made without error.
 * Metrics must therefore count nothing for a decision with this flag (no error, in no denominator).
 */
export interface FromPosition {
  readonly fromPosition: true;
}

export type XgTextCheckerDecision = CheckerDecision & FromPosition;
export type XgTextCubeDecision = CubeDecision & FromPosition;
export type XgTextDecision = XgTextCheckerDecision | XgTextCubeDecision;

/** A chances line: "Player: 25.45% (G:0.00% B:0.00%)", percentages as printed. */
export interface XgChances {
  readonly winPct: number;
  readonly gammonPct: number;
  readonly backgammonPct: number;
}

/** One candidate line of a checker analysis, as printed. */
export interface XgTextCandidate {
  /** 1-based line in the file. */
  readonly line: number;
  /** The rank printed ("1." …). */
  readonly rank: number;
  /** The depth as printed ('4-ply', '4-plis', 'XG Roller++' …). */
  readonly depth: string;
  /** The move as printed ('19/18 14/12'). */
  readonly move: string;
  /** Equity, EMG (money equity at money play), mover's view. */
  readonly equity: number;
  /** The printed difference to the first candidate; null on the first line. */
  readonly diff: number | null;
  readonly player: XgChances | null;
  readonly opponent: XgChances | null;
}

/** The analyser's recommendation of a cube position. */
export interface XgBestCube {
  /** The doubler's best action ('too-good': no double because the position is too good; pass is right). */
  readonly doubler: 'no-double' | 'double' | 'too-good';
  /** The responder's best answer to a double. */
  readonly responder: 'take' | 'pass';
  /** Where it was read: the "Best Cube action" line (recognised wording), or the equities (otherwise). */
  readonly from: 'text' | 'equities';
}

/** The cube analysis of a position, as printed. */
export interface XgTextCube {
  /** 1-based line of the first cubeful equity ("No double: …"). */
  readonly line: number;
  /** "Analyzed in XG Roller++": the depth part, as printed; null when absent. */
  readonly depth: string | null;
  readonly player: XgChances | null;
  readonly opponent: XgChances | null;
  /** "Cubeless Equities: No Double=+0.365, Double=+0.791". */
  readonly cubeless: { readonly noDouble: number; readonly double: number } | null;
  /** Cubeful equities in the fixed order No double, Double/Take, Double/Pass (from the doubler's view). */
  readonly nd: number;
  readonly dt: number;
  readonly dp: number;
  /** The printed differences to the best action (null where none is printed). */
  readonly diffs: readonly [number | null, number | null, number | null];
  /** True when the labels were "No redouble / Redouble…" (the doubler owns the cube). */
  readonly redouble: boolean;
  /** The "Best Cube action" value text as printed (after the label), or null. */
  readonly bestText: string | null;
  readonly best: XgBestCube;
  /** "Percentage of wrong pass/take needed to make the double decision right: 13.4%": the whole line. */
  readonly wrongNeeded: string | null;
}

/** One position block of a position text (from an "XGID=" line to the next one). */
export interface XgTextPosition {
  /** 1-based line of the XGID. */
  readonly line: number;
  /** The XGID as printed (with 'XGID='). */
  readonly xgidText: string;
  readonly xgid: ParsedXgid;
  /** Player names of the bottom (X, seat 0) and top (O, seat 1) player; null without a names line. */
  readonly names: readonly [string, string] | null;
  readonly kind: 'checker' | 'cube';
  /** Checker analysis, XG's order (best first as XG ranks them: deeper analyses before shallower ones). */
  readonly candidates: readonly XgTextCandidate[];
  /** Cube analysis; null for a checker position. */
  readonly cube: XgTextCube | null;
  /** "eXtreme Gammon Version: 2.10, MET: Kazaross XG2". */
  readonly version: string | null;
  readonly met: string | null;
  /** The decision this block gives. */
  readonly decision: XgTextDecision;
}

/** The result of reading a position text: the model, and what the model has no room for. */
export interface XgTextResult {
  readonly match: Match;
  readonly warnings: readonly ParseWarning[];
  readonly positions: readonly XgTextPosition[];
}
