/**
 * The `--library` option of the commands that use the player's library, and opening it with one clear
 * line on failure (missing, locked, corrupt, foreign or newer library: exit 1, the file untouched).
 */
import type { Command } from 'commander';
import { diskFailureWords } from '../core/disk.js';
import { BdbError } from '../errors.js';
import type { Library } from '../library/open.js';
import { libraryPath } from '../library/path.js';
import { userConfig } from './config.js';
import { EXIT, type ExitCode } from './exit.js';
import { oneLine } from './failure.js';
import { writeErr } from './output.js';

/** The help text of `--library PATH`. */
export const LIBRARY_HELP =
  "the library file (default $BDB_LIBRARY, else bdb config's library, else $XDG_DATA_HOME/bdb/library.duckdb, else ~/.local/share/bdb/library.duckdb)";

/** The library a command opens: `--library PATH`, else $BDB_LIBRARY, else the configuration's, else the default. */
export function cliLibraryPath(option: string | undefined): string {
  return libraryPath(option, process.env, userConfig().library);
}

/**
 * Adds `--library`, declared here alone: `--library <path>` for the commands that always use the library;
 * with `use` (what the library is for), `--library [path]`, the library's path optional (`--library` alone:
 * the default library), for the commands that read files unless it is given.
 */
export function libraryOption(cmd: Command, use?: string): Command {
  if (use === undefined) return cmd.option('--library <path>', LIBRARY_HELP);
  return cmd.option('--library [path]', `${use}: ${LIBRARY_HELP}`);
}

/** A memory limit as a person reads it: `512 MB`, `2.0 GB`. */
export function megabytes(mb: number): string {
  return mb >= 1000 ? `${(mb / 1000).toFixed(1)} GB` : `${Math.round(mb)} MB`;
}

/** How DuckDB's own failures read: "Out of Memory Error: …", "IO Error: …", "Failed to append: …". */
const DUCKDB_FAILURE = /^[A-Z][A-Za-z ]*Error: |^Failed to [a-z]+: /;

/**
 * Opens the library for a command and runs `work` with it, closing it afterwards. A library that cannot be
 * opened is one line on stderr and exit 1. So is a disk that fails under the work (full, read-only: Node's
 * ENOSPC or DuckDB's words for it, src/core/disk.ts): `bdb: LIBRARY: no space left on device (ENOSPC)`,
 * then what `mode.stopped` says of what became of the work (the import's "the import stopped; …").
 * `mode.memoryMb`: DuckDB's first memory limit, for a command that has its own (src/library/memory.ts).
 */
export async function withLibrary(
  option: string | undefined,
  mode: { readOnly: boolean; create?: boolean; stopped?: () => string; memoryMb?: number },
  work: (lib: Library) => Promise<ExitCode>,
): Promise<ExitCode> {
  const path = cliLibraryPath(option);
  // how long to wait for another bdb holding the library (BDB_LIBRARY_WAIT_MS, default 10 s)
  const wait = Number(process.env.BDB_LIBRARY_WAIT_MS);
  // DuckDB's modules, loaded by the commands that open a library only
  const { closeLibrary, damagedLibrary, isDamagedLibrary, LibraryError, openLibrary } = await import(
    '../library/open.js'
  );
  let lib: Library;
  try {
    lib = await openLibrary(path, {
      readOnly: mode.readOnly,
      ...(mode.create === undefined ? {} : { create: mode.create }),
      ...(mode.memoryMb === undefined ? {} : { memoryMb: mode.memoryMb }),
      ...(Number.isFinite(wait) && wait >= 0 ? { waitMs: wait } : {}),
      // the user never tunes memory (src/library/memory.ts): a larger limit is one line
      onMoreMemory: (from, to) =>
        writeErr(
          `bdb: ${path}: DuckDB needed more than ${megabytes(from)} of memory: going on with ${megabytes(to)}\n`,
        ),
    });
  } catch (e) {
    if (e instanceof LibraryError) {
      writeErr(`bdb: ${e.message}\n`);
      return EXIT.someFailed;
    }
    throw e;
  }
  try {
    return await work(lib);
  } catch (e) {
    // the disk: one line, whatever wrote (bdb's files beside the library, DuckDB's log, its spilled blocks)
    const disk = diskFailureWords(e);
    if (disk !== null) {
      writeErr(
        `bdb: ${oneLine(`${path}: ${disk}${mode.stopped === undefined ? '' : `: ${mode.stopped()}`}`)}\n`,
      );
      return EXIT.someFailed;
    }
    // a damaged block of the file, found reading a table's rows: the library's, in one plain line
    if (!(e instanceof BdbError) && isDamagedLibrary(e)) {
      writeErr(`bdb: ${damagedLibrary(path, e, 'data').message}\n`);
      return EXIT.someFailed;
    }
    // DuckDB's own failures (out of memory, disk full, I/O): one line; what was committed stays
    if (e instanceof Error && DUCKDB_FAILURE.test(e.message) && !(e instanceof BdbError)) {
      const memory = !/could not allocate|out of memory/i.test(e.message)
        ? ''
        : lib.memory.largest && lib.memory.current !== undefined
          ? ` (DuckDB had ${megabytes(lib.memory.current)}; bdb gives it at most half of this machine's memory)`
          : ' (BDB_DUCKDB_MEMORY raises the limit, e.g. BDB_DUCKDB_MEMORY=1GB)';
      writeErr(`bdb: ${path}: ${e.message.split('\n')[0]}${memory}\n`);
      return EXIT.someFailed;
    }
    throw e;
  } finally {
    try {
      closeLibrary(lib);
    } catch {
      // an instance DuckDB invalidated after a fatal error cannot be closed cleanly; the file is consistent
    }
  }
}
