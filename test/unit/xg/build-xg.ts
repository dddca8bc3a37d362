/**
 * Builds XG containers (formats.md §1.2) for tests: an RGMH header, an optional thumbnail, one zlib
 * stream per inner file, a zlib-compressed index and the 36-byte trailer, with every size and CRC
 * right unless a test overrides it. Lets hostile-input tests damage one thing at a time while the
 * checks before it still pass.
 */
import { crc32, deflateSync } from 'node:zlib';

export interface InnerFile {
  readonly name: string;
  readonly data: Uint8Array;
  /** A ready-made stored stream (e.g. a corrupted one) instead of deflating `data`. */
  readonly stream?: Uint8Array;
  /** Store raw (storage flag 1) instead of zlib. */
  readonly raw?: boolean;
}

/** Per-entry index fields to override. */
export interface EntryOverride {
  size?: number;
  storedSize?: number;
  /** Offset relative to the archive start. */
  offset?: number;
  crc?: number;
  storage?: number;
}

export interface BuildOptions {
  readonly thumbnail?: Uint8Array;
  readonly entries?: readonly (EntryOverride | undefined)[];
  /** Number of files the trailer claims (default: the real count). */
  readonly fileCount?: number;
  /** Replace the compressed index stream. */
  readonly indexStream?: (deflated: Uint8Array) => Uint8Array;
  /** Archive CRC to write (default: the right one). */
  readonly archiveCrc?: number;
}

/** Writes a UTF-16LE string into `buf` at `at`. */
function utf16(buf: Buffer, at: number, s: string): void {
  buf.write(s, at, 'utf16le');
}

/** An XG container holding `files`. */
export function buildXg(files: readonly InnerFile[], opts: BuildOptions = {}): Uint8Array {
  const thumb = opts.thumbnail ?? new Uint8Array(0);
  const header = Buffer.alloc(8232);
  header.write('RGMH', 0, 'latin1');
  header.writeUInt32LE(1, 4);
  header.writeUInt32LE(8232, 8);
  header.writeUInt32LE(thumb.length, 20);
  header.writeUInt32LE(0x2f5af5e1, 24);
  utf16(header, 40, 'built by a test');
  utf16(header, 2088, 'Position: test');

  const streams: Uint8Array[] = [];
  const index = Buffer.alloc(files.length * 532);
  let offset = 0;
  files.forEach((f, i) => {
    const stream = f.stream ?? (f.raw ? f.data : deflateSync(f.data, { level: 2 }));
    const e = index.subarray(i * 532, (i + 1) * 532);
    const o = opts.entries?.[i] ?? {};
    e[0] = f.name.length;
    e.write(f.name, 1, 'latin1');
    e.writeInt32LE(o.size ?? f.data.length, 512);
    e.writeInt32LE(o.storedSize ?? stream.length, 516);
    e.writeInt32LE(o.offset ?? offset, 520);
    e.writeUInt32LE(o.crc ?? crc32(f.data), 524);
    e[528] = o.storage ?? (f.raw ? 1 : 0);
    e[529] = 2;
    streams.push(stream);
    offset += stream.length;
  });
  const deflatedIndex = deflateSync(index);
  const indexStream = opts.indexStream ? opts.indexStream(deflatedIndex) : deflatedIndex;
  const archive = Buffer.concat([...streams, indexStream]);
  const trailer = Buffer.alloc(36);
  trailer.writeUInt32LE(opts.archiveCrc ?? crc32(archive), 0);
  trailer.writeInt32LE(opts.fileCount ?? files.length, 4);
  trailer.writeInt32LE(1, 8);
  trailer.writeInt32LE(indexStream.length, 12);
  trailer.writeInt32LE(offset, 16);
  trailer.writeInt32LE(1, 20);
  const out = Buffer.concat([header, thumb, archive, trailer]);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
