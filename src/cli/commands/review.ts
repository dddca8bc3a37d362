/**
 * `bdb review FILE`: the match review of both players (one match): PR and L7 with intervals, level, the
 * three decisions to review, luck-adjusted result; as text (with a text board under each decision to review
 * with `--boards`), JSON, and optionally a standalone HTML page (an SVG board for each).
 */
import { statSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseMatchFiles } from '../../analyse.js';
import type { Match } from '../../model/types.js';
import { renderReviewHtml } from '../../report/html.js';
import { renderJson } from '../../report/json.js';
import { renderReview } from '../../report/review.js';
import { jsonReview } from '../../report/review-json.js';
import { buildReview } from '../../review/review.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { matchUnits } from '../files.js';
import { readUnit } from '../match-input.js';
import {
  type BoardOptions,
  boardOptions,
  MET_HELP,
  maxFileSize,
  maxFileSizeOption,
  personSettings,
  textBoards,
} from '../options.js';

export interface ReviewOptions extends BoardOptions {
  json?: boolean;
  thresholds?: string;
  html?: string;
  met?: string;
  maxFileSize?: string;
}

/** Runs the command; returns the exit code. */
export function runReview(file: string, opts: ReviewOptions): ExitCode {
  // the settings as every command's JSON records them (--thresholds, --met)
  const { thresholds, met, settings } = personSettings(opts);
  const maxMb = maxFileSize(opts.maxFileSize);
  const fail = (message: string): ExitCode => {
    process.stderr.write(`bdb: ${oneLine(message)}\n`);
    return EXIT.someFailed;
  };
  try {
    const st = statSync(file);
    if (st.isDirectory()) return fail(`${file}: is a folder (review reads one match file)`);
    if (!st.isFile()) return fail(`${file}: not a regular file (a pipe, a device or a socket); not read`);
  } catch {
    return fail(`${file}: no such file`);
  }
  let match: Match;
  try {
    // a gnuBG text export is one file per game: NAME.txt brings NAME_002.txt … of the same folder
    match = parseMatchFiles(readUnit(matchUnits([file])[0] ?? [file], maxMb), met).match;
  } catch (e) {
    return fail(describeFailure(file, e));
  }
  // everything is made before anything is written: a failure leaves no half-written page
  let html: string | null = null;
  let text: string;
  try {
    const review = buildReview(match, met, thresholds);
    if (opts.html !== undefined) html = renderReviewHtml(review);
    text = opts.json
      ? renderJson(jsonReview(review, settings))
      : `${renderReview(review, { boards: textBoards(opts) })}\n`;
  } catch (e) {
    return fail(`${file}: internal error (please report): ${(e as Error).message}`);
  }
  if (opts.html !== undefined && html !== null) {
    try {
      writeFileSync(opts.html, html);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      return fail(`${opts.html}: cannot write: ${code}`);
    }
    process.stderr.write(`bdb: wrote ${opts.html}\n`);
  }
  process.stdout.write(text);
  return EXIT.ok;
}

/** Adds the `review` command to the program. */
export function registerReview(program: Command): void {
  const cmd = program
    .command('review')
    .description(
      'match review per player: PR and L7 with intervals, level, the three decisions to review (XGID and gnuBG ' +
        'Position ID), luck-adjusted result',
    )
    .argument('<file>', 'one match file')
    .option('--json', 'print JSON (schemaVersion 2) instead of tables')
    .option(
      '--html <file>',
      'also write the review as one standalone HTML page with SVG charts (stdout as without it)',
    )
    .option(
      '--thresholds <preset>',
      'error/blunder thresholds: xg (20/80 mpt, default), gnubg (40/80), blunderdb (50/100)',
    )
    .option('--met <file>', MET_HELP);
  maxFileSizeOption(boardOptions(cmd)).action((file: string, opts: ReviewOptions) => {
    process.exitCode = runReview(file, opts);
  });
}
