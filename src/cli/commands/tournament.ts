/**
 * `bdb tournament standings INPUTS...` and `bdb tournament pair EVENT`: Swiss and McMahon events. Standings
 * come from an event file (plus `--results`) or from match files (src/cli/tournament-matches.ts); `pair`
 * gives the next round's pairings, the bye and the seed. Tables, or JSON (src/report/tournament.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { jsonPairing, jsonStandings, renderPairing, renderStandings } from '../../report/tournament.js';
import { TournamentError } from '../../tournament/event.js';
import { type EventFile, parseEventJson, parseResultsCsv, withResults } from '../../tournament/file.js';
import { computeStandings, pairNextRound } from '../../tournament/standings.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure } from '../failure.js';
import { isEventFileInput, runStandingsFromMatches } from '../tournament-matches.js';

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
  process.stdout.write(`${output}\n`);
  return EXIT.ok;
}

/** The standings as printed: a table, or JSON (schemaVersion 1; `extra` fields appended). */
function standingsOutput(
  event: EventFile,
  opts: TournamentOptions,
  extra: Record<string, unknown> = {},
): string {
  const s = computeStandings(event);
  if (!opts.json) return renderStandings(s);
  return JSON.stringify(jsonStandings(s, extra), null, 2);
}

/**
 * `bdb tournament standings INPUTS`: points, then the event's tiebreaks in order, then the name. INPUTS is
 * one event file, or match files and folders (`--event` optional; `--results` is then a usage error).
 */
export function runStandings(inputs: readonly string[], opts: TournamentOptions): ExitCode {
  if (isEventFileInput(inputs, opts))
    return runOnEvent(inputs[0]!, opts, (event) => standingsOutput(event, opts));
  if (opts.results !== undefined)
    throw new UsageError('--results applies to an event file, not to match files');
  return runStandingsFromMatches(inputs, opts, (event, extra) => standingsOutput(event, opts, extra));
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
    return opts.json ? JSON.stringify(jsonPairing(view), null, 2) : renderPairing(view);
  });
}

/** Adds the `tournament` command and its `standings` and `pair` subcommands to the program. */
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
    .option('--json', 'print JSON (schemaVersion 1) instead of a table')
    .action((inputs: string[], opts: TournamentOptions) => {
      process.exitCode = runStandings(inputs, opts);
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
}
