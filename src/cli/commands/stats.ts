/**
 * `bdb stats PATH...`: PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match (a table each)
 * and per person over the matches read, or all of it as JSON (schemaVersion 1).
 */
import type { Command } from 'commander';
import { defaultMet, PlayerAggregator, reportMatch } from '../../analyse.js';
import { type JsonMatch, jsonMatch, renderJson } from '../../report/json.js';
import { renderMatchTable, renderPlayersTable } from '../../report/table.js';
import type { ExitCode } from '../exit.js';
import { readMatches } from '../match-input.js';
import { type PersonOptions, personOptions, personSettings } from '../options.js';

export interface StatsOptions extends PersonOptions {
  /** False with `--no-progress` (commander sets it true otherwise). */
  progress?: boolean;
}

/** Runs the command; returns the exit code. */
export function runStats(paths: readonly string[], opts: StatsOptions): ExitCode {
  const { aliases, wanted, preset, thresholds, settings } = personSettings(opts);
  const met = defaultMet();
  const agg = new PlayerAggregator({ aliases, ...(wanted ? { players: wanted } : {}) });
  const matches: JsonMatch[] = [];
  const out = process.stdout;
  // commander sets `progress` true unless --no-progress; the line is only drawn on a terminal
  const { read, errors, duplicates, exitCode } = readMatches(
    paths,
    (match, warnings) => {
      const report = reportMatch(match, met, match.format, warnings, thresholds);
      agg.add(report);
      if (opts.json) {
        matches.push(jsonMatch(report));
      } else {
        const seats = wanted ? report.players.some((p) => wanted.includes(aliases.get(p) ?? p)) : true;
        if (seats) out.write(`${renderMatchTable(report)}\n\n`);
      }
    },
    { met, progress: opts.progress !== false },
  );
  const players = agg.results();
  if (opts.json) {
    out.write(renderJson({ schemaVersion: 1, settings, matches, players, errors, duplicates }));
  } else if (players.length > 0) {
    out.write(`Players over ${read} match${read === 1 ? '' : 'es'}\n${renderPlayersTable(players)}\n`);
  }
  if (!opts.json && read > 0) {
    out.write(
      `Errors: e ≥ ${thresholds.errorMpt / 1000} EMG (${preset} thresholds ${thresholds.errorMpt}/${thresholds.blunderMpt} mpt); ` +
        `avoidable when d ≤ ℓ/10; difficulty d with τ = ${settings.difficultyTau}. Intervals: 95 %, by games (one match) or by matches.\n`,
    );
  }
  return exitCode;
}

/** Adds the `stats` command to the program. */
export function registerStats(program: Command): void {
  const cmd = program
    .command('stats')
    .description('PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match and per player')
    .argument('<paths...>', 'match files or folders (read recursively)');
  personOptions(cmd, ' for avoidable errors', 'print JSON (schemaVersion 1) instead of tables')
    .option('--no-progress', 'no progress line on stderr')
    .action((paths: string[], opts: StatsOptions) => {
      process.exitCode = runStats(paths, opts);
    });
}
