/**
 * bdb — backgammon match-analysis statistics. The public library API; the CLI is a thin shell over it.
 */
import type { Met } from './met/index.js';
import { DEFAULT_THRESHOLDS, type ErrorThresholds } from './metrics/difficulty.js';
import { defaultMet, type MatchReport, reportMatch } from './metrics/match-report.js';
import { parseBytes } from './parsers/index.js';

export {
  type AggregateOptions,
  canonicalName,
  defaultMet,
  type MatchReport,
  matchOutcome,
  PlayerAggregator,
  reportMatch,
} from './metrics/match-report.js';

/** Parses the bytes of one file (format detected from content) and computes its figures. */
export function analyseBytes(
  bytes: Uint8Array,
  file: string,
  met: Met = defaultMet(),
  thresholds: ErrorThresholds = DEFAULT_THRESHOLDS,
): MatchReport {
  const { match, warnings } = parseBytes(bytes, { file, met });
  return reportMatch(match, met, match.format, warnings, thresholds);
}
export * from './core/board.js';
export { applyPlay, formatPlay, isLegalPlay, type LegalPlay, legalPlays } from './core/moves.js';
export { boardFromPositionId, positionId } from './core/position-id.js';
export { xgid } from './core/xgid.js';
export { BdbError, CorruptFileError, UnsupportedFormatError, UsageError } from './errors.js';
export { addAlias, removeAlias, storedAliases } from './library/aliases.js';
export {
  EXPORT_FORMATS,
  EXPORT_TABLES,
  type ExportFormat,
  type ExportTable,
  exportTable,
} from './library/export.js';
export { type ImportOutcome, LibraryImporter, type UnitFile } from './library/import.js';
export { importUnits } from './library/import-pool.js';
export { type MergeOutcome, mergeLibrary } from './library/merge.js';
export { closeLibrary, type Library, LibraryError, openLibrary } from './library/open.js';
export { libraryPath } from './library/path.js';
export { type QueryResult, ReadOnlySqlError, readOnlyQuery } from './library/query.js';
export { libraryFileNotes, libraryMatches, libraryReports } from './library/read.js';
export { SCHEMA_VERSION } from './library/schema.js';
export type { Met } from './met/index.js';
export { MetError } from './met/load.js';
export { isCounted, isForcedChecker } from './metrics/counting.js';
export { checkerError, cubeError, decisionError } from './metrics/decision-error.js';
export {
  DEFAULT_THRESHOLDS,
  decisionDifficulty,
  type ErrorThresholds,
  optionCosts,
  referenceDifficulty,
  THRESHOLD_PRESETS,
} from './metrics/difficulty.js';
export { engineElo } from './metrics/elo.js';
export { gnubgMatchContext } from './metrics/gnubg-stats.js';
export {
  type Interval,
  l7MatchInterval,
  l7PoolInterval,
  prInterval,
  ratioInterval,
} from './metrics/interval.js';
export { l7Match, l7Pool } from './metrics/l7.js';
export { prLevel } from './metrics/levels.js';
export { mwcLoss } from './metrics/mwc-loss.js';
export { type GnubgFigures, type PlayerStats, playerStats } from './metrics/player-stats.js';
export { performanceRating } from './metrics/pr.js';
export { snowieErrorRate } from './metrics/snowie-er.js';
export { isEmptyFilter, type MatchFilter, passesFilter } from './model/filter.js';
export type * from './model/types.js';
export { groupGnubgTextFiles, parseGnubgTextMatch } from './parsers/gnubg-text/index.js';
export { detectFormat, formats, parseBytes, parseMatchFiles } from './parsers/index.js';
export type { MatchFormat, ParseContext, ParseResult, ParseWarning } from './parsers/types.js';
export { type JsonReport, renderJson } from './report/json.js';
export { renderReview } from './report/review.js';
export { renderMatchTable, renderPlayersTable } from './report/table.js';
export {
  type PairingView,
  renderPairing,
  renderStandings,
  type StandingsView,
} from './report/tournament.js';
export { properCubeAction } from './review/cube-action.js';
export { type LuckAdjustedMatch, type LuckAdjustedSeat, luckAdjustedResult } from './review/luck.js';
export {
  type DecisionPosition,
  decisionPosition,
  decisionPositionId,
  decisionXgid,
} from './review/position.js';
export {
  buildReview,
  decisionsToReview,
  type MatchReview,
  type PlayerReview,
  type RankItem,
  type ReviewedDecision,
  rankForReview,
} from './review/review.js';
export * from './tournament/blossom.js';
export * from './tournament/event.js';
export * from './tournament/file.js';
export * from './tournament/mcmahon.js';
export * from './tournament/standings.js';
export * from './tournament/swiss.js';
export * from './tournament/tiebreaks.js';
