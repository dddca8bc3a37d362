/**
 * `bdb review FILE`: the match review of both players (one match): PR and L7 with intervals, level, the
 * three decisions to review or every error (`--all`), luck-adjusted result; as text (with a text board under
 * each decision or error listed with `--boards`), JSON, and optionally a standalone HTML page (an SVG board
 * for each).
 */
import { statSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { canonicalName } from '../../metrics/match-report.js';
import type { Match } from '../../model/types.js';
import { parseMatchFiles } from '../../parsers/index.js';
import { renderReviewHtml } from '../../report/html.js';
import { pickReporter, type Reporters, streamName } from '../../report/reporter.js';
import { reviewJson } from '../../report/review/json.js';
import { reviewText } from '../../report/review/text.js';
import type { ReviewResult, ReviewView } from '../../report/review/types.js';
import { buildReview, type ErrorListOptions } from '../../review/review.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { inputName, matchUnits, namedFile, STDIN_NAME, STDIN_PATH, STDIN_TERMINAL } from '../files.js';
import { readUnit } from '../match-input.js';
import {
  type BoardOptions,
  boardOptions,
  maxFileSize,
  maxFileSizeOption,
  namedPlayers,
  type PersonOptions,
  personOptions,
  personSettings,
  sayNameProblems,
  textBoards,
} from '../options.js';
import { outputWidth, writeErr, writeOut } from '../output.js';
import { outputRefused, pageRules, writeOutputText } from '../output-file.js';

export interface ReviewOptions extends PersonOptions, BoardOptions {
  html?: string;
  /** `--force`: the page replaces an existing file. */
  force?: boolean;
  /** `--all`: every error of the match in place of the three decisions to review; `--cube`, `--blunders`,
   *  `--top N` filter it (and imply it). */
  all?: boolean;
  cube?: boolean;
  blunders?: boolean;
  top?: string;
  maxFileSize?: string;
  /**
   * True when `--player` is the configuration's "me", not typed: a match that person did not play is
   * reviewed whole (both players) instead of refused.
   */
  playerFromConfig?: boolean;
}

/** The list `--all` asks for (`--cube`, `--blunders`, `--top N` imply it), or null. */
function errorList(opts: ReviewOptions): ErrorListOptions | null {
  let top: number | null = null;
  if (opts.top !== undefined) {
    if (!/^\d+$/.test(opts.top) || Number(opts.top) < 1)
      throw new UsageError(
        `--top expects a whole number of errors, at least 1, got ${JSON.stringify(opts.top)}`,
      );
    top = Number(opts.top);
  }
  if (!opts.all && !opts.cube && !opts.blunders && top === null) return null;
  return { cube: opts.cube === true, blunders: opts.blunders === true, top };
}

/** The outputs of `review` on standard output (the page, `--html`, is written besides). */
const REVIEW: Reporters<ReviewResult, ReviewView> = { text: reviewText, json: reviewJson };

/** Runs the command; returns the exit code. */
export function runReview(file: string, opts: ReviewOptions): ExitCode {
  const list = errorList(opts);
  // the settings as every command's JSON records them (--thresholds, --met)
  const { thresholds, met, aliases, settings } = personSettings(opts);
  const maxMb = maxFileSize(opts.maxFileSize);
  const fail = (message: string): ExitCode => {
    writeErr(`bdb: ${oneLine(message)}\n`);
    return EXIT.someFailed;
  };
  if (file === STDIN_PATH) {
    if (isatty(0)) return fail(`${STDIN_NAME}: ${STDIN_TERMINAL}`);
  } else {
    try {
      const st = statSync(file);
      if (st.isDirectory()) return fail(`${file}: is a folder (review reads one match file)`);
      if (!st.isFile()) return fail(`${file}: not a regular file (a pipe, a device or a socket); not read`);
    } catch {
      return fail(`${file}: no such file`);
    }
  }
  // the page is never the match file nor the library, and replaces a file only with --force
  const rules = pageRules(opts.force, [file], null);
  if (opts.html !== undefined && outputRefused(opts.html, rules)) return EXIT.someFailed;
  const name = inputName(file);
  let match: Match;
  try {
    // a gnuBG text export is one file per game: NAME.txt brings NAME_002.txt … of the same folder
    const unit = matchUnits([namedFile(file)])[0]!;
    const read = parseMatchFiles(readUnit(unit.files, maxMb), met, unit.format).match;
    // --alias: each seat under its canonical name
    const [a, b] = read.players;
    match = { ...read, players: [canonicalName(a, aliases), canonicalName(b, aliases)] };
  } catch (e) {
    return fail(describeFailure(name, e));
  }
  // --player: only the sections of the persons named (both seats when one person plays both), a name
  // matched in any case and with or without accents when one person fits
  const named = namedPlayers(opts, aliases);
  named?.see(match.players);
  // the configuration's player absent from the match: both seats, said on stderr (src/history/names.ts)
  const found = named?.resolve() ?? { persons: match.players, problems: [], notes: [] };
  const seats = ([0, 1] as const).filter((k) => found.persons.includes(match.players[k]));
  if (seats.length === 0) return fail(`${name}: ${found.problems[0] ?? 'no player named'}`);
  // a name that means nobody while another does: said, and exit 1, after the review of the others
  const { problems, notes } = found;
  // everything is made before anything is written: a failure leaves no half-written page
  let html: string | null = null;
  let text: string;
  try {
    const review = buildReview(match, met, thresholds, list);
    if (opts.html !== undefined) html = renderReviewHtml(review, seats);
    // standard output's text or JSON, made whole before anything is written
    text = '';
    const view = { boards: textBoards(opts), width: outputWidth() };
    pickReporter(REVIEW, streamName(opts))({ review, seats, settings }, view, (t) => {
      text += t;
    });
  } catch (e) {
    return fail(`${name}: internal error (please report): ${(e as Error).message}`);
  }
  if (opts.html !== undefined && html !== null) {
    const failed = writeOutputText(opts.html, rules, html);
    if (failed !== null) return fail(failed);
    writeErr(`bdb: wrote ${opts.html}\n`);
  }
  writeOut(text);
  return sayNameProblems(problems, EXIT.ok, notes);
}

/** Adds the `review` command to the program. */
export function registerReview(program: Command): void {
  const cmd = program
    .command('review')
    .description(
      'match review per player: PR and L7 with intervals, level, the three decisions to review (XGID and gnuBG ' +
        'Position ID) or every error (--all), luck-adjusted result',
    )
    .argument('<file>', 'one match file');
  maxFileSizeOption(
    boardOptions(
      personOptions(cmd, '', 'print JSON (schemaVersion 2) instead of tables')
        .option(
          '--html <file>',
          'also write the review as one standalone HTML page with SVG charts (stdout as without it)',
        )
        .option('--force', 'replace an existing page (--html)')
        .option(
          '--all',
          'every error of the match (table; errorsListed in --json) in place of the three decisions to review',
        )
        .option('--cube', 'with --all: the cube decisions only (implies --all)')
        .option('--blunders', 'with --all: the blunders only (implies --all)')
        .option('--top <n>', 'with --all: the N errors that lost the most, costliest first (implies --all)'),
    ),
  ).action((file: string, opts: ReviewOptions, command: Command) => {
    const playerFromConfig = command.getOptionValueSource('player') === 'config';
    process.exitCode = runReview(file, { ...opts, playerFromConfig });
  });
}
