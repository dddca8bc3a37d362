/**
 * What `bdb report` reads of a match from the library's columns besides the biases' and the plan's (schema
 * 12): each counted decision's e, ℓ, d, game plan and phase, and its place in the match, for the PR by plan
 * and phase (src/history/pr-groups.ts) and the worst decisions (src/review/review.ts `rankForReview`).
 * The shape of a match read by src/library/read.ts `libraryReportMatches`; no code runs here.
 */

/** A stored match as the report reads it from the library's columns: no stored file is parsed. */
export interface StoredReportMatch {
  /** The library's match id (to parse the few matches whose worst decisions are drawn). */
  readonly id: number;
  readonly file: string;
  readonly players: readonly [string, string];
  /** 0 = money. */
  readonly matchLength: number;
  readonly event: string | null;
  /** Every decision of the match, counted or not. */
  readonly decisions: number;
  /** Its decisions counted in PR with an error (of the seats read), in match order. */
  readonly counted: readonly StoredCountedDecision[];
}

/** A counted decision as the library stores it (`decisions` columns; src/library/rows.ts). */
export interface StoredCountedDecision {
  readonly seat: 0 | 1;
  /** 1-based place among every decision of the match (game by game). */
  readonly order: number;
  /** e, equity. */
  readonly error: number;
  /** ℓ and d in MWC (match play); null when unknown. */
  readonly loss: number | null;
  readonly difficulty: number | null;
  /** The decision maker's game plan and the position's phase; 'unknown' without a position. */
  readonly plan: string;
  readonly phase: string;
}
