/**
 * `bdb report PATH...|--library [--player NAME] --html OUT`: one standalone HTML page with a section per
 * person (PR, L₇, Elo and level with intervals; checker/cube split; PR by game plan and phase; the biases as
 * a chart; the study plan with its reference positions drawn; the worst decisions drawn;
 * progress over time, on files as on the library). Several persons (no `--player`) share one page, a list of
 * them at the top.
 *
 * The input options are those of `bdb stats` (paths or `--library`, `--player`, `--alias`, `--thresholds`,
 * `--met`, the match filters, `--interval`), read by the same helpers, so a figure on the page is the one
 * the command that shows it alone gives for the same options (src/report/player-report-data.ts).
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { NamedPlayers } from '../../history/names.js';
import { parseBy } from '../../history/progress.js';
import { PLAN_MEMORY_MB } from '../../library/memory.js';
import { libraryPath } from '../../library/path.js';
import { libraryTallies } from '../../library/read.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import { writePlayerReportHtml } from '../../report/player-report.js';
import { PlayerReportCollector } from '../../report/player-report-data.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { inputName } from '../files.js';
import type { MatchInputResult } from '../match-input.js';
import {
  libraryRoute,
  reportColumns,
  type SourceOptions,
  sourceOptions,
  withMatchSource,
} from '../match-source.js';
import {
  type IntervalOptions,
  intervalOption,
  intervalOptions,
  intervalWords,
  type PersonSettings,
  personOptions,
  sayNameProblems,
} from '../options.js';
import { writeErr } from '../output.js';
import { outputRefused, pageRules, writeOutputPieces } from '../output-file.js';
import { SpillFile } from '../spill.js';
import { positionsOption } from './plan.js';

/** Reference positions drawn per person by default (the first ones of `bdb plan`'s selection). */
export const REPORT_POSITIONS = 6;

export interface ReportOptions extends SourceOptions, IntervalOptions {
  html?: string;
  force?: boolean;
  positions?: string;
  by?: string;
}

/** What was read, for the page's first line: the paths named (at most three), or the library. */
function sourceText(paths: readonly string[], library: string | null): string {
  if (library !== null) return `the library ${library}`;
  const shown = paths.slice(0, 3).map(inputName).join(', ');
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

/** Runs the command; returns the exit code. */
export async function runReport(paths: readonly string[], opts: ReportOptions): Promise<ExitCode> {
  const out = opts.html;
  if (out === undefined || out === '') throw new UsageError('bdb report writes a page: give --html OUT.html');
  const positions = positionsOption(opts.positions ?? String(REPORT_POSITIONS));
  const by = parseBy(opts.by);
  if (by === null)
    throw new UsageError(
      `--by expects month, quarter, year or a number of matches (2 or more), got ${JSON.stringify(opts.by)}`,
    );
  const interval = intervalOption(opts);
  // the library named, if any, for the page's rules (the source opens it)
  const route = libraryRoute(paths, opts);
  // the page is never an input nor the library, and replaces a file only with --force: said before the reading
  const rules = pageRules(opts.force, paths, route === null ? null : route.library);
  if (outputRefused(out, rules)) return EXIT.someFailed;
  // the biases' and plans' rows of every match read wait in a temporary file past a few MB
  const spill = new SpillFile();
  try {
    // with --player, the persons named (any case or accents when one person fits: src/history/names.ts)
    const collector = (
      s: PersonSettings,
      named: NamedPlayers | null,
      statsFromMatches: boolean,
    ): PlayerReportCollector =>
      new PlayerReportCollector(
        s.met,
        s.thresholds,
        { aliases: s.aliases, interval, ...(named ? { players: (p: string) => named.keeps(p) } : {}) },
        { positions, statsFromMatches, rows: spill.rows, by },
      );
    const finish = (
      c: PlayerReportCollector,
      s: PersonSettings,
      named: NamedPlayers | null,
      result: { read: number; failed: number; exitCode: ExitCode },
      library: string | null,
    ): ExitCode => {
      let { read, exitCode } = result;
      const { failed } = result;
      let problems: string[] = [];
      let notes: string[] = [];
      if (named !== null) {
        const found = named.resolve();
        problems = found.problems;
        notes = found.notes;
        // nobody meant: no page, only the lines saying why
        if (found.persons.length === 0) return sayNameProblems(problems, exitCode);
        // only the matches of the persons named are counted
        read = named.matches();
      }
      const persons = c.results(by, (p) => named === null || named.keeps(p));
      exitCode = sayNameProblems(problems, exitCode, notes);
      const page = {
        source: sourceText(paths, library),
        matches: read,
        library: library !== null,
        event: c.event(),
        failed,
        settings: {
          preset: s.preset,
          errorMpt: s.thresholds.errorMpt,
          blunderMpt: s.thresholds.blunderMpt,
          met: s.settings.met.name,
          interval: intervalWords(interval),
        },
        persons,
      };
      // written a person's section at a time (src/report/player-report.ts)
      const failedWrite = writeOutputPieces(out, rules, (write) => writePlayerReportHtml(page, write));
      if (failedWrite !== null) {
        writeErr(`bdb: ${oneLine(failedWrite)}\n`);
        return EXIT.someFailed;
      }
      writeErr(
        `bdb: wrote ${out} (${persons.length} player${persons.length === 1 ? '' : 's'}, ${read} match${read === 1 ? '' : 'es'})\n`,
      );
      return exitCode;
    };

    return await withMatchSource(
      paths,
      opts,
      async (source) => {
        const s = source.settings;
        const { named } = source.names;
        const lib = source.library;
        const c = collector(s, named, lib === null);
        let stored: MatchInputResult | null = null;
        if (lib !== null) {
          // the per-person figures and the progress from the stored tallies, as `stats` and `progress` read them
          for await (const m of libraryTallies(lib, source.filter, s.preset)) c.addTallies(m);
          // the rest from the library's columns when it holds them (schema 12), the boards of the worst
          // decisions from their few matches parsed again
          stored = await reportColumns(
            lib,
            source.filter,
            thresholdEquity(s.thresholds.errorMpt),
            s.met,
            {
              match: (m) => c.addStoredMatch(m),
              biases: (m) => c.addStoredBiases(m),
              plan: (m) => c.addStoredPlan(m),
              parsed: (parse) => c.fillStoredWorst(parse),
            },
            source.names.only,
          );
        }
        // else from the matches: read from the files, or parsed again from the library's stored bytes
        const result = stored ?? (await source.matches((m) => c.addMatch(m)));
        const library = route === null ? null : libraryPath(route.library);
        return finish(c, s, named, { ...result, failed: result.errors.length }, library);
      },
      'settled',
      // on the library, DuckDB's limit of `plan`, which reads the same columns
      PLAN_MEMORY_MB,
    );
  } finally {
    spill.close();
  }
}

/** Adds the `report` command to the program. */
export function registerReport(program: Command): void {
  const cmd = program
    .command('report')
    .description(
      'an HTML page of each player: level with intervals, checker/cube, PR by plan and phase, biases, study plan and worst decisions drawn as boards, progress',
    )
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  intervalOptions(sourceOptions(personOptions(cmd, ' for errors and avoidable errors', null)))
    .option('--html <file>', 'the page to write (required)')
    .option('--force', 'replace an existing page')
    .option(
      '--positions <n>',
      `reference positions drawn per player (default ${REPORT_POSITIONS}, the first of bdb plan's selection; at most 50)`,
    )
    .option('--by <period>', 'progress by month (default), quarter, year, or a number of matches')
    .addHelpText(
      'after',
      '\nSeveral players (no --player): one page, a section each, most matches first.\n\nExamples:\n  bdb report ~/matches --player "Kévin Unger" --html report.html\n  bdb report --library --player Llabba --html report.html\n',
    )
    .action(async (paths: string[], opts: ReportOptions) => {
      process.exitCode = await runReport(paths, opts);
    });
}
