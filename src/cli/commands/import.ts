/**
 * `bdb import PATH...`: reads match files and folders (any mix of formats, as `bdb stats` reads them) into
 * the player's library. Files already imported are skipped by their content hash; the same match found in
 * another file is recorded once; a file bdb cannot read is reported (one line) and recorded with its error.
 * A progress bar on a terminal; one summary line at the end.
 *
 * Ctrl-C (SIGINT) or SIGTERM once the library is open stops the import between two files: the files stored
 * so far are committed (each is whole, and they are at most a few seconds of work: rolling them back would
 * throw that away for nothing), the temporary CSV goes with that commit, and one line says how many files
 * were imported; exit 130 or 143 (128 + the signal's number). The totals (src/library/totals.ts) are left
 * stale, never wrong, for the next import to make. A second signal ends bdb at once, as a kill would: what
 * was committed stays, and the next import removes what the run left (its pack, when no commit named it).
 */
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { type ImportOutcome, LibraryImporter } from '../../library/import.js';
import { importUnits } from '../../library/import-pool.js';
import { importMemoryLimits, isOutOfMemory, setMemoryLimit, userMemoryLimit } from '../../library/memory.js';
import type { Library } from '../../library/open.js';
import { fillDecisionColumns, fillUnknownStates } from '../../library/refill.js';
import { SCHEMA_VERSION } from '../../library/schema.js';
import { rebuildTotals } from '../../library/totals.js';
import { defaultMet } from '../../metrics/match-report.js';
import type { DetectedFile } from '../../parsers/index.js';
import { EXIT, type ExitCode, STOPPED, type StopSignal } from '../exit.js';
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
export async function runImport(paths: readonly string[], opts: ImportOptions): Promise<ExitCode | number> {
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
  // a signal stops the import between two files (see the module comment); a second ends bdb at once
  const stop = new AbortController();
  let stoppedBy: StopSignal | null = null;
  let running: LibraryImporter | null = null;
  let clearBar = (): void => {};
  const onSignal = (signal: StopSignal): void => {
    if (stoppedBy === null) {
      stoppedBy = signal;
      stop.abort();
      return;
    }
    running?.dropTemporary();
    clearBar();
    writeErr('bdb: stopped at once: the files committed so far are kept; import again to finish\n');
    // the signal's own end (a shell sees the process ended by it)
    listen(false);
    process.kill(process.pid, signal);
  };
  const listen = (on: boolean): void => {
    for (const s of ['SIGINT', 'SIGTERM'] as const) process[on ? 'on' : 'off'](s, onSignal);
  };
  // the units stored as new by the commits so far: a full disk stops the import, and they stay
  let kept = 0;
  const diskStopped = (): string =>
    `the import stopped; the ${kept} ${kept === 1 ? 'file' : 'files'} imported before ${kept === 1 ? 'is' : 'are'} kept, as is all the library held (import again to finish)`;
  // no path: only bring the library up to date (its schema, the states of figures added since), never
  // make one
  const writing = { readOnly: false, create: paths.length > 0, stopped: diskStopped };
  const code = await withLibrary(opts.library, writing, async (lib) => {
    // until the library is open, a signal ends bdb as usual: nothing was written
    const met = defaultMet();
    let missing = 0;
    const fail = (message: string): void => {
      bar.clear();
      writeErr(`bdb: ${oneLine(message)}\n`);
    };
    // absolute paths: the library knows a file wherever bdb is run from; a path given twice or a folder
    // inside another gives each file once
    const seen = new Set<string>();
    const files: DetectedFile[] = [];
    for (const f of inputFiles(
      paths.map((p) => resolve(p)),
      {
        onMissing(p, why) {
          missing++;
          writeErr(`bdb: ${oneLine(`${p}: ${why}`)}\n`);
        },
      },
    )) {
      if (!seen.has(f.file)) {
        seen.add(f.file);
        files.push(f);
      }
    }
    // best reading first (XG, SGF, gnuBG text, transcripts), then in path order whatever the order of the
    // arguments: the first file of a match in that order holds it, as when `bdb stats` reads their common
    // folder and as `bdb merge` decides
    const byPath = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const units = matchUnits(byPath, true);
    const bar = progressBar(units.length, opts.progress !== false, 'importing');
    clearBar = () => bar.clear();
    listen(true);
    // decisions per transaction (BDB_IMPORT_BATCH_ROWS) and milliseconds a transaction stays open
    // (BDB_IMPORT_BATCH_MS), whichever comes first: small values are for the kill tests
    const batch = Number(process.env.BDB_IMPORT_BATCH_ROWS);
    const batchMs = Number(process.env.BDB_IMPORT_BATCH_MS || Number.NaN);
    const batchRows = {
      ...(Number.isInteger(batch) && batch > 0 ? { batchRows: batch } : {}),
      ...(Number.isInteger(batchMs) && batchMs >= 0 ? { batchMs } : {}),
    };
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
        running = importer;
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
          (unit) => readUnit(unit.files, maxMb),
          (unit, e): ImportOutcome => ({
            status: 'failed',
            file: unit.files[0]!,
            message: describeFailure(unit.files[0]!, e),
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
          { workers, signal: stop.signal },
        );
        await importer.finish();
        kept += importer.kept;
        break;
      } catch (e) {
        await importer.rollback();
        kept += importer.kept;
        if (!again(e)) throw e;
        await reopen(lib);
      }
    }
    // stopped: the line in place of the summary (the code is the signal's, below)
    const stopped = (): ExitCode => {
      const n = outcomes.size;
      bar.clear();
      writeErr(
        `bdb: stopped: ${n} of ${units.length} files imported${n < units.length ? ', the rest not (import again to finish)' : ''}\n`,
      );
      return EXIT.someFailed;
    };
    if (stoppedBy !== null) return stopped();
    // each person's totals, for `bdb stats --library` (also after a run that found nothing new, when an
    // earlier run was stopped before making them), after the states of accumulators registered since a
    // match was stored are filled from its stored bytes
    for (;;) {
      try {
        await fillUnknownStates(lib, met);
        await fillDecisionColumns(lib, met, (n) => {
          bar.clear();
          writeErr(
            `bdb: reading ${n === 1 ? '1 stored match' : `${n} stored matches`} again for the columns bdb biases and bdb plan read (once, after an upgrade)\n`,
          );
        });
        await rebuildTotals(lib);
        break;
      } catch (e) {
        if (!again(e)) throw e;
        await reopen(lib);
        await setMemoryLimit(lib.connection, limits[attempt]!);
      }
    }
    // a signal while the totals were made: they are made, every file imported
    if (stoppedBy !== null) return stopped();
    const counts = { new: 0, unchanged: 0, duplicate: 0, failed: missing };
    for (const o of outcomes.values()) counts[o.status]++;
    bar.clear();
    if (paths.length === 0) {
      writeLines(`${lib.path}: up to date (schema ${SCHEMA_VERSION}); no file given, nothing imported\n`);
      return EXIT.ok;
    }
    writeLines(
      `Imported into ${lib.path}: ${counts.new} new, ${counts.unchanged} unchanged, ${counts.duplicate} duplicate, ${counts.failed} failed\n`,
    );
    if (counts.failed > 0) return EXIT.someFailed;
    if (units.length === 0 && missing === 0) {
      writeErr('bdb: no match files found\n');
      return EXIT.someFailed;
    }
    return EXIT.ok;
  }).finally(() => listen(false));
  return stoppedBy === null ? code : STOPPED[stoppedBy];
}

/**
 * Opens the library again before a transaction that ran out of memory is run again: DuckDB may have left
 * its memory wrong (src/library/open.ts `reopenLibrary`).
 */
async function reopen(lib: Library): Promise<void> {
  const { reopenLibrary } = await import('../../library/open.js');
  await reopenLibrary(lib);
}

/** Adds the `import` command to the program. */
export function registerImport(program: Command): void {
  const cmd = program
    .command('import')
    .description("import match files and folders into the player's library (DuckDB), once each")
    .argument('[paths...]', 'match files or folders (read recursively); none: only upgrade the library');
  maxFileSizeOption(libraryOption(cmd))
    .option('--jobs <n>', 'worker threads parsing files (default: one per core beyond two; 0: none)')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (paths: string[], opts: ImportOptions) => {
      process.exitCode = await runImport(paths, opts);
    });
}
