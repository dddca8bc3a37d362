/**
 * `bdb biases PATH...`: the signed biases of each person over the matches read (spec/metrics.md §10):
 * take/pass, doubles (overall and per score cell), blots and exposure-weighted blots, with verdicts and
 * the share of checker plays that could not be reproduced.
 */
import type { Command } from 'commander';
import { BiasCollector, biasesLegend, jsonPlayerBiases, renderBiases } from '../../report/biases.js';
import type { ExitCode } from '../exit.js';
import type { MatchInputResult } from '../match-input.js';
import { type Keeps, overMatches, type SourceOptions, sourceOptions } from '../match-source.js';
import { type PersonSettings, personOptions } from '../options.js';

/** Runs the command; returns the exit code. */
export function runBiases(paths: readonly string[], opts: SourceOptions): Promise<ExitCode> {
  let collector: BiasCollector | null = null;
  return overMatches(
    paths,
    opts,
    ({ aliases }, keeps) => {
      const c = new BiasCollector({ aliases, ...(keeps ? { players: keeps } : {}) });
      collector = c;
      return (m) => c.add(m);
    },
    ({ settings }, result, keeps) => printBiases(collector!, settings, result, keeps, opts),
  );
}

function printBiases(
  collector: BiasCollector,
  settings: PersonSettings['settings'],
  { read, errors, exitCode }: MatchInputResult,
  keeps: Keeps,
  opts: SourceOptions,
): ExitCode {
  const players = collector.results().filter((p) => keeps(p.player));
  const out = process.stdout;
  if (opts.json) {
    out.write(
      `${JSON.stringify({ schemaVersion: 1, settings, matches: read, players: players.map(jsonPlayerBiases), errors }, null, 2)}\n`,
    );
  } else if (players.length > 0) {
    out.write(`Signed biases over ${read} match${read === 1 ? '' : 'es'}\n\n${renderBiases(players)}\n\n`);
    out.write(`${biasesLegend()}\n`);
  }
  return exitCode;
}

/** Adds the `biases` command to the program. */
export function registerBiases(program: Command): void {
  const cmd = program
    .command('biases')
    .description(
      'signed biases per player: take/pass, doubles (and per score), blots and exposure-weighted blots',
    )
    .argument('[paths...]', 'match files or folders (read recursively); none with --library');
  sourceOptions(
    personOptions(
      cmd,
      ' (recorded in the settings)',
      'print JSON (schemaVersion 1) instead of tables; blot rows list their decisions',
    ),
  ).action(async (paths: string[], opts: SourceOptions) => {
    process.exitCode = await runBiases(paths, opts);
  });
}
