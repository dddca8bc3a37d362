/**
 * `bdb tournament standings INPUTS...` and `bdb tournament pair EVENT`: Swiss and McMahon events. Standings
 * come from an event file (plus `--results`) or from match files (src/cli/tournament-matches.ts); `pair`
 * gives the next round's pairings, the bye and the seed. Tables, or JSON (src/report/tournament.ts).
 * `bdb tournament review EVENT`: one player's tournament against their habitual level (spec/metrics.md §11;
 * src/history/tournament-review.ts), as tables, JSON or an HTML page (src/report/tournament-review.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { followedPerson, storedNames, unknownEventMessage } from '../../history/names.js';
import {
  HabitualCollector,
  habitualWindow,
  libraryEventNames,
  libraryHabitual,
  libraryTournament,
  type ReviewMatch,
  reviewMatch,
  sameEvent,
  tournamentDay,
  tournamentReview,
} from '../../history/tournament-review.js';
import type { Library } from '../../library/open.js';
import { libraryFileNotes, librarySeats, libraryUndated } from '../../library/read.js';
import { canonicalName } from '../../match-report.js';
import type { Met } from '../../met/index.js';
import { thresholdEquity } from '../../metrics/difficulty.js';
import { type StudyPlan, studyPlan } from '../../metrics/study-plan.js';
import { type JsonDuplicate, renderJson } from '../../report/json.js';
import { PlanCollector, type PlanRef } from '../../report/plan.js';
import {
  jsonPairing,
  jsonStandings,
  renderPairing,
  renderStandings,
  type StandingsFromMatches,
} from '../../report/tournament.js';
import {
  jsonTournamentReview,
  renderTournamentReview,
  renderTournamentReviewHtml,
  tournamentPlanSummary,
} from '../../report/tournament-review.js';
import { TournamentError } from '../../tournament/event.js';
import { type EventFile, parseEventJson, parseResultsCsv, withResults } from '../../tournament/file.js';
import { computeStandings, pairNextRound } from '../../tournament/standings.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { cliLibraryPath, LIBRARY_HELP } from '../library-input.js';
import { librarySettings, withReadLibrary } from '../match-source.js';
import {
  namedPlayers,
  type PersonOptions,
  type PersonSettings,
  personOptions,
  personSettings,
} from '../options.js';
import { outputWidth, writeOut, writeUserFile } from '../output.js';

export interface TournamentOptions {
  results?: string;
  json?: boolean;
  seed?: string;
  event?: string;
}

/** Parses `--seed N` (a whole number 0 … 2³² − 1); anything else is a usage error. */
export function seedOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 0xffffffff) {
    throw new UsageError(`--seed expects a whole number from 0 to 4294967295, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** Reads a text file, or reports why not (one line) and returns null. */
function readText(file: string, fail: (message: string) => void): string | null {
  try {
    if (statSync(file).isDirectory()) {
      fail(`${file}: is a folder`);
      return null;
    }
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read: ${code ?? (e as Error).message}`,
    );
    return null;
  }
}

/** Runs a tournament subcommand on the event (plus `--results`), printing one line on a bad input. */
function runOnEvent(file: string, opts: TournamentOptions, body: (event: EventFile) => string): ExitCode {
  let failed = false;
  const fail = (message: string): void => {
    failed = true;
    process.stderr.write(`bdb: ${message}\n`);
  };
  const text = readText(file, fail);
  if (text === null) return EXIT.someFailed;
  const csv = opts.results === undefined ? null : readText(opts.results, fail);
  if (failed) return EXIT.someFailed;
  let output: string;
  try {
    let event = parseEventJson(text, file);
    if (opts.results !== undefined && csv !== null) {
      event = withResults(
        event,
        parseResultsCsv(
          csv,
          opts.results,
          event.players.map((p) => p.name),
        ),
        opts.results,
      );
    }
    output = body(event);
  } catch (e) {
    fail(e instanceof TournamentError ? `${file}: ${e.message}` : describeFailure(file, e));
    return EXIT.someFailed;
  }
  writeOut(`${output}\n`);
  return EXIT.ok;
}

/**
 * The standings as printed: a table, or JSON (with, from match files, the matches and the duplicates);
 * `plannedRounds` replaces the event's when given (null: unknown, for match files without an event file).
 */
function standingsOutput(
  event: EventFile,
  opts: TournamentOptions,
  fromMatches: StandingsFromMatches | null = null,
  duplicates: readonly JsonDuplicate[] = [],
  plannedRounds?: number | null,
): string {
  const computed = computeStandings(event);
  const s = plannedRounds === undefined ? computed : { ...computed, plannedRounds };
  if (!opts.json) return renderStandings(s, outputWidth());
  return JSON.stringify(jsonStandings(s, fromMatches, duplicates), null, 2);
}

/**
 * `bdb tournament standings INPUTS`: points, then the event's tiebreaks in order, then the name. INPUTS is
 * one event file, or match files and folders (`--event` optional; `--results` is then a usage error).
 */
export async function runStandings(inputs: readonly string[], opts: TournamentOptions): Promise<ExitCode> {
  // the match files' readers are loaded only here (the library's review and pairings read none)
  const { isEventFileInput, runStandingsFromMatches } = await import('../tournament-matches.js');
  if (isEventFileInput(inputs, opts))
    return runOnEvent(inputs[0]!, opts, (event) => standingsOutput(event, opts));
  if (opts.results !== undefined)
    throw new UsageError('--results applies to an event file, not to match files');
  return runStandingsFromMatches(inputs, opts, (event, fromMatches, duplicates, planned) =>
    standingsOutput(event, opts, fromMatches, duplicates, planned),
  );
}

/** `bdb tournament pair EVENT`: the next round's pairings, the bye and the seed. */
export function runPair(file: string, opts: TournamentOptions): ExitCode {
  const seed = seedOption(opts.seed);
  return runOnEvent(file, opts, (event) => {
    const next = pairNextRound(event, seed);
    const p = next.pairing;
    const view = {
      ...(event.name !== undefined ? { name: event.name } : {}),
      system: event.system.type,
      round: p.round,
      plannedRounds: next.plannedRounds,
      seed: next.seed,
      seedDerived: next.seedDerived,
      pairs: p.pairs.map(([player, opponent], i) => ({ board: i + 1, player, opponent })),
      bye: p.bye,
      rematches: p.rematches,
      scores: Object.fromEntries(next.scores),
    };
    return opts.json ? JSON.stringify(jsonPairing(view), null, 2) : renderPairing(view, outputWidth());
  });
}

/** The values commander gives for `tournament review`. */
export interface ReviewOptions extends PersonOptions {
  /** `--library` alone is `true`: the default library. */
  library?: string | boolean;
  matches?: string;
  html?: string;
}

/** The tournament as read: its matches (file order), the person's study plan, the failures. */
interface TournamentRead {
  readonly reviews: ReviewMatch[];
  /** The study plan of a person over the tournament's matches (null when they have no error there). */
  readonly plan: (person: string) => StudyPlan<PlanRef> | null;
  readonly errors: { file: string; message: string }[];
  /** Files holding one of the tournament's matches, read from another file (counted once). */
  readonly duplicates: JsonDuplicate[];
  failed: boolean;
}

/** The duplicates (of a folder, or of a library) that are other readings of the tournament's matches. */
function tournamentDuplicates(
  all: readonly JsonDuplicate[],
  reviews: readonly ReviewMatch[],
): JsonDuplicate[] {
  const files = new Set(reviews.map((r) => r.file));
  return all.filter((d) => files.has(d.sameAs));
}

/**
 * `bdb tournament review EVENT`: the library's matches of the event EVENT (any case, spaces around ignored),
 * or with `--matches FOLDER` the match files of the folder (those of the event EVENT when it is given), against
 * the player's habitual level read from the library (`--library [PATH]`, else the default library; with
 * `--matches` and no library there, the habitual level is unknown).
 */
export async function runReview(event: string | undefined, opts: ReviewOptions): Promise<ExitCode> {
  if ((opts.player?.length ?? 0) > 1)
    throw new UsageError('tournament review follows one person: give --player once');
  const wanted = event?.trim();
  if (wanted === '') throw new UsageError('EVENT is empty');
  if (opts.matches === undefined && wanted === undefined)
    throw new UsageError('give EVENT (an event of the library), or --matches FOLDER');
  const met = personSettings(opts).met; // bad --alias / --thresholds / --met: usage errors before anything is read
  const option = typeof opts.library === 'string' ? opts.library : undefined;
  const folder = opts.matches;
  if (folder !== undefined) {
    const path = cliLibraryPath(option);
    if (opts.library === undefined && !existsSync(path)) {
      const s = personSettings(opts);
      const read = await readTournamentFiles(folder, wanted, met, s, opts.progress !== false);
      if (read === null) return EXIT.someFailed;
      return finishFiles(null, s, read, opts, {
        event: wanted ?? commonEvent(read.reviews),
        source: 'files',
        missing: `no library (${path} does not exist)`,
      });
    }
    return withReadLibrary({ library: option }, async (lib) => {
      const s = await librarySettings(lib, opts);
      const read = await readTournamentFiles(folder, wanted, met, s, opts.progress !== false);
      if (read === null) return EXIT.someFailed;
      return finishFiles(lib, s, read, opts, {
        event: wanted ?? commonEvent(read.reviews),
        source: 'files',
      });
    });
  }
  return withReadLibrary({ library: option }, async (lib) => {
    const s = await librarySettings(lib, opts);
    // the person first (from the seats alone), then only their decisions are read
    const seats = await librarySeats(lib, { event: wanted! }, (e) => sameEvent(e, wanted!));
    if (seats.length === 0) {
      process.stderr.write(`bdb: ${unknownEventMessage(wanted!, await libraryEventNames(lib))}\n`);
      return EXIT.someFailed;
    }
    const person = pickPerson(seats, s, opts);
    if (person === null) return EXIT.someFailed;
    const threshold = thresholdEquity(s.thresholds.errorMpt);
    const { reviews, planInputs } = await libraryTournament(
      lib,
      wanted!,
      s.preset,
      storedNames(seats, person, s.aliases),
      threshold,
    );
    const plan = studyPlan(planInputs, threshold);
    const duplicates = tournamentDuplicates((await libraryFileNotes(lib)).duplicates, reviews);
    const read: TournamentRead = { reviews, plan: () => plan, errors: [], duplicates, failed: false };
    return finishReview(lib, s, read, opts, person, {
      event: commonEvent(reviews) ?? wanted!,
      source: 'library',
    });
  });
}

/** The event name the matches share (as the first spells it), or null. */
function commonEvent(reviews: readonly ReviewMatch[]): string | null {
  const first = reviews[0]?.event?.trim();
  if (!first) return null;
  return reviews.every((r) => sameEvent(r.event, first)) ? first : null;
}

/** Reads the tournament's match files (as `bdb stats` reads them); null after printing why nothing was read. */
async function readTournamentFiles(
  folder: string,
  wanted: string | undefined,
  met: Met,
  s: PersonSettings,
  progress: boolean,
): Promise<TournamentRead | null> {
  const { readMatches } = await import('../match-input.js');
  const plan = new PlanCollector(met, s.thresholds, { aliases: s.aliases });
  const reviews: ReviewMatch[] = [];
  const events = new Set<string>();
  const result = readMatches(
    [folder],
    (match) => {
      if (match.event !== null && match.event.trim() !== '') events.add(match.event.trim());
      if (wanted !== undefined && !sameEvent(match.event, wanted)) return;
      reviews.push(reviewMatch(met, match, s.thresholds));
      plan.add(match);
    },
    { met, progress },
  );
  if (reviews.length === 0) {
    // readMatches has said why when nothing could be read
    if (wanted !== undefined && result.read > 0)
      process.stderr.write(`bdb: ${unknownEventMessage(wanted, [...events])}\n`);
    else if (result.read > 0) process.stderr.write(`bdb: ${folder}: no match\n`);
    return null;
  }
  return {
    reviews,
    plan: (person) => plan.results(1).find((p) => p.player === person)?.plan ?? null,
    errors: [...result.errors],
    duplicates: tournamentDuplicates(result.duplicates, reviews),
    failed: result.exitCode !== EXIT.ok,
  };
}

/**
 * The reference person: the one named (`--player`), else the one in most of the tournament's matches; null
 * after printing the closest names when the one named plays in none.
 */
function pickPerson(
  seats: readonly (readonly [string, string])[],
  s: PersonSettings,
  opts: ReviewOptions,
): string | null {
  const { person, problem, notes } = followedPerson(namedPlayers(opts, s.aliases), seats, s.aliases);
  for (const n of notes) process.stderr.write(`bdb: ${n}\n`);
  if (problem !== null) process.stderr.write(`bdb: ${problem}\n`);
  return person;
}

/** What the review says of its source. */
interface ReviewAbout {
  readonly event: string | null;
  readonly source: 'library' | 'files';
  readonly missing?: string;
}

/** The review of a folder's matches: the person from their seats, then {@link finishReview}. */
function finishFiles(
  lib: Library | null,
  s: PersonSettings,
  read: TournamentRead,
  opts: ReviewOptions,
  about: ReviewAbout,
): Promise<ExitCode> {
  const person = pickPerson(
    read.reviews.map((r) => r.players),
    s,
    opts,
  );
  return person === null ? Promise.resolve(EXIT.someFailed) : finishReview(lib, s, read, opts, person, about);
}

/** Reads the habitual level of `person` and prints the review. */
async function finishReview(
  lib: Library | null,
  s: PersonSettings,
  read: TournamentRead,
  opts: ReviewOptions,
  person: string,
  about: ReviewAbout,
): Promise<ExitCode> {
  const { aliases } = s;
  const date = tournamentDay(read.reviews);
  let habitual: HabitualCollector | null = null;
  let missing = about.missing;
  if (date === null) missing = 'the tournament has no dated match';
  else if (lib !== null) {
    const window = habitualWindow(date);
    const exclude = new Set(read.reviews.flatMap((r) => (r.fingerprint === null ? [] : [r.fingerprint])));
    habitual = new HabitualCollector({ person, aliases, window, exclude });
    await libraryHabitual(lib, window, s.preset, habitual, person, aliases);
  }
  const undated =
    lib === null ? undefined : await libraryUndated(lib, (n) => canonicalName(n, aliases) === person);
  const review = tournamentReview({
    ...(undated !== undefined ? { habitualUndated: undated } : {}),
    event: about.event,
    source: about.source,
    person,
    aliases,
    tournament: read.reviews,
    habitual,
    ...(missing !== undefined ? { habitualMissing: missing } : {}),
  });
  const plan = tournamentPlanSummary(read.plan(person));
  if (opts.html) {
    const failed = writeUserFile(opts.html, renderTournamentReviewHtml(review, plan));
    if (failed !== null) {
      process.stderr.write(`bdb: ${oneLine(failed)}\n`);
      return EXIT.someFailed;
    }
  }
  if (opts.json) {
    writeOut(renderJson(jsonTournamentReview(review, plan, s.settings, read.errors, read.duplicates)));
  } else writeOut(renderTournamentReview(review, plan, outputWidth()));
  return read.failed ? EXIT.someFailed : EXIT.ok;
}

/** Adds the `tournament` command and its `standings`, `pair` and `review` subcommands to the program. */
export function registerTournament(program: Command): void {
  const tournament = program
    .command('tournament')
    .description("Swiss and McMahon events: standings with tiebreaks, and the next round's pairings");
  tournament
    .command('standings')
    .description("standings: points, then the event's tiebreaks in its order, then the name")
    .argument('<inputs...>', 'event file (JSON), or match files and folders (then --event is optional)')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option('--event <file>', 'with match files: the event file giving players, rounds and tiebreaks')
    .option('--json', 'print JSON (schemaVersion 2) instead of a table')
    .action(async (inputs: string[], opts: TournamentOptions) => {
      process.exitCode = await runStandings(inputs, opts);
    });
  tournament
    .command('pair')
    .description('pairings of the next round (Swiss, or McMahon on McMahon scores) and the bye')
    .argument('<event>', 'event file (JSON)')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option(
      '--seed <n>',
      'seed of the random choices inside score groups (default: from the event name and round)',
    )
    .option('--json', 'print JSON (schemaVersion 2) instead of a table')
    .action((file: string, opts: TournamentOptions) => {
      process.exitCode = runPair(file, opts);
    });
  personOptions(
    tournament
      .command('review')
      .description(
        "one player's tournament against their habitual level: PR, L7, rounds, rank, pressure, plan",
      )
      .argument(
        '[event]',
        "the event's name in the library (any case); with --matches, only the folder's matches of that event",
      ),
    ' (what an error is, for the study plan)',
    'print JSON (schemaVersion 2) instead of tables',
  )
    .option('--library [path]', `the library holding the habitual level (and the event): ${LIBRARY_HELP}`)
    .option(
      '--matches <folder>',
      "the tournament's match files (read, not imported) instead of a library event",
    )
    .option('--html <file>', 'also write a standalone HTML page')
    .action(async (event: string | undefined, opts: ReviewOptions) => {
      process.exitCode = await runReview(event, opts);
    });
}
