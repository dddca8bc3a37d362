/**
 * `bdb completion bash|zsh|fish`: prints the shell's completion script for every command and option of the
 * program (../completion.ts).
 */
import { Argument, type Command } from 'commander';
import { completionScript, SHELLS, type Shell } from '../completion.js';

/** Adds the `completion` command; its script covers every command registered on `program`. */
export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print the shell completion script of bdb: bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'your shell').choices(SHELLS))
    .action((shell: Shell) => {
      process.stdout.write(completionScript(program, shell));
    });
}
