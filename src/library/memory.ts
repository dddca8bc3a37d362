/**
 * DuckDB's memory limit, decided here for every command that opens a library (issue 42: a user never tunes
 * memory). A command starts with a limit of its own ({@link READ_MEMORY_MB}, {@link FIND_MEMORY_MB},
 * {@link IMPORT_MEMORY_MB}), or the user's BDB_DUCKDB_MEMORY; when a statement still runs out of memory it is run again with four times
 * the limit, up to half the machine's memory ({@link memoryLimits}). DuckDB spills what it can to
 * `<library>.tmp` beyond the limit (its sorts, joins and aggregates, and the blocks of the tables, which
 * are on disk anyway); what it cannot spill is what a statement holds whole (a JSON text built by
 * `to_json(list(…))`, a transaction's rows before a commit, the CSV reader's buffer).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { diskFailure } from '../core/disk.js';

/**
 * The limit a library is opened with, in MB, which the commands that read it keep. Reading a library
 * needs a few MB per thousand matches, except for the decision rows of 4,000 matches at a time
 * (biases, plan, report: about 25 MB of columns, src/library/read.ts) and what `bdb sql` is asked for.
 */
export const READ_MEMORY_MB = 256;

/**
 * The limit `bdb find` opens the library with, in MB, when it lists more than {@link FIND_SHORT_LIST}
 * decisions or every one found (fewer: {@link FIND_SHORT_MEMORY_MB}). A search keeps the few columns it
 * sorts on and reads the decisions it lists, but under the readers' 256 MB DuckDB kept every block the
 * search read: on one player's library of 10,000 matches (3.75 million decisions) `bdb find --limit 20`
 * peaked at 204 MB and `--player Me --pattern me:bar` at 215 MB, against 154 and 177 MB under 64 MB, in the
 * same time (10 runs of each in turn, wall 1.00× and 0.97×, load 1.6; 6 December 2026). A search that needs
 * more (tens of thousands of decisions listed) is run again with four times the limit, as every read is.
 */
export const FIND_MEMORY_MB = 64;

/**
 * The limit `bdb find` opens the library with when it lists at most {@link FIND_SHORT_LIST} decisions, in MB.
 * On one player's library of 10,000 matches `bdb find --limit 20` peaked at 129 MB under it, against 151 MB
 * under {@link FIND_MEMORY_MB}, for 1.03× the CPU, and `--player Me --pattern me:bar` at 133 against 156 MB
 * for 0.97× (6 pairs in turn each, 8 December 2026); 1,000 matches: 119 against 127 MB. Under 32 MB the
 * first took 1.13× the CPU (DuckDB read blocks again) for 6 MB less. Every kind of search tried listed 1,000
 * decisions under it (`--json`, `--boards`, `--all-decisions`, `--theme`, `--race`); under 32 MB 2,000 still
 * did, 5,000 ran out and went on with 128 MB.
 */
export const FIND_SHORT_MEMORY_MB = 40;

/** The most decisions a search lists under {@link FIND_SHORT_MEMORY_MB}. */
export const FIND_SHORT_LIST = 1000;

/** DuckDB's first limit for a search listing at most `limit` decisions (null: every one found), in MB. */
export function findMemoryMb(limit: number | null): number {
  return limit !== null && limit <= FIND_SHORT_LIST ? FIND_SHORT_MEMORY_MB : FIND_MEMORY_MB;
}

/**
 * The limit `bdb biases` opens the library with for its tables, in MB, which read the stored columns of the
 * counted decisions, 500 matches at a time (src/library/read.ts `libraryBiasMatches`). Each read scans the
 * `decisions` table, and under the readers' 256 MB DuckDB kept every block read: on one player's library of
 * 10,000 matches the run peaked at 295 MB, against 229 MB under 32 MB, in the same time (5 pairs in turn,
 * CPU 1.00×, wall 1.03×, load 1.7; 7 December 2026).
 */
export const BIAS_MEMORY_MB = 32;

/**
 * The limit `bdb plan`, `bdb scout`, `bdb study` and `bdb report` open the library with, in MB: they read
 * each match's counted decisions and errors from their columns, 100 matches at a time (src/library/read.ts
 * `libraryPlanMatches`), as `biases` does ({@link BIAS_MEMORY_MB}). On one player's 10,000 matches `scout Me`
 * peaked at 480 MB under the readers' 256 MB, at 259 MB under this; `study --player Me` at 446 MB under
 * DuckDB's default, at 225 MB under this (one run each, 7 December 2026).
 */
export const PLAN_MEMORY_MB = 32;

/**
 * DuckDB's buffer limit while an import writes, in MB, on its first attempt (unless BDB_DUCKDB_MEMORY sets
 * one). DuckDB's buffer pool keeps the blocks of the tables it has written until it reaches its limit, so
 * under the readers' 256 MB an import's resident memory grew with the library. Blocks beyond this limit are
 * dropped (they are on disk) or spilled to `<library>.tmp`. On 10,000 analysed SGF matches: peak RSS 340 MB
 * against 436 MB, in no more time (docs/library.md). Set once the library is open, so that its migrations
 * still have the readers' limit.
 *
 * What cannot be dropped or spilled is the working set of the statement running: a batch's COPY holds its
 * rows uncompressed in the transaction (13 MB of gnuBG-text decision rows, 50,000 of them, take 68 MB with
 * two DuckDB threads, each filling row groups of its own, and 26 MB with one), and the rows of the last
 * commit stay in memory until the next checkpoint. A collection of long gnuBG-text matches imported into a
 * large library went past 128 MB (issue 42). So the import runs DuckDB on one thread (the main thread
 * parses meanwhile), and a statement that still runs out of memory does not end the import: it is run again
 * with a larger limit ({@link importMemoryLimits}).
 */
export const IMPORT_MEMORY_MB = 128;

/** Each larger limit is this many times the one before. */
const MEMORY_STEP = 4;

/** The share of the machine's memory the largest limit may take. */
const MACHINE_SHARE = 0.5;

/** The DuckDB buffer limit the user set (BDB_DUCKDB_MEMORY, e.g. `1GB`), or undefined: bdb's own. */
export function userMemoryLimit(): string | undefined {
  // set but empty (`BDB_DUCKDB_MEMORY= bdb …`) is not set
  const v = process.env.BDB_DUCKDB_MEMORY?.trim();
  return v ? v : undefined;
}

/** A DuckDB memory setting (`512MB`, `1GB`, `1.5GiB`, `100000KB`) in MB; null when bdb cannot read it. */
export function memoryMb(setting: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib|tb|tib)?\s*$/i.exec(setting);
  if (!m) return null;
  const unit = (m[2] ?? 'b').toLowerCase();
  const scale: Record<string, number> = {
    b: 1e-6,
    kb: 1e-3,
    kib: 1024 / 1e6,
    mb: 1,
    mib: 1.048576,
    gb: 1e3,
    gib: 1073.741824,
    tb: 1e6,
    tib: 1099511.627776,
  };
  return Number(m[1]) * scale[unit]!;
}

/**
 * The limits tried one after another while DuckDB runs out of memory, in MB: the first (the user's
 * BDB_DUCKDB_MEMORY, else `byDefault`, at most half of the machine), then four times more each time, up to
 * half of `machineBytes` (the machine's memory). A setting bdb cannot read gives none: DuckDB judges it
 * (and refuses it).
 */
export function memoryLimits(byDefault: number, user: string | undefined, machineBytes: number): number[] {
  const cap = Math.floor((machineBytes / 1e6) * MACHINE_SHARE);
  const first = user === undefined ? Math.min(byDefault, cap) : memoryMb(user);
  if (first === null) return [];
  const limits = [first];
  for (let next = first * MEMORY_STEP; next < cap; next *= MEMORY_STEP) limits.push(next);
  if (limits.at(-1)! < cap) limits.push(cap);
  return limits;
}

/** The limits an import tries ({@link memoryLimits} from {@link IMPORT_MEMORY_MB}). */
export function importMemoryLimits(user: string | undefined, machineBytes: number): number[] {
  return memoryLimits(IMPORT_MEMORY_MB, user, machineBytes);
}

/**
 * Whether DuckDB failed for want of memory under its limit. Not when the disk is the cause
 * (src/core/disk.ts): a block DuckDB could not spill to a full disk is an "Out of Memory Error" in its
 * words, but a larger limit only moves the failure, and the user must hear that the disk is full.
 */
export function isOutOfMemory(e: unknown): boolean {
  return (
    e instanceof Error &&
    /Out of Memory Error|could not allocate|failed to pin block/i.test(e.message) &&
    diskFailure(e) === null
  );
}

/** A limit as DuckDB's `memory_limit` setting reads it (in KB: a limit under 1 MB stays one). */
export function memorySetting(mb: number): string {
  return `${Math.round(mb * 1000)}KB`;
}

/** Sets DuckDB's buffer limit on an open connection, in MB. */
export async function setMemoryLimit(con: DuckDBConnection, mb: number): Promise<void> {
  await con.run(`SET memory_limit = '${memorySetting(mb)}'`);
}

/** Where a library stands among its limits: the one in force, and the larger ones left. */
export class MemoryLimits {
  private readonly limits: readonly number[];
  private at = 0;
  private readonly onRaise: ((fromMb: number, toMb: number) => void) | undefined;

  /** `onRaise` is told each time a larger limit takes over. */
  constructor(limits: readonly number[], onRaise?: (fromMb: number, toMb: number) => void) {
    this.limits = limits;
    this.onRaise = onRaise;
  }

  /**
   * The limits of a library opened now for reading on this machine, from `firstMb` (the readers',
   * {@link READ_MEMORY_MB}, unless a command has its own).
   */
  static forReading(
    machineBytes: number,
    onRaise?: (fromMb: number, toMb: number) => void,
    firstMb: number = READ_MEMORY_MB,
  ): MemoryLimits {
    return new MemoryLimits(memoryLimits(firstMb, userMemoryLimit(), machineBytes), onRaise);
  }

  /** The limit in force, in MB; undefined when the user's setting is one bdb cannot read. */
  get current(): number | undefined {
    return this.limits[this.at];
  }

  /** DuckDB's `memory_limit` setting for the limit in force (the user's own when bdb cannot read it). */
  get setting(): string | undefined {
    const mb = this.current;
    return mb === undefined ? userMemoryLimit() : memorySetting(mb);
  }

  /** Whether the limit in force is the last one (half the machine, or the user's unreadable setting). */
  get largest(): boolean {
    return this.at + 1 >= this.limits.length;
  }

  /**
   * After the failure `e`: when DuckDB ran out of memory and a larger limit is left, that limit takes over
   * (true: the caller sets it and runs the statement again); otherwise false.
   */
  raise(e: unknown): boolean {
    if (!isOutOfMemory(e) || this.largest) return false;
    this.at++;
    this.onRaise?.(this.limits[this.at - 1]!, this.limits[this.at]!);
    return true;
  }
}

/**
 * Runs `work` on `con`, and again each time it runs out of memory while `limits` has a larger limit, which
 * is set first. Only for work that can be run again: a read, or a transaction rolled back.
 */
export async function withMoreMemory<T>(
  con: DuckDBConnection,
  limits: MemoryLimits,
  work: () => Promise<T>,
): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (e) {
      if (!limits.raise(e)) throw e;
      await setMemoryLimit(con, limits.current!);
    }
  }
}
