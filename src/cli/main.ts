/**
 * The `bdb` command. Parses arguments, reads files, calls the library, prints, sets the exit code:
 * 0 all inputs read, 1 some inputs failed, 2 usage error. Nothing else in bdb prints or exits.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { defaultMet, PlayerAggregator, parseMatchFiles, reportMatch } from '../analyse.js';
import { BdbError, UsageError } from '../errors.js';
import { DIFFICULTY_TAU } from '../metrics/difficulty.js';
import type { Match } from '../model/types.js';
import { renderReviewHtml } from '../report/html.js';
import { type JsonMatch, jsonMatch, renderJson } from '../report/json.js';
import { renderReview } from '../report/review.js';
import { renderMatchTable, renderPlayersTable } from '../report/table.js';
import { renderPairing, renderStandings } from '../report/tournament.js';
import { buildReview } from '../review/review.js';
import { TournamentError } from '../tournament/event.js';
import { type EventFile, parseEventJson, parseResultsCsv, withResults } from '../tournament/file.js';
import { computeStandings, pairNextRound } from '../tournament/standings.js';
import { registerBiases } from './biases.js';
import { matchUnits } from './files.js';
import { readMatches, readUnit } from './match-input.js';
import { parseAliases, personOptions, thresholdsOption } from './options.js';
import { registerPlan } from './plan.js';
import { isEventFileInput, runStandingsFromMatches } from './tournament-matches.js';

const VERSION = '0.1.0';

/** Exit codes. */
export const EXIT = { ok: 0, someFailed: 1, usage: 2 } as const;

interface StatsOptions {
  json?: boolean;
  thresholds?: string;
  player?: string[];
  alias?: string[];
  progress?: boolean;
}

function runStats(paths: string[], opts: StatsOptions): number {
  const aliases = parseAliases(opts.alias ?? []);
  const wanted = opts.player?.map((p) => aliases.get(p) ?? p);
  const met = defaultMet();
  const { preset, thresholds } = thresholdsOption(opts.thresholds);
  const settings = {
    thresholds: { preset, errorMpt: thresholds.errorMpt, blunderMpt: thresholds.blunderMpt },
    difficultyTau: DIFFICULTY_TAU,
  };
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
        `avoidable when d ≤ ℓ/10; difficulty d with τ = ${DIFFICULTY_TAU}. Intervals: 95 %, by games (one match) or by matches.\n`,
    );
  }
  return exitCode;
}

interface ReviewOptions {
  json?: boolean;
  thresholds?: string;
  html?: string;
}

/** `bdb review FILE`: the match review of both players (one match). */
function runReview(file: string, opts: ReviewOptions): number {
  const { thresholds } = thresholdsOption(opts.thresholds);
  const fail = (message: string): number => {
    process.stderr.write(`bdb: ${message}\n`);
    return EXIT.someFailed;
  };
  try {
    if (statSync(file).isDirectory()) return fail(`${file}: is a folder (review reads one match file)`);
  } catch {
    return fail(`${file}: no such file`);
  }
  const met = defaultMet();
  let match: Match;
  try {
    // a gnuBG text export is one file per game: NAME.txt brings NAME_002.txt … of the same folder
    match = parseMatchFiles(readUnit(matchUnits([file])[0] ?? [file]), met).match;
  } catch (e) {
    if (e instanceof BdbError) return fail(e.message);
    const code = (e as NodeJS.ErrnoException).code;
    if (code) return fail(`${file}: cannot read: ${code}`);
    return fail(`${file}: internal error (please report): ${(e as Error).message}`);
  }
  let review: ReturnType<typeof buildReview>;
  try {
    review = buildReview(match, met, thresholds);
  } catch (e) {
    return fail(`${file}: internal error (please report): ${(e as Error).message}`);
  }
  if (opts.html !== undefined) {
    try {
      writeFileSync(opts.html, renderReviewHtml(review));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      return fail(`${opts.html}: cannot write: ${code}`);
    }
    process.stderr.write(`bdb: wrote ${opts.html}\n`);
  }
  process.stdout.write(
    opts.json ? `${JSON.stringify({ schemaVersion: 1, review }, null, 2)}\n` : `${renderReview(review)}\n`,
  );
  return EXIT.ok;
}

interface TournamentOptions {
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
function runTournament(file: string, opts: TournamentOptions, body: (event: EventFile) => string): number {
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
    if (e instanceof TournamentError) fail(`${file}: ${e.message}`);
    else if (e instanceof BdbError) fail(e.message);
    else fail(`${file}: internal error (please report): ${(e as Error).message}`);
    return EXIT.someFailed;
  }
  process.stdout.write(`${output}\n`);
  return EXIT.ok;
}

/** `bdb tournament standings EVENT`: points, then the event's tiebreaks in order, then the name. */
function runStandings(file: string, opts: TournamentOptions): number {
  return runTournament(file, opts, (event) => standingsOutput(event, opts));
}

/** The standings as printed: a table, or JSON (schemaVersion 1; `extra` fields appended). */
function standingsOutput(
  event: EventFile,
  opts: TournamentOptions,
  extra: Record<string, unknown> = {},
): string {
  const s = computeStandings(event);
  if (!opts.json) return renderStandings(s);
  return JSON.stringify(
    {
      schemaVersion: 1,
      name: s.name ?? null,
      system: s.system,
      rounds: s.rounds,
      plannedRounds: s.plannedRounds,
      tiebreaks: s.tiebreaks,
      rules: s.rules,
      standings: s.rows.map((r) => ({
        rank: r.rank,
        player: r.player,
        ...(r.start !== undefined ? { start: r.start } : {}),
        points: r.points,
        tiebreaks: Object.fromEntries(s.tiebreaks.map((t, i) => [t, r.tiebreaks[i]?.value ?? 0])),
        ...(r.withdrawnAfterRound !== undefined ? { withdrawnAfterRound: r.withdrawnAfterRound } : {}),
      })),
      ...extra,
    },
    null,
    2,
  );
}

/** `bdb tournament pair EVENT`: the next round's pairings, the bye and the seed. */
function runPair(file: string, opts: TournamentOptions): number {
  const seed = seedOption(opts.seed);
  return runTournament(file, opts, (event) => {
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
    if (!opts.json) return renderPairing(view);
    return JSON.stringify(
      {
        schemaVersion: 1,
        name: event.name ?? null,
        system: view.system,
        round: view.round,
        plannedRounds: view.plannedRounds,
        seed: view.seed,
        seedDerived: view.seedDerived,
        pairs: view.pairs.map((x) => ({
          ...x,
          playerScore: next.scores.get(x.player) ?? 0,
          opponentScore: next.scores.get(x.opponent) ?? 0,
        })),
        bye: view.bye,
        rematches: view.rematches,
      },
      null,
      2,
    );
  });
}

/** Builds the commander program. */
export function buildProgram(): Command {
  const program = new Command('bdb')
    .description('Backgammon match-analysis statistics from XG and gnuBG analyses')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  const stats = program
    .command('stats')
    .description('PR, equity and MWC lost, L7, engine Elo and gnuBG figures per match and per player')
    .argument('<paths...>', 'match files or folders (read recursively)');
  personOptions(stats, ' for avoidable errors', 'print JSON (schemaVersion 1) instead of tables')
    .option('--no-progress', 'no progress line on stderr')
    .action((paths: string[], opts: StatsOptions) => {
      process.exitCode = runStats(paths, opts);
    });
  registerBiases(program);
  registerPlan(program);
  program
    .command('review')
    .description(
      'match review per player: PR and L7 with intervals, level, the three decisions to review (XGID and gnuBG ' +
        'Position ID), luck-adjusted result',
    )
    .argument('<file>', 'one match file')
    .option('--json', 'print JSON ({ schemaVersion: 1, review }) instead of tables')
    .option(
      '--html <file>',
      'also write the review as one standalone HTML page with SVG charts (stdout as without it)',
    )
    .option(
      '--thresholds <preset>',
      'error/blunder thresholds: xg (20/80 mpt, default), gnubg (40/80), blunderdb (50/100)',
    )
    .action((file: string, opts: ReviewOptions) => {
      process.exitCode = runReview(file, opts);
    });
  const tournament = program
    .command('tournament')
    .description("Swiss and McMahon events: standings with tiebreaks, and the next round's pairings");
  tournament
    .command('standings')
    .description("standings: points, then the event's tiebreaks in its order, then the name")
    .argument('<inputs...>', 'event file (JSON), or match files and folders (then --event is optional)')
    .option('--results <file>', "results CSV (round,player,opponent,result) added to the event's")
    .option('--event <file>', 'with match files: the event file giving players, rounds and tiebreaks')
    .option('--json', 'print JSON (schemaVersion 1) instead of a table')
    .action((inputs: string[], opts: TournamentOptions) => {
      if (isEventFileInput(inputs, opts)) process.exitCode = runStandings(inputs[0]!, opts);
      else if (opts.results !== undefined)
        throw new UsageError('--results applies to an event file, not to match files');
      else
        process.exitCode = runStandingsFromMatches(inputs, opts, (event, extra) =>
          standingsOutput(event, opts, extra),
        );
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
    .option('--json', 'print JSON (schemaVersion 1) instead of a table')
    .action((file: string, opts: TournamentOptions) => {
      process.exitCode = runPair(file, opts);
    });
  return program;
}

/** Entry point used by bin/bdb.js. */
export function main(argv: readonly string[]): void {
  // `bdb stats … | head`: a closed pipe ends the output quietly
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT.ok);
    throw e;
  });
  const program = buildProgram();
  try {
    program.parse(argv as string[]);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? EXIT.ok : EXIT.usage;
      return;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`bdb: ${e.message}\n`);
      process.exitCode = EXIT.usage;
      return;
    }
    throw e;
  }
}
