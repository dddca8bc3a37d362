/**
 * Opening the player's library: where it is, the lock, the version check and the forward migrations.
 *
 * Path: `--library PATH`, else `$BDB_LIBRARY`, else the path the user's configuration names (`bdb config set
 * library`), else `$XDG_DATA_HOME/bdb/library.duckdb`, else `~/.local/share/bdb/library.duckdb`. A library is checked read-only before anything is written to it, so a
 * foreign, corrupt or newer file is refused untouched. DuckDB locks the file: while one process writes, a
 * second waits (up to `waitMs`) and then fails with a clear message.
 */
import { existsSync, statSync } from 'node:fs';
import { totalmem } from 'node:os';
import { dirname } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { diskFailureWords } from '../core/disk.js';
import { makeFolders } from '../core/folders.js';
import { BdbError } from '../errors.js';
import { duckdb } from './duckdb.js';
import { MemoryLimits, withMoreMemory } from './memory.js';
import { LIBRARY_TABLES, MIGRATION_SLICE, MIGRATIONS, type Migration, SCHEMA_VERSION } from './schema.js';
import { rollback } from './sql.js';

/** A library that cannot be opened: missing, locked, corrupt, foreign or newer. */
export class LibraryError extends BdbError {
  readonly path: string;
  constructor(path: string, detail: string) {
    super('LIBRARY', `${path}: ${detail}`);
    this.path = path;
  }
}

/**
 * How DuckDB says that a block of the file does not hold what its checksum says (every block carries one): a
 * damaged file, a flipped byte or a copy gone wrong.
 */
const DAMAGED = /Corrupt database file|does not match stored checksum/i;

/** Whether DuckDB's failure `e` is a damaged block of the library file. */
export function isDamagedLibrary(e: unknown): boolean {
  return DAMAGED.test(e instanceof Error ? e.message : String(e));
}

/**
 * The one line for a library whose file is damaged: its `part` is the catalog when DuckDB found the damage
 * opening it, its data when reading a table's rows. DuckDB's own first line follows, shortened: its 19-digit
 * checksums are nothing the user can act on (the block's location stays), and at most 120 characters.
 */
export function damagedLibrary(path: string, e: unknown, part: 'catalog' | 'data'): LibraryError {
  const line = firstLine(e instanceof Error ? e.message : String(e)).replace(/\b\d{10,}\b/g, '…');
  const short = line.length > 120 ? `${line.slice(0, 119)}…` : line;
  return new LibraryError(path, `not a readable library: its ${part} is damaged (DuckDB: ${short})`);
}

/** An open library. */
export interface Library {
  readonly path: string;
  readonly readOnly: boolean;
  /** The DuckDB instance and its connection (a writer's are replaced by {@link reopenLibrary}). */
  readonly instance: DuckDBInstance;
  readonly connection: DuckDBConnection;
  /**
   * DuckDB's memory limit in force and the larger ones left (src/library/memory.ts). Opened read-only, each
   * statement of `connection` that runs out of memory is run again with the next limit.
   */
  readonly memory: MemoryLimits;
}

/** How to open. */
export interface OpenOptions {
  /** Open for reading only (several readers may share it; a writer waits for them). */
  readonly readOnly: boolean;
  /** Create the file when missing (import, merge, alias add). */
  readonly create?: boolean;
  /** How long to wait for another process's lock, in ms (default 10 s). */
  readonly waitMs?: number;
  /** Told when DuckDB ran out of memory and goes on with a larger limit (both in MB). */
  readonly onMoreMemory?: (fromMb: number, toMb: number) => void;
  /** DuckDB's first memory limit, in MB (default: the readers', READ_MEMORY_MB in src/library/memory.ts). */
  readonly memoryMb?: number;
}

/**
 * DuckDB settings: a bounded buffer pool (DuckDB spills to `<library>.tmp` beyond it; checkpoints of a large
 * library need more than 100 MB pinned at once; src/library/memory.ts decides it), two threads, no
 * insertion order kept (every read orders its rows).
 */
function settings(memory: MemoryLimits): Record<string, string> {
  const limit = memory.setting;
  return { ...(limit ? { memory_limit: limit } : {}), threads: '2', preserve_insertion_order: 'false' };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function openInstance(
  path: string,
  readOnly: boolean,
  waitMs: number,
  memory: MemoryLimits,
): Promise<DuckDBInstance> {
  const { DuckDBInstance } = await duckdb();
  const until = Date.now() + waitMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await DuckDBInstance.create(path, {
        ...settings(memory),
        access_mode: readOnly ? 'READ_ONLY' : 'READ_WRITE',
      });
    } catch (e) {
      // opening asks DuckDB for a few MB at once
      if (memory.raise(e)) continue;
      const message = (e as Error).message;
      if (/Could not set lock/i.test(message)) {
        if (Date.now() < until) {
          await sleep(delay);
          continue;
        }
        const pid = /\(PID (\d+)\)/.exec(message)?.[1];
        throw new LibraryError(
          path,
          `in use by another process${pid ? ` (PID ${pid})` : ''}; waited ${Math.round(waitMs / 1000)} s — try again when it has finished`,
        );
      }
      // a full or read-only disk in plain words, a damaged file as such, else what DuckDB's words mean
      if (diskFailureWords(e) !== null || isDamagedLibrary(e)) throw unreadable(path, e, readOnly);
      throw openFailure(path, message);
    }
  }
}

/**
 * What DuckDB's failure to open (or attach) the file at `path` means, as one line naming that file: not a
 * DuckDB file at all (a text file, random bytes, an empty file), a folder, a DuckDB file cut short or with
 * blocks overwritten (its checksums no longer match), one of a DuckDB this bdb cannot read, or locked.
 */
export function openFailure(path: string, message: string): LibraryError {
  if (/not a valid DuckDB database/i.test(message))
    return new LibraryError(path, 'not a bdb library (not a DuckDB database file); left untouched');
  if (/Is a directory/i.test(message)) return new LibraryError(path, 'is a folder, not a library file');
  if (/Could not read enough bytes|Corrupt database file|checksum/i.test(message))
    return new LibraryError(
      path,
      `damaged library (cut short or overwritten), cannot open: ${firstLine(message)}`,
    );
  if (/serialization|version number|storage version/i.test(message))
    return new LibraryError(path, `cannot be read by this bdb's DuckDB: ${firstLine(message)}`);
  if (/Could not set lock/i.test(message))
    return new LibraryError(path, 'in use by another process; try again when it has finished');
  return new LibraryError(path, `cannot open: ${firstLine(message)}`);
}

/**
 * Why the library cannot be opened or its catalog read: a full or read-only disk in plain words ("cannot
 * open for writing: read-only file system (EROFS)", src/core/disk.ts), a damaged block of the file
 * ({@link damagedLibrary}), else DuckDB's first line.
 */
function unreadable(path: string, e: unknown, readOnly: boolean): LibraryError {
  const disk = diskFailureWords(e);
  if (disk !== null) return new LibraryError(path, `cannot open${readOnly ? '' : ' for writing'}: ${disk}`);
  if (isDamagedLibrary(e)) return damagedLibrary(path, e, 'catalog');
  return new LibraryError(path, `cannot open: ${firstLine((e as Error).message)}`);
}

/**
 * A second read-only connection to the library at `path`, on an instance of its own opened with the limit
 * in force of `memory`: for a caller whose first instance can no longer take a larger limit (bdb sql locks
 * DuckDB's configuration before the user's text runs).
 */
export async function openReadOnlyConnection(path: string, memory: MemoryLimits): Promise<DuckDBConnection> {
  return (await openInstance(path, true, 10_000, memory)).connect();
}

/**
 * Makes each statement run on a read-only connection (`run`, `stream` and the readers built on them) that
 * runs out of memory run again with the next limit of `memory`: a read changes nothing, so running it
 * again is safe. A streamed result is retried while it starts, not once rows have been handed over.
 */
function growingReader(con: DuckDBConnection, memory: MemoryLimits): DuckDBConnection {
  const run = con.run.bind(con);
  const stream = con.stream.bind(con);
  con.run = (...args) => withMoreMemory(con, memory, () => run(...args));
  con.stream = (...args) => withMoreMemory(con, memory, () => stream(...args));
  return con;
}

/** The first line of DuckDB's message, without its "IO Error: " prefix. */
export function firstLine(s: string): string {
  return s.split('\n')[0]!.replace(/^IO Error: /, '');
}

/**
 * Reads the schema version of an open library; null when it has no bdb tables (a new, empty file). Throws
 * for a foreign DuckDB file, one written by a newer bdb, and one missing tables of its schema. `catalog`:
 * the name of a library attached to another's connection (`bdb merge` reads its sources so), else the
 * connection's own database.
 */
export async function schemaVersion(
  con: DuckDBConnection,
  path: string,
  catalog?: string,
): Promise<number | null> {
  const tables = (
    await con.runAndReadAll(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_catalog = ${catalog === undefined ? 'current_database()' : `'${catalog}'`}`,
    )
  )
    .getRows()
    .map((r) => String(r[0]));
  if (tables.length === 0) return null;
  if (!tables.includes('meta'))
    throw new LibraryError(path, 'a DuckDB database but not a bdb library (no meta table); left untouched');
  const rows = (
    await con.runAndReadAll(
      `SELECT value FROM ${catalog === undefined ? '' : `${catalog}.`}meta WHERE key = 'schema_version'`,
    )
  ).getRows();
  const v = Number(rows[0]?.[0]);
  if (!Number.isInteger(v) || v < 1) throw new LibraryError(path, 'not a bdb library (no schema version)');
  if (v > SCHEMA_VERSION) {
    throw new LibraryError(
      path,
      `written by a newer bdb (library schema ${v}; this bdb reads up to ${SCHEMA_VERSION}) — update bdb`,
    );
  }
  const missing = LIBRARY_TABLES.filter((t) => !tables.includes(t));
  if (v === SCHEMA_VERSION && missing.length > 0)
    throw new LibraryError(path, `damaged bdb library: missing table ${missing.join(', ')}`);
  return v;
}

/** Runs one migration step inside the open transaction. */
async function runMigration(con: DuckDBConnection, step: Migration): Promise<void> {
  if (typeof step === 'string') {
    await con.run(step);
    return;
  }
  await con.run(step.before);
  const top = Number(
    (await con.runAndReadAll('SELECT coalesce(max(match_id), 0) FROM matches')).getRows()[0]![0],
  );
  for (let lo = 0; lo <= top; lo += MIGRATION_SLICE) {
    const hi = lo + MIGRATION_SLICE;
    if (typeof step.slice === 'string') await con.run(step.slice, [lo, hi]);
    else await step.slice(con, lo, hi);
  }
  await con.run(step.after);
}

/** Brings the schema from `from` (null: empty file) to SCHEMA_VERSION, one step per transaction. */
async function migrate(con: DuckDBConnection, from: number | null): Promise<void> {
  for (let v = from ?? 0; v < SCHEMA_VERSION; v++) {
    await con.run('BEGIN TRANSACTION');
    try {
      await runMigration(con, MIGRATIONS[v]!);
      await con.run(
        `INSERT OR REPLACE INTO meta VALUES ('schema_version', '${v + 1}'), ('${v === 0 ? 'created' : `migrated_${v + 1}`}', CAST(current_timestamp AS VARCHAR))`,
      );
      await con.run('COMMIT');
    } catch (e) {
      await rollback(con);
      throw e;
    }
  }
}

/**
 * Opens the library at `path`. A missing file is created only with `create`; an existing file is first
 * opened read-only and checked (foreign, corrupt and newer files are refused untouched), then migrated
 * forward when opened for writing.
 */
export async function openLibrary(path: string, opts: OpenOptions): Promise<Library> {
  const waitMs = opts.waitMs ?? 10_000;
  const memory = MemoryLimits.forReading(totalmem(), opts.onMoreMemory, opts.memoryMb);
  const exists = existsSync(path);
  if (exists && statSync(path).isDirectory()) throw new LibraryError(path, 'is a folder, not a library file');
  if (!exists && !opts.create)
    throw new LibraryError(
      path,
      'no library here (bdb import creates one; --library or BDB_LIBRARY choose it)',
    );
  if (exists) {
    // check before writing anything
    const probe = await openInstance(path, true, waitMs, memory);
    const con = growingReader(await probe.connect(), memory);
    try {
      const v = await schemaVersion(con, path);
      if (opts.readOnly) {
        if (v === null) throw new LibraryError(path, 'an empty DuckDB file, not a bdb library');
        if (v < SCHEMA_VERSION)
          throw new LibraryError(
            path,
            `library schema ${v} needs upgrading: run bdb import once to upgrade it (no file needed)`,
          );
        // a reader keeps the checked connection
        return { path, readOnly: true, instance: probe, connection: con, memory };
      }
    } catch (e) {
      con.closeSync();
      probe.closeSync();
      if (e instanceof BdbError) throw e;
      throw unreadable(path, e, true);
    }
    con.closeSync();
    probe.closeSync();
  } else {
    try {
      makeFolders(dirname(path));
    } catch (e) {
      throw new LibraryError(
        path,
        `cannot create its folder: ${diskFailureWords(e) ?? (e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
  for (;;) {
    const instance = await openInstance(path, false, waitMs, memory);
    let connection: DuckDBConnection | undefined;
    try {
      connection = await instance.connect();
      const v = await schemaVersion(connection, path);
      if (v === null || v < SCHEMA_VERSION) await migrate(connection, v);
      return { path, readOnly: false, instance, connection, memory };
    } catch (e) {
      // the connection first: an instance a connection still holds stays open, and a second instance of the
      // same file in this process would then write beside it (the steps committed by one were lost)
      connection?.closeSync();
      instance.closeSync();
      if (e instanceof BdbError) throw e;
      // each migration step is a transaction, rolled back when it failed: opened again, with more memory
      if (memory.raise(e)) continue;
      throw unreadable(path, e, false);
    }
  }
}

/**
 * Opens a writer's library file again, in place: `lib` then holds the new instance and connection. For a
 * writer whose transaction DuckDB ended for want of memory, before it runs the transaction again with a
 * larger limit. DuckDB 1.5.6 cannot be trusted after such a failure in a COMMIT or in the checkpoint it
 * runs: the transaction is rolled back, but a table's columns may be left misaligned in memory, and the next
 * checkpoint then ends in "FATAL Error: Failed to create checkpoint because of error: Corrupted in-memory
 * column - column with index 0 has misaligned count"; a checkpoint that runs out of memory is itself FATAL,
 * and DuckDB then refuses every statement. The file and its WAL hold every commit made before (the WAL is
 * replayed on opening): the instance is closed without its closing checkpoint, which would write what is
 * in memory, and the file opened anew.
 */
export async function reopenLibrary(lib: Library): Promise<void> {
  try {
    await lib.connection.run('PRAGMA disable_checkpoint_on_shutdown');
  } catch {
    // an instance DuckDB invalidated does not checkpoint anyway
  }
  closeLibrary(lib);
  const instance = await openInstance(lib.path, false, REOPEN_WAIT_MS, lib.memory);
  const connection = await instance.connect();
  Object.assign(lib, { instance, connection });
}

/**
 * Runs a writer's `work` (its transactions rolled back when they fail), and again each time DuckDB ran out
 * of memory while the library has a larger limit: the library is first opened again with it
 * ({@link reopenLibrary}).
 */
export async function writeWithMoreMemory<T>(lib: Library, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (e) {
      if (!lib.memory.raise(e)) throw e;
      // opened with the limit now in force (settings)
      await reopenLibrary(lib);
    }
  }
}

/** How long {@link reopenLibrary} waits for a reader that took the library meanwhile, in ms. */
const REOPEN_WAIT_MS = 10_000;

/** Closes the library (commits nothing: every writer commits its own transactions). */
export function closeLibrary(lib: Library): void {
  try {
    lib.connection.closeSync();
  } finally {
    lib.instance.closeSync();
  }
}
