/**
 * `bdb progress [PATH...|--library] [--player NAME] [--by month|quarter|year|N]`: one person's PR and L₇
 * period by period with their 95 % intervals, the level band, a chart, and the trend over the whole
 * history (src/history/progress.ts); `--json`, `--html OUT`.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { followedPerson, type NamedPlayers, storedNames } from '../../history/names.js';
import { ProgressCollector, parseBy, progressFromTotals } from '../../history/progress.js';
import type { Library } from '../../library/open.js';
import {
  libraryFileNotes,
  libraryPersonDays,
  libraryPersonTallies,
  librarySeats,
} from '../../library/read.js';
import { storedProgress } from '../../library/totals.js';
import { reportMatch } from '../../metrics/match-report.js';
import { isEmptyFilter } from '../../model/filter.js';
import { progressJson } from '../../report/progress/json.js';
import { progressText } from '../../report/progress/text.js';
import type { ProgressResult, ProgressView } from '../../report/progress/types.js';
import { renderProgressHtml } from '../../report/progress-html.js';
import { pickReporter, type Reporters, streamName } from '../../report/reporter.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import type { MatchInputResult } from '../match-input.js';
import {
  libraryRoute,
  type MatchSource,
  type SourceOptions,
  sourceOptions,
  withMatchSource,
} from '../match-source.js';
import { type PersonSettings, personOptions, sayNameProblems } from '../options.js';
import { outputWidth, writeErr, writeOut } from '../output.js';
import { type OutputRules, outputRefused, pageRules, writeOutputText } from '../output-file.js';

interface ProgressOptions extends SourceOptions {
  by?: string;
  html?: string;
  force?: boolean;
}

/** The outputs of `progress` on standard output (the page, `--html`, is written besides). */
const PROGRESS: Reporters<ProgressResult, ProgressView> = { text: progressText, json: progressJson };

/** A period: month, quarter, year, or a number of matches. */
type By = NonNullable<ReturnType<typeof parseBy>>;

/** Runs the command; returns the exit code. */
export async function runProgress(paths: readonly string[], opts: ProgressOptions): Promise<ExitCode> {
  const by = parseBy(opts.by);
  if (by === null)
    throw new UsageError(
      `--by expects month, quarter, year or a number of matches (2 or more), got ${JSON.stringify(opts.by)}`,
    );
  if ((opts.player?.length ?? 0) > 1) throw new UsageError('progress follows one person: give --player once');
  // the library named, if any, for the page's rules (the source opens it)
  const route = libraryRoute(paths, opts);
  // the page is never an input nor the library, and replaces a file only with --force: said before the reading
  const rules = pageRules(opts.force, paths, route === null ? null : route.library);
  if (opts.html !== undefined && outputRefused(opts.html, rules)) return EXIT.someFailed;
  // progress follows one person: the one named, else the one in most matches (settled here, not by the source)
  return withMatchSource(
    paths,
    opts,
    (source) =>
      source.library === null
        ? fromFiles(source, opts, by, rules)
        : fromLibrary(source.library, source, opts, by, rules),
    'own',
  );
}

/** Files: every person's matches are kept, the one named known once every name is. */
async function fromFiles(
  source: MatchSource,
  opts: ProgressOptions,
  by: By,
  rules: OutputRules,
): Promise<ExitCode> {
  const s = source.settings;
  const c = new ProgressCollector({ aliases: s.aliases });
  const result = await source.matches((match, warnings) =>
    c.add({
      date: match.date,
      tallies: reportMatch(match, s.met, match.format, warnings, s.thresholds).tallies,
    }),
  );
  return print(c, s, source.names.named, opts, by, result, rules);
}

/** The library: only the followed person's matches are read, or their stored totals when they say it all. */
async function fromLibrary(
  lib: Library,
  source: MatchSource,
  opts: ProgressOptions,
  by: By,
  rules: OutputRules,
): Promise<ExitCode> {
  const { settings: s, filter } = source;
  const { named } = source.names;
  const seats = await librarySeats(lib, filter);
  const { person, problem, notes } = followedPerson(named, seats, s.aliases);
  if (problem !== null) return sayNameProblems([problem]);
  sayNameProblems([], EXIT.ok, notes);
  const names = person === null ? new Set<string>() : storedNames(seats, person, s.aliases);
  // the whole library under its stored aliases, by calendar period: the stored totals say it all
  if (person !== null && typeof by === 'string' && isEmptyFilter(filter) && s.storedAliasesOnly) {
    const stored = await storedProgress(lib, person, by, s.preset);
    if (stored !== null) {
      const report = progressFromTotals({
        person,
        by,
        aliases: s.aliases,
        ...stored,
        days: await libraryPersonDays(lib, filter, names),
      });
      const of = (p: string) => {
        // the person resolved from the names is the one followed (the same seats decided both)
        if (p !== person) throw new Error(`progress: stored totals of ${person}, report asked of ${p}`);
        return report;
      };
      const notes = { ...(await libraryFileNotes(lib)), exitCode: EXIT.ok };
      return print({ person: () => person, report: of }, s, named, opts, by, notes, rules);
    }
  }
  // the person known, their matches are added up as they come (none kept)
  const c = new ProgressCollector({
    aliases: s.aliases,
    ...(person === null ? {} : { player: person, by }),
  });
  for (const pair of seats) c.see(pair);
  for await (const m of libraryPersonTallies(lib, filter, s.preset, names))
    c.add({ date: m.day, tallies: m.tallies });
  return print(c, s, named, opts, by, { ...(await libraryFileNotes(lib)), exitCode: EXIT.ok }, rules);
}

function print(
  c: Pick<ProgressCollector, 'person' | 'report'>,
  s: PersonSettings,
  named: NamedPlayers | null,
  opts: ProgressOptions,
  by: By,
  { errors, duplicates, exitCode }: Pick<MatchInputResult, 'errors' | 'duplicates' | 'exitCode'>,
  rules: OutputRules,
): ExitCode {
  let person = c.person();
  if (named !== null) {
    const { persons, problems, notes } = named.resolve();
    if (problems.length > 0) return sayNameProblems(problems);
    // the configuration's player in none of the matches: the one in most of them, as without --player
    if (!named.followsEveryone) person = persons[0] ?? null;
    const said = named.followsEveryone ? named.followingNote(person) : notes;
    sayNameProblems([], EXIT.ok, said);
  }
  if (person === null) {
    writeErr('bdb: no match with a player to follow\n');
    return EXIT.someFailed;
  }
  const report = c.report(person, by);
  if (opts.html) {
    const failed = writeOutputText(opts.html, rules, renderProgressHtml(report));
    if (failed !== null) {
      writeErr(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
  }
  const result = { report, settings: s.settings, failures: errors, duplicates };
  // the page is written besides: standard output has the table or, with --json, the JSON
  pickReporter(PROGRESS, streamName(opts))(
    result,
    { width: outputWidth(), ascii: opts.ascii === true },
    writeOut,
  );
  return exitCode;
}

/** Adds the `progress` command to the program. */
export function registerProgress(program: Command): void {
  const cmd = program
    .command('progress')
    .description("one player's PR and L7 period by period, with intervals, a chart and the trend")
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  sourceOptions(
    personOptions(cmd, ' (error counts only)', 'print JSON (schemaVersion 2) instead of the table'),
  )
    .option('--by <period>', 'month (default), quarter, year, or a number of matches')
    .option('--html <file>', 'also write a standalone HTML page with the chart')
    .option('--force', 'replace an existing page (--html)')
    .action(async (paths: string[], opts: ProgressOptions) => {
      process.exitCode = await runProgress(paths, opts);
    });
}
