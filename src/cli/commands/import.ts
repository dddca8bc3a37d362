/**
 * `bdb import PATH...`: reads match files and folders (any mix of formats, as `bdb stats` reads them) into
 * the player's library. Files already imported are skipped by their content hash; the same match found in
 * another file is recorded once; a file bdb cannot read is reported (one line) and recorded with its error.
 * A progress bar on a terminal; one summary line at the end.
 */
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { type ImportOutcome, LibraryImporter } from '../../library/import.js';
import { importUnits } from '../../library/import-pool.js';
import { importMemoryLimits, isOutOfMemory, setMemoryLimit, userMemoryLimit } from '../../library/memory.js';
import { rebuildTotals } from '../../library/totals.js';
import { defaultMet } from '../../match-report.js';
import { EXIT, type ExitCode } from '../exit.js';
import { describeFailure, oneLine } from '../failure.js';
import { inputFiles, matchUnits, STDIN_PATH } from '../files.js';
import { libraryOption, megabytes, withLibrary } from '../library-input.js';
import { readUnit } from '../match-input.js';
import { maxFileSize, maxFileSizeOption, threadsOption } from '../options.js';
import { writeErr, writeLines } from '../output.js';
import { progressBar } from '../progress-bar.js';

interface ImportOptions {
  library?: string;
  progress?: boolean;
  jobs?: string;
  maxFileSize?: string;
}

/** Runs the command; returns the exit code. */
export async function runImport(paths: readonly string[], opts: ImportOptions): Promise<ExitCode> {
  // the library keeps where each match came from, to see it again unchanged: a stream has no such place
  if (paths.includes(STDIN_PATH))
    throw new UsageError(
      `import reads files, not standard input (${STDIN_PATH}): save it to a file and import that file`,
    );
  // without --jobs, a worker per core beyond two: the main thread (storing) and DuckDB's threads (loading,
  // compressing, committing) keep two cores busy; on 2 cores workers only compete with them (the Galaxy
  // transcripts and every reference match: the same wall time, a quarter less CPU and 150 MB less memory
  // with none)
  const workers = threadsOption(opts.jobs, Math.max(0, availableParallelism() - 2));
  const maxMb = maxFileSize(opts.maxFileSize);
  // the units stored as new by the commits so far: a full disk stops the import, and they stay
  let kept = 0;
  const stopped = (): string =>
    `the import stopped; the ${kept} ${kept === 1 ? 'file' : 'files'} imported before ${kept === 1 ? 'is' : 'are'} kept, as is all the library held (import again to finish)`;
  return withLibrary(opts.library, { readOnly: false, create: true, stopped }, async (lib) => {
    const met = defaultMet();
    let missing = 0;
    const fail = (message: string): void => {
      bar.clear();
      writeErr(`bdb: ${oneLine(message)}\n`);
    };
    // absolute paths: the library knows a file wherever bdb is run from; a path given twice or a folder
    // inside another gives each file once
    const seen = new Set<string>();
    const files: string[] = [];
    for (const f of inputFiles(
      paths.map((p) => resolve(p)),
      {
        onMissing(p, why) {
          missing++;
          writeErr(`bdb: ${oneLine(`${p}: ${why}`)}\n`);
        },
      },
    )) {
      if (!seen.has(f)) {
        seen.add(f);
        files.push(f);
      }
    }
    // best reading first (XG, SGF, gnuBG text, transcripts), then in path order whatever the order of the
    // arguments: the first file of a match in that order holds it, as when `bdb stats` reads their common
    // folder and as `bdb merge` decides
    const byPath = [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const units = matchUnits(byPath, true);
    const bar = progressBar(units.length, opts.progress !== false, 'importing');
    // decisions per transaction (BDB_IMPORT_BATCH_ROWS; small values are for the kill test)
    const batch = Number(process.env.BDB_IMPORT_BATCH_ROWS);
    const batchRows = Number.isInteger(batch) && batch > 0 ? { batchRows: batch } : {};
    // DuckDB's limit grows when a statement runs out of memory: the import is then run again, the units
    // committed so far being unchanged (each unit keeps the outcome it had when it was stored)
    const limits = importMemoryLimits(userMemoryLimit(), totalmem());
    const outcomes = new Map<string, ImportOutcome>();
    const said = new Set<string>();
    let attempt = 0;
    const again = (e: unknown): boolean => {
      if (!isOutOfMemory(e) || attempt + 1 >= limits.length) return false;
      bar.clear();
      writeErr(
        `bdb: the import needed more than ${megabytes(limits[attempt]!)} of memory: going on with ${megabytes(limits[attempt + 1]!)}\n`,
      );
      attempt++;
      return true;
    };
    for (;;) {
      let importer: LibraryImporter;
      try {
        importer = await LibraryImporter.start(lib, met, { ...batchRows, memoryMb: limits[attempt] });
      } catch (e) {
        // DuckDB refuses a limit under what it holds already (the library was opened with a larger one)
        if (!again(e)) throw e;
        continue;
      }
      let done = 0;
      try {
        await importUnits(
          importer,
          units,
          (unit) => readUnit(unit, maxMb),
          (unit, e): ImportOutcome => ({
            status: 'failed',
            file: unit[0]!,
            message: describeFailure(unit[0]!, e),
          }),
          (outcome) => {
            if (!(outcome.status === 'unchanged' && outcomes.has(outcome.file)))
              outcomes.set(outcome.file, outcome);
            const message = outcome.message ?? `${outcome.file}: failed`;
            if (outcome.status === 'failed' && !said.has(message)) {
              said.add(message);
              fail(message);
            }
            bar.tick(++done);
          },
          { workers },
        );
        await importer.finish();
        kept += importer.kept;
        break;
      } catch (e) {
        await importer.rollback();
        kept += importer.kept;
        if (!again(e)) throw e;
      }
    }
    // each person's totals, for `bdb stats --library` (also after a run that found nothing new, when an
    // earlier run was stopped before making them)
    for (;;) {
      try {
        await rebuildTotals(lib);
        break;
      } catch (e) {
        if (!again(e)) throw e;
        await setMemoryLimit(lib.connection, limits[attempt]!);
      }
    }
    const counts = { new: 0, unchanged: 0, duplicate: 0, failed: missing };
    for (const o of outcomes.values()) counts[o.status]++;
    bar.clear();
    writeLines(
      `Imported into ${lib.path}: ${counts.new} new, ${counts.unchanged} unchanged, ${counts.duplicate} duplicate, ${counts.failed} failed\n`,
    );
    if (counts.failed > 0) return EXIT.someFailed;
    if (units.length === 0 && missing === 0) {
      writeErr('bdb: no match files found\n');
      return EXIT.someFailed;
    }
    return EXIT.ok;
  });
}

/** Adds the `import` command to the program. */
export function registerImport(program: Command): void {
  const cmd = program
    .command('import')
    .description("import match files and folders into the player's library (DuckDB), once each")
    .argument('<paths...>', 'match files or folders (read recursively)');
  maxFileSizeOption(libraryOption(cmd))
    .option('--jobs <n>', 'worker threads parsing files (default: one per core beyond two; 0: none)')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts: ImportOptions) => {
      process.exitCode = await runImport(paths, opts);
    });
}
