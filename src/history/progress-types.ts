/**
 * The shape of `bdb progress`: a person's level period by period over their dated matches, and the trend
 * over the whole history (JSON contract, docs/progress.md).
 */
import type { AnalysisAudit } from '../metrics/analysis-mix.js';

/** How matches are grouped into periods. */
export type ProgressBy = 'month' | 'quarter' | 'year' | { readonly matches: number };

/** One period: the person's figures over its matches, as `bdb stats` gives them for the same matches. */
export interface ProgressPeriod {
  /** '2023-01', '2023-Q1', '2023', or 'matches 1–10' when grouped by a number of matches. */
  readonly label: string;
  /** The first and last match day in the period (ISO YYYY-MM-DD). */
  readonly from: string;
  readonly to: string;
  readonly matches: number;
  /**
   * Of those, the matches with at least one counted (analysed) decision of the person: those PR, L₇ and the
   * decisions come from; a transcript without analysis adds to `matches` only.
   */
  readonly analysedMatches: number;
  /** Counted decisions (checker + double + take, XG's rules); null without any analysis. */
  readonly decisions: number | null;
  /** PR with its 95 % interval (by match; by game when the period holds one match); nulls when undefined. */
  readonly pr: number | null;
  readonly prLow: number | null;
  readonly prHigh: number | null;
  /** L₇ in % with its 95 % interval (null at money play or without an interval). */
  readonly l7: number | null;
  readonly l7Low: number | null;
  readonly l7High: number | null;
  /** PR level band (spec §16), null without a PR. */
  readonly level: string | null;
}

/** The straight line through the matches' PRs over the whole history. */
export interface ProgressTrend {
  /** Matches with a counted decision used for the line. */
  readonly matches: number;
  /** Change of PR per 100 matches (negative: the PR falls, the player improves), with its 95 % interval. */
  readonly slopePer100: number | null;
  readonly low: number | null;
  readonly high: number | null;
  /**
   * 'improving' when the whole interval is below 0, 'worsening' when above, 'no clear trend' when it holds 0,
   * 'insufficient' with fewer than 3 matches.
   */
  readonly verdict: 'improving' | 'worsening' | 'no clear trend' | 'insufficient';
}

/** What `bdb progress` reports. */
export interface ProgressReport {
  readonly player: string;
  /** 'month', 'quarter', 'year' or 'N matches'. */
  readonly by: string;
  readonly periods: readonly ProgressPeriod[];
  /** All the dated matches together. */
  readonly overall: ProgressPeriod;
  readonly trend: ProgressTrend;
  /** The person's matches without a readable date, left out. */
  readonly undated: number;
  /** Which analysers and depths the dated matches (`overall`) mix, and those below BMAB's norm. */
  readonly audit: AnalysisAudit;
}
