/**
 * `bdb stats`' typed result and the contract of its reporters (text, JSON): the command hands each match's
 * report as it comes (a run over thousands of matches never holds them all), then the summary once.
 */
import type { ErrorThresholds } from '../../metrics/difficulty.js';
import type { MatchReport } from '../../metrics/match-report.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import type { JsonReport } from '../json.js';

/** What the figures were computed with: JSON's `settings`, and the words the text's legend says of them. */
export interface StatsSettings {
  readonly json: JsonReport['settings'];
  readonly preset: string;
  readonly thresholds: ErrorThresholds;
  /** How the intervals were computed, in words ("closed form", "bootstrap over 2,000 resamples …"). */
  readonly intervalWords: string;
}

/** What a run gives once every match is read. */
export interface StatsSummary {
  /** Matches counted (with `--player`, those of the persons named). */
  readonly read: number;
  /** One entry per person followed, in the aggregation's order. */
  readonly players: readonly PlayerStats[];
  readonly failures: readonly { file: string; message: string }[];
  readonly duplicates: readonly { file: string; sameAs: string }[];
}

/** Renders a run: each match listed as it comes, then the summary. */
export interface StatsReporter {
  match(report: MatchReport): void;
  end(summary: StatsSummary): void;
}
