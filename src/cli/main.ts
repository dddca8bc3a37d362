/**
 * The `bdb` program: assembles the commands (one file each under ./commands/, each declaring its options
 * and returning its exit code) and maps what escapes them to an exit code (./exit.ts): 0 all inputs read,
 * 1 some inputs failed, 2 usage error. Nothing outside src/cli prints or exits.
 */
import { Command, CommanderError } from 'commander';
import { UsageError } from '../errors.js';
import { registerAlias } from './commands/alias.js';
import { registerBiases } from './commands/biases.js';
import { registerExport } from './commands/export.js';
import { registerImport } from './commands/import.js';
import { registerMerge } from './commands/merge.js';
import { registerPlan } from './commands/plan.js';
import { registerProgress } from './commands/progress.js';
import { registerReview } from './commands/review.js';
import { registerSql } from './commands/sql.js';
import { registerStats } from './commands/stats.js';
import { registerStudy } from './commands/study.js';
import { registerTournament } from './commands/tournament.js';
import { EXIT } from './exit.js';

const VERSION = '0.1.0';

/** Builds the commander program. */
export function buildProgram(): Command {
  const program = new Command('bdb')
    .description('Backgammon match-analysis statistics from XG and gnuBG analyses')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  // in this order in `bdb --help`
  registerStats(program);
  registerBiases(program);
  registerProgress(program);
  registerPlan(program);
  registerStudy(program);
  registerReview(program);
  registerTournament(program);
  registerImport(program);
  registerSql(program);
  registerExport(program);
  registerMerge(program);
  registerAlias(program);
  return program;
}

/** Entry point used by bin/bdb.js. */
export async function main(argv: readonly string[]): Promise<void> {
  // `bdb stats … | head`: a closed pipe ends the output quietly
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT.ok);
    throw e;
  });
  const program = buildProgram();
  try {
    await program.parseAsync(argv as string[]);
  } catch (e) {
    // commander's own errors (unknown option, missing argument …) are printed by commander; --help and
    // --version end with exit code 0
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
