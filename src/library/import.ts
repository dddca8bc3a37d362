/**
 * Files → library rows. The importer is the library's only writer.
 *
 * - A file whose path and content hash (SHA-256) are already in the library is unchanged and skipped; the
 *   same played match in another file (its fingerprint, exactly as `bdb stats` counts a match once: a copy,
 *   its SGF and its text export, its XG file and its transcript) is recorded as a duplicate of the file
 *   holding it. The better reading holds it (`readingRank`: XG, SGF, gnuBG text, transcript): a better one
 *   imported later takes the match over and the earlier files become its duplicates. Bytes alone do not
 *   decide: one game file of a gnuBG text export is not the whole export it belongs to.
 * - A file whose content changed since it was imported replaces its match (a match re-analysed and saved
 *   again under the same name).
 * - A file bdb cannot read is recorded with its error (retried on the next import).
 * - Atomicity: a file's rows are written in one transaction, never split across two. Several files share a
 *   transaction (DuckDB commits cost milliseconds each), so killing bdb at any moment leaves every file
 *   either wholly in the library or absent, and importing again finishes.
 * - Cadence: a transaction is committed when it holds `batchRows` decisions (50,000) or has been open for
 *   `batchMs` (2 s), whichever comes first, so a kill loses at most a few seconds of work. Rows alone let
 *   the first commit of the reference matches (11,341 decisions) come only at their end: a kill anywhere
 *   before it threw the whole run away.
 * - What a killed run leaves: its temporary CSV and a pack of sources no row names (written before a commit
 *   that never came) are removed by the next import ({@link LibraryImporter.start}), or by the run itself
 *   when it rolls back.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BdbError } from '../errors.js';
import type { Met } from '../met/index.js';
import { matchKey } from '../metrics/match-report.js';
import { type Match, readingRank } from '../model/types.js';
import { type Detected, parseMatchFiles } from '../parsers/index.js';
import type { ParseWarning } from '../parsers/types.js';
import { IMPORT_MEMORY_MB, setMemoryLimit, userMemoryLimit } from './memory.js';
import type { Library } from './open.js';
import { type Cell, matchRows } from './rows.js';
import { BUMP_GENERATION } from './schema.js';
import { compressSource, removeUnusedPacks, SourcePackWriter } from './sources.js';
import { COPY_CSV, CsvWriter, rollback, rows, TableAppender, type WriteValue } from './sql.js';

/** One file of a match unit: the shape `parseMatchFiles` reads. */
export interface UnitFile {
  readonly file: string;
  readonly bytes: Uint8Array;
}

/** A file as stored: its name and size (its bytes have gone to be parsed). */
export interface StoredFile {
  readonly file: string;
  readonly size: number;
}

/** The name and size of unit files. */
export function storedFiles(files: readonly UnitFile[]): StoredFile[] {
  return files.map((f) => ({ file: f.file, size: f.bytes.length }));
}

/** What became of a match unit. */
export type ImportStatus = 'new' | 'unchanged' | 'duplicate' | 'failed';

export interface ImportOutcome {
  readonly status: ImportStatus;
  /** The unit's first file. */
  readonly file: string;
  /** failed: the one-line error. */
  readonly message?: string;
  /** duplicate: the file already holding the match. */
  readonly sameAs?: string;
  /** new: the decisions stored. */
  readonly decisions?: number;
}

/**
 * How much an import lets DuckDB's write-ahead log grow, in MB, before DuckDB writes its rows into the
 * library's tables (a checkpoint), instead of DuckDB's 16 MB. A transaction of 50,000 decision rows logs more
 * than 16 MB, so nearly every commit was followed by a checkpoint, which compressed the table's last row group
 * again with the rows added since. At 32 MB, against 16 (pairs in turn): on bench:library C's 10,000 matches
 * 0.71× the CPU time and 0.68× the wall time, the same peak memory (368 against 367 MB; one pair); on 2,000
 * of them 0.78× and 0.76×, 308 against 331 MB (3 pairs); on the Galaxy transcripts and the reference matches
 * (bench:library A) 0.92× and 0.88×, 302 against 333 MB, a file of 33 against 49 MB (3 pairs). At 64 MB and
 * more the committed rows held in memory until the checkpoint made the peak 40 MB higher at 10,000 matches
 * (407 against 364 MB), for no more speed. A commit is still durable when it returns (the log is on disk).
 */
const IMPORT_CHECKPOINT_MB = 32;

/** The tables appended to row by row (decisions are loaded from CSV, see {@link LibraryImporter}). */
const TABLES = ['files', 'matches', 'match_players', 'games', 'sources'] as const;
type Table = (typeof TABLES)[number];

const SELECT_FILES = 'SELECT path, sha256, status, match_id FROM files';
const SELECT_FINGERPRINTS = 'SELECT fingerprint, file, format FROM matches WHERE fingerprint IS NOT NULL';
const SELECT_MATCH_FILES =
  'SELECT unit, path, sha256, size, format FROM files WHERE match_id = $1 ORDER BY unit, path';
const SELECT_NEXT_ID = 'SELECT coalesce(max(match_id), 0) + 1 FROM matches';
const SELECT_SOURCES = 'SELECT sha256 FROM sources';
const SELECT_PACKS = 'SELECT DISTINCT pack FROM sources';
/** The content, fingerprint and format of every stored single-file unit (imported or duplicate). */
const SELECT_CONTENTS = `SELECT any_value(f.sha256), any_value(m.fingerprint), any_value(f.format)
  FROM files f JOIN matches m ON m.match_id = f.match_id
  WHERE f.status <> 'failed' AND m.fingerprint IS NOT NULL AND f.format IS NOT NULL
  GROUP BY f.unit HAVING count(*) = 1`;

const DELETE_FILE = 'DELETE FROM files WHERE path = $1';
const DELETE_FAILED = "DELETE FROM files WHERE status = 'failed' AND path = $1";
const DELETE_MATCH = [
  'DELETE FROM decisions WHERE match_id = $1',
  'DELETE FROM games WHERE match_id = $1',
  'DELETE FROM match_players WHERE match_id = $1',
  'DELETE FROM matches WHERE match_id = $1',
  'DELETE FROM files WHERE match_id = $1',
];

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A unit's content: its files' hashes in order. */
export function contentKey(hashes: readonly string[]): string {
  return hashes.join(' ');
}

/** A unit's rows as stored, under the match id reserved for it. */
export interface UnitRows {
  readonly match: Cell[];
  readonly players: Cell[][];
  readonly games: Cell[][];
  /** The decision rows as CSV lines ({@link CsvWriter}), UTF-8 (sent from a worker without a copy). */
  readonly decisionsCsv: Uint8Array;
  readonly decisionCount: number;
}

/** What is done for a unit away from the library (here, or in a worker thread): parse, rows, compression. */
export type Prepared =
  | {
      readonly ok: true;
      readonly format: string;
      readonly fingerprint: string | null;
      readonly rows: UnitRows;
      /** Each file's bytes, compressed as the library keeps them (src/library/sources.ts). */
      readonly compressed: Uint8Array[];
    }
  | { readonly ok: false; readonly format: null; readonly message: string };

/**
 * Parses a unit (with `format`, told when its files were found; left out, told here from the bytes) and
 * makes its rows under match id `matchId` ({@link LibraryImporter.reserveId}).
 */
export function prepareUnit(
  met: Met,
  files: readonly UnitFile[],
  matchId: number,
  format?: Detected,
): Prepared {
  const first = files[0]!;
  const internal = (e: unknown): string =>
    `${first.file}: internal error (please report): ${(e as Error).message}`;
  let parsed: { match: Match; warnings: readonly ParseWarning[] };
  try {
    // the reader `bdb stats` uses
    parsed = parseMatchFiles(files, met, format);
  } catch (e) {
    return { ok: false, format: null, message: e instanceof BdbError ? e.message : internal(e) };
  }
  try {
    const fingerprint = matchKey(parsed.match);
    const csv = new CsvWriter();
    let decisionCount = 0;
    const r = matchRows(
      met,
      parsed.match,
      parsed.warnings,
      matchId,
      files.map((f) => f.file),
      fingerprint,
      (row) => {
        csv.row(row);
        decisionCount++;
      },
    );
    const decisionsCsv = csv.bytes();
    return {
      ok: true,
      format: parsed.match.format,
      fingerprint,
      rows: {
        match: r.match,
        players: r.players,
        games: r.games,
        decisionsCsv,
        decisionCount,
      },
      compressed: files.map((f) => compressSource(f.bytes)),
    };
  } catch (e) {
    return { ok: false, format: null, message: internal(e) };
  }
}

/** The files of one unit a better reading took a match from. */
interface OldUnit {
  readonly files: StoredFile[];
  readonly hashes: string[];
  readonly format: string | null;
}

/** Imports match units into a library opened for writing. */
export class LibraryImporter {
  private readonly lib: Library;
  private readonly met: Met;
  private readonly batchRows: number;
  private readonly batchMs: number;
  /** When the open transaction began (Date.now()). */
  private batchStarted = 0;
  /** path → { sha256, match } of files already in the library (imported or duplicate). */
  private readonly known = new Map<string, { sha: string; matchId: number | null; holds: boolean }>();
  /** fingerprint key → file of the match and its reading rank. */
  private readonly fingerprints = new Map<string, { file: string; rank: number }>();
  /** Paths recorded as failed by an earlier import (their row is replaced when tried again). */
  private readonly failed = new Set<string>();
  /**
   * Contents (see {@link contentKey}) of the units stored with a match fingerprint, this run or before
   * (single files only from before): a unit with the same bytes is the same match, recorded without being
   * parsed again (see {@link isCopy}).
   */
  private readonly contents = new Map<string, { fingerprint: string; format: string }>();
  /** Hashes whose bytes the sources' packs hold. */
  private readonly sources = new Set<string>();
  private readonly pack: SourcePackWriter;
  /**
   * The open transaction's decision rows go to this CSV file as they come (nothing is held in memory) and
   * are loaded by one COPY before it commits.
   */
  private readonly csvPath: string;
  private csvFd: number | null = null;
  private nextId = 1;
  private appenders: Record<Table, TableAppender> | null = null;
  private pending = 0;
  /** Units stored as new in the open transaction, and in the transactions committed ({@link kept}). */
  private newPending = 0;
  private newCommitted = 0;
  /**
   * A commit started by {@link maybeCommit} and not awaited: DuckDB loads the CSV and commits on its own
   * threads while the caller reads and parses the next files. Awaited before anything else touches the
   * library (the next transaction, a commit, a rollback); its error is thrown there.
   */
  private committing: Promise<void> | null = null;

  private constructor(lib: Library, met: Met, batchRows: number, batchMs: number) {
    this.lib = lib;
    this.met = met;
    this.batchRows = batchRows;
    this.batchMs = batchMs;
    this.pack = new SourcePackWriter(lib.path);
    this.csvPath = `${lib.path}.import-${process.pid}.csv`;
  }

  /** Loads what the library holds (hashes, fingerprints, the next match id). */
  static async start(
    lib: Library,
    met: Met,
    opts: { batchRows?: number; batchMs?: number; memoryMb?: number } = {},
  ): Promise<LibraryImporter> {
    if (lib.readOnly) throw new BdbError('LIBRARY', `${lib.path}: opened read-only, cannot import`);
    const imp = new LibraryImporter(lib, met, opts.batchRows ?? 50_000, opts.batchMs ?? 2000);
    const con = lib.connection;
    if (opts.memoryMb !== undefined) await setMemoryLimit(con, opts.memoryMb);
    else if (userMemoryLimit() === undefined) await setMemoryLimit(con, IMPORT_MEMORY_MB);
    // one DuckDB thread: a COPY's rows take 2.6 times less memory than with two (IMPORT_MEMORY_MB)
    await con.run('SET threads = 1');
    await con.run(`SET checkpoint_threshold = '${IMPORT_CHECKPOINT_MB}MB'`);
    for (const [path, sha, status, matchId] of await rows(con, SELECT_FILES)) {
      if (status === 'failed') {
        imp.failed.add(String(path));
        continue;
      }
      imp.known.set(String(path), {
        sha: String(sha),
        matchId: matchId === null ? null : Number(matchId),
        holds: status === 'imported',
      });
    }
    for (const [fp, file, format] of await rows(con, SELECT_FINGERPRINTS))
      imp.fingerprints.set(String(fp), { file: String(file), rank: readingRank(String(format)) });
    imp.nextId = Number((await rows(con, SELECT_NEXT_ID))[0]![0]);
    for (const [sha] of await rows(con, SELECT_SOURCES)) imp.sources.add(String(sha));
    for (const [sha, fp, format] of await rows(con, SELECT_CONTENTS))
      imp.contents.set(String(sha), { fingerprint: String(fp), format: String(format) });
    // the CSV files a killed import left (this process holds the library's write lock)
    const dir = dirname(lib.path);
    const prefix = `${basename(lib.path)}.import-`;
    for (const f of readdirSync(dir))
      if (f.startsWith(prefix) && f.endsWith('.csv')) rmSync(join(dir, f), { force: true });
    // and the packs of sources a killed run wrote before its commit (this process holds the lock, see there)
    await imp.removeUnusedPacks();
    return imp;
  }

  /** Removes the library's packs that no committed row names ({@link removeUnusedPacks}). */
  private async removeUnusedPacks(): Promise<void> {
    const named = new Set((await rows(this.lib.connection, SELECT_PACKS)).map((r) => String(r[0])));
    removeUnusedPacks(this.lib.path, named);
  }

  /** A match id for a unit about to be prepared (an id left unused by a duplicate or a failure is a gap). */
  reserveId(): number {
    return this.nextId++;
  }

  /** Loads the decision rows gathered so far (inside the open transaction). */
  private async loadDecisions(): Promise<void> {
    if (this.csvFd === null) return;
    closeSync(this.csvFd);
    this.csvFd = null;
    try {
      await this.lib.connection.run(
        `COPY decisions FROM '${this.csvPath.replaceAll("'", "''")}' ${COPY_CSV}`,
      );
    } finally {
      rmSync(this.csvPath, { force: true });
    }
  }

  /**
   * Removes the temporary CSV at once, for a process about to end without waiting for DuckDB (a second
   * Ctrl-C): the open transaction is lost, as when killed. A commit in flight stays all or nothing, whether
   * its COPY had the file open already (it reads on) or not (it fails). The pack is left for the next import
   * ({@link removeUnusedPacks}): only DuckDB knows whether a commit named it.
   */
  dropTemporary(): void {
    if (this.csvFd !== null) closeSync(this.csvFd);
    this.csvFd = null;
    rmSync(this.csvPath, { force: true });
  }

  /**
   * The units stored as new by this importer's commits: in the library whatever happens next (a full disk
   * stops an import: what it committed is kept, issue 37 item 4).
   */
  get kept(): number {
    return this.newCommitted;
  }

  /** Whether a commit is in flight (or failed, to be thrown): the caller may parse more units meanwhile. */
  get busy(): boolean {
    return this.committing !== null;
  }

  /** Parses a unit and makes its rows here ({@link prepareUnit}), under an id from {@link reserveId}. */
  prepare(files: readonly UnitFile[], matchId: number, format?: Detected): Prepared {
    return prepareUnit(this.met, files, matchId, format);
  }

  /** Waits for the commit in flight, if any (and throws its error). */
  private async settle(): Promise<void> {
    const c = this.committing;
    if (c === null) return;
    this.committing = null;
    await c;
  }

  private async begin(): Promise<Record<Table, TableAppender>> {
    await this.settle();
    if (this.appenders) return this.appenders;
    const con = this.lib.connection;
    await con.run('BEGIN TRANSACTION');
    this.batchStarted = Date.now();
    const apps = {} as Record<Table, TableAppender>;
    for (const t of TABLES) apps[t] = await TableAppender.create(con, t);
    this.appenders = apps;
    return apps;
  }

  /** Commits the open transaction (every file added so far is then in the library). */
  async commit(): Promise<void> {
    await this.settle();
    await this.commitNow();
  }

  private async commitNow(): Promise<void> {
    const apps = this.appenders;
    if (!apps) return;
    await this.loadDecisions();
    // the bytes the rows name reach the disk first
    this.pack.sync();
    // kept until every one is flushed: after a failed flush, rollback() drops what the others hold
    for (const t of TABLES) apps[t].close();
    this.appenders = null;
    this.pending = 0;
    const stored = this.newPending;
    this.newPending = 0;
    await this.lib.connection.run(BUMP_GENERATION);
    await this.lib.connection.run('COMMIT');
    this.newCommitted += stored;
  }

  /** Commits and closes the sources' pack. */
  async finish(): Promise<void> {
    await this.commit();
    this.pack.close();
  }

  /** Drops the open transaction (nothing of it reaches the library). */
  async rollback(): Promise<void> {
    try {
      await this.settle();
    } catch {
      // the commit in flight failed: what it held is rolled back below
    }
    const apps = this.appenders;
    this.pack.close();
    this.dropTemporary();
    this.appenders = null;
    this.pending = 0;
    this.newPending = 0;
    for (const t of apps ? TABLES : []) {
      try {
        apps![t].discard();
      } catch {
        // closed already (by a commit that failed after it)
      }
    }
    // also when a commit failed after giving up its appenders (their flush, or the COMMIT itself)
    await rollback(this.lib.connection);
    // this run's pack, when no commit of it named it
    try {
      await this.removeUnusedPacks();
    } catch {
      // a connection DuckDB invalidated cannot say: the next import removes it
    }
  }

  private fileRows(
    apps: Record<Table, TableAppender>,
    files: readonly StoredFile[],
    hashes: readonly string[],
    format: string | null,
    status: 'imported' | 'duplicate' | 'failed',
    extra: { error?: string; matchId?: number | null; sameAs?: string },
  ): void {
    const now = new Date();
    files.forEach((f, i) => {
      const row: WriteValue[] = [
        f.file,
        files[0]!.file,
        hashes[i]!,
        f.size,
        format,
        now,
        status,
        extra.error ?? null,
        extra.matchId ?? null,
        extra.sameAs ?? null,
      ];
      apps.files.append(row);
      if (status !== 'failed')
        this.known.set(f.file, {
          sha: hashes[i]!,
          matchId: extra.matchId ?? null,
          holds: status === 'imported',
        });
    });
  }

  /**
   * The content hashes of a unit's files, or null when every file is already in the library with the same
   * content (unchanged: nothing to do).
   */
  check(files: readonly UnitFile[]): string[] | null {
    const hashes = this.hashes(files);
    return this.unchanged(files, hashes) ? null : hashes;
  }

  /** Whether every file of a unit is in the library with these content hashes (nothing to do). */
  unchanged(files: readonly UnitFile[], hashes: readonly string[]): boolean {
    return files.every((f, i) => this.known.get(f.file)?.sha === hashes[i]);
  }

  /** The content hashes of a unit's files, in order. */
  hashes(files: readonly UnitFile[]): string[] {
    return files.map((f) => sha256(f.bytes));
  }

  /**
   * Imports one match unit (one file, or the per-game files of a gnuBG text export), parsing it here with
   * `format` (told when its files were found; left out, told from the bytes).
   */
  async add(files: UnitFile[], format?: Detected): Promise<ImportOutcome> {
    const first = files[0];
    if (!first) throw new Error('library import: empty unit');
    const hashes = this.check(files);
    if (hashes === null) return { status: 'unchanged', file: first.file };
    if (this.isCopy(files, hashes)) return this.storeCopy(files, hashes, format);
    return this.store(storedFiles(files), hashes, prepareUnit(this.met, files, this.reserveId(), format));
  }

  /**
   * Whether a unit (new paths, none failed before) has the bytes of one stored with a match fingerprint, or
   * of one `pending` (sent to be parsed before it, in input order). Such a unit is not parsed: bdb stats sets
   * byte-identical files aside the same way.
   */
  isCopy(files: readonly UnitFile[], hashes: readonly string[], pending?: ReadonlySet<string>): boolean {
    if (files.some((f) => this.known.has(f.file) || this.failed.has(f.file))) return false;
    const key = contentKey(hashes);
    return this.contents.has(key) || pending?.has(key) === true;
  }

  /**
   * Stores a unit {@link isCopy} found (in input order, after the unit whose bytes it has): a duplicate of
   * that unit's match, as parsing it would have found; parsed after all when that unit gave no fingerprint
   * (it failed, or its match has no decision) or its match is no longer stored.
   */
  async storeCopy(
    files: readonly UnitFile[],
    hashes: readonly string[],
    format?: Detected,
  ): Promise<ImportOutcome> {
    const first = files[0]!;
    const same = this.contents.get(contentKey(hashes));
    const seen = same === undefined ? undefined : this.fingerprints.get(same.fingerprint);
    const matchId = seen === undefined ? undefined : this.known.get(seen.file)?.matchId;
    if (same === undefined || seen === undefined || matchId === undefined || matchId === null)
      return this.store(storedFiles(files), hashes, prepareUnit(this.met, files, this.reserveId(), format));
    const apps = await this.begin();
    this.fileRows(apps, storedFiles(files), hashes, same.format, 'duplicate', { matchId, sameAs: seen.file });
    this.maybeCommit(0);
    return { status: 'duplicate', file: first.file, sameAs: seen.file };
  }

  /**
   * Stores a unit prepared by {@link prepareUnit} (here or in a worker). Units must be stored in input
   * order: the first file of a match holds it, later ones are its duplicates.
   */
  async store(
    files: readonly StoredFile[],
    hashes: readonly string[],
    prepared: Prepared,
  ): Promise<ImportOutcome> {
    const first = files[0]!;
    const apps = await this.begin();
    const con = this.lib.connection;
    // a file whose content changed: its old match goes (rows appended so far are flushed first)
    const stale = new Set<number>();
    const staleDuplicates: string[] = [];
    files.forEach((f, i) => {
      const k = this.known.get(f.file);
      if (!k || k.sha === hashes[i]) return;
      if (k.holds && k.matchId !== null) stale.add(k.matchId);
      else staleDuplicates.push(f.file);
    });
    if (staleDuplicates.length > 0) {
      apps.files.flush();
      for (const p of staleDuplicates) {
        await con.run(DELETE_FILE, [p]);
        this.known.delete(p);
      }
    }
    if (stale.size > 0) {
      for (const t of TABLES) apps[t].flush();
      await this.loadDecisions();
      for (const id of stale) {
        for (const sql of DELETE_MATCH) await con.run(sql, [id]);
        for (const [p, k] of this.known) if (k.matchId === id) this.known.delete(p);
        for (const [fp, { file }] of this.fingerprints)
          if (this.known.get(file) === undefined) this.fingerprints.delete(fp);
      }
    }
    for (const f of files) {
      if (!this.failed.delete(f.file)) continue;
      apps.files.flush();
      await con.run(DELETE_FAILED, [f.file]);
    }

    if (!prepared.ok) {
      this.fileRows(apps, files, hashes, prepared.format, 'failed', { error: prepared.message });
      this.maybeCommit(0);
      return { status: 'failed', file: first.file, message: prepared.message };
    }
    const fp = prepared.fingerprint;
    if (fp !== null) this.contents.set(contentKey(hashes), { fingerprint: fp, format: prepared.format });
    const seen = fp === null ? undefined : this.fingerprints.get(fp);
    const rank = readingRank(prepared.format);
    if (seen !== undefined && seen.rank <= rank) {
      const matchId = this.known.get(seen.file)?.matchId ?? null;
      this.fileRows(apps, files, hashes, prepared.format, 'duplicate', { matchId, sameAs: seen.file });
      this.maybeCommit(0);
      return { status: 'duplicate', file: first.file, sameAs: seen.file };
    }
    const { match, players, games, decisionsCsv, decisionCount } = prepared.rows;
    const matchId = Number(match[0]);
    // a better reading of a stored match takes it over: the stored one's files become its duplicates
    const overtaken = seen === undefined ? [] : await this.dropReading(seen.file);
    apps.matches.append(match);
    for (const p of players) apps.match_players.append(p);
    for (const g of games) apps.games.append(g);
    if (decisionsCsv.length > 0) {
      this.csvFd ??= openSync(this.csvPath, 'w');
      let written = 0;
      while (written < decisionsCsv.length)
        written += writeSync(this.csvFd, decisionsCsv, written, decisionsCsv.length - written);
    }
    hashes.forEach((h, i) => {
      if (this.sources.has(h)) return;
      const at = this.pack.add(h, prepared.compressed[i]!);
      apps.sources.append([at.sha256, at.pack, at.offset, at.length, at.codec]);
      this.sources.add(h);
    });
    this.fileRows(apps, files, hashes, prepared.format, 'imported', { matchId });
    for (const o of overtaken)
      this.fileRows(apps, o.files, o.hashes, o.format, 'duplicate', { matchId, sameAs: first.file });
    if (fp !== null) this.fingerprints.set(fp, { file: first.file, rank });
    this.newPending++;
    this.maybeCommit(decisionCount + 1);
    return { status: 'new', file: first.file, decisions: decisionCount };
  }

  /**
   * Removes the stored match whose file is `file` (inside the open transaction) and gives back its files
   * (the one holding it and its duplicates) to be recorded as duplicates of the reading replacing it.
   */
  private async dropReading(file: string): Promise<OldUnit[]> {
    const id = this.known.get(file)?.matchId;
    if (id === null || id === undefined) return [];
    const apps = this.appenders!;
    for (const t of TABLES) apps[t].flush();
    await this.loadDecisions();
    const con = this.lib.connection;
    const units = new Map<string, OldUnit>();
    for (const [unit, path, sha, size, format] of await rows(con, SELECT_MATCH_FILES, [id])) {
      let u = units.get(String(unit));
      if (!u) {
        u = { files: [], hashes: [], format: format === null ? null : String(format) };
        units.set(String(unit), u);
      }
      u.files.push({ file: String(path), size: Number(size) });
      u.hashes.push(String(sha));
      this.known.delete(String(path));
    }
    for (const sql of DELETE_MATCH) await con.run(sql, [id]);
    return [...units.values()];
  }

  /**
   * Starts a commit once the transaction holds `batchRows` rows or has been open for `batchMs`, without
   * waiting for it ({@link committing}): every map above already says what the commit stores, so the next
   * unit can be checked and parsed.
   */
  private maybeCommit(rowsAdded: number): void {
    this.pending += rowsAdded + 1;
    if (this.pending < this.batchRows && Date.now() - this.batchStarted < this.batchMs) return;
    const c = this.commitNow();
    this.committing = c;
    // once it succeeded there is nothing to wait for; a failed one stays, for settle() to throw (until then
    // it is not an unhandled rejection)
    c.then(
      () => {
        if (this.committing === c) this.committing = null;
      },
      () => {},
    );
  }
}
