/**
 * `bdb study`: the player's study log, kept in the library, and what it changed (spec/metrics.md §8–§9).
 *
 *   bdb study mark XGID|POSITION-ID|FAMILY [--date YYYY-MM-DD]   record a study action (default today, UTC)
 *   bdb study unmark XGID|POSITION-ID|FAMILY                     forget every study action on it
 *   bdb study list [--json]                                      the study actions (marks, drill answers)
 *   bdb study [--player NAME] [--json]                           before/after per studied family
 *
 * The answers of `bdb drill` are study actions on their positions: they date a family as a mark on the
 * position does (src/history/study.ts), and `bdb study list` lists the drilled positions after the marks.
 *
 * A family is written as `bdb plan` prints it: `plan/nature/theme` (e.g. `holding/checker/blots`). The
 * before/after is src/history/study.ts over the library's matches as their columns hold them (schema 12; a
 * library holding a match imported before is parsed again), classified as `bdb plan` classifies them; the
 * person is the one named, else the one in most matches.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { followedPerson } from '../../history/names.js';
import { StudyCollector } from '../../history/study.js';
import { drilledPositions } from '../../library/drill.js';
import { PLAN_MEMORY_MB } from '../../library/memory.js';
import {
  libraryFileNotes,
  libraryHasColumns,
  libraryMatches,
  librarySeats,
  libraryStudyMatches,
} from '../../library/read.js';
import {
  addStudyMark,
  parseStudyTarget,
  removeStudyMarks,
  type StudyTarget,
  studyMarks,
  targetInLibrary,
} from '../../library/study-marks.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import { canonicalName, defaultMet } from '../../metrics/match-report.js';
import { pickReporter, type Reporters, reporterName } from '../../report/reporter.js';
import { studyJson, studyMarksJson } from '../../report/study/json.js';
import { studyMarksText, studyText } from '../../report/study/text.js';
import type { StudyMarksResult, StudyResult, StudyView } from '../../report/study/types.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { libraryOption, withLibrary } from '../library-input.js';
import { filterOptions, librarySettings, matchFilterOption } from '../match-source.js';
import { namedPlayers, type PersonOptions, personOptions, personSettings } from '../options.js';
import { outputWidth, writeErr, writeLines, writeOut } from '../output.js';

interface StudyOptions extends PersonOptions {
  library?: string;
  since?: string;
  until?: string;
  event?: string;
  length?: string;
}

interface MarkOptions {
  library?: string;
  date?: string;
}

interface ListOptions {
  library?: string;
  json?: boolean;
  /** `--ascii`: the tables drawn in plain ASCII. */
  ascii?: boolean;
}

/** Today's UTC day, ISO. */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Parses `--date YYYY-MM-DD` (default: today, UTC); unreadable or future days are usage errors. */
export function studyDayOption(value: string | undefined, now: Date = new Date()): string {
  const today = utcDay(now);
  if (value === undefined) return today;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const t = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (
    !m ||
    !t ||
    t.getUTCFullYear() !== Number(m[1]) ||
    t.getUTCMonth() !== Number(m[2]) - 1 ||
    t.getUTCDate() !== Number(m[3])
  )
    throw new UsageError(`--date expects a day YYYY-MM-DD, got ${JSON.stringify(value)}`);
  if (value > today) throw new UsageError(`--date ${value} is in the future (today is ${today}, UTC)`);
  return value;
}

/** Parses the study target; anything else is a usage error. */
export function studyTargetArgument(arg: string): StudyTarget {
  const t = parseStudyTarget(arg);
  if (!t)
    throw new UsageError(
      `expected an XGID (XGID=…), a gnuBG Position ID (14 characters) or a family plan/nature/theme as bdb plan ` +
        `prints it (e.g. holding/checker/blots), got ${JSON.stringify(arg)}`,
    );
  return t;
}

/** `bdb study mark`. */
export async function runMark(arg: string, opts: MarkOptions): Promise<ExitCode> {
  const target = studyTargetArgument(arg);
  const day = studyDayOption(opts.date);
  return withLibrary(opts.library, { readOnly: false, create: true }, async (lib) => {
    const known = await targetInLibrary(lib, target);
    const added = await addStudyMark(lib, target, day);
    if (!known)
      writeErr(
        `bdb: ${target.target}: ${
          target.kind === 'family' ? 'no error of this family' : 'not'
        } in the library yet (recorded)\n`,
      );
    writeLines(
      added
        ? `${target.target} (${target.kind}) studied on ${day}\n`
        : `${target.target} (${target.kind}) was already marked as studied on ${day}\n`,
    );
    return EXIT.ok;
  });
}

/** `bdb study unmark`. */
export async function runUnmark(arg: string, opts: MarkOptions): Promise<ExitCode> {
  const target = studyTargetArgument(arg);
  return withLibrary(opts.library, { readOnly: false }, async (lib) => {
    const n = await removeStudyMarks(lib, target);
    if (n === 0) {
      writeErr(`bdb: ${oneLine(`${target.target}: not marked as studied`)}\n`);
      return EXIT.someFailed;
    }
    writeLines(`${target.target}: ${n} study mark${n === 1 ? '' : 's'} removed\n`);
    return EXIT.ok;
  });
}

/** The outputs of `study` and `study list`. */
const STUDY: Reporters<StudyResult, StudyView> = { text: studyText, json: studyJson };
const STUDY_LIST: Reporters<StudyMarksResult, StudyView> = { text: studyMarksText, json: studyMarksJson };

/** The tables' layout. */
function view(opts: { ascii?: boolean }): StudyView {
  return { width: outputWidth(), ascii: opts.ascii === true };
}

/** `bdb study list`. */
export async function runList(opts: ListOptions): Promise<ExitCode> {
  return withLibrary(opts.library, { readOnly: true }, async (lib) => {
    const marks = await studyMarks(lib);
    // bdb drill's answers are study actions on their positions too: listed after the marks
    const drilled = await drilledPositions(lib);
    pickReporter(STUDY_LIST, reporterName(opts))({ marks, drilled }, view(opts), writeOut);
    return EXIT.ok;
  });
}

/** `bdb study`: the before/after of each studied family. */
export async function runStudy(opts: StudyOptions): Promise<ExitCode> {
  if ((opts.player?.length ?? 0) > 1) throw new UsageError('study follows one person: give --player once');
  personSettings(opts); // bad --alias / --thresholds: usage errors before the library is opened
  // the filters' date bounds apply to both windows (spec §9)
  const filter = matchFilterOption(opts);
  const met = defaultMet();
  // DuckDB's limit of `plan`, which reads the same columns
  return withLibrary(opts.library, { readOnly: true, memoryMb: PLAN_MEMORY_MB }, async (lib) => {
    const s = await librarySettings(lib, opts);
    const seats = await librarySeats(lib, filter);
    const { person, problem, notes } = followedPerson(namedPlayers(opts, s.aliases), seats, s.aliases);
    for (const n of notes) writeErr(`bdb: ${oneLine(`${n}`)}\n`);
    if (problem !== null) {
      writeErr(`bdb: ${oneLine(`${problem}`)}\n`);
      return EXIT.someFailed;
    }
    if (person === null) {
      writeErr('bdb: no match in the library: bdb import adds some\n');
      return EXIT.someFailed;
    }
    const collector = new StudyCollector(
      met,
      s.thresholds,
      { aliases: s.aliases, person },
      await studyMarks(lib),
      await drilledPositions(lib),
    );
    const errors: { file: string; message: string }[] = [];
    // the followed person's matches only (every spelling the aliases give them)
    const spellings = new Set(seats.flat().filter((n) => canonicalName(n, s.aliases) === person));
    if (await libraryHasColumns(lib, filter, spellings)) {
      // what the import stored of each decision (schema 12): no stored file parsed again
      const threshold = thresholdEquity(s.thresholds.errorMpt);
      for await (const m of libraryStudyMatches(lib, filter, threshold, spellings)) collector.addStored(m);
    } else {
      for await (const { match } of libraryMatches(
        lib,
        filter,
        met,
        (file, e) => {
          const message = describeFailure(file, e);
          errors.push({ file, message });
          writeErr(`bdb: ${oneLine(`${message}`)}\n`);
        },
        spellings,
      ))
        collector.add(match);
    }
    const report = collector.report();
    // the files the library set aside at import, as `bdb stats --library` lists them
    const { duplicates } = await libraryFileNotes(lib);
    const result = { report, settings: s.settings, failures: errors, duplicates };
    pickReporter(STUDY, reporterName(opts))(result, view(opts), writeOut);
    return errors.length > 0 ? EXIT.someFailed : EXIT.ok;
  });
}

/**
 * Adds the `study` command and its subcommands to the program. The root program does not use positional
 * options, so `study` itself takes `--library` and `--json` wherever they stand (`bdb study mark X --library
 * L` gives L to `study`): the subcommands read their options with the parent's (`optsWithGlobals`).
 */
export function registerStudy(program: Command): void {
  const study = program
    .command('study')
    .description(
      'study log in the library (mark what you studied) and the before/after of each studied family',
    );
  filterOptions(
    personOptions(
      libraryOption(study),
      ' (what an error is)',
      'print JSON (schemaVersion 2) instead of the table',
    ),
  ).action(async (opts: StudyOptions) => {
    process.exitCode = await runStudy(opts);
  });
  libraryOption(
    study
      .command('mark')
      .description(
        'record that you studied a position (XGID or gnuBG Position ID) or a family plan/nature/theme',
      )
      .argument(
        '<target>',
        'XGID=…, a Position ID, or a family as bdb plan prints it (e.g. holding/checker/blots)',
      ),
  )
    .option('--date <day>', 'the day you studied it (YYYY-MM-DD, default today, UTC)')
    .action(async (target: string, _opts: MarkOptions, cmd: Command) => {
      process.exitCode = await runMark(target, cmd.optsWithGlobals<MarkOptions>());
    });
  libraryOption(
    study.command('unmark').description('forget every study action on a target').argument('<target>'),
  ).action(async (target: string, _opts: MarkOptions, cmd: Command) => {
    process.exitCode = await runUnmark(target, cmd.optsWithGlobals<MarkOptions>());
  });
  libraryOption(
    study.command('list').description('the study actions recorded: the marks, then the positions drilled'),
  )
    .option('--json', 'print JSON (schemaVersion 2)')
    .action(async (_opts: ListOptions, cmd: Command) => {
      process.exitCode = await runList(cmd.optsWithGlobals<ListOptions>());
    });
}
