/**
 * `bdb merge LIB... --into LIB`: merges libraries (imported on other machines or from parts of a
 * collection) into one, whose figures are those of a single import of all their files.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { BdbError, UsageError } from '../../errors.js';
import { withMoreMemory } from '../../library/memory.js';
import { mergeLibrary } from '../../library/merge.js';
import { rebuildTotals } from '../../library/totals.js';
import { EXIT, type ExitCode } from '../exit.js';
import { withLibrary } from '../library-input.js';
import { writeErr, writeLines } from '../output.js';
import { sameFile } from '../output-file.js';

interface MergeOptions {
  into: string;
}

/** Runs the command; returns the exit code. */
export async function runMerge(sources: readonly string[], opts: MergeOptions): Promise<ExitCode> {
  const into = resolve(opts.into);
  for (const s of sources) {
    // by path, or through a symbolic or hard link (the same file: ../output-file.ts)
    if (resolve(s) === into || sameFile(s, into)) throw new UsageError(`${s}: is the --into library itself`);
    if (!existsSync(s)) {
      writeErr(`bdb: ${s}: no such library\n`);
      return EXIT.someFailed;
    }
  }
  return withLibrary(into, { readOnly: false, create: true }, async (lib) => {
    let failed = 0;
    for (const s of sources) {
      try {
        // a source's merge is one transaction, rolled back when DuckDB ran out of memory: run again with more
        const o = await withMoreMemory(lib.connection, lib.memory, () => mergeLibrary(lib, resolve(s)));
        writeLines(
          `Merged ${s}: ${o.matches} match${o.matches === 1 ? '' : 'es'}, ${o.duplicates} already held, ${o.files} file${o.files === 1 ? '' : 's'} recorded\n`,
        );
      } catch (e) {
        if (!(e instanceof BdbError)) throw e;
        failed++;
        writeErr(`bdb: ${e.message}\n`);
      }
    }
    await withMoreMemory(lib.connection, lib.memory, () => rebuildTotals(lib));
    return failed > 0 ? EXIT.someFailed : EXIT.ok;
  });
}

/** Adds the `merge` command to the program. */
export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('merge libraries into one (--into); a match held by several is kept once')
    .argument('<libraries...>', 'library files to merge')
    .requiredOption('--into <path>', 'the library to merge into (created when missing)')
    .action(async (sources: string[], opts: MergeOptions) => {
      process.exitCode = await runMerge(sources, opts);
    });
}
