/**
 * `bdb stats` as tables: a match read alone gets its tables, several get a line each (`--matches`: every
 * match's tables; `--no-matches`: none), then the per-person table and the legend.
 */
import { wrapText } from '../../core/text-width.js';
import type { MatchReport } from '../../metrics/match-report.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import { analysisLines } from '../analysis-mix.js';
import { MATCHES_ANALYSED_NOTE, thousands, withoutAnalysis } from '../format.js';
import { renderMatchLine, renderMatchTable, renderPlayersTable } from '../table.js';
import type { StatsReporter, StatsSettings, StatsSummary } from './types.js';

/** How the tables are laid out. */
export interface StatsTextLayout {
  readonly width: number;
  readonly ascii: boolean;
  /** true: every match's tables; false: none; undefined: the tables of a match read alone, else a line each. */
  readonly matches: boolean | undefined;
}

/** The text reporter. */
export function statsTextReporter(
  write: (text: string) => void,
  settings: StatsSettings,
  layout: StatsTextLayout,
): StatsReporter {
  const { width, ascii } = layout;
  // by default the first match waits: read alone, it gets its tables; followed by others, one line each
  let first: MatchReport | null = null;
  let shown = 0;
  const match = (report: MatchReport): void => {
    shown++;
    if (layout.matches === true) write(`${renderMatchTable(report, width, ascii)}\n\n`);
    else if (layout.matches === undefined) {
      if (shown === 1) first = report;
      else {
        if (first !== null) write(`${renderMatchLine(first, width)}\n`);
        first = null;
        write(`${renderMatchLine(report, width)}\n`);
      }
    }
  };
  const end = ({ read, players }: StatsSummary): void => {
    if (first !== null) write(`${renderMatchTable(first, width, ascii)}\n\n`);
    else if (shown > 1 && layout.matches === undefined) {
      write(
        `${wrapText('Every match in tables: --matches; the players alone: --no-matches.', width).join('\n')}\n\n`,
      );
    }
    first = null;
    if (players.length > 0) {
      const mix = analysisLines(players).flatMap((l) => wrapText(l, width));
      write(
        `Players over ${thousands(read)} match${read === 1 ? '' : 'es'}\n${mix.map((l) => `${l}\n`).join('')}${renderPlayers(players, width, ascii)}\n`,
      );
    }
    if (read > 0) write(`${wrapText(legend(settings), width).join('\n')}\n`);
  };
  return { match, end };
}

/** The words under the tables: thresholds, intervals, the match equity table, what the columns mean. */
function legend({ thresholds, preset, intervalWords, json }: StatsSettings): string {
  const met = json.met;
  return (
    `An error loses at least ${thresholds.errorMpt / 1000} EMG (${preset} thresholds: error ${thresholds.errorMpt}, blunder ` +
    `${thresholds.blunderMpt} millipoints); avoidable when the decision was not hard (its difficulty at most a tenth ` +
    `of what it lost). 95 % intervals over the games (one match) or the matches, ${intervalWords}. ` +
    `Match equity table: ${met.name}${met.file === null ? '' : ` (${met.file})`}. ` +
    `${MATCHES_ANALYSED_NOTE} MWC lost and Excess are sums over them, MWC/match and Excess/match their means per match. ` +
    'L7 and Elo measure the MWC lost per match (normalised to 7 points), not per decision as PR does: a player ' +
    'with more decisions per match (longer matches, more games, higher cubes) loses more of each match at ' +
    'the same PR, so the two can rank players differently (docs/glossary.md, "Elo vs the engine"). ' +
    'Terms explained in docs/glossary.md.'
  );
}

/**
 * The per-person table: a row for each person with analysed decisions, then one line naming those known only
 * from transcripts (a row of n/a each would bury the others).
 */
function renderPlayers(players: readonly PlayerStats[], width: number, ascii: boolean): string {
  const analysed = players.filter((p) => p.analysedMatches > 0);
  const table = analysed.length > 0 ? [renderPlayersTable(analysed, width, ascii)] : [];
  const rest = players.filter((p) => p.analysedMatches === 0);
  return [
    table.join(''),
    withoutAnalysis(
      rest,
      () => false,
      () => '',
      width,
    ),
  ]
    .filter((x) => x !== '')
    .join('\n');
}
