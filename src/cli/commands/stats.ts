/**
 * `bdb stats PATH...`: PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match (a table each)
 * and per person over the matches read, or all of it as JSON (src/report/stats/; docs/json.md).
 */
import type { Command } from 'commander';
import { canonicalName, type MatchReport, PlayerAggregator } from '../../metrics/match-report.js';
import { isEmptyFilter } from '../../model/filter.js';
import { reporterName } from '../../report/reporter.js';
import { statsJsonReporter } from '../../report/stats/json.js';
import { statsTextReporter } from '../../report/stats/text.js';
import type { StatsReporter, StatsSettings } from '../../report/stats/types.js';
import { EXIT, type ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import { type MatchSource, type SourceOptions, sourceOptions, withMatchSource } from '../match-source.js';
import {
  type IntervalOptions,
  intervalOption,
  intervalOptions,
  intervalSetting,
  intervalWords,
  personOptions,
  sayNameProblems,
  threadsOption,
} from '../options.js';
import { outputWidth, writeOut } from '../output.js';

export interface StatsOptions extends SourceOptions, IntervalOptions {
  /**
   * True with `--matches`: every match's tables; false with `--no-matches`: the per-person table only; absent:
   * one line per match over several matches, the tables of a match read alone.
   */
  matches?: boolean;
  /** `--jobs N`: threads reading files (the main one and N − 1 workers). */
  jobs?: string;
}

/**
 * Runs the command on its source (files, or the library with `--library` and no paths); returns the exit
 * code. Both routes hand the same per-match reports, in the same order, to the same aggregation, whose
 * typed result goes to the reporter chosen once (`--json`: JSON, else tables).
 */
export async function runStats(
  paths: readonly string[],
  opts: StatsOptions,
  write: (text: string) => void = writeOut,
): Promise<ExitCode> {
  const interval = intervalOption(opts);
  // unless asked, worker threads for a folder large enough that they pay (src/cli/read-pool.ts)
  const jobs = threadsOption(opts.jobs, 'auto');
  return withMatchSource(paths, opts, async (source) => {
    const s = source.settings;
    const { named } = source.names;
    const reporter = chooseReporter(opts, write, {
      json: { ...s.settings, interval: intervalSetting(interval) },
      preset: s.preset,
      thresholds: s.thresholds,
      intervalWords: intervalWords(interval),
    });
    const players = named === null ? {} : { players: (p: string) => named.keeps(p) };
    // the per-person table alone needs only the tallies, not the matches' data
    const talliesOnly = reporterName(opts) === 'text' && opts.matches === false;
    // and, over the whole library under its stored aliases, only each person's stored totals
    const lib = source.library;
    const whole = lib !== null && talliesOnly && isEmptyFilter(source.filter) && s.storedAliasesOnly;
    // (the library's modules, loaded on this route only)
    const stored = whole ? await (await import('../../library/totals.js')).storedTotals(lib, s.preset) : null;
    if (lib !== null && stored) {
      const { libraryFileNotes } = await import('../../library/read.js');
      const agg = PlayerAggregator.resume(stored.totals, { aliases: s.aliases, interval, ...players });
      const notes = { read: stored.matches, ...(await libraryFileNotes(lib)), exitCode: EXIT.ok };
      return statsOver(source, reporter, async () => notes, agg);
    }
    const agg = new PlayerAggregator({ aliases: s.aliases, interval, ...players });
    return statsOver(
      source,
      reporter,
      (onReport) => source.reports(onReport, { interval, talliesOnly, jobs }),
      agg,
    );
  });
}

/** The reporter asked for, chosen once (it streams: each match as it comes, then the summary). */
function chooseReporter(
  opts: StatsOptions,
  write: (text: string) => void,
  settings: StatsSettings,
): StatsReporter {
  if (reporterName(opts) === 'json') return statsJsonReporter(write, settings);
  return statsTextReporter(write, settings, {
    width: outputWidth(),
    ascii: opts.ascii === true,
    matches: opts.matches,
  });
}

/**
 * Aggregates (into `agg`, which may hold stored totals already) the reports the source hands over and gives
 * the reporter each match shown and the summary. With `--player`, only the matches of the persons named are
 * listed and counted: those with a seat named exactly as they come, those seated by a name that may be one
 * of them once every name is known.
 */
async function statsOver(
  source: MatchSource,
  reporter: StatsReporter,
  readReports: (
    onReport: (r: MatchReport | Pick<MatchReport, 'tallies'>) => void,
  ) => Promise<MatchInputResult>,
  agg: PlayerAggregator,
): Promise<ExitCode> {
  const { aliases } = source.settings;
  const { named } = source.names;
  // matches whose seats may be a person named, held until every name is known
  const held: MatchReport[] = [];
  const seated = (report: MatchReport): string[] => report.players.map((p) => canonicalName(p, aliases));
  const result = await readReports((r) => {
    agg.add(r);
    // a source gives the tallies alone only when neither JSON nor the per-match tables are wanted
    if (!('players' in r)) return;
    if (named === null) return reporter.match(r);
    const persons = seated(r);
    if (persons.some((p) => (named.isResolved ? named.keeps(p) : named.isExact(p)))) reporter.match(r);
    else if (persons.some((p) => named.keeps(p))) held.push(r);
  });
  const { errors, duplicates } = result;
  let { read, exitCode } = result;
  if (named !== null) {
    const { persons, problems, notes } = named.resolve();
    exitCode = sayNameProblems(problems, exitCode, notes);
    // nobody meant: nothing to print but the lines saying why
    if (persons.length === 0) return exitCode;
    for (const r of held) if (seated(r).some((p) => named.keeps(p))) reporter.match(r);
    read = named.matches();
  }
  const players = agg.results().filter((p) => named === null || named.keeps(p.player));
  reporter.end({ read, players, failures: errors, duplicates });
  return exitCode;
}

/** Adds the `stats` command to the program. */
export function registerStats(program: Command): void {
  const cmd = program
    .command('stats')
    .description('PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match and per player')
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  intervalOptions(
    sourceOptions(
      personOptions(cmd, ' for avoidable errors', 'print JSON (schemaVersion 2) instead of tables'),
    ),
  )
    .option('--matches', 'every match in tables (default: one line a match over several)')
    .option('--no-matches', 'the per-person table only, no line per match')
    .option(
      '--jobs <n>',
      'threads reading files, the main one and N-1 workers (default: one per core, four at most, for 100 files or more; 0: the main thread alone); the output is the same whatever N',
    )
    .action(async (paths: string[], opts: StatsOptions) => {
      process.exitCode = await runStats(paths, opts);
    });
}
