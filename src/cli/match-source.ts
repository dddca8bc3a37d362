/**
 * Where `stats`, `biases` and `plan` read their matches: the files and folders named, or the player's
 * library (`--library [PATH]`, no paths), with the same filters on both routes (`--since`, `--until`,
 * `--event`, `--length`) and, on the library, the stored aliases added to `--alias`.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { type NamedPlayers, storedNames } from '../history/names.js';
import type { Library } from '../library/open.js';
import type { Met } from '../met/index.js';
import type { StoredBiasMatch, StoredDecisionKey, StoredDecisionRef } from '../metrics/bias-columns.js';
import type { IntervalMethod } from '../metrics/bootstrap.js';
import { defaultMet, type MatchReport, reportMatch } from '../metrics/match-report.js';
import type { StoredPlanMatch } from '../metrics/plan-columns.js';
import type { StoredReportMatch } from '../metrics/report-columns.js';
import { DEPTH_LEVELS, levelRank } from '../model/depth.js';
import type { MatchFilter } from '../model/filter.js';
import type { Match } from '../model/types.js';
import type { ParseWarning } from '../parsers/types.js';
import { EXIT, type ExitCode } from './exit.js';
import { describeFailure, oneLine } from './failure.js';
import { libraryOption, withLibrary } from './library-input.js';
import type { MatchInputResult } from './match-input.js';
import {
  maxFileSize,
  maxFileSizeOption,
  namedPlayers,
  type PersonOptions,
  type PersonSettings,
  personSettings,
  sayNameProblems,
} from './options.js';
import { writeErr } from './output.js';

/** The values commander gives for {@link sourceOptions}. */
export interface SourceOptions extends PersonOptions {
  /** `--library` alone is `true`: the default library. */
  library?: string | boolean;
  since?: string;
  until?: string;
  event?: string;
  length?: string;
  /** `--min-depth LEVEL`. */
  minDepth?: string;
  /** `--all-readings`: every file of a match found in several files counts (files only). */
  allReadings?: boolean;
  /** `--max-file-size MB`. */
  maxFileSize?: string;
}

/** Adds `--library [path]` and the match filters to a command reading matches. */
export function sourceOptions(cmd: Command): Command {
  return maxFileSizeOption(
    filterOptions(libraryOption(cmd, "read the player's library instead of files")),
  ).option(
    '--all-readings',
    'count every file of a match found in several files (its XG file, SGF, text export, transcript, copies); by default a match counts once, from its analysed reading',
  );
}

/** Adds the match filters (`--since`, `--until`, `--event`, `--length`, `--min-depth`). */
export function filterOptions(cmd: Command): Command {
  return cmd
    .option('--since <date>', 'only matches played on or after DATE (YYYY-MM-DD)')
    .option('--until <date>', 'only matches played on or before DATE (YYYY-MM-DD)')
    .option('--event <text>', 'only matches whose event name contains TEXT (any case)')
    .option('--length <n>', 'only matches of this length (a number of points, or money)')
    .option(
      '--min-depth <level>',
      `only matches analysed at least at LEVEL: ${levelNames()} (gnuBG's plies; XG's n-ply is gnuBG's n-1; docs/glossary.md)`,
    );
}

/** The levels of `--min-depth`, lowest first, as one list. */
function levelNames(): string {
  return DEPTH_LEVELS.map(([n]) => n).join(', ');
}

/** `--min-depth`'s level as given, or a usage error naming the levels. */
function minDepthOption(value: string | undefined): string | undefined {
  if (value === undefined || levelRank(value) !== null) return value;
  throw new UsageError(`--min-depth expects one of ${levelNames()}, got ${JSON.stringify(value)}`);
}

function dayOption(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const t = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !t || t.getUTCDate() !== Number(m[3]) || t.getUTCMonth() !== Number(m[2]) - 1)
    throw new UsageError(`${flag} expects a date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

/**
 * How the files are read (`--all-readings`, `--max-file-size`, and the progress line unless `--no-progress`);
 * a bad size is a usage error.
 */
function fileReading(opts: Pick<SourceOptions, 'allReadings' | 'maxFileSize' | 'progress'>): {
  allReadings: boolean;
  maxFileMb: number;
  progress: boolean;
} {
  return {
    allReadings: opts.allReadings === true,
    maxFileMb: maxFileSize(opts.maxFileSize),
    // commander sets `progress` true unless --no-progress; the line is only drawn on a terminal
    progress: opts.progress !== false,
  };
}

/** Parses the filter options; bad values are usage errors. */
export function matchFilterOption(opts: SourceOptions): MatchFilter {
  let length: number | undefined;
  if (opts.length !== undefined) {
    if (opts.length.toLowerCase() === 'money') length = 0;
    else if (/^\d+$/.test(opts.length) && Number(opts.length) >= 1) length = Number(opts.length);
    else
      throw new UsageError(
        `--length expects a number of points or money, got ${JSON.stringify(opts.length)}`,
      );
  }
  const since = dayOption('--since', opts.since);
  const until = dayOption('--until', opts.until);
  const minDepth = minDepthOption(opts.minDepth);
  return {
    ...(since !== undefined ? { since } : {}),
    ...(until !== undefined ? { until } : {}),
    ...(opts.event !== undefined ? { event: opts.event } : {}),
    ...(length !== undefined ? { length } : {}),
    ...(minDepth !== undefined ? { minDepth } : {}),
  };
}

/** The library path asked for (undefined: files), or a usage error for paths and --library together. */
export function libraryRoute(
  paths: readonly string[],
  opts: SourceOptions,
): { library: string | undefined } | null {
  if (opts.library === undefined || opts.library === false) {
    if (paths.length === 0) throw new UsageError('give match files or folders, or --library');
    return null;
  }
  if (paths.length > 0) throw new UsageError('give match files or folders, or --library, not both');
  noMetOnLibrary(opts);
  return { library: opts.library === true ? undefined : opts.library };
}

/** `--met` on a library route is a usage error: the stored figures were made with the bundled table. */
function noMetOnLibrary(opts: SourceOptions): void {
  if (opts.met !== undefined)
    throw new UsageError(
      "--met applies to match files: a library's figures were computed at import with the bundled Kazaross-XG2",
    );
}

/**
 * The person settings on the library: its stored aliases, then the configuration's, then `--alias`, one map
 * (`personSettings`).
 */
export async function librarySettings(lib: Library, opts: SourceOptions): Promise<PersonSettings> {
  noMetOnLibrary(opts);
  const { storedAliases } = await import('../library/aliases.js');
  return personSettings(opts, { library: lib.path, aliases: await storedAliases(lib) });
}

/**
 * Reads the library's matches (parsed again from their stored bytes) for `biases` and `plan`, with the
 * file route's result shape: read count, the files the library could not import, the duplicates. `players`:
 * only the matches with a seat of one of these names (as stored).
 */
async function readLibraryMatches(
  lib: Library,
  filter: MatchFilter,
  onMatch: (match: Match, warnings: readonly ParseWarning[]) => void,
  met: Met = defaultMet(),
  players?: ReadonlySet<string>,
): Promise<MatchInputResult> {
  const { libraryFileNotes, libraryMatches } = await import('../library/read.js');
  let read = 0;
  let failed = 0;
  for await (const { match, warnings } of libraryMatches(
    lib,
    filter,
    met,
    (file, e) => {
      failed++;
      writeErr(`bdb: ${oneLine(describeFailure(file, e))}\n`);
    },
    players,
  )) {
    read++;
    onMatch(match, warnings);
  }
  const { errors, duplicates } = await libraryFileNotes(lib);
  return { read, errors, duplicates, exitCode: failed > 0 ? EXIT.someFailed : EXIT.ok };
}

/** Opens the library read-only for a reading command. */
export function withReadLibrary(
  route: { library: string | undefined },
  work: (lib: Library) => Promise<(typeof EXIT)[keyof typeof EXIT]>,
  /** DuckDB's first memory limit, for a command that has its own (src/library/memory.ts). */
  memoryMb?: number,
): Promise<(typeof EXIT)[keyof typeof EXIT]> {
  return withLibrary(
    route.library,
    { readOnly: true, ...(memoryMb === undefined ? {} : { memoryMb }) },
    work,
  );
}

/** Whom a command follows: everyone, or the persons `--player` names. */
export type Keeps = (person: string) => boolean;

/** The persons `--player` names (null: everyone) and, on the library, the stored spellings of their seats. */
export interface Named {
  readonly named: NamedPlayers | null;
  /** Library: only the matches with a seat of one of these names (undefined: every match); files: undefined. */
  readonly only: ReadonlySet<string> | undefined;
}

/** How a command reads per-match reports ({@link MatchSource.reports}). */
export interface ReportReading {
  readonly interval: IntervalMethod;
  /** The tallies alone (no per-match table or JSON wanted): the library reads no match row. */
  readonly talliesOnly?: boolean;
  /**
   * Files: threads reading them, the main one and `jobs - 1` workers (0 or 1: the main thread alone);
   * `auto`: as many as pay for the files found (`poolSize`, src/cli/read-pool.ts).
   */
  readonly jobs?: number | 'auto';
}

/**
 * Where a reading command's matches come from: the files and folders named, or the player's library. A
 * command asks it for matches, reports or tallies and never chooses the route itself; the persons named
 * are resolved once, by `named` (the library: from the stored seats, before any match is read; files: as
 * the matches come, each seen by the source), and settled at the end by `settle`.
 */
export interface MatchSource {
  readonly settings: PersonSettings;
  readonly filter: MatchFilter;
  /** The library read, or null on files. */
  readonly library: Library | null;
  /**
   * The persons named: on the library settled from its stored seats (a line for each name meaning nobody;
   * an exit code when none means anybody); on files seen as the matches come.
   */
  readonly names: Named;
  /** Every match, parsed: files as read, the library's from their stored bytes (only `names.only`'s). */
  matches(onMatch: (match: Match, warnings: readonly ParseWarning[]) => void): Promise<MatchInputResult>;
  /** Every match's report (or its tallies alone), in the order of {@link MatchSource.matches}. */
  reports(
    onReport: (r: MatchReport | Pick<MatchReport, 'tallies'>) => void,
    how: ReportReading,
  ): Promise<MatchInputResult>;
}

/**
 * Opens the source the command was given (`paths`, or `--library` and no paths) and runs `work` on it.
 * `names`: 'settled' (default) resolves `--player` on the library from the stored seats before `work`
 * (nothing read when none of the names means anybody); 'own': the command resolves them itself (`progress`
 * follows one person, the one in most matches by default).
 */
export async function withMatchSource(
  paths: readonly string[],
  opts: SourceOptions,
  work: (source: MatchSource) => Promise<ExitCode>,
  names: 'settled' | 'own' = 'settled',
  /** On the library, DuckDB's first memory limit when the command has its own (src/library/memory.ts). */
  memoryMb?: number,
): Promise<ExitCode> {
  const filter = matchFilterOption(opts);
  const route = libraryRoute(paths, opts);
  if (route === null) {
    const settings = personSettings(opts);
    return work(fileSource(paths, opts, settings, filter));
  }
  return withReadLibrary(
    route,
    async (lib) => {
      const settings = await librarySettings(lib, opts);
      let found: Named | ExitCode = { named: namedPlayers(opts, settings.aliases), only: undefined };
      if (names === 'settled') found = await libraryNamed(lib, opts, settings, filter);
      if (typeof found === 'number') return found;
      return work(librarySource(lib, settings, filter, found));
    },
    memoryMb,
  );
}

/** The files route: the persons named are seen as each match comes. */
function fileSource(
  paths: readonly string[],
  opts: SourceOptions & { met?: string },
  settings: PersonSettings,
  filter: MatchFilter,
): MatchSource {
  const names: Named = { named: namedPlayers(opts, settings.aliases), only: undefined };
  const { named } = names;
  const reading = { met: settings.met, filter, ...fileReading(opts) };
  return {
    settings,
    filter,
    library: null,
    names,
    async matches(onMatch) {
      // the files' readers, loaded on this route only (the library's reads no file)
      const { readMatches } = await import('./match-input.js');
      return readMatches(
        paths,
        (match, warnings) => {
          named?.see(match.players);
          onMatch(match, warnings);
        },
        reading,
      );
    },
    async reports(onReport, how) {
      const seen = (r: MatchReport): void => {
        named?.see(r.players);
        onReport(r);
      };
      const jobs = how.jobs ?? 0;
      if (jobs === 'auto' || jobs > 1) {
        const { readReportsPooled } = await import('./read-pool.js');
        const job = {
          thresholds: settings.thresholds,
          interval: how.interval,
          metFile: opts.met ?? null,
          filter,
          allReadings: reading.allReadings,
        };
        return readReportsPooled(paths, job, seen, { ...reading, jobs });
      }
      return this.matches((match, warnings) =>
        onReport(reportMatch(match, settings.met, match.format, warnings, settings.thresholds, how.interval)),
      );
    },
  };
}

/**
 * The library route: the persons named were settled from the stored seats (`scout` settles its own and
 * hands them here).
 */
export function librarySource(
  lib: Library,
  settings: PersonSettings,
  filter: MatchFilter,
  names: Named,
): MatchSource {
  return {
    settings,
    filter,
    library: lib,
    names,
    matches: (onMatch) => readLibraryMatches(lib, filter, onMatch, settings.met, names.only),
    async reports(onReport, how) {
      // the library's readers, loaded on this route only
      const { libraryFileNotes, libraryReports, libraryTallies } = await import('../library/read.js');
      let read = 0;
      const reports = how.talliesOnly
        ? libraryTallies(lib, filter, settings.preset)
        : libraryReports(lib, filter, settings.preset, how.interval);
      for await (const report of reports) {
        read++;
        onReport(report);
      }
      const { errors, duplicates } = await libraryFileNotes(lib);
      return { read, errors, duplicates, exitCode: EXIT.ok };
    },
  };
}

/**
 * `--player` on the library: the persons named, settled from the stored seats (one clear line and an exit
 * code when none fits), and the stored spellings of their matches (undefined: every match).
 */
export async function libraryNamed(
  lib: Library,
  opts: SourceOptions,
  s: PersonSettings,
  filter: MatchFilter,
  /** The command reads no match head (`find`): the seats alone, a lighter read. */
  seatsAlone = false,
): Promise<Named | ExitCode> {
  const named = namedPlayers(opts, s.aliases);
  if (named === null) return { named, only: undefined };
  const { librarySeats, librarySeatsAlone } = await import('../library/read.js');
  const seats = await (seatsAlone ? librarySeatsAlone : librarySeats)(lib, filter);
  for (const pair of seats) named.see(pair);
  const { persons, problems, notes } = named.resolve();
  if (persons.length === 0) return sayNameProblems(problems);
  sayNameProblems([], EXIT.ok, notes);
  if (named.followsEveryone) return { named, only: undefined };
  return { named, only: new Set(persons.flatMap((p) => [...storedNames(seats, p, s.aliases)])) };
}

/**
 * A handler of whole matches that can read the library's columns instead (schema 12): `columns` reads every
 * match passing the filter from them (with `players`, those with a seat of one of these names), or gives
 * null without reading anything when a match was imported before them; the matches are then parsed and go
 * to `match`.
 */
export interface ColumnsHandler {
  readonly match: (match: Match) => void;
  readonly columns: (
    lib: Library,
    filter: MatchFilter,
    players?: ReadonlySet<string>,
  ) => Promise<MatchInputResult | null>;
}

/** What the biases read of the library's columns, and where it goes ({@link biasColumns}). */
export interface StoredBiasHandler {
  readonly stored: (m: StoredBiasMatch) => void;
  /** Read each seat's stored tilt state too. */
  readonly tilt: boolean;
  /** Read each counted decision's place too (move, XGID, Position ID: a collector listing rows). */
  readonly places: boolean;
  /** The decisions whose stored references are read once the matches are, and where they go. */
  readonly refs?: {
    readonly wanted: () => StoredDecisionKey[];
    readonly found: (refs: ReadonlyMap<string, StoredDecisionRef>) => void;
  };
}

/**
 * Runs a command that looks at whole matches (`biases`, `plan`) on its source: `start` makes the match
 * handler from the person settings (`keeps`: whom to follow while reading; `lib`: the library, or null on
 * files; on a library holding schema 12's columns the handler reads them), `finish` prints and gives the
 * exit code. With `--player`, the result counts only the matches of
 * the persons named, and `finish`'s `keeps` is exactly them.
 */
export async function overMatches(
  paths: readonly string[],
  opts: SourceOptions,
  start: (
    s: PersonSettings,
    keeps: Keeps | undefined,
    lib: Library | null,
  ) => ColumnsHandler | Promise<ColumnsHandler>,
  finish: (s: PersonSettings, result: MatchInputResult, keeps: Keeps) => ExitCode,
  /** On the library, DuckDB's first memory limit when the command has its own (src/library/memory.ts). */
  memoryMb?: number,
): Promise<ExitCode> {
  return withMatchSource(
    paths,
    opts,
    async (source) => {
      const { named } = source.names;
      const s = source.settings;
      const handler = await start(s, named === null ? undefined : (p) => named.keeps(p), source.library);
      const lib = source.library;
      const stored = lib && (await handler.columns(lib, source.filter, source.names.only));
      return settle(source, stored ?? (await source.matches(handler.match)), finish);
    },
    'settled',
    memoryMb,
  );
}

/**
 * The biases' reading of the library's columns ({@link ColumnsHandler.columns}): the matches as its bias
 * columns hold them (no stored file parsed), with the library route's result shape; null when a match
 * passing the filter was imported before those columns.
 */
export async function biasColumns(
  lib: Library,
  filter: MatchFilter,
  handler: StoredBiasHandler,
  players?: ReadonlySet<string>,
): Promise<MatchInputResult | null> {
  const { libraryBiasMatches, libraryDecisionRefs } = await import('../library/read.js');
  const how = { tilt: handler.tilt, refs: handler.places };
  const refs = handler.refs;
  return fromColumns(lib, filter, players, () => libraryBiasMatches(lib, filter, how, players), {
    each: handler.stored,
    ...(refs ? { after: async () => refs.found(await libraryDecisionRefs(lib, refs.wanted())) } : {}),
  });
}

/**
 * The study plan's reading of the library's columns ({@link ColumnsHandler.columns}): each match's counted
 * decisions and its errors at `threshold` (equity), no stored file parsed; null when a match passing the
 * filter was imported before those columns.
 */
export async function planColumns(
  lib: Library,
  filter: MatchFilter,
  threshold: number,
  stored: (m: StoredPlanMatch) => void,
  players?: ReadonlySet<string>,
): Promise<MatchInputResult | null> {
  const { libraryPlanMatches } = await import('../library/read.js');
  return fromColumns(lib, filter, players, () => libraryPlanMatches(lib, filter, threshold, players), {
    each: stored,
  });
}

/** What `bdb report` reads of the library's columns, and where each part goes ({@link reportColumns}). */
export interface StoredReportHandler {
  readonly match: (m: StoredReportMatch) => void;
  readonly biases: (m: StoredBiasMatch) => void;
  readonly plan: (m: StoredPlanMatch) => void;
  /** Once every match is read: the few matches to parse again (by id), for the boards of the page. */
  readonly parsed: (
    parse: (ids: ReadonlySet<number>) => AsyncIterable<{ readonly id: number; readonly match: Match }>,
  ) => Promise<void>;
}

/**
 * The report's reading of the library's columns: each match's counted decisions (PR by plan and phase, the
 * worst decisions' ranking), then the biases' and the plan's columns (errors at `threshold`, equity), then
 * the matches holding the worst decisions, parsed from their stored files for their boards; null, nothing
 * read, when a match passing the filter was imported before those columns. A stored file that cannot be
 * parsed again is a line, and exit code 1.
 */
export async function reportColumns(
  lib: Library,
  filter: MatchFilter,
  threshold: number,
  met: Met,
  handler: StoredReportHandler,
  players?: ReadonlySet<string>,
): Promise<MatchInputResult | null> {
  const { libraryBiasMatches, libraryMatchesById, libraryPlanMatches, libraryReportMatches } = await import(
    '../library/read.js'
  );
  let failed = 0;
  const result = await fromColumns(lib, filter, players, () => libraryReportMatches(lib, filter, players), {
    each: handler.match,
    after: async () => {
      for await (const m of libraryBiasMatches(lib, filter, { tilt: false, refs: false }, players))
        handler.biases(m);
      for await (const m of libraryPlanMatches(lib, filter, threshold, players)) handler.plan(m);
      await handler.parsed((ids) =>
        libraryMatchesById(lib, ids, met, (file, e) => {
          failed++;
          writeErr(`bdb: ${oneLine(describeFailure(file, e))}\n`);
        }),
      );
    },
  });
  return result && failed > 0 ? { ...result, exitCode: EXIT.someFailed } : result;
}

/**
 * Every match `read` gives from the library's columns to `each` (then `after`), with the library route's
 * result shape; null, nothing read, when a match passing the filter was imported before those columns.
 */
async function fromColumns<M>(
  lib: Library,
  filter: MatchFilter,
  players: ReadonlySet<string> | undefined,
  read: () => AsyncGenerator<M>,
  to: { readonly each: (m: M) => void; readonly after?: () => Promise<void> },
): Promise<MatchInputResult | null> {
  const { libraryFileNotes, libraryHasColumns } = await import('../library/read.js');
  if (!(await libraryHasColumns(lib, filter, players))) return null;
  let count = 0;
  for await (const m of read()) {
    count++;
    to.each(m);
  }
  await to.after?.();
  const { errors, duplicates } = await libraryFileNotes(lib);
  return { read: count, errors, duplicates, exitCode: EXIT.ok };
}

/**
 * Finishes a run once every match is read: the persons named settled, their matches counted, a line for each
 * name that meant nobody (nothing else printed when none meant anybody).
 */
function settle(
  source: MatchSource,
  result: MatchInputResult,
  finish: (s: PersonSettings, result: MatchInputResult, keeps: Keeps) => ExitCode,
): ExitCode {
  const s = source.settings;
  const { named } = source.names;
  if (named === null) return finish(s, result, () => true);
  const { persons, problems, notes } = named.resolve();
  if (persons.length === 0) return sayNameProblems(problems, result.exitCode);
  const code = finish(s, { ...result, read: named.matches() }, (p) => named.keeps(p));
  return sayNameProblems(problems, code, notes);
}
