/**
 * The bytes of every imported file, kept beside the library so it stands alone (`bdb biases|plan
 * --library` parse them again; a future bdb can recompute from them). Not in DuckDB: large BLOBs made the
 * database six times larger and its checkpoints need memory in proportion.
 *
 * Layout (schema 2): append-only pack files `LIBRARY.sources/pack-<time>-<pid>.bin`, one per import or
 * merge run, each blob compressed on its own (Brotli, quality 1: faster than gzip -1 and smaller); the
 * table `sources` says where each content hash (SHA-256) lies. A blob is written, and the pack flushed to
 * disk, before the rows that name it are committed: a kill leaves at most unused bytes at a pack's end,
 * never a row without its bytes. One file per run instead of one per match: creating thousands of small
 * files cost more than compressing them. A run killed before its first commit leaves a pack no row names
 * (2.5 MB for the reference matches): the next import removes it ({@link removeUnusedPacks}).
 *
 * Libraries made by schema 1 kept one gzip file per hash (`LIBRARY.sources/ab/abcd….gz`); those are read
 * where `sources` has no row.
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { makeFolders } from '../core/folders.js';

/** The folder of a library's sources. */
export function sourcesDir(libraryPath: string): string {
  return `${libraryPath}.sources`;
}

/** Where schema 1 kept the bytes of content `sha256`. */
function legacyPath(libraryPath: string, sha256: string): string {
  return join(sourcesDir(libraryPath), sha256.slice(0, 2), `${sha256}.gz`);
}

/** A `sources` row: where a hash's bytes lie. */
export interface SourceLocation {
  readonly sha256: string;
  /** The pack's file name, inside the sources folder. */
  readonly pack: string;
  readonly offset: number;
  readonly length: number;
  readonly codec: 'br';
}

/** Compresses a file's bytes as the library keeps them (done in the import's worker threads). */
export function compressSource(bytes: Uint8Array): Uint8Array {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
}

/**
 * Appends compressed blobs to one new pack file of a library. The caller records each returned location
 * in `sources` in the transaction that names the hash, after calling {@link sync}.
 */
export class SourcePackWriter {
  private readonly dir: string;
  private fd: number | null = null;
  private name = '';
  private offset = 0;
  private dirty = false;

  constructor(libraryPath: string) {
    this.dir = sourcesDir(libraryPath);
  }

  /** Appends one blob; returns where it lies. */
  add(sha256: string, compressed: Uint8Array): SourceLocation {
    if (this.fd === null) {
      makeFolders(this.dir);
      this.name = `pack-${Date.now()}-${process.pid}.bin`;
      this.fd = openSync(join(this.dir, this.name), 'wx');
    }
    let written = 0;
    while (written < compressed.length)
      written += writeSync(this.fd, compressed, written, compressed.length - written);
    const at: SourceLocation = {
      sha256,
      pack: this.name,
      offset: this.offset,
      length: compressed.length,
      codec: 'br',
    };
    this.offset += compressed.length;
    this.dirty = true;
    return at;
  }

  /** Puts the bytes written so far on disk (before the commit naming them). */
  sync(): void {
    if (this.fd !== null && this.dirty) fdatasyncSync(this.fd);
    this.dirty = false;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /**
   * Closes and removes the pack, whose bytes no committed row names (a merge's transaction rolled back).
   * Leaving it would only leave unused bytes, so a pack that cannot be removed is left.
   */
  discard(): void {
    try {
      this.close();
      if (this.name !== '') rmSync(join(this.dir, this.name), { force: true });
    } catch {
      // unused bytes, as a killed run leaves
    }
    this.name = '';
  }
}

/** The name of a pack file ({@link SourcePackWriter}). */
const PACK_NAME = /^pack-\d+-\d+\.bin$/;

/**
 * Removes the pack files of a library that no `sources` row names (`referenced`: the packs its rows name),
 * and gives their names. Such a pack was written by a run stopped before the commit that would have named
 * it (killed, or rolled back), and no later row can name it: only the run writing a pack adds rows naming it.
 *
 * Safe only while the caller holds the library open for writing. DuckDB locks the database file: a process
 * that opened it for writing holds the lock alone (another writer, or a reader, cannot open it until it is
 * closed), and every writer of packs (import, merge, analyse --import) writes them only while it has the
 * library open for writing. So no other process is writing a pack now, and every pack it wrote before is
 * named by its committed rows or never will be. Schema 1's folders of per-hash files are left alone, and so
 * are the unused bytes at the end of a pack whose start is named (at most one transaction's files).
 * Nothing here stops an import: a folder that cannot be read or a pack that cannot be removed is left.
 */
export function removeUnusedPacks(libraryPath: string, referenced: ReadonlySet<string>): string[] {
  const dir = sourcesDir(libraryPath);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    // no sources folder yet (or not one bdb can read: reading a source says so)
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!PACK_NAME.test(name) || referenced.has(name)) continue;
    try {
      rmSync(join(dir, name));
      removed.push(name);
    } catch {
      // left for a later import
    }
  }
  return removed;
}

/** The stored bytes of one location (as compressed), or null when the pack is missing or short. */
export function readCompressed(libraryPath: string, at: SourceLocation): Uint8Array | null {
  const p = join(sourcesDir(libraryPath), at.pack);
  if (!existsSync(p)) return null;
  const fd = openSync(p, 'r');
  try {
    const out = new Uint8Array(at.length);
    let got = 0;
    while (got < at.length) {
      const n = readSync(fd, out, got, at.length - got, at.offset + got);
      if (n === 0) return null;
      got += n;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}

/**
 * {@link readSource} for a content whose size is known (`files.size`): inflated into one buffer of that size
 * (and one byte more, so that zlib does not start another), returned without a copy. The array's buffer is
 * its own, to be moved to another thread. A worker inflating this way leaves only the compressed bytes behind
 * as garbage, where zlib's 16 KB pieces and their copy made its heap grow by tens of MB between collections.
 */
export function readSourceSized(
  libraryPath: string,
  sha256: string,
  at: SourceLocation | null,
  size: number,
): Uint8Array | null {
  const out = inflated(libraryPath, sha256, at, { chunkSize: Math.max(64, size + 1) });
  if (!out) return null;
  // one piece in a buffer of its own when the size was right; else (a small file in Node's shared pool, a
  // size that was wrong) a copy
  const owns = out.buffer.byteLength <= out.byteLength + 1;
  return owns ? new Uint8Array(out.buffer, out.byteOffset, out.byteLength) : new Uint8Array(out);
}

/**
 * The inflated bytes of content `sha256` as zlib gives them (Brotli from its pack when `at` is given, else
 * gzip from schema 1's per-hash file), or null when the library does not hold them.
 */
function inflated(
  libraryPath: string,
  sha256: string,
  at: SourceLocation | null,
  opts: { chunkSize?: number } = {},
): Buffer | null {
  if (at) {
    if (at.codec !== 'br') return null;
    const packed = readCompressed(libraryPath, at);
    return packed ? brotliDecompressSync(packed, opts) : null;
  }
  const p = legacyPath(libraryPath, sha256);
  return existsSync(p) ? gunzipSync(readFileSync(p), opts) : null;
}

/** Whether a library holds content `sha256` in schema 1's per-hash layout. */
export function hasLegacySource(libraryPath: string, sha256: string): boolean {
  return existsSync(legacyPath(libraryPath, sha256));
}

/**
 * The bytes of content `sha256`: from its pack when `at` is given, else from schema 1's per-hash file;
 * null when the library does not hold them.
 */
export function readSource(
  libraryPath: string,
  sha256: string,
  at: SourceLocation | null,
): Uint8Array | null {
  const out = inflated(libraryPath, sha256, at);
  return out && new Uint8Array(out);
}
