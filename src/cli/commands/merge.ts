/**
 * `bdb merge LIB... --into LIB`: merges libraries (imported on other machines or from parts of a
 * collection) into one, whose figures are those of a single import of all their files.
 */
import { existsSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { BdbError, UsageError } from '../../errors.js';
import { mergeLibrary } from '../../library/merge.js';
import { rebuildTotals } from '../../library/totals.js';
import { EXIT, type ExitCode } from '../exit.js';
import { oneLine } from '../failure.js';
import { withLibrary } from '../library-input.js';
import { writeErr, writeLines } from '../output.js';
import { sameFile } from '../output-file.js';

interface MergeOptions {
  into: string;
}

/**
 * The paths a merge into `into` would create that do not exist yet: the library, DuckDB's log and spill
 * folder, the sources folder, and the folders above the library that are missing (deepest first).
 */
function notYetThere(into: string): string[] {
  const paths = [into, `${into}.wal`, `${into}.tmp`, `${into}.sources`].filter((p) => !existsSync(p));
  for (
    let folder = dirname(into);
    !existsSync(folder) && dirname(folder) !== folder;
    folder = dirname(folder)
  )
    paths.push(folder);
  return paths;
}

/**
 * Removes what a merge that merged nothing created (`made`, from {@link notYetThere} before it opened the
 * library): an empty library is no result. A folder above the library only when empty.
 */
function removeMade(made: readonly string[]): void {
  for (const p of made) {
    try {
      if (!existsSync(p)) continue;
      if (p.endsWith('.sources') || p.endsWith('.tmp') || !statSync(p).isDirectory())
        rmSync(p, { recursive: true, force: true });
      else rmdirSync(p);
    } catch {
      // a folder something else wrote into meanwhile is left
    }
  }
}

/**
 * Runs the command; returns the exit code. Each source that cannot be merged is one line naming it (its
 * transaction rolled back); the others are merged, and the count of failures ends the run. When nothing
 * was merged into a library this run created, it is removed, with its folders, log and sources.
 */
export async function runMerge(sources: readonly string[], opts: MergeOptions): Promise<ExitCode> {
  const into = resolve(opts.into);
  for (const s of sources) {
    // by path, or through a symbolic or hard link (the same file: ../output-file.ts)
    if (resolve(s) === into || sameFile(s, into)) throw new UsageError(`${s}: is the --into library itself`);
  }
  let failed = 0;
  const found: string[] = [];
  for (const s of sources) {
    const problem = !existsSync(s)
      ? 'no such library'
      : statSync(s).isDirectory()
        ? 'is a folder, not a library file'
        : null;
    if (problem === null) found.push(s);
    else {
      writeErr(`bdb: ${oneLine(`${s}: ${problem}`)}\n`);
      failed++;
    }
  }
  const tell = (): void => {
    const n = sources.length;
    if (failed > 0) writeErr(`bdb: ${failed} of ${n} librar${n === 1 ? 'y' : 'ies'} failed\n`);
  };
  if (found.length === 0) {
    tell();
    return EXIT.someFailed;
  }
  const made = notYetThere(into);
  // whether this run opened the library (one it created when `made` holds it) and merged a source into it
  let opened = false;
  let merged = 0;
  try {
    return await withLibrary(into, { readOnly: false, create: true }, async (lib) => {
      opened = true;
      const { writeWithMoreMemory } = await import('../../library/open.js');
      for (const s of found) {
        try {
          // a source's merge is one transaction, rolled back when DuckDB ran out of memory: run again with more,
          // the library opened again (src/library/open.ts reopenLibrary)
          const o = await writeWithMoreMemory(lib, () => mergeLibrary(lib, resolve(s)));
          merged++;
          writeLines(
            `Merged ${s}: ${o.matches} match${o.matches === 1 ? '' : 'es'}, ${o.duplicates} already held, ${o.files} file${o.files === 1 ? '' : 's'} recorded\n`,
          );
        } catch (e) {
          if (!(e instanceof BdbError)) throw e;
          failed++;
          writeErr(`bdb: ${oneLine(e.message)}\n`);
        }
      }
      await writeWithMoreMemory(lib, () => rebuildTotals(lib));
      tell();
      return failed > 0 ? EXIT.someFailed : EXIT.ok;
    });
  } finally {
    // closed by now; only what this run created, when it opened the library and merged nothing into it
    if (opened && merged === 0 && made.includes(into)) removeMade(made);
  }
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
