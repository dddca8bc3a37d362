/**
 * The container of XG `.xg` match files and `.xgp` position files (formats.md §1.2–1.3): an 8232-byte
 * `RGMH` header, an optional JPEG thumbnail, then a Delphi "ZLibArchive" — one zlib stream per inner
 * file, a zlib-compressed index of 532-byte entries, and a 36-byte trailer at the end of the file.
 *
 * Error policy:
 * - bytes that do not start with the `RGMH` magic (an empty file included) are not an XG file at all:
 *   {@link UnsupportedFormatError} — the same answer format detection gives for any foreign file;
 * - once the magic matched, the file claims to be XG, so every other problem (truncation, sizes that
 *   do not fit, bad zlib data, CRC mismatch, an index entry outside the data area, an inner file over
 *   the size cap) is a {@link CorruptFileError} naming the file, the part (`segment`) and the byte
 *   offset in the file; zlib's own error is kept as `cause`.
 * Oddities that do not stop the reading (a header version other than 1, an archive that does not start
 * right after the thumbnail) are returned as warnings.
 */
import { crc32, inflateSync } from 'node:zlib';
import { shown, UnsupportedFormatError } from '../../errors.js';
import { ByteReader, plainBytes } from './bytes.js';

/** `RGMH` as it appears on disk. */
const MAGIC = [0x52, 0x47, 0x4d, 0x48] as const;
/** How a file that starts as XG but does not end as one is described. */
const NOT_WHOLE = 'truncated or not an XG file';

/** Size of `TRichGameHeader`; the archive follows the header and the thumbnail. */
export const RGMH_HEADER_SIZE = 8232;
/** Size of the ZLibArchive trailer ("archive record") at the end of the file. */
export const ARCHIVE_TRAILER_SIZE = 36;
/**
 * Largest output buffer zlib is given at once (4 MiB: real match files are below it); a file declaring a
 * larger inner file is inflated in pieces of this size, so a false size never costs more memory up front.
 */
const INFLATE_CHUNK_MAX = 4 * 1024 * 1024;
/** Size of one entry of the inflated archive index. */
export const ARCHIVE_ENTRY_SIZE = 532;
/** Default cap on the inflated size of one inner file (64 MiB; real match files are below 4 MiB). */
export const DEFAULT_MAX_INNER_FILE_SIZE = 64 * 1024 * 1024;
/** Default cap on the inflated size of all inner files read from one archive (256 MiB). */
export const DEFAULT_MAX_TOTAL_SIZE = 256 * 1024 * 1024;
/** Default cap on the number of index entries (XG writes 2–4). */
export const DEFAULT_MAX_ENTRIES = 64;

/** The `TRichGameHeader` at the start of every `.xg`/`.xgp` file. The strings are display strings only. */
export interface RgmhHeader {
  /** `dwHeaderVersion`; 1 in every known file. */
  readonly headerVersion: number;
  /** `dwHeaderSize`; 8232 in every known file (the layout uses the fixed size, not this field). */
  readonly headerSize: number;
  /** `liThumbnailOffset`: thumbnail position relative to the end of the header; 0 in known files. */
  readonly thumbnailOffset: number;
  /** `dwThumbnailSize`: byte count of the JPEG thumbnail, 0 when absent. */
  readonly thumbnailSize: number;
  /** `guidGameId`, formatted; the same constant in every known file (it identifies XG, not the match). */
  readonly gameId: string;
  /** `szGameName`, e.g. "Played on Paris, …" (localised). */
  readonly gameName: string;
  /** `szSaveName`, e.g. "A vs. B, 7 point match7-4"; `.xgp`: "Position: …". */
  readonly saveName: string;
  /** `szLevelName`, e.g. "Event: … Round: …". */
  readonly levelName: string;
  /** `szComments`: plain text. */
  readonly comments: string;
}

/** The 36-byte ZLibArchive trailer. */
export interface ArchiveTrailer {
  /** CRC-32 (zlib's) of every byte from the archive start up to the trailer. */
  readonly crc32: number;
  /** Number of inner files. */
  readonly fileCount: number;
  /** Archive format version; 1 in every known file. */
  readonly version: number;
  /** Size in bytes of the index as stored. */
  readonly indexSize: number;
  /** Total size in bytes of the inner files' streams (= offset of the index from the archive start). */
  readonly dataSize: number;
  /** True when the index is zlib-compressed (always, in known files). */
  readonly indexCompressed: boolean;
}

/** One entry of the archive index: an inner file. */
export interface ArchiveEntry {
  /** e.g. `temp.xg`, `temp.xgi`, `temp.xgr`, `temp.xgc`. */
  readonly name: string;
  /** Path stored with the name (empty in known files). */
  readonly path: string;
  /** Size in bytes once inflated. */
  readonly size: number;
  /** Size in bytes as stored in the file. */
  readonly storedSize: number;
  /** Absolute offset of the stored stream in the file. */
  readonly offset: number;
  /** CRC-32 of the inflated bytes. */
  readonly crc32: number;
  /** True when zlib-compressed (storage flag 0); false when stored raw (flag 1). */
  readonly compressed: boolean;
  /** zlib compression level used by XG (2 in known files). */
  readonly compressionLevel: number;
}

/** A warning about the container that did not stop the reading. */
export interface XgWarning {
  /** Byte offset in the file (container) or in the inflated inner file (records). */
  readonly offset: number;
  readonly message: string;
}

/** The container read without inflating the inner files. */
export interface XgArchiveIndex {
  readonly header: RgmhHeader;
  /** The JPEG thumbnail's place in the file, null when there is none or it lies outside the file. */
  readonly thumbnail: { readonly offset: number; readonly size: number } | null;
  /** Absolute offset where the archive (the first inner stream) starts. */
  readonly archiveStart: number;
  readonly trailer: ArchiveTrailer;
  /** The inner files in index (= stream) order. */
  readonly entries: readonly ArchiveEntry[];
  readonly warnings: readonly XgWarning[];
}

/** The container with its inner files inflated. */
export interface XgArchive extends XgArchiveIndex {
  /** Inflated inner files by name (the first entry wins when a name repeats). */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

/** Limits and checks of {@link readXgArchive}. */
export interface XgArchiveOptions {
  /** Cap on one inflated inner file in bytes (default 64 MiB). */
  readonly maxInnerFileSize?: number;
  /** Cap on all inflated inner files together (default 256 MiB). */
  readonly maxTotalSize?: number;
  /** Cap on the number of index entries (default 64). */
  readonly maxEntries?: number;
  /** Check the archive CRC and each inner file's CRC (default true). */
  readonly verifyCrc?: boolean;
  /** Inflate only the inner files with these names (default: all). */
  readonly names?: readonly string[];
}

/** True when `head` (the first bytes of a file) starts with the `RGMH` magic of XG files. */
export function sniffXg(head: Uint8Array): boolean {
  return (
    head.length >= 4 &&
    head[0] === MAGIC[0] &&
    head[1] === MAGIC[1] &&
    head[2] === MAGIC[2] &&
    head[3] === MAGIC[3]
  );
}

/** `0x…` for messages. */
function hex(n: number): string {
  return `0x${n.toString(16)}`;
}

/** The message of a zlib error, for a CorruptFileError detail. */
function zlibMessage(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' ? `${e.message} (${code})` : e.message;
  }
  return String(e);
}

/**
 * Inflates the zlib stream that is all of `r`, with at most `maxOutput` bytes out; any zlib failure is a
 * CorruptFileError at the stream's start, with zlib's error as `cause`.
 */
function inflateChecked(r: ByteReader, maxOutput: number, tooLarge: string, badData: string): Uint8Array {
  try {
    // output buffers of the declared size (up to INFLATE_CHUNK_MAX): a real inner file comes out in one
    // piece, not in 16 KB pieces zlib then concatenates (a seventh of the reading of an .xg file); the
    // spare 64 bytes let zlib see the end without starting a second buffer
    const chunkSize = Math.min(maxOutput + 64, INFLATE_CHUNK_MAX);
    return plainBytes(inflateSync(r.bytes, { maxOutputLength: maxOutput, chunkSize }));
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return r.fail(0, tooLarge, e);
    return r.fail(0, `${badData}: ${zlibMessage(e)}`, e);
  }
}

/** Reads the RGMH header (the magic has been checked). */
function readHeader(r: ByteReader): RgmhHeader {
  r.need(0, RGMH_HEADER_SIZE);
  return {
    headerVersion: r.u32(4),
    headerSize: r.u32(8),
    thumbnailOffset: r.i64(12),
    thumbnailSize: r.u32(20),
    gameId: r.guid(24),
    gameName: r.utf16z(40, 1024),
    saveName: r.utf16z(2088, 1024),
    levelName: r.utf16z(4136, 1024),
    comments: r.utf16z(6184, 1024),
  };
}

/**
 * Reads the header, the trailer and the index of an XG container without inflating the inner files.
 * Throws UnsupportedFormatError without the `RGMH` magic, CorruptFileError for any damage after it.
 */
export function readXgArchiveIndex(
  bytes: Uint8Array,
  file: string,
  options: Pick<XgArchiveOptions, 'maxEntries' | 'verifyCrc'> = {},
): XgArchiveIndex {
  if (bytes.length === 0) throw new UnsupportedFormatError(file, 'empty file');
  if (!sniffXg(bytes)) throw new UnsupportedFormatError(file, 'not an XG file (no RGMH magic at the start)');
  const warnings: XgWarning[] = [];
  const header = readCheckedHeader(bytes, file, warnings);
  const thumbnail = thumbnailOf(header, bytes.length, warnings);
  // the archive follows the header and the thumbnail (xg_format.pas: SizeOf(header) + dwThumbnailSize)
  const contentStart = RGMH_HEADER_SIZE + header.thumbnailSize;
  const whole = new ByteReader(bytes, file, 'archive trailer');
  const { trailer, archiveStart } = readTrailer(whole, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
  if (archiveStart !== contentStart) {
    warnings.push({
      offset: archiveStart,
      message: `archive starts at ${hex(archiveStart)}, not right after the thumbnail at ${hex(contentStart)}`,
    });
  }
  const trailerAt = bytes.length - ARCHIVE_TRAILER_SIZE;
  if (trailer.version !== 1) {
    warnings.push({ offset: trailerAt + 8, message: `archive version ${trailer.version} (known: 1)` });
  }
  if (options.verifyCrc !== false) {
    const actual = crc32(bytes.subarray(archiveStart, trailerAt));
    if (actual !== trailer.crc32) {
      whole.fail(
        trailerAt,
        `archive CRC-32 is ${hex(actual)} over ${hex(archiveStart)}..${hex(trailerAt)}, trailer says ${hex(trailer.crc32)}`,
      );
    }
  }
  const entries = readEntries(whole, trailer, archiveStart);
  return { header, thumbnail, archiveStart, trailer, entries, warnings };
}

/** The RGMH header of a file long enough to hold it and the archive trailer; odd fields are warnings. */
function readCheckedHeader(bytes: Uint8Array, file: string, warnings: XgWarning[]): RgmhHeader {
  const r = new ByteReader(bytes, file, 'RGMH header');
  if (bytes.length < RGMH_HEADER_SIZE + ARCHIVE_TRAILER_SIZE) {
    r.fail(
      bytes.length,
      `${NOT_WHOLE}: it ends at byte ${bytes.length}, before the end of its ${RGMH_HEADER_SIZE}-byte header ` +
        `and the ${ARCHIVE_TRAILER_SIZE}-byte archive trailer that ends every XG file`,
    );
  }
  const header = readHeader(r);
  if (header.headerVersion !== 1) {
    warnings.push({ offset: 4, message: `RGMH header version ${header.headerVersion} (known: 1)` });
  }
  if (header.headerSize !== RGMH_HEADER_SIZE) {
    warnings.push({
      offset: 8,
      message: `RGMH header size field ${header.headerSize} (expected ${RGMH_HEADER_SIZE})`,
    });
  }
  return header;
}

/** Where the thumbnail is; null when there is none, or (with a warning) when it lies outside the file. */
function thumbnailOf(header: RgmhHeader, length: number, warnings: XgWarning[]): XgArchiveIndex['thumbnail'] {
  if (header.thumbnailSize <= 0) return null;
  const thumbStart = RGMH_HEADER_SIZE + header.thumbnailOffset;
  if (thumbStart >= RGMH_HEADER_SIZE && thumbStart + header.thumbnailSize <= length) {
    return { offset: thumbStart, size: header.thumbnailSize };
  }
  warnings.push({ offset: 12, message: `thumbnail (${header.thumbnailSize} bytes) lies outside the file` });
  return null;
}

/**
 * The archive trailer, the last 36 bytes, and where the archive it describes starts. The last 36 bytes of a
 * file cut short (a download or a copy stopped) are any 36 bytes of the archive: what they say does not
 * hold together, and the file is told to be incomplete, not its numbers listed.
 */
function readTrailer(
  whole: ByteReader,
  maxEntries: number,
): { trailer: ArchiveTrailer; archiveStart: number } {
  const trailerAt = whole.bytes.length - ARCHIVE_TRAILER_SIZE;
  const t = whole.sub(trailerAt, ARCHIVE_TRAILER_SIZE, 'archive trailer');
  const compressedFlag = t.i32(20);
  const trailer: ArchiveTrailer = {
    crc32: t.u32(0),
    fileCount: t.i32(4),
    version: t.i32(8),
    indexSize: t.i32(12),
    dataSize: t.i32(16),
    indexCompressed: compressedFlag !== 0,
  };
  const notTrailer = (why: string): never =>
    t.fail(
      0,
      `${NOT_WHOLE}: its last ${ARCHIVE_TRAILER_SIZE} bytes, from byte ${trailerAt}, are not the archive ` +
        `trailer that ends an XG file (${why})`,
    );
  if (trailer.fileCount < 1 || trailer.fileCount > maxEntries) {
    notTrailer(`they count ${trailer.fileCount} inner files, where XG writes a few`);
  }
  if (compressedFlag !== 0 && compressedFlag !== 1) {
    notTrailer(`their index compression flag is ${compressedFlag}, not 0 or 1`);
  }
  if (trailer.indexSize <= 0 || trailer.dataSize < 0) {
    notTrailer(`index size ${trailer.indexSize} and data size ${trailer.dataSize}: not sizes`);
  }
  const archiveStart = trailerAt - trailer.indexSize - trailer.dataSize;
  if (archiveStart < RGMH_HEADER_SIZE) {
    notTrailer(
      `${trailer.indexSize} + ${trailer.dataSize} bytes of index and data do not fit in the ${trailerAt - RGMH_HEADER_SIZE} after the header`,
    );
  }
  return { trailer, archiveStart };
}

/** The index's entries, each checked to lie in the data area (the index inflated when compressed). */
function readEntries(whole: ByteReader, trailer: ArchiveTrailer, archiveStart: number): ArchiveEntry[] {
  const indexAt = archiveStart + trailer.dataSize;
  const wanted = trailer.fileCount * ARCHIVE_ENTRY_SIZE;
  const stored = whole.sub(indexAt, trailer.indexSize, 'archive index');
  const index = trailer.indexCompressed
    ? inflateChecked(
        stored,
        wanted,
        `index inflates to more than ${trailer.fileCount} entries × ${ARCHIVE_ENTRY_SIZE} bytes`,
        'bad zlib data in the archive index',
      )
    : stored.bytes;
  if (index.length < wanted) {
    stored.fail(
      0,
      `index holds ${index.length} bytes, ${trailer.fileCount} entries need ${wanted} (${ARCHIVE_ENTRY_SIZE} each)`,
    );
  }
  const entries: ArchiveEntry[] = [];
  for (let i = 0; i < trailer.fileCount; i++) {
    // the index is compressed: errors point at the index stream and say which entry
    const e = new ByteReader(
      index.subarray(i * ARCHIVE_ENTRY_SIZE, (i + 1) * ARCHIVE_ENTRY_SIZE),
      whole.file,
      `archive index entry ${i}`,
      indexAt,
    );
    entries.push(readEntry(e, i, trailer.dataSize, archiveStart));
  }
  return entries;
}

/** Index entry `i`, read by `e`: its stream must lie in the data area of `dataSize` bytes. */
function readEntry(e: ByteReader, i: number, dataSize: number, archiveStart: number): ArchiveEntry {
  const name = e.shortString(0, 255);
  const size = e.i32(512);
  const storedSize = e.i32(516);
  const relative = e.i32(520);
  const storage = e.u8(528);
  const where = `inner file "${shown(name)}" (index entry ${i})`;
  const bad = (detail: string): never => e.fail(0, `${where}: ${detail}`);
  if (size < 0 || storedSize < 0 || relative < 0) {
    bad(`negative size or offset (size ${size}, stored ${storedSize}, offset ${relative})`);
  }
  if (relative + storedSize > dataSize) {
    bad(
      `stream at ${hex(archiveStart + relative)} + ${storedSize} bytes lies outside the data area ` +
        `${hex(archiveStart)}..${hex(archiveStart + dataSize)}`,
    );
  }
  if (storage !== 0 && storage !== 1) bad(`storage flag ${storage} (expected 0 = zlib or 1 = stored)`);
  return {
    name,
    path: e.shortString(256, 255),
    size,
    storedSize,
    offset: archiveStart + relative,
    crc32: e.u32(524),
    compressed: storage === 0,
    compressionLevel: e.u8(529),
  };
}

/**
 * Inflates one inner file of `bytes` (the whole `.xg`/`.xgp` file) and checks its size and CRC.
 * Throws CorruptFileError (segment `inner file NAME`, offset = the stream's offset in the file).
 */
export function inflateXgEntry(
  bytes: Uint8Array,
  file: string,
  entry: ArchiveEntry,
  options: Pick<XgArchiveOptions, 'maxInnerFileSize' | 'verifyCrc'> = {},
): Uint8Array {
  const cap = options.maxInnerFileSize ?? DEFAULT_MAX_INNER_FILE_SIZE;
  const r = new ByteReader(bytes, file, `inner file ${entry.name}`).sub(
    entry.offset,
    entry.storedSize,
    `inner file ${entry.name}`,
  );
  if (entry.size > cap) {
    r.fail(0, `inflated size ${entry.size} bytes is over the ${cap}-byte cap`);
  }
  const out = entry.compressed
    ? inflateChecked(
        r,
        Math.max(1, entry.size),
        `zlib stream inflates to more than the ${entry.size} bytes the index declares`,
        'bad zlib data',
      )
    : r.bytes.slice();
  if (out.length !== entry.size) {
    r.fail(0, `inflates to ${out.length} bytes, the index declares ${entry.size}`);
  }
  if (options.verifyCrc !== false) {
    const actual = crc32(out);
    if (actual !== entry.crc32)
      r.fail(0, `CRC-32 of the inflated data is ${hex(actual)}, index says ${hex(entry.crc32)}`);
  }
  return out;
}

/**
 * Reads an XG container and inflates its inner files (all, or `options.names`). Throws
 * UnsupportedFormatError without the `RGMH` magic, CorruptFileError for any damage after it.
 */
export function readXgArchive(bytes: Uint8Array, file: string, options: XgArchiveOptions = {}): XgArchive {
  const index = readXgArchiveIndex(bytes, file, options);
  const warnings = [...index.warnings];
  const maxTotal = options.maxTotalSize ?? DEFAULT_MAX_TOTAL_SIZE;
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const entry of index.entries) {
    if (options.names && !options.names.includes(entry.name)) continue;
    if (files.has(entry.name)) {
      warnings.push({
        offset: entry.offset,
        message: `inner file "${shown(entry.name)}" repeated; the first is used`,
      });
      continue;
    }
    total += entry.size;
    if (total > maxTotal) {
      new ByteReader(bytes, file, `inner file ${entry.name}`).fail(
        entry.offset,
        `inner files add up to more than the ${maxTotal}-byte cap`,
      );
    }
    files.set(entry.name, inflateXgEntry(bytes, file, entry, options));
  }
  return { ...index, warnings, files };
}
