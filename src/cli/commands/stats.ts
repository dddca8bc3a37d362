/**
 * `bdb stats PATH...`: PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match (a table each)
 * and per person over the matches read, or all of it as JSON (src/report/json.ts; docs/json.md).
 */
import type { Command } from 'commander';
import { FULL_WIDTH, wrapText } from '../../core/text-width.js';
import type { NamedPlayers } from '../../history/names.js';
import { isEmptyFilter } from '../../library/filter.js';
import type { IntervalMethod } from '../../metrics/bootstrap.js';
import type { MatchReport } from '../../metrics/match-report.js';
import { canonicalName, PlayerAggregator, reportMatch } from '../../metrics/match-report.js';
import type { PlayerStats } from '../../metrics/player-stats.js';
import { MATCHES_ANALYSED_NOTE, thousands, withoutAnalysis } from '../../report/format.js';
import { JsonReportWriter, jsonMatch, jsonPlayerStats } from '../../report/json.js';
import { renderMatchLine, renderMatchTable, renderPlayersTable } from '../../report/table.js';
import { EXIT, type ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import {
  fileReading,
  libraryRoute,
  librarySettings,
  matchFilterOption,
  type SourceOptions,
  sourceOptions,
  withReadLibrary,
} from '../match-source.js';
import {
  type IntervalOptions,
  intervalOption,
  intervalOptions,
  intervalSetting,
  intervalWords,
  namedPlayers,
  type PersonSettings,
  personOptions,
  personSettings,
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
  /** `--jobs N`: worker threads reading files. */
  jobs?: string;
}

/**
 * Runs the command on files or on the library (`--library`, no paths); returns the exit code. Both routes
 * hand the same per-match reports, in the same order, to the same aggregation and renderers.
 */
export async function runStats(paths: readonly string[], opts: StatsOptions): Promise<ExitCode> {
  const filter = matchFilterOption(opts);
  const interval = intervalOption(opts);
  const route = libraryRoute(paths, opts);
  if (route === null) {
    const s = personSettings(opts);
    const met = s.met;
    const { thresholds } = s;
    // one thread unless asked: on 2 cores the workers cost more than they save (issue 15's closing note)
    const jobs = threadsOption(opts.jobs, 0);
    const reading = { met, filter, ...fileReading(opts) };
    // the files' readers, loaded on this route only (the library's reads no file)
    const { readMatches } = await import('../match-input.js');
    const { readReportsPooled } = jobs > 0 ? await import('../read-pool.js') : { readReportsPooled: null };
    return statsOver(s, namedPlayers(opts, s.aliases), opts, interval, (onReport) =>
      readReportsPooled
        ? readReportsPooled(
            paths,
            { thresholds, interval, metFile: opts.met ?? null, filter, allReadings: reading.allReadings },
            onReport,
            { ...reading, jobs },
          )
        : readMatches(
            paths,
            (match, warnings) =>
              onReport(reportMatch(match, met, match.format, warnings, thresholds, interval)),
            reading,
          ),
    );
  }
  // the library's readers, loaded on this route only
  const { libraryFileNotes, libraryReports, librarySeats, libraryTallies } = await import(
    '../../library/read.js'
  );
  const { storedTotals } = await import('../../library/totals.js');
  return withReadLibrary(route, async (lib) => {
    const s = await librarySettings(lib, opts);
    // the persons named are settled from the stored seats, before any match is read
    const named = namedPlayers(opts, s.aliases);
    if (named !== null) {
      for (const seats of await librarySeats(lib, filter)) named.see(seats);
      // (the notes on the persons named come once: here, not when statsOver settles the names again)
      const { persons, problems, notes } = named.resolve();
      if (persons.length === 0) return sayNameProblems(problems);
      sayNameProblems([], EXIT.ok, notes);
    }
    const players = named === null ? {} : { players: (p: string) => named.keeps(p) };
    // the per-person table alone needs only the stored tallies, not the matches' data
    const talliesOnly = !opts.json && opts.matches === false;
    // and, over the whole library under its stored aliases, only each person's stored totals
    const whole = talliesOnly && isEmptyFilter(filter) && s.storedAliasesOnly;
    const stored = whole ? await storedTotals(lib, s.preset) : null;
    if (stored) {
      const agg = PlayerAggregator.resume(stored.totals, { aliases: s.aliases, interval, ...players });
      return statsOver(
        s,
        named,
        opts,
        interval,
        async () => ({ read: stored.matches, ...(await libraryFileNotes(lib)), exitCode: EXIT.ok }),
        agg,
      );
    }
    return statsOver(s, named, opts, interval, async (onReport) => {
      let read = 0;
      const source = talliesOnly
        ? libraryTallies(lib, filter, s.preset)
        : libraryReports(lib, filter, s.preset, interval);
      for await (const report of source) {
        read++;
        onReport(report);
      }
      const { errors, duplicates } = await libraryFileNotes(lib);
      return { read, errors, duplicates, exitCode: EXIT.ok };
    });
  });
}

/**
 * Aggregates (into `agg`, which may hold stored totals already) and prints the reports a route hands over.
 * With `--player`, only the matches of the persons named are listed and counted: those with a seat named
 * exactly as they come, those seated by a name that may be one of them once every name is known.
 */
async function statsOver(
  s: PersonSettings,
  named: NamedPlayers | null,
  opts: StatsOptions,
  interval: IntervalMethod,
  readReports: (
    onReport: (r: MatchReport | Pick<MatchReport, 'tallies'>) => void,
  ) => MatchInputResult | Promise<MatchInputResult>,
  agg = new PlayerAggregator({
    aliases: s.aliases,
    interval,
    ...(named === null ? {} : { players: (p: string) => named.keeps(p) }),
  }),
): Promise<ExitCode> {
  const { aliases, preset, thresholds } = s;
  const settings = { ...s.settings, interval: intervalSetting(interval) };
  const width = opts.json ? FULL_WIDTH : outputWidth();
  // JSON is written as the matches come: a run over thousands of matches never holds them all
  let json: JsonReportWriter | null = null;
  const writer = (): JsonReportWriter => {
    json ??= new JsonReportWriter((chunk) => writeOut(chunk), settings);
    return json;
  };
  // by default the first match waits: read alone, it gets its tables; followed by others, one line each
  let first: MatchReport | null = null;
  let shown = 0;
  const show = (report: MatchReport): void => {
    shown++;
    if (opts.json) writer().match(jsonMatch(report));
    else if (opts.matches === true) writeOut(`${renderMatchTable(report, width, opts.ascii)}\n\n`);
    else if (opts.matches === undefined) {
      if (shown === 1) first = report;
      else {
        if (first !== null) writeOut(`${renderMatchLine(first, width)}\n`);
        first = null;
        writeOut(`${renderMatchLine(report, width)}\n`);
      }
    }
  };
  const endMatches = (): void => {
    if (first !== null) writeOut(`${renderMatchTable(first, width, opts.ascii)}\n\n`);
    else if (shown > 1 && opts.matches === undefined) {
      writeOut(
        `${wrapText('Every match in tables: --matches; the players alone: --no-matches.', width).join('\n')}\n\n`,
      );
    }
    first = null;
  };
  // matches whose seats may be a person named, held until every name is known
  const held: MatchReport[] = [];
  const seated = (report: MatchReport): string[] => report.players.map((p) => canonicalName(p, aliases));
  const result = await readReports((r) => {
    agg.add(r);
    // a route gives the tallies alone only when neither JSON nor the per-match tables are wanted
    if (!('players' in r)) return;
    if (named === null) return show(r);
    const persons = seated(r);
    if (!named.isResolved) named.see(r.players);
    if (persons.some((p) => (named.isResolved ? named.keeps(p) : named.isExact(p)))) show(r);
    else if (persons.some((p) => named.keeps(p))) held.push(r);
  });
  const { errors, duplicates } = result;
  let { read, exitCode } = result;
  if (named !== null) {
    const { persons, problems, notes } = named.resolve();
    exitCode = sayNameProblems(problems, exitCode, notes);
    // nobody meant: nothing to print but the lines saying why
    if (persons.length === 0) return exitCode;
    for (const r of held) if (seated(r).some((p) => named.keeps(p))) show(r);
    read = named.matches();
  }
  if (!opts.json) endMatches();
  const players = agg.results().filter((p) => named === null || named.keeps(p.player));
  if (opts.json) {
    writer().end({ players: players.map(jsonPlayerStats), failures: errors, duplicates });
  } else if (players.length > 0) {
    writeOut(
      `Players over ${thousands(read)} match${read === 1 ? '' : 'es'}\n${renderPlayers(players, width, opts.ascii === true)}\n`,
    );
  }
  if (!opts.json && read > 0) {
    const legend =
      `An error loses at least ${thresholds.errorMpt / 1000} EMG (${preset} thresholds: error ${thresholds.errorMpt}, blunder ` +
      `${thresholds.blunderMpt} millipoints); avoidable when the decision was not hard (its difficulty at most a tenth ` +
      `of what it lost). 95 % intervals over the games (one match) or the matches, ${intervalWords(interval)}. ` +
      `Match equity table: ${settings.met.name}${settings.met.file === null ? '' : ` (${settings.met.file})`}. ` +
      `${MATCHES_ANALYSED_NOTE} MWC lost and Excess are sums over them, MWC/match and Excess/match their means per match. ` +
      'L7 and Elo measure the MWC lost per match (normalised to 7 points), not per decision as PR does: a player ' +
      'with more decisions per match (longer matches, more games, higher cubes) loses more of each match at ' +
      'the same PR, so the two can rank players differently (docs/glossary.md, "Elo vs the engine"). ' +
      'Terms explained in docs/glossary.md.';
    writeOut(`${wrapText(legend, width).join('\n')}\n`);
  }
  return exitCode;
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
      'worker threads reading files (default 0: the main thread alone); the output is the same whatever N',
    )
    .action(async (paths: string[], opts: StatsOptions) => {
      process.exitCode = await runStats(paths, opts);
    });
}
